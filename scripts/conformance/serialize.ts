/**
 * A suite as text: its head, its citations one a line, and its cases one a line, so that a change of the suite is
 * a readable diff and the text is the same bytes for the same suite.
 */
import type { Suite } from "./types";

export function serializeSuite(suite: Suite): string {
  const citations = Object.entries(suite.citations).map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  const cases = suite.cases.map((c) => `    ${JSON.stringify(c)}`);
  return (
    "{\n" +
    `  "about": ${JSON.stringify(suite.about)},\n` +
    `  "dialect": ${JSON.stringify(suite.dialect)},\n` +
    `  "version": ${JSON.stringify(suite.version)},\n` +
    `  "citations": {\n${citations.join(",\n")}\n  },\n` +
    `  "cases": [\n${cases.join(",\n")}\n  ]\n` +
    "}\n"
  );
}

/**
 * Every example of the two texts (test/fixtures/spec/, copied from them with their provenance): each validated,
 * normalized, parsed and asked its kind; the url-pipeline v0 examples again with their schemes upper-cased, as the
 * spec's own lint step checks them; ZEP 8's equivalences and its normalization; its relative examples are
 * resolutions (./resolution.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Citation, Op, Question } from "./types";

const V0 = "url-pipeline-v0";
const ZEP8 = "zep8";

interface V0Examples {
  commit: string;
  examples: { url: string; file: string; schemes: string[] }[];
}

interface Zep8Examples {
  valid: { url: string; source: string; meaning: string }[];
  equivalent: { a: string; b: string; source: string; note: string }[];
  normalizes: { input: string; output: string; source: string; note: string }[];
  relative: { base: string; relative: string; resolved: string; source: string; note: string }[];
  notes: { input: string; source: string; note: string }[];
}

export interface Examples {
  v0: V0Examples;
  zep8: Zep8Examples;
}

export function readExamples(root: string): Examples {
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(root, "test", "fixtures", "spec", name), "utf8"));
  return { v0: read("url-pipeline-v0.json"), zep8: read("zep8.json") };
}

/** The ops every example is asked. */
const EXAMPLE_OPS: readonly Op[] = ["validate", "normalize", "kind", "parse"];

/** Upper-cases the scheme of every sub-URL ("S3://b/x|ZIP:y"), as the v0 spec's lint step does. */
export function upperCaseSchemes(url: string, schemes: readonly string[]): string {
  return url
    .split("|")
    .map((sub, i) => {
      const scheme = schemes[i] ?? "";
      return sub.toLowerCase().startsWith(scheme.toLowerCase()) ? scheme.toUpperCase() + sub.slice(scheme.length) : sub;
    })
    .join("|");
}

/** The citations of the examples: one per file of the v0 spec, one per revision of ZEP 8. */
export function exampleCitations(ex: Examples): Record<string, Citation> {
  const out: Record<string, Citation> = {};
  for (const e of ex.v0.examples) {
    out[`v0-example:${e.file}`] = {
      section: `url-pipeline v0 (commit ${ex.v0.commit}), ${e.file}`,
      text: `An example of the URL pipeline specification, Version 0 (draft), in ${e.file}; the spec publishes only valid examples.`,
    };
  }
  out["v0-example:upper-case"] = {
    section: "url-pipeline v0, URL pipeline syntax (scheme case)",
    text: 'An example of the specification with its schemes upper-cased: "As in RFC 3986, the scheme portion of a sub-url is case-insensitive", and the spec\'s lint step checks each example so.',
  };
  for (const e of [...ex.zep8.valid, ...ex.zep8.equivalent, ...ex.zep8.normalizes, ...ex.zep8.notes]) {
    out[zep8Key(e.source)] = {
      section: `ZEP 8, ${e.source}`,
      text: `An example of ZEP 8 "URL pipeline syntax" (${e.source.includes("2023") ? "2023 revision" : "2025-11 revision, zarr-developers/zeps PR #48, head a79040b"}).`,
    };
  }
  return out;
}

function zep8Key(source: string): string {
  return `zep8-example:${source.includes("2023") ? "2023" : "2025-11"}`;
}

export function exampleQuestions(dialect: string, ex: Examples): Question[] {
  const ask = (input: string, why: string, ops = EXAMPLE_OPS) =>
    ops.map((op): Question => ({ op, dialect, input, why }));
  if (dialect === V0) {
    return [
      ...ex.v0.examples.flatMap((e) => ask(e.url, `v0-example:${e.file}`)),
      ...ex.v0.examples.flatMap((e) =>
        ask(upperCaseSchemes(e.url, e.schemes), "v0-example:upper-case", ["validate", "normalize"]),
      ),
    ];
  }
  if (dialect !== ZEP8) return [];
  const z = ex.zep8;
  return [
    ...z.valid.flatMap((e) => ask(e.url, zep8Key(e.source))),
    ...z.equivalent.flatMap((e) => [...ask(e.a, zep8Key(e.source)), ...ask(e.b, zep8Key(e.source))]),
    ...z.normalizes.flatMap((e) => ask(e.input, zep8Key(e.source))),
    ...z.notes.flatMap((e) => ask(e.input, zep8Key(e.source), ["validate"])),
  ];
}

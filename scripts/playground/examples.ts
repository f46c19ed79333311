/**
 * The playground's examples: every example of the two specs, copied from test/fixtures/spec/ (where their
 * provenance is recorded) at build time, grouped as the page's example list shows them.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { ExampleGroup, PlaygroundExample } from "./example-types";

export type { ExampleGroup, PlaygroundExample } from "./example-types";

interface V0Fixture {
  examples: { url: string; file: string }[];
}

interface Zep8Fixture {
  valid: { url: string }[];
  equivalent: { a: string; b: string }[];
  normalizes: { input: string }[];
  relative: { base: string; relative: string }[];
  notes: { input: string }[];
}

/** The url-pipeline v0 examples by the spec file they appear in, then ZEP 8's by what its text says of them. */
export function playgroundExamples(root: string): ExampleGroup[] {
  const read = <T>(name: string): T =>
    JSON.parse(fs.readFileSync(path.join(root, "test/fixtures/spec", name), "utf8")) as T;
  const v0 = read<V0Fixture>("url-pipeline-v0.json");
  const zep8 = read<Zep8Fixture>("zep8.json");
  const groups: ExampleGroup[] = [];
  for (const e of v0.examples) {
    const label = `url-pipeline v0: ${e.file}`;
    let group = groups.find((g) => g.label === label);
    if (!group) groups.push((group = { label, dialect: "url-pipeline-v0", examples: [] }));
    group.examples.push([e.url]);
  }
  const zep8Group = (label: string, examples: PlaygroundExample[]) =>
    groups.push({ label: `ZEP 8: ${label}`, dialect: "zep8", examples });
  zep8Group(
    "valid",
    zep8.valid.map((e) => [e.url]),
  );
  zep8Group(
    "equivalent spellings",
    zep8.equivalent.flatMap((e): PlaygroundExample[] => [[e.a], [e.b]]),
  );
  zep8Group(
    "normalizes",
    zep8.normalizes.map((e) => [e.input]),
  );
  zep8Group(
    "relative (base + reference)",
    zep8.relative.map((e) => [e.base, e.relative]),
  );
  zep8Group(
    "notes (invalid or not standard)",
    zep8.notes.map((e) => [e.input]),
  );
  return groups;
}

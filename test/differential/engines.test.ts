/**
 * The DFA engine and the generated parser agree (src/dfa/ and generated/DIALECT/parser.js, both from
 * grammar/): on every example and fixture, and on tens of thousands of inputs per dialect derived from the
 * ABNF and mutated (test/oracle/generate.ts). Fixed seed; DIFFERENTIAL_SEED and ENGINE_RUNS change it.
 * Long runs: `npm run fuzz -- --engines`.
 */
import fc from "fast-check";
import { automatonFor } from "../../src/dfa/dialects";
import { verdict } from "../../src/dfa/verdict";
import type { DialectName } from "../../src/tree/nodes";
import { Generator } from "../oracle/generate";
import { loadOracleGrammar } from "../oracle/load";
import { engineDisagreement as disagreementOf, type Engines } from "./engines";
import { SOURCE_ENGINES } from "./source-engines";
import v0Examples from "../fixtures/spec/url-pipeline-v0.json";
import zep8Examples from "../fixtures/spec/zep8.json";
import invalid from "../fixtures/invalid-inputs.json";
import regressions from "../fixtures/differential-regressions.json";

const ENGINES: Engines = SOURCE_ENGINES;
const engineDisagreement = (dialect: DialectName, rule: string, input: string) =>
  disagreementOf(ENGINES, dialect, rule, input);

const SEED = Number(process.env.DIFFERENTIAL_SEED ?? 20261124);
const RUNS = Number(process.env.ENGINE_RUNS ?? 12000);

const PIPELINE_RULES: [DialectName, string][] = [
  ["url-pipeline-v0", "absolute-url-pipeline"],
  ["zep8", "absolute-url-pipeline"],
  ["zep8", "relative-url-pipeline"],
];

/** Inputs that exercise every value check, valid and not, with offsets the fixtures do not all cover. */
const VALUE_CASES = [
  "s3://bucket/a%C3%A9b",
  "s3://bucket/a%C3b",
  "s3://b%C3%A9b/x",
  "s3://b%FFb/x",
  "s3://AB/x",
  "s3://1.2.3.4/x",
  "gs://bucket/x",
  "gs://Bucket/x",
  "gs://goog-x/a",
  // Provider naming rules (D64): reserved S3 names, GCS object names; the gs: key is checked with its bucket.
  "s3://sthree-x/a",
  "s3://xn--b/a",
  "s3://bucket-s3alias/a",
  "s3://bucket--x-s3/a",
  "s3://bucket--usw2-az1--x-s3/a",
  "s3://XN--b/a",
  "gs://bucket/.",
  "gs://bucket/..|zip:a",
  "gs://bucket/%2E",
  "gs://bucket/a/.",
  "gs://bucket/.well-known/acme-challenge/x|gzip:",
  "gs://bucket/a%0Ab",
  "gs://bucket/a%0Ab%FF",
  "gs://Bucket/.",
  `gs://bucket/${"a".repeat(1025)}`,
  `gs://bucket/${"a".repeat(1024)}|zip:x`,
  "gs://bucket/a|zip:.",
  "gs://b%2Db/x",
  "http://h:65535/",
  "http://h:65536/",
  "http://h:/",
  "http://h:00080/x",
  "s3+http://h:99999/b/k",
  "file:///d/|ocdbt://v1/",
  "file:///d/|ocdbt://v0/",
  "file:///d/|ocdbt://v01/",
  "file:///d/|ocdbt://v18446744073709551616/",
  "file:///d/|ocdbt://2024-02-29T23:59:59.123456789Z/",
  "file:///d/|ocdbt://2023-02-29T00:00:00Z/",
  "file:///d/|ocdbt://2023-01-01T24:00:00Z/",
  "file:///d/|ocdbt://2023-01-01T00:00:60Z/",
  "file:///d/|icechunk://branch./x",
  "file:///d/|icechunk://tag.a",
  "file:///d/|icechunk://tag./",
  "file:///a|json:/a~2",
  "file:///a|json:a",
  "file:///a|json:%2Fa",
  "file:///a|json:/%7E2",
  "file:///a|json:/~0~1",
  "file:///a|byte-range:5-4",
  "file:///a|byte-range:4-5",
  "file:///a|byte-range:18446744073709551616-1",
  "file:///a|byte-range:%31-2",
  "file:///a|zip:%E2%82|byte-range:9-1",
  "s3://AB/%FF",
  "s3://bucket/x|byte-range:2-1|zip:%FF",
];

function fixtureInputs(dialect: DialectName): string[] {
  const inputs = [...VALUE_CASES];
  inputs.push(...v0Examples.examples.map((e) => e.url), ...v0Examples.examples.map((e) => e.url.toUpperCase()));
  for (const key of ["valid", "equivalent", "normalizes", "relative"] as const) {
    JSON.stringify((zep8Examples as Record<string, unknown>)[key]).replace(
      /"(?:url|base|reference|input|to|from|result)":"((?:[^"\\]|\\.)*)"/g,
      (_, s: string) => {
        inputs.push(JSON.parse(`"${s}"`) as string);
        return "";
      },
    );
  }
  inputs.push(
    ...(invalid as { input: string; dialect?: string }[])
      .filter((c) => (c.dialect ?? "url-pipeline-v0") === dialect)
      .map((c) => c.input),
  );
  inputs.push(...regressions.cases.filter((c) => c.dialect === dialect).map((c) => c.input));
  return [...new Set(inputs)];
}

describe.each(PIPELINE_RULES)("%s %s: the DFA engine and the parser agree", (dialect, rule) => {
  test("on every spec example, fixture and value case", () => {
    const found = fixtureInputs(dialect)
      .map((input) => engineDisagreement(dialect, rule, input))
      .filter((d) => d);
    expect(found).toEqual([]);
  });

  test("when the value spans outgrow the scan's first buffer (16 spans), its last problem included", () => {
    const ranges = Array.from({ length: 40 }, (_, i) => `|byte-range:${i}-${i + 5}`).join("");
    const head = rule === "relative-url-pipeline" ? "..:x" : "s3://bucket/a";
    const inputs = [`${head}${ranges}`, `${head}${ranges}|byte-range:9-3`, `${head}${ranges}|byte-range:1-2|zip:%FF`];
    expect(inputs.map((input) => engineDisagreement(dialect, rule, input)).filter((d) => d)).toEqual([]);
    expect(inputs.map((input) => verdict(automatonFor(dialect, rule)!, input).kind)).toEqual([
      "valid",
      "value",
      "value",
    ]);
  });

  test(`on ${RUNS} inputs derived from the ABNF and mutated`, () => {
    const gen = new Generator(loadOracleGrammar(dialect));
    let valid = 0;
    let value = 0;
    const automaton = automatonFor(dialect, rule)!;
    fc.assert(
      fc.property(gen.strings(rule), (input) => {
        const d = engineDisagreement(dialect, rule, input);
        if (d) throw new Error(`disagreement: ${JSON.stringify(d)}`);
        const v = verdict(automaton, input).kind;
        if (v === "valid") valid++;
        else if (v === "value") value++;
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // The runs must reach all three outcomes in numbers, or the comparison proves little.
    expect(valid).toBeGreaterThan(RUNS / 10);
    expect(value).toBeGreaterThan(RUNS / 100);
    expect(RUNS - valid - value).toBeGreaterThan(RUNS / 10);
  });
});

/**
 * JSON-safe trees (src/tree/json.ts): JSON.stringify works on every tree and result; bigints are decimal strings in
 * JSON and bigints in memory; treeFromJSON gives the tree back exactly.
 */
import fc from "fast-check";
import { canParse, parse, treeFromJSON, validate } from "../../src";
import type { ByteRangeSubUrl, DialectName, OcdbtSubUrl } from "../../src/tree/nodes";
import v0 from "../fixtures/spec/url-pipeline-v0.json";
import zep8 from "../fixtures/spec/zep8.json";
import { Generator } from "../oracle/generate";
import { loadOracleGrammar } from "../oracle/load";

const roundTrip = (x: unknown) => JSON.parse(JSON.stringify(x));

test("bigints: decimal strings in JSON, bigints in memory", () => {
  const p = parse("file:///db/|ocdbt://v18446744073709551615/x|byte-range:0-18446744073709551615");
  const o = p.subUrls[1] as OcdbtSubUrl;
  expect(o.version).toMatchObject({ kind: "generation", generation: 18446744073709551615n });
  const j = roundTrip(p);
  expect(j.subUrls[1].version).toEqual({
    kind: "generation",
    raw: "v18446744073709551615",
    span: { start: 20, end: 41 },
    generation: "18446744073709551615",
  });
  expect(j.subUrls[2].start).toEqual({ raw: "0", value: "0", span: { start: 55, end: 56 } });
  expect(j.subUrls[2].end.value).toBe("18446744073709551615");
  expect((p.subUrls[2] as ByteRangeSubUrl).end.value).toBe(18446744073709551615n);
  // toJSON is on the prototype: not an own key, so the tree's fields are what Object.keys lists.
  expect(Object.keys(o.version!)).toEqual(["kind", "raw", "span", "generation"]);
});

test("treeFromJSON gives the tree back, bigints included", () => {
  for (const input of [
    "file:///db/|ocdbt://v7/x",
    "gs://bucket/x|byte-range:10-20",
    "s3://bucket/a.zip|zip:x/|zarr3:",
  ]) {
    const p = parse(input);
    expect(treeFromJSON(roundTrip(p))).toEqual(p);
  }
  const rel = parse("../a.zip|zip:b", { dialect: "zep8", rule: "relative-url-pipeline" });
  expect(treeFromJSON(roundTrip(rel))).toEqual(rel);
  const rule = parse("1.2.3.4", { rule: "IPv4address" });
  expect(treeFromJSON(roundTrip(rule))).toEqual(rule);
});

test("treeFromJSON refuses what is not a tree's JSON form", () => {
  expect(() => treeFromJSON(null)).toThrow(TypeError);
  expect(() => treeFromJSON("s3://bucket")).toThrow("treeFromJSON() takes a tree's JSON form (an object), not string");
  expect(() => treeFromJSON({ type: "pipeline", raw: 1, dialect: "zep8" })).toThrow(TypeError);
  expect(() => treeFromJSON({ type: "other", raw: "s3://bucket", dialect: "zep8" })).toThrow(/"type" must be/);
  expect(() => treeFromJSON({ type: "rule-match", raw: "x", dialect: "zep8" })).toThrow(/string `rule`/);
});

test("every spec example, and its validate() result, through JSON", () => {
  const cases: [string, DialectName][] = [
    ...v0.examples.map((e) => [e.url, "url-pipeline-v0"] as [string, DialectName]),
    ...zep8.valid.map((e) => [e.url, "zep8"] as [string, DialectName]).filter(([u, d]) => canParse(u, { dialect: d })),
  ];
  expect(cases.length).toBeGreaterThan(150);
  for (const [input, dialect] of cases) {
    const p = parse(input, { dialect });
    expect(treeFromJSON(roundTrip(p))).toEqual(p);
    const r = validate(input, { dialect });
    expect(roundTrip(r)).toEqual({ valid: true, pipeline: roundTrip(p), hints: roundTrip(r.hints) });
  }
  const bad = validate("gs://b/x|byte-range:9-1");
  expect(roundTrip(bad)).toMatchObject({
    valid: false,
    error: { offset: expect.any(Number), message: expect.any(String) },
  });
});

test.each(["url-pipeline-v0", "zep8"] as const)(
  "%s: pipelines derived from the ABNF stringify and come back",
  (dialect) => {
    const gen = new Generator(loadOracleGrammar(dialect));
    fc.assert(
      fc.property(gen.positive("absolute-url-pipeline"), (input) => {
        const r = validate(input, { dialect });
        if (!r.valid) return;
        expect(treeFromJSON(roundTrip(r.pipeline))).toEqual(r.pipeline);
      }),
      { seed: 20261124, numRuns: 300 },
    );
  },
);

/**
 * complete() never throws for a string (only for bad options), and respects parse()'s default limits (D22): an
 * input over them gets no candidates, and no candidate goes over them.
 */
import fc from "fast-check";
import { complete } from "../../src/complete";
import { DEFAULT_MAX_LENGTH, DEFAULT_MAX_SUB_URLS } from "../../src/limits";
import type { DialectName } from "../../src/tree/nodes";

const DIALECTS: DialectName[] = ["url-pipeline-v0", "zep8"];

describe.each(DIALECTS)("%s", (dialect) => {
  test.each([
    ["a lone high surrogate", "\uD800"],
    ["a lone low surrogate after |", "s3://bucket/a|\uDC00"],
    ["a lone surrogate in a scheme", "s\uD83D"],
    ["NUL", "\u0000"],
    ["control characters", "s3://bucket/\u0007|z"],
    ["a look-alike of k (U+212A)", "file:///d/|icechun\u212A"],
    ["non-ASCII", "s3://bücket/|z"],
    ["prototype keys", "__proto__"],
    ["constructor", "s3://bucket/a|constructor"],
  ])("%s: no exception, no candidates", (_what, partial) => {
    expect(complete(partial, { dialect })).toEqual([]);
  });

  test("an input longer than the default maxLength: the limit error, as parse() gives (checked before reading)", () => {
    const long = `s3://bucket/${"a".repeat(DEFAULT_MAX_LENGTH)}`;
    expect(() => complete(long, { dialect })).toThrow(
      expect.objectContaining({ kind: "limit", offset: DEFAULT_MAX_LENGTH }),
    );
  });

  test("at exactly maxLength: valid, but | would go over the limit, so nothing", () => {
    const prefix = "s3://bucket/";
    const exact = prefix + "a".repeat(DEFAULT_MAX_LENGTH - prefix.length);
    expect(complete(exact, { dialect })).toEqual([]);
    expect(complete(exact.slice(0, -1), { dialect }).map((c) => c.label)).toEqual(["|"]);
  });

  test("at the most sub-URLs: no | and no adapter past the limit", () => {
    const full = `s3://bucket/a${"|gzip:".repeat(DEFAULT_MAX_SUB_URLS - 1)}`;
    expect(complete(full, { dialect })).toEqual([]);
    expect(() => complete(`${full}|`, { dialect })).toThrow(expect.objectContaining({ kind: "limit" }));
    expect(complete(`s3://bucket/a${"|gzip:".repeat(DEFAULT_MAX_SUB_URLS - 2)}|`, { dialect }).length).toBeGreaterThan(
      10,
    );
  });

  test("a long valid input after |: all adapters, in reasonable time", () => {
    const partial = `s3://bucket/${"x/".repeat(10000)}|`;
    const t = Date.now();
    expect(complete(partial, { dialect }).length).toBeGreaterThan(15);
    expect(Date.now() - t).toBeLessThan(5000);
  });

  test("any UTF-16 string (fast-check): an array of candidates, each of the documented shape", () => {
    const chars = fc.constantFrom(..."s3:/|zipfle.@v-0Z\uD800\u0000 %", "icechunk:", "ocdbt:", "://", "|zarr3:");
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "binary" }),
          fc.array(chars, { maxLength: 12 }).map((a) => a.join("")),
        ),
        (partial) => {
          const got = complete(partial, { dialect });
          for (const c of got) {
            expect(typeof c.completion).toBe("string");
            expect([
              "root-scheme",
              "adapter-scheme",
              "authority",
              "separator",
              "ref-keyword",
              "version",
              "template",
            ]).toContain(c.kind);
          }
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });
});

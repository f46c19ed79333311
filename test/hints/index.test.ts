/**
 * src/hints/index.ts: hintsFor() and validate()'s `hints`: which rules get hints, order, no duplicates, fixes
 * combined, limits, the cost on valid inputs, and (fast-check, fixed seeds) that no string makes hint code throw
 * and that every replacement is valid.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { hintsFor, HINT_MAX_LENGTH, validate, type ParseOptions } from "../../src";
import { MAX_CHECKS, MAX_HINTS } from "../../src/hints";
import * as parseModule from "../../src/parse";
import v0Spec from "../fixtures/spec/url-pipeline-v0.json";
import zep8Spec from "../fixtures/spec/zep8.json";
import { fixes, hintsOf, ZEP8, ZEP8_RELATIVE } from "./helpers";

describe("validate() and hintsFor()", () => {
  test("validate() always has hints, for valid and invalid inputs alike", () => {
    const ok = validate("s3://bucket/a.zip|zip:x/|zarr3:");
    // A valid result's tree is built when `pipeline` is first read (a getter); JSON shows all three fields.
    assert.ok(ok.valid);
    expect({ valid: ok.valid, pipeline: ok.pipeline, hints: ok.hints }).toEqual({
      valid: true,
      pipeline: expect.objectContaining({ type: "pipeline" }),
      hints: [],
    });
    expect(
      Object.keys(JSON.parse(JSON.stringify(ok, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v)))),
    ).toEqual(["valid", "pipeline", "hints"]);
    const bad = validate("/tmp/a.zip");
    // A refused input's hints too are worked out when first read (a getter), and in its JSON.
    expect(Object.keys(bad)).toEqual(["valid", "error"]);
    expect(Object.keys(JSON.parse(JSON.stringify(bad)))).toEqual(["valid", "error", "hints"]);
    expect(bad.hints).toEqual([
      { code: "local-path", message: expect.any(String), replacement: "file:///tmp/a.zip", keepsMeaning: true },
    ]);
  });

  test("hintsFor() gives what validate() gives, from a result with or without hints", () => {
    for (const [input, options] of [
      ["/tmp/a.zip", {}],
      ["file:///db/|ocdbt:@v1/x", {}],
      ["memory:", ZEP8],
      ["zip:x", ZEP8_RELATIVE],
    ] as const) {
      const r = validate(input, options);
      expect(hintsFor(input, r, options)).toEqual(r.hints);
      expect(hintsFor(input, parseModule.validateWithoutHints(input, options), options)).toEqual(r.hints);
    }
  });

  test("hintsFor() with unknown options: TypeError, as validate()", () => {
    const r = validate("x");
    expect(() => hintsFor("x", r, { dialect: "zep9" as "zep8" })).toThrow(TypeError);
    expect(() => hintsFor("x", r, { rule: "no-such-rule" })).toThrow(TypeError);
  });

  test("hints are for the pipeline rules only; rule names are case-insensitive", () => {
    expect(hintsOf("/tmp/a.zip", { rule: "absolute-url-pipeline" })).toHaveLength(1);
    expect(hintsOf("/tmp/a.zip", { rule: "ABSOLUTE-URL-PIPELINE" })).toHaveLength(1);
    expect(hintsOf("C:\\a.zip", { dialect: "zep8", rule: "Relative-URL-Pipeline" })).toHaveLength(1);
    for (const rule of ["URI", "URI-reference", "root-sub-url", "file-sub-url", "path-absolute", "IPv6address"]) {
      expect(validate("/tmp/a b.zip", { rule }).hints).toEqual([]);
      expect(validate("file:///db/|ocdbt:@v1/x", { rule }).hints).toEqual([]);
    }
  });

  test("a limit error: no hints; a replacement must keep within the limits", () => {
    expect(validate("/tmp/a.zip", { maxLength: 3 }).hints).toEqual([]);
    expect(validate("file:/a|b|c", { maxSubUrls: 2 }).hints).toEqual([]);
    // file:///tmp/a.zip is 17 characters: with maxLength 12 the hint stays, without its replacement.
    expect(fixes("/tmp/a.zip", { maxLength: 12 })).toEqual([["local-path", null]]);
    expect(fixes("/tmp/a.zip", { maxLength: 17 })).toEqual([["local-path", "file:///tmp/a.zip"]]);
    expect(fixes("file:/a||zip:", { maxSubUrls: 3 })).toEqual([["empty-sub-url", "file:/a|zip:"]]);
  });

  test(`inputs longer than ${HINT_MAX_LENGTH} code units: no hints`, () => {
    const long = `/tmp/${"a".repeat(HINT_MAX_LENGTH)}`;
    expect(validate(long).hints).toEqual([]);
    expect(validate(long.slice(0, HINT_MAX_LENGTH)).hints).toHaveLength(1);
  });
});

describe("order, duplicates, combined fixes", () => {
  test("hints with a replacement first, then the others, each in the kinds' order", () => {
    expect(fixes("file:///db/|ocdbt://v1/path", ZEP8)).toEqual([
      ["v0-version-syntax", "file:///db/|ocdbt:@v1/path"],
      ["other-dialect", null],
    ]);
    expect(fixes("zip:x|s3://bucket/a.zip")).toEqual([
      ["reversed-order", "s3://bucket/a.zip|zip:x"],
      ["root-as-adapter", null],
    ]);
  });

  test("no two hints with the same replacement", () => {
    // fsspec-chain and reversed-order would both give s3://bucket/a.zip|zip:x for a mixed form.
    const all = ["zip:x|s3://bucket/a.zip", "zip://x::s3://bucket/a.zip", "file:/a||zip:|", " /tmp/a.zip "];
    for (const input of all) hintsOf(input); // hintsOf asserts it
  });

  test(`at most ${MAX_HINTS} hints`, () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => validate(s).hints.length <= MAX_HINTS),
      { seed: 3, numRuns: 200 },
    );
  });

  test("a replacement may combine up to three fixes; the message says each", () => {
    const [h] = hintsOf("C:\\my data\\a.zip|zipp:x|zar3:");
    expect(h).toEqual({
      code: "local-path",
      message: expect.stringMatching(/Windows path.*; also: "zipp" is not an adapter scheme.*; also: "zar3" is not/),
      replacement: "file:///C:/my%20data/a.zip|zip:x|zarr3:",
      keepsMeaning: true,
    });
    // Four are too many: the first hint keeps its message, without a replacement.
    expect(fixes(" C:\\my data\\a.zip|zipp:x|zar3: ")).toEqual([["whitespace", null]]);
  });
});

// validate() (src/api.ts) calls validateWithoutHints, and the hints check their fixes with verdictWithoutMessage (the
// DFA alone, where it answers), both through src/parse.ts's exports, which the spies replace: they count validate()'s
// own call, then the hints' checks.
function countChecks(): { own: () => number; fixes: () => number; clear: () => void; restore: () => void } {
  const own = jest.spyOn(parseModule, "validateWithoutHints");
  const fixes = jest.spyOn(parseModule, "verdictWithoutMessage");
  return {
    own: () => own.mock.calls.length,
    fixes: () => fixes.mock.calls.length,
    clear: () => {
      own.mockClear();
      fixes.mockClear();
    },
    restore: () => {
      own.mockRestore();
      fixes.mockRestore();
    },
  };
}

describe("cost", () => {
  test("a valid input is not parsed again, unless its hints are read and a cheap precheck fires (an ocdbt:/icechunk: version, a root without //)", () => {
    const spy = countChecks();
    try {
      const examples = [...v0Spec.examples.map((e) => e.url), ...zep8Spec.valid.map((e) => e.url)];
      for (const [options, list] of [
        [{}, examples],
        [ZEP8, zep8Spec.valid.map((e) => e.url)],
      ] as const) {
        for (const url of list) {
          spy.clear();
          const r = validate(url, options);
          if (!r.valid) continue;
          // A valid input's hints are computed when first read: validate() itself checks nothing more.
          expect([url, spy.own(), spy.fixes()]).toEqual([url, 1, 0]);
          void r.hints;
          const v0 = !("dialect" in options);
          const withAt = /\|(ocdbt|icechunk):@/i.test(url) && v0;
          // In v0, a version written "//": its ZEP 8 spelling is checked once.
          const v0Version = /\|(ocdbt|icechunk):\/\//i.test(url) && v0;
          // A root file:/p or memory:p: its "//" spelling is checked once.
          const unslashed = /^(file:\/(?!\/)|memory:(?!\/\/))/.test(url);
          // A root file://NAME/ whose NAME looks like a path's first directory: its file:/// spelling, once.
          const fileHost = /^file:\/\/(?!localhost\/)[^/.]+\//i.test(url);
          // With an "@" path in v0: the two replacements (the v0 version, the %40 path) are each checked once.
          expect([url, spy.own(), spy.fixes()]).toEqual([
            url,
            1,
            (withAt ? 2 : 0) + (v0Version ? 1 : 0) + (unslashed ? 1 : 0) + (fileHost ? 1 : 0),
          ]);
        }
      }
    } finally {
      spy.restore();
    }
  });

  test(`an invalid input: at most ${MAX_CHECKS} checks of fixes, none through the parser`, () => {
    const spy = countChecks();
    try {
      // (A translation hint, fsspec's here, parses its translation itself: once per kind that applies, outside the
      // count; the replacement is then checked as every other.)
      for (const input of [
        " C:\\my data\\a.zip|zar3:|zipp:x|pgn ",
        "httsps://a b|zar3|zipp||x#y",
        "zip://a::zip://b::s3://bucket/c d",
      ]) {
        spy.clear();
        const r = validate(input);
        expect([spy.own(), spy.fixes()]).toEqual([1, 0]); // the hints wait until read
        void r.hints;
        // validate()'s own call, then the hints' checks, by the DFA: the parser runs for validate()'s message alone.
        expect(spy.own()).toBe(1);
        expect(spy.fixes()).toBeGreaterThan(0);
        expect(spy.fixes()).toBeLessThanOrEqual(MAX_CHECKS);
      }
    } finally {
      spy.restore();
    }
  });
});

// ---- no string makes hint code throw; every replacement is valid ----

const codeUnit = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 0xffff }) },
  { weight: 2, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }) }, // lone surrogates, mostly
  { weight: 1, arbitrary: fc.constantFrom(0x00, 0x09, 0x0a, 0x0d, 0x20, 0x7c, 0xa0, 0xfeff) },
);
const anyString = fc.array(codeUnit, { maxLength: 30 }).map((c) => c.map((x) => String.fromCharCode(x)).join(""));
/** Pieces of what the hint kinds look for. */
const piece = fc.oneof(
  fc.constantFrom(..."|:/\\%[]@?#. ~".split("")),
  fc.constantFrom(
    "s3://bucket/",
    "gs://b",
    "gcs://bucket/",
    "file:",
    "file:///",
    "file:c:/",
    "file:///c|",
    "http://[::1]/",
    "https://",
    "memory:",
    "zip:",
    "zipp:",
    "zar3",
    "zarr3:",
    "gzip",
    "gz",
    "..:",
    "ocdbt:@v1/",
    "ocdbt://v1/",
    "ocdbt:@",
    "icechunk:@branch.x/",
    "icechunk://tag.t/",
    "@4N0217AZA4VNPYD0HR0G/",
    "::",
    "simplecache::",
    "zip://",
    "/tmp/",
    "C:\\",
    "C:/",
    "\\\\srv\\share\\",
    "./",
    "data/",
    "a.zip",
    "%",
    "%2",
    "%zz",
    "é",
    "\ud800",
    "\ud83d\ude00",
    "||",
    " ",
    "\t",
    "\r\n",
    "a:b",
    "vendor.x:",
  ),
);
const pipelineish = fc.array(piece, { maxLength: 12 }).map((p) => p.join(""));
const examples = v0Spec.examples.map((e) => e.url);
const mutated = fc
  .tuple(
    fc.constantFrom(...examples),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 }), fc.oneof(piece, anyString)), { minLength: 1, maxLength: 3 }),
  )
  .map(([s, edits]) => {
    for (const [at, del, insert] of edits) {
      const i = at % (s.length + 1);
      s = s.slice(0, i) + insert + s.slice(i + del);
    }
    return s;
  });
const hostile = fc.oneof(anyString, pipelineish, mutated);

const OPTIONS: ParseOptions[] = [
  {},
  ZEP8,
  ZEP8_RELATIVE,
  { maxLength: 24 },
  { dialect: "zep8", maxSubUrls: 2 },
  { rule: "URI" },
];

describe("hostile input", () => {
  test.each(OPTIONS.map((o) => [JSON.stringify(o), o] as const))(
    "hintsFor never throws; every replacement is valid (%s)",
    (_name, options) => {
      fc.assert(
        fc.property(hostile, (input) => {
          const r = parseModule.validateWithoutHints(input, options);
          const hints = hintsFor(input, r, options); // no safety net here: a throw fails the test
          assert.ok(hints.length <= MAX_HINTS);
          const seen = new Set<string>();
          for (const h of hints) {
            assert.equal(typeof h.code, "string");
            assert.equal(typeof h.message, "string");
            if (h.replacement === undefined) continue;
            assert.notEqual(h.replacement, input);
            assert.ok(!seen.has(h.replacement));
            seen.add(h.replacement);
            const v = validate(h.replacement, options);
            assert.ok(
              v.valid,
              `${JSON.stringify(input)} -> ${JSON.stringify(h.replacement)} (${h.code}): ${v.valid ? "" : v.error.message}`,
            );
          }
        }),
        { seed: 51, numRuns: 400 },
      );
    },
  );

  test("validate never throws, and always has hints", () => {
    fc.assert(
      fc.property(hostile, fc.constantFrom(...OPTIONS), (input, options) => {
        const r = validate(input, options);
        assert.ok(Array.isArray(r.hints));
      }),
      { seed: 52, numRuns: 400 },
    );
  });

  test("lone surrogates everywhere", () => {
    for (const s of [
      "\ud800",
      "\udc00",
      "/tmp/\ud800",
      "C:\\\ud800",
      "zip://\ud800::s3://bucket/a",
      "s3://bucket/a|zip\ud800",
      "file:///a \ud800",
      "\ud800|\udc00",
    ]) {
      for (const options of OPTIONS)
        expect(() => hintsFor(s, parseModule.validateWithoutHints(s, options), options)).not.toThrow();
    }
  });
});

/**
 * What the playground shows, as computed without the page (playground/src/analyze.ts), on every spec example of
 * both dialects: the tree's spans are where its text is in the input, errors are where validate() puts them, and
 * the meaning is normalize(), kind() and resolve()'s.
 */
import { kind, normalize, validate } from "../../src";
import { analyze } from "../../playground/src/analyze";
import { playgroundExamples } from "../../scripts/playground/examples";
import path from "node:path";
import zep8Resolution from "../fixtures/resolve/zep8-resolution.json";

const ROOT = path.join(__dirname, "../..");
const groups = playgroundExamples(ROOT);
const examples = groups.flatMap((g) =>
  g.examples.map(([input, reference]) => ({ input, reference, dialect: g.dialect })),
);

test("the examples are every example of both specs", () => {
  const count = (dialect: string) => examples.filter((e) => e.dialect === dialect).length;
  expect([count("url-pipeline-v0"), count("zep8")]).toEqual([130, 39 + 2 * 3 + 1 + 5 + 4]);
  expect(groups.map((g) => g.label)).toContain("url-pipeline v0: schemes/zip.md");
});

test("every tree row with a span: the input's text at that span is the row's text", () => {
  let rows = 0;
  for (const e of examples) {
    const a = analyze({ dialect: e.dialect, input: e.input, reference: "" });
    expect([e.input, a.valid]).toEqual([e.input, validate(e.input, { dialect: e.dialect }).valid]);
    for (const s of a.tree) {
      expect(e.input.slice(s.span.start, s.span.end)).toBe(s.raw);
      for (const r of s.rows) {
        if (!r.span) continue;
        expect([s.raw, r.label, e.input.slice(r.span.start, r.span.end)]).toEqual([s.raw, r.label, r.text]);
        rows++;
      }
    }
    if (a.valid) expect(a.tree.map((s) => s.scheme)).toEqual(a.schemes);
  }
  expect(rows).toBeGreaterThan(500);
});

test("a tree row per field, nested values indented, decoded values beside their text", () => {
  const a = analyze({
    dialect: "url-pipeline-v0",
    input: "S3://bucket/a%20b.zip|zip:x|byte-range:1-2",
    reference: "",
  });
  const rows = a.tree.map((s) => s.rows.map((r) => [r.depth, r.label, r.text, r.value]));
  expect(rows[0]).toEqual([
    [0, "scheme", "S3", "s3"],
    [0, "bucket", "bucket", undefined],
    [0, "path", "/a%20b.zip", "a b.zip"],
  ]);
  expect(rows[2]).toEqual([
    [0, "scheme", "byte-range", undefined],
    [0, "colon", "true", undefined],
    [0, "start", "1", undefined],
    [0, "end", "2", undefined],
  ]);
  const ocdbt = analyze({ dialect: "zep8", input: "file:///db/|ocdbt:@v1/p", reference: "" }).tree[1]!.rows;
  expect(ocdbt.map((r) => [r.depth, r.label, r.text, r.value])).toEqual([
    [0, "scheme", "ocdbt", undefined],
    [0, "colon", "true", undefined],
    [0, "version", "v1", undefined],
    [1, "kind", "generation", undefined],
    [1, "generation", "1", undefined],
    [0, "path", "/p", "p"], // the path after a version has no leading "/" (D38)
  ]);
  // A value that is no text of the input (the reference icechunk: reads when none is written) has no text.
  const icechunk = analyze({ dialect: "url-pipeline-v0", input: "file:///r/|icechunk:", reference: "" }).tree[1]!.rows;
  expect(icechunk.slice(2, 6).map((r) => [r.depth, r.label, r.text, r.span])).toEqual([
    [0, "ref", "none", undefined],
    [0, "effectiveRef", undefined, undefined],
    [1, "kind", "branch", undefined],
    [1, "name", "main", undefined],
  ]);
});

test("an invalid input: the error where validate() puts it, its expected tokens, the hints with their fixes", () => {
  const a = analyze({ dialect: "url-pipeline-v0", input: "s3://bucket/a.zip|zipp:x", reference: "" });
  expect(a.valid).toBe(false);
  expect(a.error).toMatchObject({ kind: "syntax", offset: 22, code: "syntax/unexpected-character" });
  expect(a.error!.expected.length).toBeGreaterThan(0);
  expect(a.hints.map((h) => h.replacement)).toContain("s3://bucket/a.zip|zip:x");
  expect([a.tree, a.normalized, a.kind]).toEqual([
    [],
    { error: "the input is not a valid pipeline" },
    { error: "the input is not a valid pipeline" },
  ]);
  const value = analyze({ dialect: "url-pipeline-v0", input: "gs://bucket/x|byte-range:10-5", reference: "" });
  expect(value.error).toMatchObject({ kind: "value", offset: 28 });
});

test("meaning: normalize() and kind() of the input in its dialect, or what they threw", () => {
  for (const e of examples) {
    const a = analyze({ dialect: e.dialect, input: e.input, reference: "" });
    if (!a.valid) continue;
    const expected = (f: () => string) => {
      try {
        return { value: f() };
      } catch (err) {
        return { error: (err as Error).message };
      }
    };
    expect([e.input, a.normalized]).toEqual([e.input, expected(() => normalize(e.input, { dialect: e.dialect }))]);
    expect([e.input, a.kind]).toEqual([e.input, expected(() => kind(e.input, { dialect: e.dialect }))]);
  }
  expect(analyze({ dialect: "zep8", input: "s3://bucket/a.zip|zip:x/|zarr3:", reference: "" }).kind).toEqual({
    value: "dataset",
  });
  expect(analyze({ dialect: "url-pipeline-v0", input: "s3://bucket/a.zip|zip:x/|zarr3:", reference: "" }).kind).toEqual(
    { value: "array-or-array-group" },
  );
});

test("ZEP 8: every relative example of the ZEP resolved as the library resolves it (D26)", () => {
  for (const e of zep8Resolution.relative) {
    const a = analyze({ dialect: "zep8", input: e.base, reference: e.relative });
    expect(a.reference?.error).toBeNull();
    if ("ours" in e && e.ours) expect(a.reference?.resolved).toEqual({ value: e.ours });
    else expect(a.reference?.resolved).toMatchObject({ error: expect.stringContaining("above") });
  }
});

test("ZEP 8's reference: its own error, an invalid base, none typed, not in url-pipeline v0", () => {
  const bad = analyze({ dialect: "zep8", input: "s3://bucket/", reference: "a:b" });
  expect(bad.reference?.error?.offset).toBe(1);
  expect(analyze({ dialect: "zep8", input: "s3://b", reference: "x" }).reference?.resolved).toEqual({
    error: "the base (the pipeline above) is not valid",
  });
  expect(analyze({ dialect: "zep8", input: "s3://bucket/", reference: "" }).reference).toBeNull();
  expect(analyze({ dialect: "url-pipeline-v0", input: "s3://bucket/", reference: "x" }).reference).toBeNull();
});

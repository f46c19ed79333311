/**
 * The ZEP 8 examples (2023 and 2025-11 revisions) under the zep8 dialect. Inputs the drafts get wrong are
 * listed in DEFECTS with the reason, as a skip list would: each is asserted to be rejected (or handled as
 * the decision says), never silently dropped.
 */
import { parse, validate, type Pipeline, type RelativePipeline } from "../../src";
import corpus from "../fixtures/spec/zep8.json";

const zep8 = { dialect: "zep8" } as const;

/** Inputs of the ZEP texts that a strict parser must not accept as written, and why (docs/decisions.md). */
const DEFECTS: Record<string, string> = {
  "httsps://example.com/path/to/archive.zip|zip:|zarr3:":
    "typo for https in the 2023 text: neither a ZEP 8 scheme nor anything else the grammar derives",
  "file:relative/path":
    "ZEP 8: implementations MAY support it as a non-standard extension; RFC 8089 has no such form (decision D6)",
  "file://relative/path":
    "valid, but as host 'relative' and path '/path' (RFC 8089), never as a relative path (the ZEP: SHOULD NOT)",
  "a:b": "as a relative pipeline the first segment may not contain ':' (the ZEP: write ./a:b)",
};

describe("valid examples", () => {
  const seen = new Set<string>();
  const valid = corpus.valid.filter((e) => !seen.has(e.url) && seen.add(e.url));
  test.each(valid)("$url ($source)", ({ url }) => {
    const p = parse(url, zep8);
    expect(p.raw).toBe(url);
    expect(p.subUrls.map((s) => s.raw)).toEqual(url.split("|"));
  });
});

describe("ZEP 8 version syntax", () => {
  test("ocdbt:@v1/ is generation 1 and path /path/within/database", () => {
    const p = parse("file:///tmp/dataset.ocdbt/|ocdbt:@v1/path/within/database", zep8);
    expect(p.subUrls[1]).toMatchObject({
      scheme: "ocdbt",
      version: { kind: "generation", generation: 1n },
      path: { raw: "/path/within/database" },
    });
  });
  test("ocdbt:@2025-01-01T01:23:45.678Z/ is a commit time", () => {
    const p = parse("file:///tmp/dataset.ocdbt/|ocdbt:@2025-01-01T01:23:45.678Z/path/within/database", zep8);
    expect(p.subUrls[1]).toMatchObject({
      version: {
        kind: "commit-time",
        time: { year: 2025, month: 1, day: 1, hour: 1, minute: 23, second: 45, nanosecond: 678000000 },
      },
    });
  });
  test("ocdbt:%40abc is the path @abc", () => {
    const p = parse("file:///tmp/dataset.ocdbt/|ocdbt:%40abc", zep8);
    expect(p.subUrls[1]).toMatchObject({ version: null, path: { raw: "%40abc", value: "@abc" } });
  });
  test.each([
    ["icechunk:@branch.other/", { kind: "branch", name: { value: "other" } }],
    ["icechunk:@tag.v5/", { kind: "tag", name: { value: "v5" } }],
    ["icechunk:@4N0217AZA4VNPYD0HR0G/", { kind: "snapshot", id: "4N0217AZA4VNPYD0HR0G" }],
  ])("%s", (adapter, ref) => {
    const p = parse(`file:///path/to/repo.zarr.icechunk/|${adapter}|zarr3:path/to/array/`, zep8);
    expect(p.subUrls[1]).toMatchObject({ scheme: "icechunk", ref });
  });
  test("an unescaped leading @ that is no version: the error is where no version can go on (at the a)", () => {
    const r = validate("file:///tmp/d/|ocdbt:@abc", zep8);
    expect(r.valid).toBe(false);
    if (!r.valid) expect(r.error.offset).toBe("file:///tmp/d/|ocdbt:@".length);
  });
  test("in url-pipeline v0 the same text is refused at the @ (the hazard the v0 README notes; D40)", () => {
    const r = validate("file:///tmp/dataset.ocdbt/|ocdbt:@v1/path");
    expect(r.valid).toBe(false);
    if (!r.valid)
      expect([r.error.kind, r.error.offset]).toEqual(["syntax", "file:///tmp/dataset.ocdbt/|ocdbt:".length]);
    expect(parse("file:///tmp/dataset.ocdbt/|ocdbt://v1/path").subUrls[1]).toMatchObject({
      version: { raw: "v1" },
      path: { value: "path" },
    });
  });
});

describe("equivalent spellings parse to the same sub-URLs", () => {
  test.each(corpus.equivalent)("$a == $b", ({ a, b }) => {
    const pa = parse(a, zep8);
    const pb = parse(b, zep8);
    expect(pa.subUrls.map((s) => s.scheme)).toEqual(pb.subUrls.map((s) => s.scheme));
  });
});

describe("relative pipelines (rule relative-url-pipeline)", () => {
  const rel = { dialect: "zep8", rule: "relative-url-pipeline" } as const;
  const relatives = corpus.relative.map((r) => r.relative);
  test.each(relatives)("%s", (input) => {
    const p = parse(input, rel) as Pipeline | RelativePipeline;
    expect(p.type).toBe("relative-pipeline");
    expect(p.raw).toBe(input);
  });
  test("a path, then adapters", () => {
    const p = parse("file.zip|zip:path/within/zip", rel) as RelativePipeline;
    expect(p.path?.raw).toBe("file.zip");
    expect(p.subUrls.map((s) => s.scheme)).toEqual(["zip"]);
  });
  test("a leading .. adapter (decision D4)", () => {
    const p = parse("..:/path/to/other.zip|zip:path/in/other/zip", rel) as RelativePipeline;
    expect(p.path).toBeNull();
    expect(p.subUrls.map((s) => s.scheme)).toEqual(["..", "zip"]);
  });
  test("an absolute pipeline is also a relative-url-pipeline", () => {
    expect(parse("gs://bucket/x", rel).type).toBe("pipeline");
  });
  test("the empty relative path", () => {
    const p = parse("", rel) as RelativePipeline;
    expect(p).toMatchObject({ type: "relative-pipeline", path: { raw: "" }, subUrls: [] });
  });
  test("./a:b is allowed where a:b is not", () => {
    expect(validate("./a:b|zip", rel).valid).toBe(true);
  });
});

describe("known defects of the drafts", () => {
  test.each(Object.entries(DEFECTS).filter(([input]) => input !== "file://relative/path" && input !== "a:b"))(
    "%s is rejected: %s",
    (input) => {
      expect(validate(input, zep8).valid).toBe(false);
    },
  );
  test("file://relative/path: host 'relative', path '/path'", () => {
    expect(parse("file://relative/path", zep8).subUrls[0]).toMatchObject({
      host: { value: "relative" },
      path: { raw: "/path" },
    });
  });
  test("a:b is not a relative pipeline", () => {
    const r = validate("a:b", { dialect: "zep8", rule: "relative-url-pipeline" });
    expect(r.valid).toBe(false);
    if (!r.valid) expect(r.error.offset).toBe(1);
  });
  test("every defect is in the corpus", () => {
    const inCorpus = new Set(corpus.notes.map((n) => n.input));
    for (const input of Object.keys(DEFECTS)) expect(inCorpus.has(input)).toBe(true);
  });
  test("the two relative resolutions the corpus marks DEFECT are in the corpus, for resolve()", () => {
    expect(corpus.relative.filter((r) => r.note.startsWith("DEFECT"))).toHaveLength(2);
  });
});

describe("what ZEP 8 does not have", () => {
  test.each(["memory:", "file:/x.h5|hdf5:", "a.b:x", "file:/x|a.b:y"])("%s", (input) => {
    expect(validate(input, zep8).valid).toBe(false);
    expect(validate(input).valid).toBe(true);
  });
  test("the .. adapter is ZEP 8 only; after '|' its ':' may be omitted, as any adapter's (decision D5)", () => {
    expect(validate("gs://bucket/x.zip|zip:a|..:b", zep8).valid).toBe(true);
    expect(validate("gs://bucket/x.zip|zip:a|..:b").valid).toBe(false);
    expect(validate("gs://bucket/x.zip|zip:a|..|zarr3", zep8).valid).toBe(true);
    expect(validate("gs://bucket/x.zip|zip:a|..|zarr3").valid).toBe(false);
    expect(validate("gs://bucket/x.zip|zip:a|..x", zep8).valid).toBe(false);
  });
});

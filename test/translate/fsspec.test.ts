/**
 * src/translate/fsspec.ts: fsspec chained URLs, from the fsspec documentation's examples ("URL chaining",
 * https://filesystem-spec.readthedocs.io/en/latest/features.html#url-chaining; fsspec.open's docstring) and
 * fsspec/core.py's reading of them (_un_chain, get_fs_token_paths), both directions.
 */
import { translate, translateWithNotes } from "../../src";
import { errorOf } from "./helpers";

const from = (text: string, options: object = {}) => translate(text, { from: "fsspec", ...options });
const to = (text: string, options: object = {}) => translate(text, { to: "fsspec", ...options });

describe("fsspec to pipeline", () => {
  test.each([
    // The example, and longer chains (innermost first in fsspec, last in a pipeline).
    ["zip://inner/a.txt::s3://bucket/x.zip", "s3://bucket/x.zip|zip:inner/a.txt"],
    ["zip://b.txt::zip://inner.zip::s3://bucket/outer.zip", "s3://bucket/outer.zip|zip:inner.zip|zip:b.txt"],
    // _un_chain: a bit that is one lower-case word is a protocol ("zip" is "zip://": the archive's root).
    ["zip::s3://bucket/a.zip", "s3://bucket/a.zip|zip:"],
    // fsspec's other names: s3a (s3fs), gcs (gcsfs), local; file://, and a path with no protocol.
    ["zip://x::s3a://bucket/a.zip", "s3://bucket/a.zip|zip:x"],
    ["zip://x::gcs://bucket/afile.zip", "gs://bucket/afile.zip|zip:x"],
    ["zip://x::gs://bucket/a.zip", "gs://bucket/a.zip|zip:x"],
    ["zip://x::file:///tmp/a.zip", "file:///tmp/a.zip|zip:x"],
    ["zip://x::local:///tmp/a.zip", "file:///tmp/a.zip|zip:x"],
    ["zip://x::/tmp/a.zip", "file:///tmp/a.zip|zip:x"],
    ["zip://x::memory://a.zip", "memory://a.zip|zip:x"],
    ["zip://x::https://example.com/a.zip", "https://example.com/a.zip|zip:x"],
    ["s3://bucket/key", "s3://bucket/key"], // one element: a URL of one filesystem
    // fsspec paths are raw: what a pipeline must encode is encoded, UTF-8.
    ["zip://my file#1.txt::s3://bucket/a b.zip", "s3://bucket/a%20b.zip|zip:my%20file%231.txt"],
    ["zip://ü/%41.txt::/tmp/a.zip", "file:///tmp/a.zip|zip:%C3%BC/%2541.txt"],
  ])("%s", (input, pipeline) => {
    expect(from(input)).toBe(pipeline);
  });

  test("the documentation's caching examples: the cache is left out with a note", () => {
    // 'simplecache::zip://*.csv::gcs://bucket/afile.zip' with one file instead of the glob.
    const r = translateWithNotes("simplecache::zip://a.csv::gcs://bucket/afile.zip", { from: "fsspec" });
    expect(r).toEqual({
      text: "gs://bucket/afile.zip|zip:a.csv",
      notes: [
        { code: "fsspec/cache-dropped", offset: 0, message: expect.stringContaining('"simplecache" is a cache') },
      ],
    });
    expect(
      translateWithNotes("zip://a.csv::filecache::s3://bucket/a.zip", { from: "fsspec" }).notes.map((n) => [
        n.code,
        n.offset,
      ]),
    ).toEqual([["fsspec/cache-dropped", 13]]);
    expect(from("blockcache::s3://bucket/a.zip")).toBe("s3://bucket/a.zip");
  });

  test("the documentation's glob examples: fsspec expands * in the path it opens; refused", () => {
    expect(errorOf(() => from("zip://*.csv::simplecache::gcs://bucket/afile.zip"))).toMatchObject({
      code: "fsspec/glob",
      offset: 6,
    });
    expect(errorOf(() => from("simplecache::zip://*.csv::gcs://bucket/afile.zip"))).toMatchObject({
      code: "fsspec/glob",
      offset: 19,
    });
    expect(from("zip://a.csv::s3://bucket/*.zip")).toBe("s3://bucket/*.zip|zip:a.csv"); // an outer path is not globbed
  });

  test("dask:: (the documentation's first example) and other protocols with no scheme: an error naming them", () => {
    expect(errorOf(() => from("dask::s3://bucket/key"))).toMatchObject({
      code: "fsspec/unknown-protocol",
      offset: 0,
      message: expect.stringContaining('"dask"'),
    });
    expect(errorOf(() => from("zip://x::abfs://container/a.zip"))).toMatchObject({
      code: "fsspec/unknown-protocol",
      offset: 9,
    });
    expect(errorOf(() => from("ZIP://x::s3://bucket/a.zip"))).toMatchObject({
      code: "fsspec/unknown-protocol",
      message: expect.stringContaining("lower-case"),
    });
  });

  test("tar: the pipeline has no tar scheme, and says so", () => {
    expect(errorOf(() => from("tar://a.txt::s3://bucket/a.tar"))).toMatchObject({
      code: "fsspec/no-tar",
      offset: 0,
      message: expect.stringContaining("neither dialect has a tar scheme"),
    });
  });

  test("compression= of fsspec.open (its docstring's example, 's3://bucket/2015-01-01.csv.gz', compression='gzip')", () => {
    expect(from("s3://bucket/2015-01-01.csv.gz", { compression: "gzip" })).toBe("s3://bucket/2015-01-01.csv.gz|gzip:");
    expect(from("zip://a.csv.zst::s3://bucket/a.zip", { compression: "infer" })).toBe(
      "s3://bucket/a.zip|zip:a.csv.zst|zstd:",
    );
    expect(from("s3://bucket/a.csv", { compression: "infer" })).toBe("s3://bucket/a.csv");
    expect(errorOf(() => from("s3://bucket/a.csv.bz2", { compression: "infer" }))).toMatchObject({
      code: "fsspec/compression",
      message: expect.stringContaining("bz2"),
    });
    expect(errorOf(() => from("s3://bucket/a.xz", { compression: "xz" }))).toMatchObject({
      code: "fsspec/compression",
    });
  });

  test("storage options are refused with a clear message; empty ones are nothing", () => {
    const e = errorOf(() => from("s3://bucket/key", { storageOptions: { anon: true } }));
    expect(e).toMatchObject({ code: "fsspec/storage-options", offset: 0 });
    expect(e.message).toContain("anon");
    expect(from("s3://bucket/key", { storageOptions: {} })).toBe("s3://bucket/key");
  });

  test("what fsspec reads otherwise than it looks: ? in S3 keys, :: inside brackets, empty elements, relative paths", () => {
    expect(errorOf(() => from("s3://bucket/key?versionId=3"))).toMatchObject({
      code: "fsspec/query-option",
      offset: 15,
    });
    expect(errorOf(() => from("zip://x::http://[::1]:8080/a.zip"))).toMatchObject({
      code: "fsspec/double-colon",
      offset: 17,
    });
    expect(errorOf(() => from("::s3://bucket/a.zip"))).toMatchObject({ code: "fsspec/empty-element", offset: 0 });
    expect(errorOf(() => from("zip://x::"))).toMatchObject({ code: "fsspec/empty-element", offset: 9 });
    expect(errorOf(() => from("zip://x::data/a.zip"))).toMatchObject({ code: "fsspec/relative-path", offset: 9 });
  });

  test("what names no valid pipeline points into the input: an HTTP URL's space, memory: in zep8", () => {
    expect(errorOf(() => from("zip://x::https://example.com/a b.zip"))).toMatchObject({
      code: "result/invalid",
      offset: 30,
    });
    expect(errorOf(() => from("zip://x::memory://a.zip", { dialect: "zep8" }))).toMatchObject({
      code: "result/invalid",
      offset: 9,
    });
  });
});

describe("pipeline to fsspec", () => {
  test.each([
    ["s3://bucket/x.zip|zip:inner/a.txt", "zip://inner/a.txt::s3://bucket/x.zip"],
    ["s3://bucket/outer.zip|zip:inner.zip|zip:b.txt", "zip://b.txt::zip://inner.zip::s3://bucket/outer.zip"],
    ["gs://bucket/a.zip|zip:", "zip://::gs://bucket/a.zip"],
    ["file:///tmp/a%20b.zip|zip:x%231", "zip://x#1::file:///tmp/a b.zip"],
    ["memory://a/b", "memory://a/b"],
    ["https://example.com/a%20b.zip|zip:x", "zip://x::https://example.com/a%20b.zip"],
  ])("%s", (pipeline, fsspecUrl) => {
    expect(to(pipeline)).toBe(fsspecUrl);
  });

  test("gzip: or zstd: last is fsspec.open's compression=: translateWithNotes gives it, translate() refuses to drop it", () => {
    expect(translateWithNotes("s3://bucket/2015-01-01.csv.gz|gzip:", { to: "fsspec" })).toEqual({
      text: "s3://bucket/2015-01-01.csv.gz",
      compression: "gzip",
      notes: [{ code: "fsspec/compression", offset: 30, message: expect.stringContaining('compression="gzip"') }],
    });
    expect(errorOf(() => to("s3://bucket/a.gz|gzip:"))).toMatchObject({ code: "fsspec/open-option", offset: 17 });
    expect(errorOf(() => to("s3://bucket/a.zip.gz|gzip:|zip:x"))).toMatchObject({
      code: "fsspec/compression",
      offset: 21,
    });
  });

  test("what fsspec cannot name: formats, s3+https, UNC shares, and text it would read otherwise", () => {
    expect(errorOf(() => to("s3://bucket/a.zip|zip:x/|zarr3:"))).toMatchObject({
      code: "fsspec/no-protocol",
      offset: 25,
    });
    expect(errorOf(() => to("s3+https://host/bucket/a.zip|zip:x"))).toMatchObject({
      code: "fsspec/no-protocol",
      offset: 0,
    });
    expect(errorOf(() => to("file://server/share/a.zip"))).toMatchObject({ code: "fsspec/no-protocol", offset: 0 });
    expect(errorOf(() => to("s3://bucket/a::b.zip|zip:x"))).toMatchObject({ code: "fsspec/double-colon", offset: 13 });
    expect(errorOf(() => to("s3://bucket/a.zip|zip:x:"))).toMatchObject({ code: "fsspec/double-colon", offset: 23 });
    expect(errorOf(() => to("s3://bucket/a.zip|zip:*.csv"))).toMatchObject({ code: "fsspec/glob", offset: 22 });
    expect(errorOf(() => to("s3://bucket/a%3Fb"))).toMatchObject({ code: "fsspec/query-option", offset: 13 });
  });
});

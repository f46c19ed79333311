/**
 * src/hints/fsspec.ts: fsspec chains (`::`, inner to outer) as URL pipelines (`|`, outer to inner): the replacement
 * is the translation (src/translate/fsspec.ts, test/translate/fsspec.test.ts).
 */
import { fixes, hintsOf, ofCode, ZEP8, ZEP8_RELATIVE } from "./helpers";

describe("fsspec chains", () => {
  test.each([
    ["zip://inner/path::s3://bucket/a.zip", "s3://bucket/a.zip|zip:inner/path"],
    ["zip::s3://bucket/a.zip", "s3://bucket/a.zip|zip:"],
    ["zip://b.txt::zip://inner.zip::s3://bucket/outer.zip", "s3://bucket/outer.zip|zip:inner.zip|zip:b.txt"],
    ["zip://x::gcs://bucket/a.zip", "gs://bucket/a.zip|zip:x"], // fsspec's gcs is our gs
    ["zip://x::s3a://bucket/a.zip", "s3://bucket/a.zip|zip:x"],
    ["zip://x::https://example.com/a.zip", "https://example.com/a.zip|zip:x"],
    ["zip://x::file:///tmp/a.zip", "file:///tmp/a.zip|zip:x"],
    ["zip://x::/tmp/a.zip", "file:///tmp/a.zip|zip:x"], // a local path as the outermost
    ["ZIP://x::S3://bucket/a.zip", "s3://bucket/a.zip|zip:x"], // protocol names read in any case by the hint
    ["simplecache::zip://x::s3://bucket/a.zip", "s3://bucket/a.zip|zip:x"], // a cache is left out
  ])("%s", (input, replacement) => {
    expect(fixes(input)[0]).toEqual(["fsspec-chain", replacement]);
  });

  test("the chain hint alone: no adapter-as-root hint beside it", () => {
    expect(fixes("zip://inner/path::s3://bucket/a.zip")).toEqual([
      ["fsspec-chain", "s3://bucket/a.zip|zip:inner/path"],
    ]);
  });

  test("in zep8 and in its relative rule the same", () => {
    expect(fixes("zip://x::s3://bucket/a.zip", ZEP8)[0]).toEqual(["fsspec-chain", "s3://bucket/a.zip|zip:x"]);
    expect(fixes("zip://x::s3://bucket/a.zip", ZEP8_RELATIVE)[0]).toEqual(["fsspec-chain", "s3://bucket/a.zip|zip:x"]);
  });

  test("a memory root is url-pipeline v0's only", () => {
    expect(fixes("zip://x::memory://a.zip")[0]).toEqual(["fsspec-chain", "memory://a.zip|zip:x"]);
    const [z] = ofCode("zip://x::memory://a.zip", "fsspec-chain", ZEP8);
    expect(z).toBeDefined();
    expect(z!.replacement).toBeUndefined();
    expect(z!.message).toContain('"memory"');
  });

  test("a cache left out is said in the message", () => {
    const [h] = hintsOf("simplecache::zip://x::s3://bucket/a.zip");
    expect(h!.message).toContain('"simplecache" is a cache: it says how to read, not where; left out');
  });

  test("what fsspec has and a pipeline has not: a hint without a replacement, saying why", () => {
    expect(hintsOf("tar://a.txt::s3://bucket/a.tar")).toEqual([
      { code: "fsspec-chain", message: expect.stringContaining("neither dialect has a tar scheme") },
    ]);
    expect(hintsOf("zip://x::abfs://container/a.zip")[0]).toEqual({
      code: "fsspec-chain",
      message: expect.stringContaining('"abfs"'),
    });
    // fsspec has no zarr3 protocol: the chain is no fsspec chain it can read.
    expect(hintsOf("zarr3://array/::zip://data.zarr/::gs://bucket/a.zip")[0]).toEqual({
      code: "fsspec-chain",
      message: expect.stringContaining('"zarr3"'),
    });
    // fsspec splits at every "::", inside brackets too: an IPv6 host cannot be in a chain.
    expect(hintsOf("zip://x::http://[::1]:8080/a.zip")[0]).toEqual({
      code: "fsspec-chain",
      message: expect.stringContaining("inside [...] too"),
    });
  });

  test("the translation encodes what a pipeline must: no further fix needed", () => {
    const [h] = hintsOf("zip://x::s3://bucket/my file.zip");
    expect(h).toEqual({
      code: "fsspec-chain",
      message: expect.not.stringContaining("; also: "),
      replacement: "s3://bucket/my%20file.zip|zip:x",
      keepsMeaning: true,
    });
  });

  test.each([
    "s3://bucket/a.zip::zip", // valid: "::zip" is part of the key
    "https://example.com/a::b",
    "http://[::1]/a",
  ])("not a chain, or valid: no fsspec hint: %s", (input) => {
    expect(ofCode(input, "fsspec-chain")).toEqual([]);
  });

  test.each([
    "zip://x::s3://bucket/a.zip|zarr3:", // "|" too: not fsspec alone
    "zip://x::",
    "::s3://bucket/a.zip",
  ])("not fsspec: %s", (input) => {
    expect(ofCode(input, "fsspec-chain")).toEqual([]);
  });

  test("a chain that ends in a relative path (rasterio's docs): said, no fix, since no file: URL names it", () => {
    expect(ofCode("zip://RGB.byte.tif::tests/data/files.zip", "fsspec-chain")).toEqual([
      { code: "fsspec-chain", message: expect.stringContaining('"tests/data/files.zip", is a relative path') },
    ]);
    expect(ofCode("zip::temp_zip.zip", "fsspec-chain")).toHaveLength(1);
  });
});

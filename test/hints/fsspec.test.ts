/**
 * src/hints/fsspec.ts: fsspec chains (`::`, inner to outer) as URL pipelines (`|`, outer to inner).
 */
import { fixes, hintsOf, ofCode, ZEP8, ZEP8_RELATIVE } from "./helpers";

describe("fsspec chains", () => {
  test.each([
    ["zip://inner/path::s3://bucket/a.zip", "s3://bucket/a.zip|zip:inner/path"],
    ["zip::s3://bucket/a.zip", "s3://bucket/a.zip|zip:"],
    ["zip://b.txt::zip://inner.zip::s3://bucket/outer.zip", "s3://bucket/outer.zip|zip:inner.zip|zip:b.txt"],
    ["zarr3://array/::zip://data.zarr/::gs://bucket/a.zip", "gs://bucket/a.zip|zip:data.zarr/|zarr3:array/"],
    ["zip://x::gcs://bucket/a.zip", "gs://bucket/a.zip|zip:x"], // fsspec's gcs is our gs
    ["zip://x::s3a://bucket/a.zip", "s3://bucket/a.zip|zip:x"],
    ["zip://x::https://example.com/a.zip", "https://example.com/a.zip|zip:x"],
    ["zip://x::http://[::1]:8080/a.zip", "http://[::1]:8080/a.zip|zip:x"], // "::" in brackets does not split
    ["zip://x::file:///tmp/a.zip", "file:///tmp/a.zip|zip:x"],
    ["zip://x::/tmp/a.zip", "file:///tmp/a.zip|zip:x"], // a local path as the outermost
    ["ZIP://x::S3://bucket/a.zip", "s3://bucket/a.zip|zip:x"],
  ])("%s", (input, replacement) => {
    expect(fixes(input)[0]).toEqual(["fsspec-chain", replacement]);
  });

  test("the chain hint alone: no adapter-as-root hint beside it", () => {
    expect(fixes("zip://inner/path::s3://bucket/a.zip")).toEqual([["fsspec-chain", "s3://bucket/a.zip|zip:inner/path"]]);
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

  test("fsspec-only protocols: a hint without a replacement, naming them", () => {
    const [h] = hintsOf("simplecache::zip://x::s3://bucket/a.zip");
    expect(h).toEqual({ code: "fsspec-chain", message: expect.stringContaining('"simplecache" has no URL pipeline scheme') });
    expect(h!.message).toContain("a cache says how to read, not where");
    const [t] = hintsOf("tar://a.txt::s3://bucket/a.tar");
    expect(t).toEqual({ code: "fsspec-chain", message: expect.stringContaining('"tar" has no URL pipeline scheme') });
    expect(t!.message).not.toContain("cache");
    expect(hintsOf("zip://x::abfs://container/a.zip")[0]).toEqual({ code: "fsspec-chain", message: expect.stringContaining('"abfs"') });
  });

  test("the fix of the chain may need a further fix, said in the message", () => {
    const [h] = hintsOf("zip://x::s3://bucket/my file.zip");
    expect(h).toEqual({ code: "fsspec-chain", message: expect.stringContaining("; also: "), replacement: "s3://bucket/my%20file.zip|zip:x" });
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
    "zip://x::relative/a.zip",
  ])("not fsspec: %s", (input) => {
    expect(ofCode(input, "fsspec-chain")).toEqual([]);
  });
});

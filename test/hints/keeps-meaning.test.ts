/**
 * Hints that keep what the author meant: a fix either names the resource the input names (`keepsMeaning: true`), or
 * says what it changes and comes after the hints that keep it and those without a fix. Each row is a string people
 * wrote (test/fixtures/real-strings/strings.json has each with its source), answered as the author meant it.
 */
import { hintsOf } from "./helpers";

const first = (input: string) => hintsOf(input)[0];

describe("each string is answered as its author meant it", () => {
  test.each([
    // [input, code, replacement]: a fix that keeps what is named
    ["s3://my-bucket/icechunk/my-repo?region=us-east-1", "storage-option", "s3://my-bucket/icechunk/my-repo"],
    ["file:///tmp/dataset|auto", "tensorstore-scheme", "file:///tmp/dataset"],
    [
      "precomputed://file:///volume/path#preload=True;cache=",
      "adapter-prefix",
      "file:///volume/path|neuroglancer-precomputed:",
    ],
    ["zarr://https://host/x.zarr/0?dimension_separator=/", "adapter-prefix", "https://host/x.zarr/0|zarr:"],
    ["zip:///var/data/example.zip!example.tif", "archive-prefix", "file:///var/data/example.zip|zip:example.tif"],
    ["gz://s3://bucket/key", "archive-prefix", "s3://bucket/key|gzip:"],
    ["zip+s3://mybucket/coutwildrnp.zip", "archive-prefix", "s3://mybucket/coutwildrnp.zip|zip:"],
    ["memory:///tmp/foo.zarr/bar", "scheme-slashes", "memory://tmp/foo.zarr/bar"],
    ["s3://localhost:5000/bucket/path/to/file", "s3-endpoint", "s3+http://localhost:5000/bucket/path/to/file"],
    [
      'ZARR:"/vsizip//vsicurl/https://example.com/x.zarr.zip"',
      "gdal-connection",
      "https://example.com/x.zarr.zip|zip:|zarr:",
    ],
  ])("%s: %s, %s", (input, code, replacement) => {
    expect(first(input)).toMatchObject({ code, replacement, keepsMeaning: true });
  });

  test("what a pipeline cannot name is said, with no fix first", () => {
    expect(first("https://neuroglancer-demo.appspot.com/#!gs://flyem-views/hemibrain/v1.2/base.json")).toEqual({
      code: "viewer-link",
      message: expect.stringContaining("the URL of the viewer's state"),
    });
    for (const input of [
      "graphene://https://host/segmentation/1.0/vol",
      "dvid://https://host/node/instance",
      "gs+ngauth+https://SERVER/BUCKET/PATH",
    ]) {
      expect(first(input)).toEqual({ code: "neuroglancer-data-source", message: expect.any(String) });
    }
    expect(first("s3://bucket/data/|z")).toEqual({
      code: "unfinished-scheme",
      message: '"z" is the start of the adapters zip:, zstd:, zarr3:, zarr2:, zarr:',
    });
  });
});

describe("a fix that changes what is named says so, and comes last", () => {
  test("encoding a query or fragment into the key", () => {
    const hints = hintsOf("s3://my-bucket/repo?region=us-east-1");
    const encode = hints.find((h) => h.code === "percent-encode")!;
    expect(encode.keepsMeaning).toBe(false);
    expect(encode.message).toContain('(this fix changes what is named: "?region=us-east-1" becomes part of the name');
    expect(hints.indexOf(encode)).toBe(hints.length - 1);
  });

  test("encoding a | into the path", () => {
    const hints = hintsOf("file:///a|b.zip");
    expect(hints).toEqual([
      {
        code: "pipe-in-path",
        message: expect.stringContaining("this fix changes what is named"),
        replacement: "file:///a%7Cb.zip",
        keepsMeaning: false,
      },
    ]);
  });

  test("a fix that needed a changing fix to be valid changes what is named too", () => {
    // The root's slashes keep it; the "#" encoded after does not: the whole replacement does not.
    const h = hintsOf("s3:/bucket/a#b").find((x) => x.replacement === "s3://bucket/a%23b");
    expect(h?.keepsMeaning).toBe(false);
  });

  test("valid input's advice keeps what is named", () => {
    const h = hintsOf("file:/x|ZIP").find((x) => x.replacement !== undefined);
    expect(h?.keepsMeaning).toBe(true);
  });
});

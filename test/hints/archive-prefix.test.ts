import { fixes, hintsOf, V0, ZEP8_RELATIVE } from "./helpers";

describe("rasterio's and Fiona's archive prefixes: the resource first, then the adapter", () => {
  test.each([
    // Fiona's docs and tests (test/fixtures/real-strings/strings.json has each with its source)
    ["zip+s3://mybucket/coutwildrnp.zip", "s3://mybucket/coutwildrnp.zip|zip:"],
    ["zip+https://example.com/foo.zip!bar.tif", "https://example.com/foo.zip|zip:bar.tif"],
    ["zip+file:///path/to/file.zip!/folder/file.tif", "file:///path/to/file.zip|zip:folder/file.tif"],
    // rasterio's "zip://" of a local path, and cogeo-mosaic's gz:// and gzip+
    ["zip:///var/data/example.zip!example.tif", "file:///var/data/example.zip|zip:example.tif"],
    ["gz://s3://bucket/key", "s3://bucket/key|gzip:"],
    ["gzip+s3://my-bucket/mosaic", "s3://my-bucket/mosaic|gzip:"],
  ])("%s -> %s, keeping what is named", (input, replacement) => {
    expect(fixes(input)[0]).toEqual(["archive-prefix", replacement]);
    expect(hintsOf(input)[0]!.keepsMeaning).toBe(true);
  });

  test("a relative path (zip+file://tests/a.zip): no file: URL names it; a ZEP 8 relative pipeline starts with it", () => {
    expect(fixes("zip+file://tests/data/files.zip!RGB.byte.tif", V0)[0]).toEqual(["archive-prefix", null]);
    expect(hintsOf("zip+file://tests/data/files.zip!RGB.byte.tif")[0]!.message).toContain("relative path");
    expect(fixes("zip+file://tests/data/files.zip!RGB.byte.tif", ZEP8_RELATIVE)[0]).toEqual([
      "archive-prefix",
      "tests/data/files.zip|zip:RGB.byte.tif",
    ]);
  });

  test("not Commons VFS's zip:SCHEME: (vfs-url), nor an adapter's own name before a URL (adapter-prefix)", () => {
    expect(fixes("zip:http://host/a.zip!/b")[0]![0]).toBe("vfs-url");
    expect(fixes("zip://s3://bucket/a.zip")[0]![0]).toBe("adapter-prefix");
  });
});

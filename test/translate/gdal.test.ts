/**
 * src/translate/gdal.ts: GDAL virtual file system paths, from "GDAL Virtual File Systems"
 * (https://gdal.org/en/stable/user/virtual_file_systems.html) and its examples, and how
 * port/cpl_vsil_abstract_archive.cpp (SplitFilename) splits an archive's path from the path inside it.
 */
import { translate, translateWithNotes } from "../../src";
import { errorOf } from "./helpers";

const from = (text: string, options: object = {}) => translate(text, { from: "gdal", ...options });
const to = (text: string) => translate(text, { to: "gdal" });

describe("GDAL to pipeline", () => {
  test.each([
    // The example: a ZIP archive on S3.
    ["/vsizip//vsis3/bucket/a.zip/dir/f.tif", "s3://bucket/a.zip|zip:dir/f.tif"],
    // The documentation's /vsizip/ examples with absolute paths (the relative one is below).
    ["/vsizip//home/even/my.zip/subdir/my.tif", "file:///home/even/my.zip|zip:subdir/my.tif"],
    ["/vsizip/c:\\users\\even\\my.zip\\subdir\\my.tif", "file:///c:/users/even/my.zip|zip:subdir/my.tif"],
    // "Chaining": ogrinfo ... /vsizip//vsicurl/https://raw.githubusercontent.com/.../poly.zip, and the single slash.
    [
      "/vsizip//vsicurl/https://raw.githubusercontent.com/OSGeo/gdal/master/autotest/ogr/data/shp/poly.zip",
      "https://raw.githubusercontent.com/OSGeo/gdal/master/autotest/ogr/data/shp/poly.zip|zip:",
    ],
    ["/vsizip/vsicurl/https://example.com/a.zip/x.shp", "https://example.com/a.zip|zip:x.shp"],
    // ".kmz, .ods and .xlsx extensions are also detected", in any case.
    ["/vsizip//data/doc.KMZ/doc.kml", "file:///data/doc.KMZ|zip:doc.kml"],
    // The alternate syntax: an archive path not ending with .zip, or with .zip before its end; nested.
    [
      "/vsizip/{/path/to/the/archive}/path/inside/the/zip/file",
      "file:///path/to/the/archive|zip:path/inside/the/zip/file",
    ],
    ["/vsizip/{/data/a.zip.d/b.zip}/c.tif", "file:///data/a.zip.d/b.zip|zip:c.tif"],
    ["/vsizip/{/vsizip//vsis3/bucket/outer.zip/inner.zip}/f.tif", "s3://bucket/outer.zip|zip:inner.zip|zip:f.tif"],
    [
      "/vsizip/{/vsizip/{/vsicurl/https://host/archive.zip}/path/outer.zip}/path/in/inner",
      "https://host/archive.zip|zip:path/outer.zip|zip:path/in/inner",
    ],
    // /vsigzip/ (the documentation's absolute example), /vsis3/, /vsigs/, /vsimem/, /vsicurl/, the local-path root.
    ["/vsigzip//home/even/my.gz", "file:///home/even/my.gz|gzip:"],
    ["/vsis3/bucket/key/with space.tif", "s3://bucket/key/with%20space.tif"],
    ["/vsigs/bucket/a.zip", "gs://bucket/a.zip"],
    ["/vsimem/work/a.tif", "memory://work/a.tif"],
    ["/vsicurl/https://example.com/a%20b.tif", "https://example.com/a%20b.tif"],
    ["/home/even/my.tif", "file:///home/even/my.tif"],
    ["/vsizip//tmp/a.zip/dir/", "file:///tmp/a.zip|zip:dir/"], // GDAL drops the "/"; a directory keeps it here
  ])("%s", (gdalPath, pipeline) => {
    expect(from(gdalPath)).toBe(pipeline);
  });

  test("the url-pipeline v0 text's GDAL example is defective as written; the pipeline it pairs with goes both ways (D45)", () => {
    // seeds/001 (the v0 text): "https://host/archive.zip|zip:path/in/outer.zip|zip:path/in/inner under this
    // specification is equivalent to the GDAL path /vsizip/{{/vsizip//vsicurl/https://host/archive.zip}/path/outer.zip}/path/in/inner".
    // Its outer braces hold "{/vsizip//...}/path/outer.zip", which no GDAL path starts with, and its "path/outer.zip"
    // is not the pipeline's "path/in/outer.zip".
    expect(
      errorOf(() => from("/vsizip/{{/vsizip//vsicurl/https://host/archive.zip}/path/outer.zip}/path/in/inner")).code,
    ).toBe("gdal/relative-path");
    const pipeline = "https://host/archive.zip|zip:path/in/outer.zip|zip:path/in/inner";
    expect(to(pipeline)).toBe("/vsizip/{/vsizip//vsicurl/https://host/archive.zip/path/in/outer.zip}/path/in/inner");
    expect(from(to(pipeline))).toBe(pipeline);
  });

  test("the _streaming variants: the same resource, the mode left out with a note", () => {
    expect(translateWithNotes("/vsis3_streaming/bucket/key.tif", { from: "gdal" })).toEqual({
      text: "s3://bucket/key.tif",
      notes: [{ code: "gdal/streaming", offset: 0, message: expect.stringContaining("sequentially") }],
    });
    expect(from("/vsicurl_streaming/https://example.com/a.tif")).toBe("https://example.com/a.tif");
  });

  test("relative paths (the documentation's /vsizip/my.zip/my.tif) name nothing without a current directory", () => {
    expect(errorOf(() => from("/vsizip/my.zip/my.tif"))).toMatchObject({ code: "gdal/relative-path", offset: 8 });
    expect(errorOf(() => from("/vsigzip/my.gz"))).toMatchObject({ code: "gdal/relative-path", offset: 9 });
  });

  test("file systems with no pipeline scheme, and options: an error naming them", () => {
    expect(errorOf(() => from("/vsitar//home/even/my.tar/subdir/my.tif"))).toMatchObject({
      code: "gdal/no-handler",
      offset: 0,
    });
    expect(
      errorOf(() => from("/vsizip//vsicurl/ftp://user:password@example.com/foldername/file.zip/example.shp")),
    ).toMatchObject({ code: "gdal/no-handler", offset: 17 });
    expect(errorOf(() => from("/vsicurl?use_head=no&url=http%3A%2F%2Fexample.com%2Fa.tif"))).toMatchObject({
      code: "gdal/vsicurl-options",
      offset: 8,
    });
    expect(errorOf(() => from("/vsifoo/x"))).toMatchObject({ code: "gdal/unknown-prefix", offset: 0 });
  });

  test("archive paths GDAL would read otherwise, or that cannot be split without the file system", () => {
    expect(errorOf(() => from("/vsizip//data/archive/x.tif"))).toMatchObject({ code: "gdal/no-archive", offset: 8 });
    expect(errorOf(() => from("/vsizip/{/data/a.zip/x.tif"))).toMatchObject({ code: "gdal/brace", offset: 8 });
    expect(errorOf(() => from("/vsizip/{/data/a.zip}x.tif"))).toMatchObject({ code: "gdal/brace", offset: 21 });
    expect(errorOf(() => from("/vsizip//data/a.zip/b/../c.tif"))).toMatchObject({
      code: "gdal/dot-segment",
      offset: 22,
    });
    expect(errorOf(() => from("/vsizip//data/a.zip/b\\c.tif"))).toMatchObject({ code: "gdal/backslash", offset: 21 });
  });

  test("GDAL names are raw: what a pipeline encodes is encoded", () => {
    expect(from("/vsizip//data/my%.zip/a|b#c.tif")).toBe("file:///data/my%25.zip|zip:a%7Cb%23c.tif");
  });
});

describe("pipeline to GDAL", () => {
  test.each([
    ["s3://bucket/a.zip|zip:dir/f.tif", "/vsizip//vsis3/bucket/a.zip/dir/f.tif"],
    ["file:///home/even/my.zip|zip:subdir/my.tif", "/vsizip//home/even/my.zip/subdir/my.tif"],
    ["file:///c:/users/even/my.zip|zip:subdir/my.tif", "/vsizip/c:\\users\\even\\my.zip/subdir/my.tif"],
    ["https://example.com/a.zip|zip:", "/vsizip//vsicurl/https://example.com/a.zip"],
    ["file:///home/even/my.gz|gzip:", "/vsigzip//home/even/my.gz"],
    ["gs://bucket/a%20b.tif", "/vsigs/bucket/a b.tif"],
    ["memory://work/a.tif", "/vsimem/work/a.tif"],
    // The {...} form: an archive path that does not end with the extension, or has one before its end; nesting.
    ["file:///path/to/the/archive|zip:f", "/vsizip/{/path/to/the/archive}/f"],
    ["file:///data/a.zip.d/b.zip|zip:c.tif", "/vsizip/{/data/a.zip.d/b.zip}/c.tif"],
    ["s3://bucket/outer.zip|zip:inner.zip|zip:f.tif", "/vsizip/{/vsizip//vsis3/bucket/outer.zip/inner.zip}/f.tif"],
    [
      "https://host/archive.zip|zip:path/outer.zip|zip:path/in/inner",
      "/vsizip/{/vsizip//vsicurl/https://host/archive.zip/path/outer.zip}/path/in/inner",
    ],
  ])("%s", (pipeline, gdalPath) => {
    expect(to(pipeline)).toBe(gdalPath);
  });

  test("what GDAL cannot name or would read otherwise: an error at the character", () => {
    expect(errorOf(() => to("s3://bucket/a.zip|zip:x/|zarr3:"))).toMatchObject({ code: "gdal/no-handler", offset: 25 });
    expect(errorOf(() => to("s3://bucket/a.zip|zip:b/../c"))).toMatchObject({ code: "gdal/dot-segment", offset: 24 });
    expect(errorOf(() => to("s3://bucket/a.zip|zip:b%5Cc"))).toMatchObject({ code: "gdal/backslash", offset: 23 });
    expect(errorOf(() => to("s3://bucket/a%00b"))).toMatchObject({ code: "gdal/nul", offset: 13 });
    expect(errorOf(() => to("file:///data/x%7Bz/archive|zip:f"))).toMatchObject({ code: "gdal/brace" });
    expect(errorOf(() => to("file://server/share/a.zip|zip:f"))).toMatchObject({ code: "gdal/no-handler", offset: 0 });
  });
});

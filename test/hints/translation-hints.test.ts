/**
 * src/hints/gdal-path.ts, jar-url.ts, vfs-url.ts: a location in another syntax where a pipeline is expected; the
 * replacement is its translation (src/translate/), and one that has none says why.
 */
import { fixes, hintsOf, ZEP8 } from "./helpers";

test.each([
  ["/vsizip//vsis3/bucket/a.zip/dir/f.tif", "gdal-path", "s3://bucket/a.zip|zip:dir/f.tif"],
  ["/vsizip/{/vsizip//vsis3/bucket/o.zip/i.zip}/f", "gdal-path", "s3://bucket/o.zip|zip:i.zip|zip:f"],
  ["/vsigzip//home/even/my.gz", "gdal-path", "file:///home/even/my.gz|gzip:"],
  [
    "jar:http://www.foo.com/bar/baz.jar!/COM/foo/Quux.class",
    "jar-url",
    "http://www.foo.com/bar/baz.jar|zip:COM/foo/Quux.class",
  ],
  ["jar:file:/home/duke/duke.jar!/", "jar-url", "file:///home/duke/duke.jar|zip:"],
  ["zip:http://somehost/downloads/somefile.zip!/a", "vfs-url", "http://somehost/downloads/somefile.zip|zip:a"],
  ["zip:zip:file:///a.zip!/b.zip!/c.txt", "vfs-url", "file:///a.zip|zip:b.zip|zip:c.txt"],
  ["jar:zip:file:///outer.zip!/nested.jar!/somedir", "vfs-url", "file:///outer.zip|zip:nested.jar|zip:somedir"],
  ["gz:/my/gz/file.gz", "vfs-url", "file:///my/gz/file.gz|gzip:"],
])("%s: %s offers the translation, alone", (input, code, replacement) => {
  expect(fixes(input)).toEqual([[code, replacement]]);
});

test("no translation: a hint that says why, and no misleading other fix (local-path, adapter-as-root)", () => {
  expect(hintsOf("/vsizip/my.zip/my.tif")).toEqual([
    { code: "gdal-path", message: expect.stringContaining('"my.zip" is a relative path') },
  ]);
  expect(hintsOf("/vsitar//home/a.tar/x")).toEqual([
    { code: "gdal-path", message: expect.stringContaining("/vsitar/ has no URL pipeline scheme") },
  ]);
  // Java has no nested JAR URLs; layered on jar:, it is Commons VFS's, which has them.
  expect(fixes("jar:jar:file:/a.jar!/b.jar!/c")).toEqual([["vfs-url", "file:///a.jar|zip:b.jar|zip:c"]]);
  expect(hintsOf("jar:file:/a.jar!/b#c")).toEqual([{ code: "jar-url", message: expect.stringContaining("fragment") }]);
  expect(hintsOf("tgz:file://anyhost/dir/mytar.tgz!/somepath/somefile")).toEqual([
    { code: "vfs-url", message: expect.stringContaining("tar") },
  ]);
});

test("in zep8, a root the dialect lacks has no translation", () => {
  expect(hintsOf("/vsimem/a.zip", ZEP8)).toEqual([
    {
      code: "gdal-path",
      message:
        '"/vsimem/a.zip" is a GDAL virtual file system path; the pipeline it names, "memory://a.zip", is not valid: ' +
        '"memory" is not a root scheme of zep8: the root schemes are file, http, https, s3, s3+http, s3+https, gs',
    },
  ]);
});

test.each(["/tmp/vsizip/a.zip", "jar:x", "zip:a/b"])("not another syntax: %s gets none of these hints", (input) => {
  expect(hintsOf(input).filter((h) => ["gdal-path", "jar-url", "vfs-url"].includes(h.code))).toEqual([]);
});

test('an fsspec chain with a "!" in it is fsspec\'s, not a Commons VFS URI; an IPv6 host\'s "::" does not make a chain', () => {
  expect(hintsOf("zip://a.txt::s3://bucket-1/x!.zip").map((h) => h.code)).toEqual(["fsspec-chain"]);
  expect(fixes("zip:http://[::1]/a.zip!/x")).toEqual([["vfs-url", "http://[::1]/a.zip|zip:x"]]);
});

test("a translation that the dialect does not accept: the pipeline it names, and why", () => {
  expect(hintsOf("zip://a.txt::s3://b/x.zip")).toEqual([
    {
      code: "fsspec-chain",
      message:
        '"zip://a.txt::s3://b/x.zip" is an fsspec chain ("::", inner to outer); a URL pipeline lists its sub-URLs outer to inner, ' +
        'separated by "|"; the pipeline it names, "s3://b/x.zip|zip:a.txt", is not valid: in sub-URL 1 of 2, "s3://b/x.zip" (s3): ' +
        "s3 bucket names must be 3 to 255 characters long, but this one has 1.",
    },
  ]);
});

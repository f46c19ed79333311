/**
 * Round trips, where both directions exist: a pipeline translated to a syntax and back is the pipeline (in its
 * canonical form), and a syntax's own spelling translated to a pipeline and back is that spelling. Then the
 * arguments every call checks, and the dispatch table.
 */
import fc from "fast-check";
import {
  normalize,
  parse,
  translate,
  TRANSLATE_SYNTAXES,
  TranslateError,
  type ForeignSyntax,
  type Pipeline,
} from "../../src";

const PIPELINES: Record<Exclude<ForeignSyntax, "arcp">, string[]> = {
  fsspec: [
    "s3://bucket/x.zip|zip:inner/a.txt",
    "s3://bucket/outer.zip|zip:inner.zip|zip:b.txt",
    "gs://bucket/a%20b.zip|zip:",
    "file:///tmp/%C3%BC.zip|zip:x%231/y",
    "memory://a/b",
    "https://example.com/a.zip?x=1|zip:d/",
    "s3://bucket",
  ],
  gdal: [
    "s3://bucket/a.zip|zip:dir/f.tif",
    "file:///home/even/my.zip|zip:subdir/my.tif",
    "file:///c:/users/even/my.zip|zip:subdir/my.tif",
    "https://host/archive.zip|zip:path/outer.zip|zip:path/in/inner",
    "file:///data/a.zip.d/b.zip|zip:c.tif",
    "file:///path/to/archive|zip:",
    "gs://bucket/a.gz|gzip:",
    "memory://x/y%20z",
    "s3://bucket/a.zip|zip:b.zip|zip:",
  ],
  jar: [
    "http://www.foo.com/bar/baz.jar|zip:COM/foo/Quux.class",
    "file:///a%20b.jar|zip:",
    "https://h/a.jar|zip:%2Fx/%E2%82%AC",
  ],
  vfs: [
    "file:///a.zip|zip:b.zip|zip:c.txt",
    "http://somehost/downloads/somefile.zip|zip:",
    "file:///my/gz/file.gz|gzip:",
    "file:///outer.zip|zip:nested.jar|zip:some!dir",
    "file:///a.zip.gz|gzip:|zip:x%20y",
  ],
};

const FOREIGN: Record<Exclude<ForeignSyntax, "arcp">, string[]> = {
  fsspec: [
    "zip://inner/a.txt::s3://bucket/x.zip",
    "zip://b.txt::zip://inner.zip::s3://bucket/outer.zip",
    "zip://a b::file:///tmp/c d.zip",
  ],
  gdal: [
    "/vsizip//vsis3/bucket/a.zip/dir/f.tif",
    "/vsizip//home/even/my.zip/subdir/my.tif",
    "/vsigzip//home/even/my.gz",
    "/vsizip/{/vsizip//vsis3/bucket/outer.zip/inner.zip}/f.tif",
    "/vsizip/{/data/a.zip.d/b.zip}/c.tif",
    "/vsis3/bucket/a b",
  ],
  jar: [
    "jar:http://www.foo.com/bar/baz.jar!/COM/foo/Quux.class",
    "jar:http://www.foo.com/bar/baz.jar!/",
    "jar:file:///a.jar!/%2Fx",
  ],
  vfs: [
    "zip:zip:file:///a.zip!/b.zip!/c.txt",
    "zip:http://somehost/downloads/somefile.zip!/",
    "gz:file:///my/gz/file.gz",
    "zip:file:///a.zip!/x%21y",
  ],
};

describe.each(Object.keys(PIPELINES) as (keyof typeof PIPELINES)[])("%s", (syntax) => {
  test.each(PIPELINES[syntax])("pipeline -> %s -> pipeline: %s", (pipeline) => {
    expect(translate(translate(pipeline, { to: syntax }), { from: syntax })).toBe(normalize(pipeline));
  });
  test.each(FOREIGN[syntax])("%s -> pipeline -> the same", (text) => {
    expect(translate(translate(text, { from: syntax }), { to: syntax })).toBe(text);
  });
});

test("round trips over generated entry names: what translates is carried exactly, what does not is a TranslateError", () => {
  const name = fc
    .string({
      unit: fc.constantFrom("a", "b", "/", " ", "!", ":", "%", "#", "?", "{", "}", "*", "ü", "\\", "."),
      maxLength: 8,
    })
    .filter((s) => s !== "" && !s.startsWith("/"));
  fc.assert(
    fc.property(
      name,
      fc.constantFrom("fsspec", "gdal", "jar", "vfs", "arcp") as fc.Arbitrary<ForeignSyntax>,
      (entry, syntax) => {
        const pipeline = `s3://bucket/a.zip|zip:${encodeURIComponent(entry).replace(/%2F/g, "/")}`;
        let foreign: string;
        try {
          foreign = translate(pipeline, { to: syntax });
        } catch (e) {
          expect(e).toBeInstanceOf(TranslateError);
          return;
        }
        const back =
          syntax === "arcp"
            ? translate(foreign, {
                from: "arcp",
                authorities: { [/^arcp:\/\/([^/]*)/.exec(foreign)![1]!]: "s3://bucket/a.zip|zip:" },
              })
            : translate(foreign, { from: syntax });
        // jar: and arcp carry the text as written; fsspec and GDAL names are raw, and VFS writes "!" as %21: there the
        // entry's value is what is carried.
        if (syntax === "jar" || syntax === "arcp") expect(back).toBe(normalize(pipeline));
        const entryOf = (p: string) => (parse(p) as Pipeline).subUrls.map((s) => ("path" in s ? s.path.value : s.raw));
        expect(entryOf(back)).toEqual(entryOf(pipeline));
        expect(translate(back, { to: syntax })).toBe(foreign);
      },
    ),
    { seed: 14, numRuns: 400 },
  );
});

describe("arguments", () => {
  test("every syntax of the table, in order", () => {
    expect(TRANSLATE_SYNTAXES).toEqual(["fsspec", "gdal", "jar", "vfs", "arcp"]);
  });
  test.each<[unknown, unknown, RegExp]>([
    [42, { from: "fsspec" }, /takes its input as a string, not 42/],
    ["x", undefined, /takes options with "from" or "to"/],
    ["x", "fsspec", /options must be an object/],
    ["x", {}, /one of options.from and options.to .*not neither/],
    ["x", { from: "fsspec", to: "gdal" }, /not both/],
    ["x", { from: "tar" }, /options.from must be one of fsspec, gdal, jar, vfs, arcp, not "tar"/],
    ["x", { from: "fsspec", dialect: "zep9" }, /dialect must be one of/],
    ["x", { from: "gdal", compression: "gzip" }, /options.compression applies to \{ from: "fsspec" \} only/],
    ["x", { from: "fsspec", compression: "rar" }, /options.compression must be one of/],
    ["x", { to: "arcp", authorities: {} }, /options.authorities applies to \{ from: "arcp" \} only/],
    ["x", { from: "arcp", authorities: { a: 1 } }, /must be a pipeline string, not 1/],
    ["x", { to: "arcp", archiveBytes: "abc" }, /archiveBytes must be a Uint8Array/],
    ["x", { to: "arcp", archiveSha256: "abc" }, /32 bytes or 64 hexadecimal digits/],
    ["x", { to: "arcp", archiveBytes: new Uint8Array(1), archiveSha256: "a".repeat(64) }, /not both/],
  ])("translate(%j, %j): TypeError", (text, options, message) => {
    expect(() => translate(text as string, options as never)).toThrow(message);
    expect(() => translate(text as string, options as never)).toThrow(TypeError);
  });
  test("a lone surrogate is an error at its offset, in either direction", () => {
    for (const options of [{ from: "gdal" }, { to: "gdal" }] as const) {
      expect(() => translate("/vsimem/a\ud800", options)).toThrow(
        expect.objectContaining({ code: "input/lone-surrogate", offset: 9 }),
      );
    }
  });
  test("an invalid pipeline, and an unresolved .. adapter, to any syntax", () => {
    expect(() => translate("s3://bucket/a|zipp:x", { to: "jar" })).toThrow(
      expect.objectContaining({ code: "pipeline/invalid", offset: 18 }),
    );
    expect(() => translate("s3://bucket/a.zip|zip:b|..:c", { to: "gdal", dialect: "zep8" })).toThrow(
      expect.objectContaining({ code: "pipeline/dotdot", offset: 24 }),
    );
  });
});

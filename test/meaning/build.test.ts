import fc from "fast-check";
import * as b from "../../src/meaning/build";
import { OWN_BUILDERS } from "../../src/meaning/build-table";
import { format } from "../../src/meaning/format";
import { normalize } from "../../src/meaning/normalize";
import { UrlPipelineSyntaxError } from "../../src/errors";
import { parse } from "../../src/parse";
import { DIALECTS } from "../../src/dialects";
import type { BodilessScheme, PathScheme } from "../../generated/schemes";
import type { BucketSubUrl, IcechunkSubUrl, JsonSubUrl, OcdbtSubUrl, PathAdapterSubUrl } from "../../src/tree/nodes";

describe("the builder: pipelines from values", () => {
  test("percent-encodes what must be encoded: | # ? % space and non-ASCII (UTF-8)", () => {
    const p = b.pipeline([b.s3({ bucket: "bucket", path: "a b|c#d?e%f\u00e9.zip" }), b.zip({ path: "x/" }), b.zarr3()]);
    expect(p.raw).toBe("s3://bucket/a%20b%7Cc%23d%3Fe%25f%C3%A9.zip|zip:x/|zarr3:");
    expect((p.subUrls[0] as BucketSubUrl).path.value).toBe("a b|c#d?e%f\u00e9.zip");
  });

  test("ZEP 8: a leading @ in an unversioned ocdbt or icechunk path is %40; v0: a leading // is /%2F", () => {
    const zep8 = b.pipeline([b.file({ path: "/d/" }), b.ocdbt({ path: "@x" }), b.icechunk({ path: "@y/" })], {
      dialect: "zep8",
    });
    expect(zep8.raw).toBe("file:///d/|ocdbt:%40x|icechunk:%40y/");
    expect((zep8.subUrls[1] as OcdbtSubUrl).path.value).toBe("@x");
    const v0 = b.pipeline([b.file({ path: "/d/" }), b.ocdbt({ path: "//x" })]);
    expect(v0.raw).toBe("file:///d/|ocdbt:/%2Fx");
    expect((v0.subUrls[1] as OcdbtSubUrl).version).toBeNull();
  });

  test("versions and references in each dialect's spelling", () => {
    const parts = [
      b.file({ path: "/d/" }),
      b.ocdbt({ version: { generation: 12n }, path: "p" }),
      b.icechunk({ ref: { tag: "v1" }, path: "n/" }),
      b.ocdbt({ version: { commitTime: new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 600)) } }),
    ] as const;
    // After a version, the "/" separator is always written, as normalize() writes it (D38).
    expect(b.pipeline([...parts]).raw).toBe(
      "file:///d/|ocdbt://v12/p|icechunk://tag.v1/n/|ocdbt://2025-01-02T03:04:05.6Z/",
    );
    expect(b.pipeline([...parts], { dialect: "zep8" }).raw).toBe(
      "file:///d/|ocdbt:@v12/p|icechunk:@tag.v1/n/|ocdbt:@2025-01-02T03:04:05.6Z/",
    );
  });

  test("the path after a version is the path the texts name, and it round-trips (D38)", () => {
    for (const dialect of ["url-pipeline-v0", "zep8"] as const) {
      for (const path of ["", "x", "/x", "a/b/", "@v1"]) {
        const o = b.pipeline([b.file({ path: "/d/" }), b.ocdbt({ version: { generation: 1n }, path })], { dialect });
        const i = b.pipeline([b.file({ path: "/d/" }), b.icechunk({ ref: { branch: "b" }, path })], { dialect });
        expect((o.subUrls[1] as OcdbtSubUrl).path.value).toBe(path);
        expect((i.subUrls[1] as IcechunkSubUrl).path.value).toBe(path);
        expect([normalize(o), normalize(i)]).toEqual([o.raw, i.raw]);
      }
    }
  });

  test("JSON pointers from their tokens (RFC 6901 escapes, then percent-encoding)", () => {
    const p = b.pipeline([b.file({ path: "/f.json" }), b.json({ tokens: ["a/b", "c~d", "", "\u00e9"] })]);
    expect(p.raw).toBe("file:///f.json|json:/a~1b/c~0d//%C3%A9");
    expect((p.subUrls[1] as JsonSubUrl).pointer.tokens).toEqual(["a/b", "c~d", "", "\u00e9"]);
  });

  test("every root and adapter", () => {
    const roots = [
      b.file({ path: "/a", host: "server" }),
      b.http({ host: "h", port: 8080, path: "p", query: "a=1 2" }),
      b.https({ host: "h" }),
      b.s3Http({ host: "h", path: "bucket/k" }),
      b.s3Https({ host: "h" }),
      b.gs({ bucket: "bkt" }),
      b.memory({ path: "a/b" }),
    ];
    expect(roots.map((r) => b.pipeline([r]).raw)).toEqual([
      "file://server/a",
      "http://h:8080/p?a=1%202",
      "https://h",
      "s3+http://h/bucket/k",
      "s3+https://h",
      "gs://bkt",
      "memory://a/b",
    ]);
    const adapters = [
      b.zip(),
      b.zarr(),
      b.zarr2(),
      b.n5(),
      b.hdf5(),
      b.gzip(),
      b.zstd(),
      b.avif(),
      b.bmp(),
      b.jpeg(),
      b.png(),
      b.tiff(),
      b.webp(),
      b.neuroglancerPrecomputed(),
      b.byteRange({ start: 0, end: 10n }),
    ];
    expect(adapters.map((a) => b.pipeline([b.file({ path: "/f" }), a]).subUrls[1]!.scheme)).toEqual([
      "zip",
      "zarr",
      "zarr2",
      "n5",
      "hdf5",
      "gzip",
      "zstd",
      "avif",
      "bmp",
      "jpeg",
      "png",
      "tiff",
      "webp",
      "neuroglancer-precomputed",
      "byte-range",
    ]);
  });

  test.each(["url-pipeline-v0", "zep8"] as const)(
    "%s: adapter() builds every path and bodiless adapter of the registry",
    (dialect) => {
      const schemes = DIALECTS[dialect].meta.schemes.filter((s) => s.shape === "path" || s.shape === "bodiless");
      expect(schemes.length).toBeGreaterThan(10);
      for (const { scheme, shape } of schemes) {
        const a =
          shape === "path" ? b.adapter(scheme as PathScheme, { path: "a b/" }) : b.adapter(scheme as BodilessScheme);
        // A base of either kind: "file:///d" may be a file or a directory (D28).
        const p = b.pipeline([b.file({ path: "/d" }), a], { dialect });
        expect([p.subUrls[1]!.scheme, p.raw]).toEqual([
          scheme,
          `file:///d|${scheme}:${shape === "path" ? "a%20b/" : ""}`,
        ]);
      }
      expect(b.adapter("zip", { path: "/x" }).text(dialect)).toBe(b.zip({ path: "/x" }).text(dialect));
      expect(() => b.adapter("ocdbt" as PathScheme)).toThrow(
        /^build\.adapter\(\) takes the scheme of a path or bodiless adapter \(zip, .*\), not "ocdbt"$/,
      );
      expect(() => (b.adapter as (s: string, p: object) => unknown)("gzip", { path: "x" })).toThrow(TypeError);
    },
  );

  test("impossible values are errors, not wrong pipelines", () => {
    expect(() => b.pipeline([b.s3({ bucket: "x" })])).toThrow(UrlPipelineSyntaxError);
    expect(() => b.pipeline([b.file({ path: "/f" }), b.byteRange({ start: 5, end: 1 })])).toThrow(
      UrlPipelineSyntaxError,
    );
    expect(() => b.file({ path: "relative" })).toThrow(TypeError);
    expect(() => b.pipeline([b.zip()])).toThrow("starts with a root");
    expect(() => b.pipeline([b.file({ path: "/f" }), b.file({ path: "/g" })])).toThrow("sub-URL 2 is a root");
    expect(() => b.pipeline([b.file({ path: "/a\ud800" })])).toThrow("lone surrogate");
  });

  test("every builder takes one object of named parts and checks it: a TypeError naming the builder and the part", () => {
    expect(() => b.file("/a" as never)).toThrow('build.file() takes an object of named parts, not "/a"');
    expect(() => b.file({ path: 42 } as never)).toThrow("build.file(): path must be a string, not 42");
    expect(() => b.s3({ bucket: 42 } as never)).toThrow("build.s3(): bucket must be a string, not 42");
    expect(() => b.s3({} as never)).toThrow("build.s3(): bucket must be a string, not undefined");
    expect(() => b.http({ host: "h", port: -1 })).toThrow("build.http(): port must be a non-negative integer, not -1");
    expect(() => b.s3Https({ host: "h", query: "x" } as never)).toThrow("build.s3Https(): s3+https: has no query");
    expect(() => b.zip("a" as never)).toThrow('build.zip() takes an object of named parts, not "a"');
    expect(() => (b.gzip as (x: unknown) => unknown)("x")).toThrow("build.gzip() takes no parts: gzip: has no body");
    expect(() => b.json({ tokens: "a" } as never)).toThrow('build.json(): tokens must be an array of strings, not "a"');
    expect(() => b.json({ tokens: ["a", 1] } as never)).toThrow("build.json(): tokens[1] must be a string, not 1");
    expect(() => b.byteRange({ start: 1.5, end: 2 })).toThrow(
      "build.byteRange(): start must be a non-negative integer",
    );
    expect(() => b.byteRange({ start: 0, end: -1n })).toThrow("build.byteRange(): end must be a non-negative integer");
    expect(() => b.ocdbt({ version: { generation: 1 } } as never)).toThrow("build.ocdbt(): version must be");
    expect(() => b.ocdbt({ version: { commitTime: new Date(NaN) } })).toThrow("(a valid Date)");
    expect(() => b.icechunk({ ref: { name: "x" } } as never)).toThrow(
      "build.icechunk(): ref must be { branch }, { tag } or { snapshot }",
    );
    expect(() => b.icechunk({ ref: { branch: "a\udc00" } })).toThrow(
      "build.icechunk(): ref.branch has a lone surrogate (U+DC00) at index 1",
    );
    expect(() => b.memory({ path: "\ud83d" })).toThrow("build.memory(): path has a lone surrogate (U+D83D) at index 0");
  });

  test("build.pipeline checks its list and its options, and passes the limits to parse", () => {
    expect(() => b.pipeline(undefined as never)).toThrow("build.pipeline() takes an array of sub-URLs, not undefined");
    expect(() => b.pipeline([] as never)).toThrow("build.pipeline() needs at least one sub-URL: the root");
    expect(() => b.pipeline([{ role: "root", text: () => "file:///a" }] as never)).toThrow(
      "sub-URL 1 is not made by a build function",
    );
    expect(() => b.pipeline([b.file({ path: "/a" })], "zep8" as never)).toThrow(
      'build.pipeline(): options must be an object, not "zep8"',
    );
    expect(() => b.pipeline([b.file({ path: "/a" })], { rule: "URI" } as never)).toThrow("it takes no options.rule");
    const many = [b.file({ path: "/a.gz" }), b.gzip(), b.gzip(), b.gzip()] as const;
    expect(() => b.pipeline([...many], { maxSubUrls: 3 })).toThrow(expect.objectContaining({ kind: "limit" }));
    expect(b.pipeline([...many], { maxSubUrls: 4 }).subUrls).toHaveLength(4);
    expect(() => b.pipeline([b.file({ path: "/aaaa" })], { maxLength: 5 })).toThrow(
      expect.objectContaining({ kind: "limit" }),
    );
  });

  test("an adapter path that starts with // keeps its second / encoded (path-absolute has no empty first segment)", () => {
    expect(b.pipeline([b.file({ path: "/f" }), b.zarr3({ path: "//x" })]).raw).toBe("file:///f|zarr3:/%2Fx");
  });

  test("a ZIP entry's leading / is data: zip:/a is the entry a (D36), so the entry /a is written %2Fa", () => {
    expect(b.pipeline([b.file({ path: "/f" }), b.zip({ path: "/a" })]).raw).toBe("file:///f|zip:%2Fa");
    expect(b.pipeline([b.file({ path: "/f" }), b.zip({ path: "//x" })]).raw).toBe("file:///f|zip:%2F/x");
    expect(b.pipeline([b.file({ path: "/f" }), b.zip({ path: "a/b/" })]).raw).toBe("file:///f|zip:a/b/");
  });

  test("property: any path value round-trips through the builder, parse and format", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme-composite" }),
        fc.oneof(fc.string({ unit: "grapheme-composite" }), fc.stringMatching(/^[/@.]{0,4}[a-z]?$/)),
        (key, inner) => {
          const p = b.pipeline(
            [b.s3({ bucket: "bucket", path: key }), b.zip({ path: inner }), b.icechunk({ path: inner })],
            // The values' round trip: the kinds of these bases are not the point (an empty key is a directory, D62).
            { dialect: "zep8", kinds: false },
          );
          // The key is the path after the bucket's "/" (D37): any key round-trips, one that starts with "/" too.
          expect((p.subUrls[0] as BucketSubUrl).path.value).toBe(key);
          expect((p.subUrls[1] as PathAdapterSubUrl).path.value).toBe(inner);
          expect((p.subUrls[2] as IcechunkSubUrl).path.value).toBe(inner);
          expect(parse(format(p), { dialect: "zep8", kinds: false })).toEqual(p);
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe("OWN_BUILDERS: a builder for each scheme with fields of its own (the compiler asks for each row)", () => {
  test("each builder makes a sub-URL of its row's scheme", () => {
    const sample: { [S in keyof typeof OWN_BUILDERS]?: unknown } = {
      file: { path: "/a" },
      http: { host: "h", path: "/a" },
      https: { host: "h", path: "/a" },
      "s3+http": { host: "h", path: "/a" },
      "s3+https": { host: "h", path: "/a" },
      s3: { bucket: "bucket" },
      gs: { bucket: "bucket" },
      memory: { path: "a" },
      ocdbt: {},
      icechunk: {},
      json: {},
      "byte-range": { start: 0, end: 1 },
    };
    for (const [scheme, builder] of Object.entries(OWN_BUILDERS)) {
      if (builder === null) continue;
      const sub = (builder as (p: unknown) => Parameters<typeof b.pipeline>[0][0])(sample[scheme as "file"]);
      const root =
        scheme === "file" ||
        scheme.startsWith("http") ||
        scheme.startsWith("s3") ||
        scheme === "gs" ||
        scheme === "memory";
      const p = b.pipeline(root ? [sub] : [b.file({ path: "/x" }), sub]);
      expect([scheme, p.subUrls.at(-1)!.scheme]).toEqual([scheme, scheme]);
    }
  });
});

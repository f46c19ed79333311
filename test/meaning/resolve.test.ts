/**
 * Relative URL pipelines and the `..` adapter (src/meaning/resolve.ts):
 * - RFC 3986 5.4.1 and 5.4.2 at the sub-URL level: the RFC's base as a one-sub-URL pipeline, and the same examples
 *   applied to the path of each kind of sub-URL that has one; references the zep8 grammar cannot write are in
 *   SKIPPED, each with its reason;
 * - every ZEP 8 relative resolution and normalization (test/fixtures/resolve/zep8-resolution.json), with our result
 *   beside the draft's where they differ;
 * - the `..` adapter, its errors and limits; url-pipeline v0; errors and options;
 * - properties (fast-check, fixed seeds).
 */
import fc from "fast-check";
import fs from "node:fs";
import path from "node:path";
import { UrlPipelineSyntaxError } from "../../src/errors";
import { format } from "../../src/meaning/format";
import {
  hasPathComponent,
  pathComponentOf,
  referencedPath,
  resolve,
  resolvePipeline,
  resolveDotDot,
  resolveDotDotPipeline,
  resolvePath,
  type ResolveOptions,
} from "../../src/meaning/resolve";
import type { ResolveErrorCode } from "../../src/codes";
import { validate } from "../../src/api";
import { parse } from "../../src/parse";
import { ResolveError, transformReference } from "../../src/meaning/rfc3986-resolve";
import type { BucketSubUrl, Pipeline, RelativePipeline } from "../../src/tree/nodes";
import rfc from "../fixtures/rfc3986/rfc3986-examples.json";
import rootlessAdapter from "../fixtures/resolve/rfc3986-5.4-rootless-adapter.json";
import zep8Resolution from "../fixtures/resolve/zep8-resolution.json";

const zep8 = { dialect: "zep8" } as const;
const rel = { dialect: "zep8", rule: "relative-url-pipeline" } as const;

/** The error `fn` throws, which must be a ResolveError with `code`. */
function resolveError(fn: () => unknown, code: ResolveErrorCode): ResolveError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ResolveError);
    expect((e as ResolveError).code).toBe(code);
    return e as ResolveError;
  }
  throw new Error(`expected a ResolveError "${code}", but nothing was thrown`);
}

// ---- RFC 3986 5.4 at the sub-URL level ----

const RFC_EXAMPLES = [...rfc.resolution.normal_5_4_1, ...rfc.resolution.abnormal_5_4_2];

/**
 * The RFC 3986 5.4 references a ZEP 8 relative pipeline cannot write, and why. Each is checked to be refused by the
 * zep8 rule relative-url-pipeline; resolveUriReference (test/meaning/rfc3986-resolve.test.ts) resolves them all.
 */
const SKIPPED: Record<string, string> = {
  "g:h":
    "a scheme: as a relative path the first segment may not contain ':' (ZEP 8: write ./g:h, tested below), and as " +
    "an absolute pipeline g is no ZEP 8 scheme",
  "http:g":
    "a scheme: as a relative path the first segment may not contain ':', and as an absolute pipeline http: needs " +
    "'//' and a host",
  "//g":
    "a network-path reference (RFC 3986 4.2): ZEP 8 has absolute_path and relative_path only, and path-absolute " +
    "cannot begin with '//' (an authority is changed by an absolute pipeline instead)",
  "?y": "a query: the zep8 relative grammar takes none (decision D20)",
  "g?y": "a query (decision D20)",
  "g?y/./x": "a query (decision D20)",
  "g?y/../x": "a query (decision D20)",
  "#s": "a fragment: no fragments anywhere (decision D18: v0 'Fragment syntax (#fragment) is not currently supported')",
  "g#s": "a fragment (decision D18)",
  "g?y#s": "a query and a fragment (decisions D20, D18)",
  "g;x?y#s": "a query and a fragment (decisions D20, D18)",
  "g#s/./x": "a fragment (decision D18)",
  "g#s/../x": "a fragment (decision D18)",
};

const HTTP_PREFIX = "http://a";

/**
 * The sub-URLs whose path component the 5.4 examples are applied to, each written with the RFC's path /b/c/d;p.
 * With a rooted, non-empty base path, 5.2.2 and 5.2.3 give the same path with or without an authority, so the
 * expected target is `prefix` + the RFC's expected path; these have no query, so the empty reference keeps none.
 */
/**
 * `clamps`: whether a host or bucket comes first, below which RFC 3986 5.2.4 drops a ".." that climbs above the root
 * whatever the option; elsewhere (no authority, or an ocdbt or icechunk version) resolve() refuses it (D26, D59).
 */
const LEVELS: { what: string; prefix: string; clamps: boolean }[] = [
  { what: "s3: (the path after the bucket)", prefix: "s3://bucket", clamps: true },
  { what: "gs:", prefix: "gs://bucket", clamps: true },
  { what: "s3+https: (the path includes the bucket)", prefix: "s3+https://endpoint", clamps: true },
  { what: "https: with a port, no query", prefix: "https://example.com:8080", clamps: true },
  { what: "file:/ (no authority)", prefix: "file:", clamps: false },
  { what: "file:/// (empty authority)", prefix: "file://", clamps: true },
  { what: "file://host", prefix: "file://host", clamps: true },
  { what: "zip: after s3 (an adapter path, rooted)", prefix: "s3://bucket/x.zip|zip:", clamps: false },
  { what: "zarr3: after zip:", prefix: "s3://bucket/x.zip|zip:d/|zarr3:", clamps: false },
  { what: "n5:", prefix: "file:///data/|n5:", clamps: false },
  { what: "ocdbt:@v1 (the version is kept)", prefix: "file:///db/|ocdbt:@v1", clamps: false },
  { what: "ocdbt:@commit-time", prefix: "file:///db/|ocdbt:@2025-01-01T01:23:45.678Z", clamps: false },
  { what: "icechunk:@branch.main (the ref is kept)", prefix: "file:///repo/|icechunk:@branch.main", clamps: false },
  { what: "icechunk:@snapshot", prefix: "file:///repo/|icechunk:@4N0217AZA4VNPYD0HR0G", clamps: false },
];

/**
 * RFC 3986 5.4.2's references with "more '..' segments ... than there are hierarchical levels in the base URI's
 * path" /b/c/d;p (two directories above d;p), and the absolute path /../g, which climbs from the root. The RFC drops
 * the extra segments; below no authority resolve() refuses them unless told to clamp (aboveRoot, ZEP 8 `..`).
 */
const CLIMBING = new Set(["../../../g", "../../../../g", "/../g"]);

const expressible = RFC_EXAMPLES.filter((e) => !(e.ref in SKIPPED));

describe("RFC 3986 5.4: the skip list", () => {
  test("every example is tested or skipped, once", () => {
    expect(RFC_EXAMPLES).toHaveLength(42);
    expect(expressible.length + Object.keys(SKIPPED).length).toBe(42);
    for (const ref of Object.keys(SKIPPED)) expect(RFC_EXAMPLES.some((e) => e.ref === ref)).toBe(true);
  });
  test.each(Object.entries(SKIPPED))("%s is not a zep8 relative pipeline: %s", (ref) => {
    expect(validate(ref, rel).valid).toBe(false);
  });
});

describe("RFC 3986 5.4 at the sub-URL level: base http://a/b/c/d;p?q (one sub-URL)", () => {
  // The RFC's targets, but with the base's query kept: RFC 3986 5.2.2 drops it for a reference with a path; ZEP 8
  // leaves query propagation open, and TensorStore and Neuroglancer keep it, as resolve() does (D26).
  const keepingQuery = expressible.map(({ ref, expected }) => ({
    ref,
    expected: expected.endsWith("?q") ? expected : `${expected}?q`,
  }));
  test.each(keepingQuery)("$ref -> $expected", ({ ref, expected }) => {
    expect(resolve(rfc.resolution.base, ref, zep8)).toBe(expected);
  });
  test("the base's query is kept, as TensorStore and Neuroglancer keep it (https://h/p?a=b + x/y)", () => {
    expect(resolve("https://h/p?a=b", "x/y", zep8)).toBe("https://h/x/y?a=b");
    expect(resolve("https://h/p?a=b|zip:", "x", zep8)).toBe("https://h/p?a=b|zip:x");
  });
  test("./g:h is how ZEP 8 writes the RFC's g:h as a path", () => {
    expect(resolve(rfc.resolution.base, "./g:h", zep8)).toBe("http://a/b/c/g:h?q");
    expect(() => resolve(rfc.resolution.base, "g:h", zep8)).toThrow(UrlPipelineSyntaxError);
  });
});

describe.each(LEVELS)("RFC 3986 5.4 applied to the path of $what", ({ prefix, clamps }) => {
  const cases = expressible.map(({ ref, expected }) => {
    // The RFC's expected target is http://a + path [+ "?q" for the empty reference, which keeps the base's query].
    const path = expected.slice(HTTP_PREFIX.length).replace(/\?q$/, "");
    return { ref, expected: prefix + path };
  });
  test.each(cases)("$ref -> $expected", ({ ref, expected }) => {
    if (!clamps && CLIMBING.has(ref)) {
      // No host or bucket: the ".." that climbs above the root is an error, unless the caller opts in to the RFC's clamp.
      resolveError(() => resolve(`${prefix}/b/c/d;p`, ref, zep8), "above-root");
      expect(resolve(`${prefix}/b/c/d;p`, ref, { ...zep8, aboveRoot: "clamp" })).toBe(expected);
    } else {
      expect(resolve(`${prefix}/b/c/d;p`, ref, zep8)).toBe(expected);
    }
  });
});

describe(`RFC 3986 5.4 applied to a rootless adapter path: ${rootlessAdapter.base}`, () => {
  test("the fixture has every expressible example", () => {
    expect(rootlessAdapter.cases.map((c) => c.ref).sort()).toEqual(expressible.map((e) => e.ref).sort());
  });
  test("each 'rfc' value is RFC 3986 5.2 run over the rootless path itself, and differs from ours only by its leading '/'", () => {
    const differing = rootlessAdapter.cases.filter((c): c is typeof c & { rfc: string } => "rfc" in c);
    expect(differing.map((c) => c.ref).sort()).toEqual([
      "../..",
      "../../",
      "../../../../g",
      "../../../g",
      "../../g",
      "/../g",
      "/./g",
      "/g",
    ]);
    for (const c of differing) {
      const t = transformReference(
        { scheme: "zip", authority: undefined, path: "b/c/d;p", query: undefined, fragment: undefined },
        { scheme: undefined, authority: undefined, path: c.ref, query: undefined, fragment: undefined },
      );
      expect(`s3://bucket/x.zip|zip:${t.path}`).toBe(c.rfc);
      expect(c.rfc.replace("|zip:/", "|zip:")).toBe(c.expected);
    }
  });
  test.each(rootlessAdapter.cases)("$ref -> $expected", ({ ref, expected }) => {
    if (CLIMBING.has(ref)) {
      resolveError(() => resolve(rootlessAdapter.base, ref, zep8), "above-root");
      expect(resolve(rootlessAdapter.base, ref, { ...zep8, aboveRoot: "clamp" })).toBe(expected);
    } else {
      expect(resolve(rootlessAdapter.base, ref, zep8)).toBe(expected);
    }
  });
});

// ---- ZEP 8's examples ----

describe("ZEP 8 relative resolution examples", () => {
  test("all five, two of them DEFECT in the draft", () => {
    expect(zep8Resolution.relative).toHaveLength(5);
    expect(zep8Resolution.relative.filter((e) => e.note.startsWith("DEFECT"))).toHaveLength(2);
  });
  test.each(zep8Resolution.relative)("$base + $relative -> $ours$ours_error", (e) => {
    const options: ResolveOptions = { dialect: "zep8" };
    if (e.ours_error !== undefined) {
      // The default refuses what RFC 3986 5.2.4 would drop silently; the caller may opt in to the RFC's clamp.
      resolveError(() => resolve(e.base, e.relative, options), e.ours_error as ResolveErrorCode);
      expect(resolve(e.base, e.relative, { ...options, aboveRoot: "clamp" })).toBe(e.ours_clamped);
    } else {
      expect(resolve(e.base, e.relative, options)).toBe(e.ours);
    }
    if ("why_ours_differs" in e) {
      // Ours follows the rule the ZEP states; the draft's value stays in the fixture, with the reason.
      expect(e.note.startsWith("DEFECT")).toBe(true);
      expect(e.ours ?? e.ours_clamped).not.toBe(e.resolved);
      expect(validate(e.resolved, zep8).valid).toBe(true);
    } else {
      expect(e.ours).toBe(e.resolved);
    }
  });
  test.each(zep8Resolution.relative.filter((e) => e.dotdot === "allow"))(
    '$relative has a .. adapter: refused with options.dotdot "forbid"',
    (e) => {
      resolveError(() => resolve(e.base, e.relative, { ...zep8, dotdot: "forbid" }), "dotdot-forbidden");
    },
  );
  test("the stated rule, step by step, for the first DEFECT: the path applies to zarr3:, the last sub-URL", () => {
    const r = resolvePipeline("s3://bucket/path/to/dataset.zip|zip:path/within/zip/|zarr3:", "../another/array/", {
      ...zep8,
      aboveRoot: "clamp",
    });
    expect(r.subUrls.map((s) => s.raw)).toEqual([
      "s3://bucket/path/to/dataset.zip",
      "zip:path/within/zip/",
      "zarr3:another/array/",
    ]);
  });
});

describe("docs/api.md's table of ZEP 8's relative examples says what resolve() answers", () => {
  const readme = fs.readFileSync(path.join(__dirname, "../../docs/api.md"), "utf8");
  const cell = (s: string) => s.trim().replace(/\\\|/g, "|");
  const rows = readme
    .split("\n")
    .filter((l) => /^ {2}\| `[a-z0-9]+:\/\//.test(l))
    .map((l) =>
      l
        .trim()
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map(cell),
    );
  test("one row per example, in the fixture's order", () => {
    expect(rows.map((r) => [r[0], r[1]])).toEqual(
      zep8Resolution.relative.map((e) => [`\`${e.base}\``, `\`${e.relative}\``]),
    );
  });
  test.each(rows.map((r, i) => [i, r] as const))("row %i", (i, [, , ours]) => {
    const e = zep8Resolution.relative[i]!;
    if (e.ours_error !== undefined) {
      expect(ours).toContain(`\`${e.ours_error}\``);
      expect(ours).toContain(`\`...|${e.ours_clamped!.split("|").slice(1).join("|")}\``);
    } else {
      expect(ours!.startsWith(`\`${resolve(e.base, e.relative, { dialect: "zep8", dotdot: "allow" })}\``)).toBe(true);
    }
  });
});

describe("ZEP 8 normalization example", () => {
  test.each(zep8Resolution.normalizes)("$input -> $ours (the draft: $output)", (e) => {
    expect(resolveDotDot(e.input, zep8)).toBe(e.ours);
    expect(e.ours).not.toBe(e.output);
    expect(`${e.ours.replace("|", "/|")}`).toBe(e.output); // the one difference: the "/" after hierarchy
  });
  test("resolve() of the same pipeline as an absolute reference gives the same", () => {
    const [e] = zep8Resolution.normalizes;
    expect(resolve("gs://bucket/unrelated", e!.input, zep8)).toBe(e!.ours);
  });
});

// ---- the path component, scheme by scheme ----

describe("the path component of each scheme", () => {
  test.each([
    ["s3, gs: the bucket is not in the path", "gs://bucket/path/to/", "/file.zip", "gs://bucket/file.zip"],
    [
      "s3, gs: an empty path merges as '/' + the path (RFC 3986 5.2.3)",
      "gs://bucket",
      "file.zip",
      "gs://bucket/file.zip",
    ],
    ["s3: '..' stops at the bucket", "s3://bucket/a/b", "../../../x", "s3://bucket/x"],
    ["s3+https: the bucket is in the path", "s3+https://endpoint/bucket/a/b", "/c", "s3+https://endpoint/c"],
    [
      "s3+https: '..' climbs out of the bucket",
      "s3+https://endpoint/bucket/a",
      "../other/b",
      "s3+https://endpoint/other/b",
    ],
    ["http: an empty path merges as '/' + the path", "http://a", "g", "http://a/g"],
    [
      "http: a path keeps the base's query (TensorStore, Neuroglancer; RFC 3986 5.2.2 would drop it: D26)",
      "https://example.com/a/b?x=1",
      "c",
      "https://example.com/a/c?x=1",
    ],
    ["http: the empty path keeps it", "https://example.com/a/b?x=1", "", "https://example.com/a/b?x=1"],
    ["http: the port is kept", "http://example.com:81/a/b", "/c", "http://example.com:81/c"],
    ["file: with a host", "file://host/share/a", "b", "file://host/share/b"],
    ["file:/ stays without authority", "file:/a/b", "../c", "file:/c"],
    ["zip: a bare adapter gets its ':' back", "s3://bucket/x.zip|zip", "a/b", "s3://bucket/x.zip|zip:a/b"],
    ["zip: rootless", "s3://bucket/x.zip|zip:a/b", "c", "s3://bucket/x.zip|zip:a/c"],
    ["zip: './' then a colon in the first segment", "s3://bucket/x.zip|zip:", "./a:b", "s3://bucket/x.zip|zip:a:b"],
    ["zarr3: the empty path", "file:///d/|zarr3:", "a/b/", "file:///d/|zarr3:a/b/"],
    ["ocdbt: the version is kept", "file:///db/|ocdbt:@v1/a/b", "/c", "file:///db/|ocdbt:@v1/c"],
    ["ocdbt: a version and no path merges as '/' + the path", "file:///db/|ocdbt:@v2", "c", "file:///db/|ocdbt:@v2/c"],
    ["ocdbt: no version", "file:///db/|ocdbt:a/b", "c", "file:///db/|ocdbt:a/c"],
    ["ocdbt: bare", "file:///db/|ocdbt", "c", "file:///db/|ocdbt:c"],
    [
      "ocdbt: a path starting with @ is written %40 (ZEP 8)",
      "file:///db/|ocdbt:x",
      "@v1/y",
      "file:///db/|ocdbt:%40v1/y",
    ],
    ["icechunk: the tag is kept", "file:///r/|icechunk:@tag.v5/a/b/", "../..", "file:///r/|icechunk:@tag.v5/"],
    ["icechunk: no ref", "file:///r/|icechunk:", "a/b", "file:///r/|icechunk:a/b"],
    ["icechunk: a path starting with @ is written %40", "file:///r/|icechunk:", "@abc/", "file:///r/|icechunk:%40abc/"],
  ])("%s: %s + %s -> %s", (_what, base, ref, expected) => {
    const r = resolve(base, ref, zep8);
    expect(r).toBe(expected);
  });
  test.each([
    // ZEP 8: "`icechunk:path/to/node/` (equivalent to `icechunk:@branch.main/path/to/node/`)": the same path after
    // resolution too (D59).
    ["file:///r/|icechunk:path/to/node/", "file:///r/|icechunk:@branch.main/path/to/node/", "/c", "c"],
    ["file:///r/|icechunk:a/b", "file:///r/|icechunk:@branch.main/a/b", "../c", "c"],
    ["file:///r/|icechunk:a/b/", "file:///r/|icechunk:@branch.main/a/b/", "../c", "a/c"],
    ["file:///db/|ocdbt:a/b", "file:///db/|ocdbt:@v1/a/b", "/c/", "c/"],
  ])("%s and %s + %s: the path %s", (plain, versioned, ref, value) => {
    for (const base of [plain, versioned])
      expect(parse(resolve(base, ref, zep8), zep8).subUrls[1]).toMatchObject({ path: { value } });
  });
  test("a rootless path stays rootless, a rooted one rooted (D59)", () => {
    expect(resolve("file:///d/|zarr3:a/b", "../c", zep8)).toBe("file:///d/|zarr3:c");
    expect(resolve("file:///d/|zarr3:/a/b", "../c", zep8)).toBe("file:///d/|zarr3:/c");
    expect(resolve("file:///d/|zarr3:a/b", "/c", zep8)).toBe("file:///d/|zarr3:c");
    expect(resolveDotDot("file:///r/|ocdbt:d/e|zarr3:|..:../f", zep8)).toBe("file:///r/|ocdbt:f");
  });
  test("ocdbt:%40v1/y is the path @v1/y, not the version v1", () => {
    const r = resolvePipeline("file:///db/|ocdbt:x", "@v1/y", zep8);
    expect(r.subUrls[1]).toMatchObject({ version: null, path: { raw: "%40v1/y", value: "@v1/y" } });
  });
  test.each([
    ["gzip", "s3://bucket/x.gz|gzip"],
    ["zstd:", "s3://bucket/x.zst|zstd:"],
    ["tiff", "s3://bucket/x.tif|tiff"],
    ["png:", "s3://bucket/x.png|png:"],
    ["avif", "s3://bucket/x|avif"],
    ["bmp", "s3://bucket/x|bmp"],
    ["jpeg", "s3://bucket/x|jpeg"],
    ["webp", "s3://bucket/x|webp"],
    ["neuroglancer-precomputed", "gs://bucket/x/|neuroglancer-precomputed:"],
    ["byte-range", "gs://bucket/x|byte-range:1-2"],
    ["json (an RFC 6901 pointer, not a path)", "gs://bucket/x.json|json:/a/b"],
  ])("%s has no path component: a path is an error, the empty path is not", (_what, base) => {
    const e = resolveError(() => resolve(base, "c", zep8), "no-path");
    expect(e.subUrls.map((s) => s.raw)).toEqual([base.split("|")[1]]);
    resolveError(() => resolve(base, "/c", zep8), "no-path");
    resolveError(() => resolve(base, ".", zep8), "no-path");
    expect(resolve(base, "", zep8)).toBe(base);
    expect(resolve(base, "|zarr3:", zep8)).toBe(`${base}|zarr3:`);
  });
  test("pathComponentOf: memory: and vendor schemes (url-pipeline v0 only) have none", () => {
    expect(pathComponentOf(parse("memory:a/b").subUrls[0])).toBeNull();
    expect(pathComponentOf(parse("a.b://x/y").subUrls[0])).toBeNull();
    expect(pathComponentOf(parse("file:/x.h5|hdf5:a/b").subUrls[1]!)).toEqual({
      authority: false,
      path: "a/b",
      query: undefined,
    });
  });
  test("hasPathComponent: by scheme, whether pathComponentOf() gives one", () => {
    const yes = [
      "file",
      "http",
      "https",
      "s3",
      "gs",
      "s3+http",
      "s3+https",
      "ocdbt",
      "icechunk",
      "zip",
      "zarr3",
      "n5",
      "hdf5",
    ];
    const no = ["gzip", "png", "neuroglancer-precomputed", "json", "byte-range", "memory", "..", "a.b"];
    expect([...yes, ...no].filter(hasPathComponent)).toEqual(yes);
  });
  test("referencedPath: T.path for a path-only reference, '@' written %40 where it would read as a version", () => {
    const pc = (authority: boolean, p: string) => ({ authority, path: p, query: undefined });
    expect(referencedPath("gs", pc(true, "/a/b.zip"), "c/", "error")).toBe("/a/c/");
    expect(referencedPath("ocdbt", pc(false, "x"), "@v1/y", "error")).toBe("%40v1/y");
    expect(referencedPath("ocdbt", pc(true, "/x"), "@v1", "error")).toBe("/@v1");
    expect(referencedPath("zip", pc(false, "a"), "../b", "error")).toBeNull(); // above the root of a path with no authority
    expect(referencedPath("zip", pc(false, "a"), "../b", "clamp")).toBe("b");
    expect(referencedPath("s3", pc(true, "/a"), "../b", "error")).toBe("/b"); // RFC 3986 stops at the bucket
  });
  test("a relative path's first segment may not contain ':' (the zep8 grammar: path-noscheme)", () => {
    expect(validate("a:b", rel).valid).toBe(false);
    expect(validate("a:b|zip", rel).valid).toBe(false);
    expect(validate("./a:b", rel).valid).toBe(true);
    expect(validate("b/a:b", rel).valid).toBe(true);
    const e = (() => {
      try {
        resolve("gs://bucket/d/", "a:b", zep8);
      } catch (x) {
        return x as UrlPipelineSyntaxError;
      }
      throw new Error("no error");
    })();
    expect(e).toBeInstanceOf(UrlPipelineSyntaxError);
    expect(e.offset).toBe(1);
    expect(resolve("gs://bucket/d/", "./a:b", zep8)).toBe("gs://bucket/d/a:b");
  });
  test("'..' is the relative path, '..:' the adapter (decision D5)", () => {
    expect(resolve("gs://bucket/a/b/c", "..|zarr3:", zep8)).toBe("gs://bucket/a/|zarr3:");
    expect(resolve("gs://bucket/a/x.zip|zip:b", "..:|zarr3:", { ...zep8, dotdot: "allow" })).toBe(
      "gs://bucket/a/x.zip|zarr3:",
    );
  });
  test("a path applies to the last sub-URL only; the base's other sub-URLs are kept as written", () => {
    expect(resolve("HTTPS://Example.com/a.zip?sig=1|ZIP:x/y|zarr3", "z", zep8)).toBe(
      "HTTPS://Example.com/a.zip?sig=1|ZIP:x/y|zarr3:z",
    );
  });
});

describe('".." segments that climb above a root (options.aboveRoot, D26)', () => {
  test("below no authority, the default refuses them; the error names the sub-URL and says how to opt in", () => {
    const e = resolveError(() => resolve("s3://bucket/x.zip|zip:a", "../b", zep8), "above-root");
    expect(e.subUrls.map((s) => s.raw)).toEqual(["zip:a"]);
    expect(e.message).toBe(
      'the path "../b" climbs above the root of "zip:a": its ".." segments leave the zip: path, ' +
        'and RFC 3986 5.2.4 would drop them silently (pass options.aboveRoot "clamp" to drop them)',
    );
    expect(resolve("s3://bucket/x.zip|zip:a", "../b", { ...zep8, aboveRoot: "clamp" })).toBe("s3://bucket/x.zip|zip:b");
  });
  test("reaching the root is no climb", () => {
    // A rootless path is resolved from its root and stays rootless (D59), where RFC 3986 5.2.4 rule C run over
    // "a/../c" itself would write "/c" (the 5.4 fixture's `rfc` values).
    expect(resolve("s3://bucket/x.zip|zip:a/b", "../c", zep8)).toBe("s3://bucket/x.zip|zip:c");
    expect(resolve("s3://bucket/x.zip|zip:a/b/c", "../..", zep8)).toBe("s3://bucket/x.zip|zip:");
    expect(resolve("file:/a/b", "../c", zep8)).toBe("file:/c");
    resolveError(() => resolve("file:/a/b", "../../c", zep8), "above-root");
  });
  test("a .. adapter's path is checked the same way, against the sub-URL before the one it discards", () => {
    const e = resolveError(() => resolveDotDot("s3://bucket/d/|zip:a/x.zip|zip:y|..:../../z", zep8), "above-root");
    expect(e.subUrls.map((s) => s.raw)).toEqual(["zip:a/x.zip", "..:../../z", "zip:y"]);
    expect(resolveDotDot("s3://bucket/d/|zip:a/x.zip|zip:y|..:../../z", { ...zep8, aboveRoot: "clamp" })).toBe(
      "s3://bucket/d/|zip:z",
    );
  });
  test("below an authority, RFC 3986's clamp applies whatever the option (the root is the authority's)", () => {
    expect(resolve("s3://bucket/a/b", "../../../x", zep8)).toBe("s3://bucket/x");
    expect(resolve("https://h/a", "/../x", zep8)).toBe("https://h/x");
    expect(resolve("file:///a", "../../x", zep8)).toBe("file:///x");
  });
  test("an ocdbt or icechunk version is no authority: above its path's root is refused, as without a version (D59)", () => {
    resolveError(() => resolve("file:///db/|ocdbt:@v1/a", "../../x", zep8), "above-root");
    expect(resolve("file:///db/|ocdbt:@v1/a", "../../x", { ...zep8, aboveRoot: "clamp" })).toBe(
      "file:///db/|ocdbt:@v1/x",
    );
    // ZEP 8: `icechunk:` is "equivalent to `icechunk:@branch.main/`": the two refuse alike, and clamp alike.
    for (const base of ["file:///r/|icechunk:", "file:///r/|icechunk:@branch.main/"]) {
      resolveError(() => resolve(base, "..", zep8), "above-root");
      expect(parse(resolve(base, "../c", { ...zep8, aboveRoot: "clamp" }), zep8).subUrls[1]).toMatchObject({
        path: { value: "c" },
      });
    }
  });
  test('options.aboveRoot must be "error" or "clamp"', () => {
    expect(() => resolve("gs://bucket/a", "b", { ...zep8, aboveRoot: "ignore" as never })).toThrow(
      'options.aboveRoot must be "error" or "clamp", not "ignore"',
    );
  });
});

describe("a bare .. after \"|\" is ..: (ZEP 8: an adapter may omit the final ':')", () => {
  test("it parses as a .. adapter with an empty path and no colon, and format keeps it bare", () => {
    const p = parse("gs://bucket/a.zip|zip:b|..", zep8);
    expect(p.subUrls[2]).toMatchObject({ scheme: "..", raw: "..", colon: false, path: { raw: "" } });
    expect(format(p)).toBe("gs://bucket/a.zip|zip:b|..");
  });
  test("it discards the adapter before it, as ..: does", () => {
    expect(resolveDotDot("gs://bucket/a.zip|zip:b|..", zep8)).toBe("gs://bucket/a.zip");
    expect(resolveDotDot("gs://bucket/a.zip|zip:b|..|zip:c", zep8)).toBe("gs://bucket/a.zip|zip:c");
  });
  test("at the start of a relative pipeline .. is still the relative path (D5)", () => {
    const r = parse("..|zarr3:", rel) as RelativePipeline;
    expect(r.type).toBe("relative-pipeline");
    expect(r.path?.raw).toBe("..");
    expect(r.subUrls.map((s) => s.scheme)).toEqual(["zarr3"]);
  });
});

describe("results that are not valid pipelines", () => {
  test("file:/a/b + /..//x/y: the path //x/y, written file://x/y, would read back as the host x", () => {
    resolveError(() => resolve("file:/a/b", "/..//x/y", zep8), "above-root"); // "/.." climbs from the root
    const e = resolveError(() => resolve("file:/a/b", "/..//x/y", { ...zep8, aboveRoot: "clamp" }), "invalid-result");
    expect(e.result).toBe("file://x/y");
    expect(e.subUrls.map((s) => s.raw)).toEqual(["file:/a/b"]);
  });
  test("zip: + /..//x: an adapter path cannot start with //", () => {
    const e = resolveError(
      () => resolve("s3://bucket/x.zip|zip:a", "/..//x", { ...zep8, aboveRoot: "clamp" }),
      "invalid-result",
    );
    expect(e.result).toBe("zip://x");
    expect(e.cause).toBeInstanceOf(UrlPipelineSyntaxError);
  });
  test("http: //x is a fine path after an authority", () => {
    expect(resolve("http://a/b", "/..//x", zep8)).toBe("http://a//x");
  });
  test("a result longer than options.maxLength", () => {
    const e = resolveError(
      () => resolve("gs://bucket/a/", "b".repeat(60), { ...zep8, maxLength: 64 }),
      "invalid-result",
    );
    expect(e.cause).toMatchObject({ kind: "limit" });
  });
  test("more sub-URLs than options.maxSubUrls", () => {
    const e = resolveError(
      () => resolve("gs://bucket/a|zip|zip", "|zip|zip", { ...zep8, maxSubUrls: 4 }),
      "invalid-result",
    );
    expect(e.cause).toMatchObject({ kind: "limit" });
  });
});

// ---- the .. adapter ----

describe("the .. adapter", () => {
  const allow = { dialect: "zep8", dotdot: "allow" } as const;
  test.each([
    [
      "discards the adapter before it; its path resolves against the sub-URL before that",
      "gs://bucket/a/x.zip|zip:b/c|..:y.zip|zip:d",
      "gs://bucket/a/y.zip|zip:d",
    ],
    [
      "an empty path: the sub-URL before the discarded adapter, unchanged",
      "gs://bucket/a/x.zip|zip:b|..:",
      "gs://bucket/a/x.zip",
    ],
    ["an absolute path", "gs://bucket/a/x.zip|zip:b|..:/c/y.zip", "gs://bucket/c/y.zip"],
    [
      "resolved in order: the second .. discards what the first left",
      "gs://bucket/a/x.zip|zip:b.zip|zip:c|..:|..:d",
      "gs://bucket/a/d",
    ],
    [
      "onto an adapter path",
      "gs://bucket/a.zip|zip:p/q.zip|zip:r|..:s.zip|zip:t",
      "gs://bucket/a.zip|zip:p/s.zip|zip:t",
    ],
    [
      "a .. after a .. that replaced an adapter",
      "gs://bucket/a.zip|zip:p/q.zip|zip:r|..:s.zip|zip:t|..:u",
      "gs://bucket/a.zip|zip:p/u",
    ],
    [
      "onto http: a path keeps the query (D26)",
      "https://h.example/a.zip?sig=1|zip:x|..:b.zip",
      "https://h.example/b.zip?sig=1",
    ],
    ["onto http: the empty path keeps it", "https://h.example/a.zip?sig=1|zip:x|..:", "https://h.example/a.zip?sig=1"],
    ["onto a pathless sub-URL with the empty path", "gs://bucket/x.gz|gzip|zip:a|..:", "gs://bucket/x.gz|gzip"],
    ["'..' in the path of a .. adapter", "gs://bucket/a/b/x.zip|zip:c|..:../../y", "gs://bucket/y"],
    ["a pipeline without .. is unchanged", "gs://bucket/a|zip:b|zarr3", "gs://bucket/a|zip:b|zarr3"],
  ])("%s: %s -> %s", (_what, input, expected) => {
    expect(resolveDotDot(input, allow)).toBe(expected);
    expect(resolveDotDot(input, zep8)).toBe(expected); // resolveDotDot's default is "allow"
  });
  test("no adapter left to discard: an error naming the .. and the root", () => {
    const e = resolveError(() => resolveDotDot("gs://bucket/x|..:y", zep8), "dotdot-at-root");
    expect(e.subUrls.map((s) => s.raw)).toEqual(["..:y", "gs://bucket/x"]);
    resolveError(() => resolveDotDot("gs://bucket/x|zip:a|..:|..:", zep8), "dotdot-at-root");
    resolveError(() => resolve("gs://bucket/x", "..:y", allow), "dotdot-at-root");
    resolveError(() => resolve("gs://bucket/x.zip|zip:a", "..:|..:", allow), "dotdot-at-root");
  });
  test("a path onto a sub-URL with no path component", () => {
    const e = resolveError(() => resolveDotDot("gs://bucket/x.gz|gzip|zip:a|..:b", zep8), "no-path");
    expect(e.subUrls.map((s) => s.raw)).toEqual(["gzip", "..:b", "zip:a"]);
    resolveError(() => resolveDotDot("gs://bucket/x.json|json:/a|zip:c|..:b", zep8), "no-path");
  });
  test("a reference's .. may discard the base's adapters, or its own", () => {
    expect(resolve("gs://bucket/a/x.zip|zip:b/|zarr3:", "..:c", allow)).toBe("gs://bucket/a/x.zip|zip:b/c");
    expect(resolve("gs://bucket/a/x.zip|zip:b/", "|zip:c.zip|zip:d|..:e", allow)).toBe(
      "gs://bucket/a/x.zip|zip:b/|zip:e",
    );
  });
  test("the base's .. are resolved first; the reference's path then applies to what the base names", () => {
    // Applied to the .. adapter's own path instead, ../../q would be clamped inside "a" (giving /x/q).
    expect(resolve("gs://bucket/x/y.zip|zip:z|..:a", "../../q", zep8)).toBe("gs://bucket/q");
  });
});

describe("options.dotdot (limits for untrusted references)", () => {
  const base = "gs://bucket/a/x.zip|zip:b/c.zip|zip:d|zarr3:";
  test('resolve(): "allow" by default; "forbid" refuses any', () => {
    expect(resolve(base, "..:e", zep8)).toBe("gs://bucket/a/x.zip|zip:b/c.zip|zip:e");
    const forbid = { ...zep8, dotdot: "forbid" as const };
    const e = resolveError(() => resolve(base, "..:e", forbid), "dotdot-forbidden");
    expect(e.subUrls.map((s) => s.raw)).toEqual(["..:e"]);
    expect(e.message).toContain("options.dotdot");
    // also a .. that only discards the reference's own adapter
    resolveError(() => resolve(base, "|zip:e|..:f", forbid), "dotdot-forbidden");
  });
  test('"allow"', () => {
    expect(resolve(base, "..:|..:|..:e", { ...zep8, dotdot: "allow" })).toBe("gs://bucket/a/e");
  });
  test("{ max: N } counts the reference's .. adapters", () => {
    expect(resolve(base, "..:e", { ...zep8, dotdot: { max: 1 } })).toBe("gs://bucket/a/x.zip|zip:b/c.zip|zip:e");
    const e = resolveError(() => resolve(base, "..:|..:e", { ...zep8, dotdot: { max: 1 } }), "dotdot-limit");
    expect(e.subUrls.map((s) => s.raw)).toEqual(["..:e"]);
    resolveError(() => resolve(base, "..:e", { ...zep8, dotdot: { max: 0 } }), "dotdot-limit");
    expect(resolve(base, "..:|..:|..:e", { ...zep8, dotdot: { max: Infinity } })).toBe("gs://bucket/a/e");
  });
  test("the base's own .. adapters are not limited", () => {
    expect(resolve("gs://bucket/a/x.zip|zip:b|..:c", "d", zep8)).toBe("gs://bucket/a/d");
  });
  test("a base whose .. cannot be resolved is an error, even when an absolute reference replaces it", () => {
    resolveError(() => resolve("gs://bucket/x|..:y", "gs://bucket/z", zep8), "dotdot-at-root");
  });
  test("an absolute reference's .. adapters are not limited: it names its own root", () => {
    expect(resolve(base, "gs://other-bucket/x.zip|zip:a|..:y", zep8)).toBe("gs://other-bucket/y");
  });
  test("resolveDotDot(): limits the pipeline's .. adapters", () => {
    const p = "gs://bucket/a/x.zip|zip:b|..:c|zip:d|..:e";
    resolveError(() => resolveDotDot(p, { ...zep8, dotdot: "forbid" }), "dotdot-forbidden");
    resolveError(() => resolveDotDot(p, { ...zep8, dotdot: { max: 1 } }), "dotdot-limit");
    expect(resolveDotDot(p, { ...zep8, dotdot: { max: 2 } })).toBe("gs://bucket/a/e");
  });
  test.each([["yes"], [null], [{}], [{ max: -1 }], [{ max: 1.5 }], [{ max: "1" }], [{ max: NaN }], [true]])(
    "options.dotdot %j: TypeError",
    (dotdot) => {
      expect(() => resolve(base, "d", { ...zep8, dotdot: dotdot as never })).toThrow(TypeError);
      expect(() => resolveDotDot(base, { ...zep8, dotdot: dotdot as never })).toThrow(TypeError);
    },
  );
});

// ---- url-pipeline v0, arguments, trees ----

describe("url-pipeline v0 (the default dialect) has no relative pipelines", () => {
  test("an absolute reference replaces the base", () => {
    expect(resolve("s3://bucket/a", "memory:x|zip:y")).toBe("memory:x|zip:y");
    expect(resolvePipeline("s3://bucket/a", "memory:x").dialect).toBe("url-pipeline-v0");
  });
  test.each(["b", "", "/b", "../b", "./a:b", "|zip:a", "..:b"])("%j: an error naming the zep8 dialect", (ref) => {
    const e = resolveError(() => resolve("s3://bucket/a", ref), "relative-unsupported");
    expect(e.message).toContain('"zep8"');
    expect(e.message).toContain("Relative URL pipelines are not currently supported");
    // For the program and for the command line.
    expect(e.message).toMatch(/\(options\.dialect: "zep8"; --dialect zep8 on the command line\)$/);
  });
  test("an invalid absolute pipeline is a syntax error", () => {
    expect(() => resolve("s3://bucket/a", "s3://bucket/b|zipp:")).toThrow(UrlPipelineSyntaxError);
    expect(() => resolve("s3://bucket/a", "a:b")).toThrow(UrlPipelineSyntaxError);
  });
  test("a relative tree in v0", () => {
    const t = { ...(parse("b|zip", rel) as RelativePipeline), dialect: "url-pipeline-v0" as const };
    resolveError(() => resolve("s3://bucket/a", t), "relative-unsupported");
  });
  test("resolveDotDot in v0: no .. adapters exist, the pipeline is returned as parsed", () => {
    expect(resolveDotDot("s3://bucket/a|zip:b")).toBe("s3://bucket/a|zip:b");
  });
});

describe("arguments", () => {
  test("trees are accepted; the dialect comes from them", () => {
    const base = parse("gs://bucket/a/b", zep8);
    const ref = parse("c|zip:d", rel) as RelativePipeline;
    const r = resolvePipeline(base, ref);
    expect(r).toEqual(parse("gs://bucket/a/c|zip:d", zep8));
    expect(resolve(base, "c|zip:d")).toBe(r.raw);
    expect(resolveDotDot(parse("gs://bucket/a/x.zip|zip:b|..:c", zep8))).toBe("gs://bucket/a/c");
  });
  test("a tree changed in code is used as it now reads", () => {
    const base = parse("gs://bucket/a/b", zep8);
    const root = base.subUrls[0] as BucketSubUrl;
    const changed: Pipeline = { ...base, subUrls: [{ ...root, path: { ...root.path, raw: "/x/y" } }] };
    expect(resolve(changed, "z")).toBe("gs://bucket/x/z");
  });
  test("trees of different dialects, or a dialect option that disagrees: TypeError", () => {
    expect(() => resolve(parse("s3://bucket/a"), parse("b", rel) as RelativePipeline)).toThrow(TypeError);
    expect(() => resolve(parse("s3://bucket/a"), "b", zep8)).toThrow(TypeError);
  });
  test("bad arguments and options: TypeError", () => {
    expect(() => resolve(1 as never, "b", zep8)).toThrow(TypeError);
    expect(() => resolve("gs://bucket/a", 2 as never, zep8)).toThrow(TypeError);
    expect(() => resolve(parse("b", rel) as never, "b", zep8)).toThrow(TypeError);
    expect(() => resolve("gs://bucket/a", "b", null as never)).toThrow(TypeError);
    expect(() => resolve("gs://bucket/a", "b", { dialect: "zep9" as never })).toThrow(TypeError);
    expect(() => resolve("gs://bucket/a", "b", { ...zep8, maxLength: -1 })).toThrow(TypeError);
    expect(() => resolveDotDot(5 as never)).toThrow(TypeError);
  });
  test("invalid strings: UrlPipelineSyntaxError from parse", () => {
    expect(() => resolve("gs://b/a", "c", zep8)).toThrow(UrlPipelineSyntaxError); // a too-short bucket
    expect(() => resolve("c/d", "c", zep8)).toThrow(UrlPipelineSyntaxError); // the base must be absolute
    expect(() => resolve("gs://bucket/a", "c?x", zep8)).toThrow(UrlPipelineSyntaxError); // no query (D20)
    expect(() => resolve("gs://bucket/a", "c|zip:a?x", zep8)).toThrow(UrlPipelineSyntaxError);
    // After "|" a bare ".." is "..:" (ZEP 8: an adapter may omit the final ':'): valid, but no adapter to discard.
    resolveError(() => resolveDotDot("gs://bucket/x|..", zep8), "dotdot-at-root");
    expect(() => resolveDotDot("gs://bucket/x|..x", zep8)).toThrow(UrlPipelineSyntaxError);
  });
});

// ---- properties ----

/** Valid-looking parts of ZEP 8 pipelines; whatever is invalid after assembly is filtered out with validate(). */
const segment = fc.constantFrom(
  "a",
  "b",
  "c;p",
  "x.zip",
  ".",
  "..",
  "",
  "g.",
  "..g",
  "a:b",
  "%40x",
  "@x",
  "d=1",
  "%2E%2E",
);
const segments = fc.array(segment, { maxLength: 4 });
const abempty = segments.map((s) => s.map((x) => `/${x}`).join(""));
const rootless = segments.map((s) => s.join("/"));
const anyPath = fc.oneof(abempty, rootless);
const rootArb = fc.oneof(
  abempty.map((p) => `s3://bucket${p}`),
  abempty.map((p) => `gs://bucket${p}`),
  fc.tuple(abempty, fc.constantFrom("", "?q", "?a=1&b")).map(([p, q]) => `https://example.com${p}${q}`),
  abempty.map((p) => `s3+http://endpoint:9000${p}`),
  abempty.map((p) => `file:${p || "/"}`),
  abempty.map((p) => `file://${p || "/"}`),
);
const adapterArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom("zip", "zarr", "zarr2", "zarr3", "n5"), fc.option(anyPath))
      .map(([s, p]) => (p === null ? s : `${s}:${p}`)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("", "@v1", "@2025-01-01T01:23:45.678Z"), anyPath)
      .map(([v, p]) => `ocdbt:${v}${v && p && !p.startsWith("/") ? "/" : ""}${p}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("", "@branch.main", "@tag.v5", "@4N0217AZA4VNPYD0HR0G"), anyPath)
      .map(([v, p]) => `icechunk:${v}${v && p && !p.startsWith("/") ? "/" : ""}${p}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "gzip",
      "zstd:",
      "tiff",
      "png:",
      "neuroglancer-precomputed",
      "byte-range:1-2",
      "json:/a/b",
      "json",
    ),
  },
  { weight: 2, arbitrary: anyPath.map((p) => `..:${p}`) },
);
// Valid by the grammar and the values: resolution reads the text; the kinds of what it names are the verdict's (D62).
const isValid = (s: string, options: object) => validate(s, { ...options, kinds: false } as never).valid;
const absoluteArb = fc
  .tuple(rootArb, fc.array(adapterArb, { maxLength: 4 }))
  .map(([r, a]) => [r, ...a].join("|"))
  .filter((s) => isValid(s, zep8));
const relativeArb = fc.oneof(
  fc
    .tuple(fc.oneof(fc.constant(""), rootless, abempty), fc.array(adapterArb, { maxLength: 3 }))
    .map(([p, a]) => [p, ...a].join("|")),
  fc.tuple(anyPath, fc.array(adapterArb, { maxLength: 3 })).map(([p, a]) => [`..:${p}`, ...a].join("|")),
);
const referenceArb = fc
  .oneof({ weight: 3, arbitrary: relativeArb }, { weight: 1, arbitrary: absoluteArb })
  .filter((s) => isValid(s, rel));

/** What a call gives: the pipeline's text, or the ResolveError's code (anything else fails the test). */
function outcome(fn: () => Pipeline): { raw: string } | { code: ResolveErrorCode } {
  try {
    return { raw: fn().raw };
  } catch (e) {
    if (e instanceof ResolveError) return { code: e.code };
    throw e;
  }
}

describe("properties (fast-check, fixed seeds)", () => {
  const allow = { dialect: "zep8", dotdot: "allow" } as const;
  test("the empty relative path gives back the base (its .. resolved)", () => {
    fc.assert(
      fc.property(absoluteArb, (b) => {
        const got = outcome(() => resolvePipeline(b, "", allow));
        expect(got).toEqual(outcome(() => resolveDotDotPipeline(b, zep8)));
        if (!b.split("|").some((s) => s.startsWith("..:")))
          expect(resolvePipeline(b, "", allow)).toEqual(parse(b, { ...zep8, kinds: false }));
      }),
      { seed: 8001, numRuns: 300 },
    );
  });
  test("an absolute reference gives itself back (its .. resolved), whatever the base", () => {
    fc.assert(
      fc.property(absoluteArb, absoluteArb, (b, a) => {
        const baseError = outcome(() => resolveDotDotPipeline(b, zep8));
        if ("code" in baseError) {
          expect(outcome(() => resolvePipeline(b, a, zep8))).toEqual(baseError);
          return;
        }
        expect(outcome(() => resolvePipeline(b, a, zep8))).toEqual(outcome(() => resolveDotDotPipeline(a, zep8)));
        if (!a.split("|").some((s) => s.startsWith("..:")))
          expect(resolvePipeline(b, a, zep8)).toEqual(parse(a, { ...zep8, kinds: false }));
      }),
      { seed: 8002, numRuns: 300 },
    );
  });
  test("every result is a real tree: it re-parses to itself, formats to its text, and has no .. adapter", () => {
    let resolved = 0;
    fc.assert(
      fc.property(absoluteArb, referenceArb, (b, r) => {
        let t: Pipeline;
        try {
          t = resolvePipeline(b, r, allow);
        } catch (e) {
          expect(e).toBeInstanceOf(ResolveError);
          return;
        }
        resolved++;
        expect(t.type).toBe("pipeline");
        expect(t.dialect).toBe("zep8");
        // Resolution reads the text; what it names may be of the wrong kind, which the verdict judges (D62).
        expect(parse(t.raw, { ...zep8, kinds: false })).toEqual(t);
        expect(format(t)).toBe(t.raw);
        expect(t.subUrls.some((s) => s.scheme === "..")).toBe(false);
      }),
      { seed: 8003, numRuns: 600 },
    );
    expect(resolved).toBeGreaterThan(300);
  });
  test("resolveDotDot is idempotent", () => {
    fc.assert(
      fc.property(absoluteArb, (p) => {
        let once: Pipeline;
        try {
          once = resolveDotDotPipeline(p, zep8);
        } catch (e) {
          expect(e).toBeInstanceOf(ResolveError);
          return;
        }
        expect(resolveDotDotPipeline(once, zep8)).toEqual(once);
      }),
      { seed: 8004, numRuns: 300 },
    );
  });
  test("resolvePath gives RFC 3986 5.2.2's T.path (transformReference), for bases with and without dot-segments", () => {
    const basePath = fc.oneof(abempty, rootless);
    const refPath = fc.oneof(rootless, abempty).filter((p) => p !== "");
    fc.assert(
      fc.property(fc.boolean(), basePath, refPath, (authority, path, ref) => {
        const t = transformReference(
          { scheme: "x", authority: authority ? "" : undefined, path, query: undefined, fragment: undefined },
          { scheme: undefined, authority: undefined, path: ref, query: undefined, fragment: undefined },
        );
        expect(resolvePath({ authority, path, query: undefined }, ref)).toBe(t.path);
      }),
      { seed: 8006, numRuns: 3000 },
    );
  });
  test("resolving in two steps: a path, then adapters, is the same as both at once", () => {
    fc.assert(
      fc.property(
        absoluteArb,
        fc.oneof(rootless, abempty),
        fc.array(
          adapterArb.filter((a) => !a.startsWith("..:")),
          { maxLength: 2 },
        ),
        (b, p, adapters) => {
          const both = [p, ...adapters].join("|");
          const later = ["", ...adapters].join("|");
          if (!isValid(both, rel) || !isValid(later, rel)) return;
          const once = outcome(() => resolvePipeline(b, both, allow));
          if (!("raw" in once)) return;
          expect(resolve(resolve(b, p, allow), later, allow)).toBe(once.raw);
        },
      ),
      { seed: 8005, numRuns: 300 },
    );
  });
});

describe("hostile input", () => {
  const junk = fc
    .array(fc.constantFrom(..."|:/%.@?#az09-".split(""), "..:", "zip:", "gs://bucket", "\u0000", "\ud800"), {
      maxLength: 25,
    })
    .map((a) => a.join(""));
  test("any strings: a tree, a ResolveError or a UrlPipelineSyntaxError, nothing else", () => {
    fc.assert(
      fc.property(
        fc.oneof(junk, absoluteArb),
        fc.oneof(junk, referenceArb),
        fc.constantFrom("zep8", "url-pipeline-v0"),
        (b, r, dialect) => {
          for (const call of [
            () => resolve(b, r, { dialect: dialect as never, dotdot: "allow" }),
            () => resolveDotDot(b, { dialect: dialect as never }),
          ]) {
            try {
              call();
            } catch (e) {
              expect(e instanceof ResolveError || e instanceof UrlPipelineSyntaxError).toBe(true);
            }
          }
        },
      ),
      { seed: 8007, numRuns: 500 },
    );
  });
  test("a thousand .. adapters against a 60,000-character path (an S3 key: a GCS object name has at most 1024 bytes, D64): linear in the input, not quadratic", () => {
    // Each ..:a discards zip:x and applies "a" to the long path. Resolving each against the whole path would cost
    // about 500 x 60,000 steps (seconds); resolvePath costs the reference's length.
    const base = `s3://bucket/${"a/".repeat(30_000)}`;
    const reference = "|zip:x|..:a".repeat(511); // 1023 sub-URLs: within the default maxSubUrls
    const r = resolve(base, reference, { dialect: "zep8", dotdot: "allow" });
    expect(r).toBe(`${base}a`);
    expect(resolveDotDot(`s3://bucket/${"a/".repeat(16_000)}${"|zip:x|..:a".repeat(500)}`, zep8)).toBe(
      `s3://bucket/${"a/".repeat(16_000)}a`,
    );
  });
});

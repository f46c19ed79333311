import { normalize } from "../../src/meaning/normalize";
import { DIALECTS } from "../../src/dialects";
import * as build from "../../src/meaning/build";
import { resolveDotDotPipeline } from "../../src/meaning/resolve";
import { removeDotSegments, ResolveError } from "../../src/meaning/rfc3986-resolve";
import { validate } from "../../src/api";
import { parse } from "../../src/parse";
import { UrlPipelineSyntaxError } from "../../src/errors";
import type {
  BucketSubUrl,
  DialectName,
  FileSubUrl,
  HttpSubUrl,
  IcechunkSubUrl,
  MemorySubUrl,
  OcdbtSubUrl,
  PathAdapterSubUrl,
  Pipeline,
  S3CompatibleSubUrl,
  RelativePipeline,
  SubUrl,
} from "../../src/tree/nodes";
import { CASES, validSamples } from "./helpers";

describe("normalize: one spelling per meaning", () => {
  test.each([
    // The example: schemes lower-case, file: in u3 form, adapters with their ":".
    ["FILE://localhost/tmp/a.zip|ZIP|zarr3", "file:///tmp/a.zip|zip:|zarr3:"],
    // RFC 8089: file:/p, file:///p and file://localhost/p are one file; a UNC host is kept, lower-cased.
    ["file:/p", "file:///p"],
    ["file://LOCALHOST/p", "file:///p"],
    ["file://Server/share/p", "file://server/share/p"],
    // RFC 3986 6.2.2.1/6.2.2.2: hex upper-case, unreserved decoded, reserved kept encoded.
    ["s3://bucket/a%7e%2fb%41%3a", "s3://bucket/a~%2FbA%3A"],
    // RFC 3986 6.2.2.3 in http(s) and file paths; 6.2.3: default port, empty path.
    ["https://Example.COM:443/a/./b/../c", "https://example.com/a/c"],
    ["http://h:80", "http://h/"],
    ["http://h:/x?q", "http://h/x?q"],
    ["http://h:8080/a/../../b", "http://h:8080/b"],
    ["file:///a/b/../../../c/.", "file:///c/"],
    // Object-store keys and paths inside archives keep "." and ".." (key characters), and a trailing "/".
    ["s3://bucket/a/../b/./c/", "s3://bucket/a/../b/./c/"],
    ["s3://bucket/x.zip|zip:a/../b", "s3://bucket/x.zip|zip:a/../b"],
    // Decoding %2E makes a dot segment, removed in file paths, kept in keys.
    ["file:///a/%2e%2E/b", "file:///b"],
    ["gs://bucket/a/%2E", "gs://bucket/a/."],
    // memory: the three spellings v0 calls equivalent, written as the one TensorStore also reads (D24).
    ["memory:a/b", "memory://a/b"],
    ["memory:/a/b", "memory://a/b"],
    ["memory://a/b", "memory://a/b"],
    ["memory:", "memory://"],
    ["memory:/", "memory://"],
    ["memory://", "memory://"],
    // icechunk: the default reference, written only where the path cannot be written without it.
    ["file:///r/|icechunk://branch.main/", "file:///r/|icechunk:"],
    ["file:///r/|icechunk://branch.main/a/b/", "file:///r/|icechunk:a/b/"],
    ["file:///r/|icechunk://branch.main", "file:///r/|icechunk:"],
    ["file:///r/|icechunk://branch.dev/a", "file:///r/|icechunk://branch.dev/a"],
    // The path /a, as icechunk:/a has it (D38); //a needs the reference: icechunk://a would start a version.
    ["file:///r/|icechunk://branch.main//a", "file:///r/|icechunk:/a"],
    ["file:///r/|icechunk:/a", "file:///r/|icechunk:/a"],
    ["file:///r/|icechunk://branch.main///a", "file:///r/|icechunk://branch.main///a"],
    ["file:///r/|icechunk://branch.main/@a", "file:///r/|icechunk:%40a"],
    // The empty key, written as TensorStore writes it (D37).
    ["s3://bucket", "s3://bucket/"],
    ["gs://bucket", "gs://bucket/"],
    ["s3://bucket/", "s3://bucket/"],
    ["s3://bucket//a", "s3://bucket//a"],
    // A node of a hierarchy: ZEP 8's "the Zarr v3 node at the path path/to/array/" is written zarr3:path/to/array (D60).
    ["file:///d/|zarr3:path/to/array/", "file:///d/|zarr3:path/to/array"],
    ["file:///d/|n5:a//", "file:///d/|n5:a"],
    ["file:///d/|zarr3:/", "file:///d/|zarr3:/"],
    ["file:///d/|zarr3:/a/", "file:///d/|zarr3:/a"],
    ["file:///d/a.h5|hdf5:/g/", "file:///d/a.h5|hdf5:/g"],
    ["s3://bucket/a.zip|zip:d/", "s3://bucket/a.zip|zip:d/"],
    // ocdbt commit times: the same instant; byte ranges: the same numbers.
    ["file:///d/|ocdbt://2025-01-01T01:23:45.100Z/x", "file:///d/|ocdbt://2025-01-01T01:23:45.1Z/x"],
    ["file:///d/|ocdbt://2025-01-01T01:23:45.000Z/", "file:///d/|ocdbt://2025-01-01T01:23:45Z/"],
    ["file:///f|byte-range:007-010", "file:///f|byte-range:7-10"],
    // JSON pointers: "~" starts an escape, so an encoded "~" stays encoded.
    ["file:///f.json|json:/a%7E0/%41", "file:///f.json|json:/a%7E0/A"],
    ["file:///f.json|JSON", "file:///f.json|json:"],
    // Vendor schemes: lower-cased; the body only percent-normalized.
    ["Acme.Store://Host/A%2f?Q=%7a", "acme.store://Host/A%2F?Q=z"],
  ])("%s -> %s", (input, canonical) => {
    expect(normalize(input)).toBe(canonical);
    expect(normalize(canonical)).toBe(canonical);
  });

  test("zep8: versions keep their ZEP 8 spelling; a relative pipeline is normalized as written", () => {
    expect(normalize("FILE:///r/|ICECHUNK:@branch.main/x", { dialect: "zep8" })).toBe("file:///r/|icechunk:x");
    // branch.main is dropped, and the path's "@" written %40 so that it does not read as a reference (D40).
    expect(normalize("file:///r/|icechunk:@branch.main/@x", { dialect: "zep8" })).toBe("file:///r/|icechunk:%40x");
    expect(normalize("a/%7e/b|ZIP", { dialect: "zep8" })).toBe("a/~/b|zip:");
  });

  test("zep8: .. adapters are resolved: ZEP 8's example normalizes exactly to what it says (D27, D39)", () => {
    expect(
      normalize("gs://bucket/path/to/outer.zip|zip:path/to/inner.zip|..:other/zarr/hierarchy|zarr3:path/to/array", {
        dialect: "zep8",
      }),
    ).toBe("gs://bucket/path/to/other/zarr/hierarchy/|zarr3:path/to/array");
    expect(() => normalize("gs://bucket/x|..:y", { dialect: "zep8" })).toThrow("no adapter");
  });

  test("an invalid input is an error", () => {
    expect(() => normalize("s3://bucket/a|")).toThrow("expected");
  });
});

/**
 * What a sub-URL means, read from its tree without normalize's code: decoded values, compared as normalize may. A
 * path that an adapter after it needs as a directory names that directory with or without its trailing "/" (D39);
 * a node of a hierarchy (the path of zarr3:, zarr2:, zarr:, n5:, hdf5:) is the same node with or without its
 * trailing "/"s (D60).
 */
function meaning(t: Pipeline | RelativePipeline): unknown[] {
  const dots = (s: string) => removeDotSegments(s);
  const directoryBases = new Set(
    DIALECTS[t.dialect].meta.schemes.filter((s) => s.role === "adapter" && s.base === "directory").map((s) => s.scheme),
  );
  const needsDirectory = (i: number) => t.subUrls[i + 1] !== undefined && directoryBases.has(t.subUrls[i + 1]!.scheme);
  const NODES = new Set(["zarr3", "zarr2", "zarr", "n5", "hdf5"]);
  let d = (path: string) => path;
  const sub = (x: SubUrl, i: number): unknown => {
    d = needsDirectory(i)
      ? (path: string) => path.replace(/\/$/, "")
      : NODES.has(x.scheme)
        ? (path: string) => path.replace(/([^/])\/+$/, "$1")
        : (path: string) => path;
    const o = x as unknown as Record<string, { value?: unknown; kind?: string } | null | string | boolean>;
    switch (x.scheme) {
      case "file": {
        const s = x as FileSubUrl;
        return [
          s.scheme,
          (s.host?.value.toLowerCase() ?? "localhost").replace(/^$/, "localhost"),
          d(dots(s.path.value)),
        ];
      }
      case "http":
      case "https": {
        const s = x as HttpSubUrl;
        return [
          s.scheme,
          s.host.value.toLowerCase(),
          s.port?.value ?? (s.scheme === "http" ? 80 : 443),
          d(dots(s.path.value) || "/"),
          s.query?.value ?? null,
        ];
      }
      case "s3+http":
      case "s3+https": {
        const s = x as S3CompatibleSubUrl;
        return [
          s.scheme,
          s.host.value.toLowerCase(),
          s.port?.value ?? (s.scheme === "s3+http" ? 80 : 443),
          d(s.path.value || "/"),
        ];
      }
      case "memory":
        return [x.scheme, d((x as MemorySubUrl).path.value)];
      case "icechunk": {
        const s = x as IcechunkSubUrl;
        const ref =
          s.ref === null
            ? "branch:main"
            : s.ref.kind === "snapshot"
              ? `snapshot:${s.ref.id}`
              : `${s.ref.kind}:${s.ref.name.value}`;
        return [s.scheme, ref, d(s.ref === null ? s.path.value : s.path.value.replace(/^\//, ""))];
      }
      case "ocdbt": {
        const s = x as OcdbtSubUrl;
        return [
          s.scheme,
          s.version && (s.version.kind === "generation" ? s.version.generation : s.version.time),
          d(s.path.value),
        ];
      }
      default:
        return [
          x.scheme,
          ...["path", "bucket", "body", "query", "pointer", "start", "end"].map((k) => {
            const v = (o[k] as { value?: unknown } | undefined)?.value ?? null;
            return k === "path" && typeof v === "string" ? d(v) : v;
          }),
          (o.host as { value?: string } | undefined)?.value?.toLowerCase() ?? null,
        ];
    }
  };
  const leading = t.type === "relative-pipeline" ? (t.path?.value ?? null) : null;
  const leadingIsDirectory = t.subUrls[0] !== undefined && directoryBases.has(t.subUrls[0].scheme);
  return [leading !== null && leadingIsDirectory ? leading.replace(/\/$/, "") : leading, ...t.subUrls.map(sub)];
}

describe("normalize: properties over pipelines derived from the ABNF", () => {
  test.each(CASES)("%s %s: idempotent, valid, and meaning the same", (dialect, rule) => {
    const parseAs = (s: string) =>
      parse(s, { dialect: dialect as DialectName, rule, kinds: false }) as unknown as Pipeline | RelativePipeline;
    for (const { input, tree: written } of validSamples(dialect, rule, 600, 7)) {
      // A ZEP 8 pipeline with .. adapters means what it names once they are resolved (or nothing, if they cannot be).
      let tree = written;
      if (written.type === "pipeline" && written.subUrls.some((s) => s.scheme === "..")) {
        try {
          tree = resolveDotDotPipeline(written);
        } catch (e) {
          if (!(e instanceof ResolveError)) throw e;
          expect(() => normalize(written)).toThrow(ResolveError);
          continue;
        }
      }
      const once = normalize(written);
      const again = parseAs(once);
      expect(normalize(again)).toBe(once);
      expect(validate(once, { dialect, rule, kinds: false } as never).valid).toBe(true);
      try {
        expect(meaning(again)).toEqual(meaning(tree));
      } catch (e) {
        throw new Error(`${input} -> ${once}: ${(e as Error).message}`);
      }
    }
  });
});

describe("ZIP entries (D36: APPNOTE 4.4.17.1, a stored path has no leading slash)", () => {
  test("zip:/a and zip:a name one entry: the same path value, one canonical form", () => {
    const withSlash = parse("s3://bucket/a.zip|zip:/path/to/file.txt");
    const without = parse("s3://bucket/a.zip|zip:path/to/file.txt");
    const entry = (p: typeof withSlash) => (p.subUrls[1] as PathAdapterSubUrl).path;
    expect(entry(withSlash).value).toBe("path/to/file.txt");
    expect(entry(without).value).toBe("path/to/file.txt");
    expect(entry(withSlash).raw).toBe("/path/to/file.txt"); // as written
    expect(normalize(withSlash)).toBe("s3://bucket/a.zip|zip:path/to/file.txt");
    expect(normalize(without)).toBe("s3://bucket/a.zip|zip:path/to/file.txt");
    expect(normalize("file:///a.zip|zip:/")).toBe("file:///a.zip|zip:");
  });

  test("an encoded %2F is data, not the leading slash", () => {
    const p = parse("file:///a.zip|zip:%2Fx");
    expect((p.subUrls[1] as PathAdapterSubUrl).path.value).toBe("/x");
    expect(normalize(p)).toBe("file:///a.zip|zip:%2Fx");
  });

  test("other path adapters keep their leading slash (their texts do not say otherwise)", () => {
    expect((parse("file:///d/|zarr3:/a").subUrls[1] as PathAdapterSubUrl).path.value).toBe("/a");
    expect(normalize("file:///d/|zarr3:/a")).toBe("file:///d/|zarr3:/a");
  });
});

describe('S3 and GCS object keys (D37: v0, "within the AWS S3 bucket named bucket, the path path/to/file")', () => {
  test("the key has no leading /; raw and span are as written", () => {
    const p = parse("s3://bucket/path/to/file|zip:x");
    const s3 = p.subUrls[0] as BucketSubUrl;
    expect(s3.path).toEqual({ raw: "/path/to/file", value: "path/to/file", span: { start: 11, end: 24 } });
    expect((parse("gs://bucket/a/b/").subUrls[0] as BucketSubUrl).path.value).toBe("a/b/");
    expect((parse("gs://bucket").subUrls[0] as BucketSubUrl).path.value).toBe("");
    expect((parse("gs://bucket/").subUrls[0] as BucketSubUrl).path.value).toBe("");
  });

  test("a key that starts with / is written with two, and the builder writes it so", () => {
    expect((parse("s3://bucket//a").subUrls[0] as BucketSubUrl).path.value).toBe("/a");
    expect(build.pipeline([build.s3({ bucket: "bucket", path: "/a" })]).raw).toBe("s3://bucket//a");
    expect(build.pipeline([build.s3({ bucket: "bucket", path: "a" })]).raw).toBe("s3://bucket/a");
    expect(normalize("s3://bucket//a")).toBe("s3://bucket//a");
  });
});

describe("the path after an OCDBT version or an Icechunk reference (D38)", () => {
  test("v0: ocdbt://2025-01-01T01:23:45.678Z/path/within/database refers to a file at path/within/database", () => {
    const p = parse("file:///tmp/dataset.ocdbt/|ocdbt://2025-01-01T01:23:45.678Z/path/within/database");
    const o = p.subUrls[1] as OcdbtSubUrl;
    expect(o.path.value).toBe("path/within/database");
    expect(o.path.raw).toBe("/path/within/database");
  });

  test("ZEP 8: the path component does not include the @version/ prefix", () => {
    const p = parse("file:///db/|ocdbt:@v1/x/y|icechunk:@tag.t/n/", { dialect: "zep8" });
    expect((p.subUrls[1] as OcdbtSubUrl).path.value).toBe("x/y");
    expect((p.subUrls[2] as IcechunkSubUrl).path.value).toBe("n/");
  });

  test("ocdbt:@v1 and ocdbt:@v1/ are one thing, written with the separator", () => {
    expect(normalize("file:///db/|ocdbt:@v1", { dialect: "zep8" })).toBe("file:///db/|ocdbt:@v1/");
    expect(normalize("file:///db/|ocdbt:@v1/", { dialect: "zep8" })).toBe("file:///db/|ocdbt:@v1/");
    expect(normalize("file:///db/|ocdbt://v1")).toBe("file:///db/|ocdbt://v1/");
    expect(normalize("file:///db/|icechunk://tag.a")).toBe("file:///db/|icechunk://tag.a/");
    expect(normalize("file:///db/|icechunk://branch.main/x")).toBe("file:///db/|icechunk:x");
  });
});

describe("a leading @ in a path without a version is written %40, in both dialects (D40)", () => {
  test("url-pipeline v0 refuses ocdbt:@v1/x; its %40 spelling is a path ZEP 8 readers read the same", () => {
    expect(() => parse("file:///db/|ocdbt:@v1/x|icechunk:@tag.a/")).toThrow(UrlPipelineSyntaxError);
    const p = parse("file:///db/|ocdbt:%40v1/x|icechunk:%40tag.a/");
    expect((p.subUrls[1] as OcdbtSubUrl).path.value).toBe("@v1/x");
    expect(normalize(p)).toBe("file:///db/|ocdbt:%40v1/x/|icechunk:%40tag.a/");
    // ... and zep8 reads that as the same paths, not as versions.
    const z = parse(normalize(p), { dialect: "zep8" });
    expect([(z.subUrls[1] as OcdbtSubUrl).version, (z.subUrls[1] as OcdbtSubUrl).path.value]).toEqual([null, "@v1/x/"]);
  });

  test("the builder writes %40 in both dialects", () => {
    for (const dialect of ["url-pipeline-v0", "zep8"] as const) {
      const p = build.pipeline(
        [build.file({ path: "/d/" }), build.ocdbt({ path: "@v1" }), build.icechunk({ path: "@x" })],
        { dialect },
      );
      expect(p.raw).toBe("file:///d/|ocdbt:%40v1|icechunk:%40x");
      expect((p.subUrls[1] as OcdbtSubUrl).path.value).toBe("@v1");
    }
  });
});

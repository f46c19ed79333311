/**
 * Conformance on meanings: every example whose meaning a sentence of the texts states, with the fields that sentence
 * names, written here by hand from the sentence (quoted beside each) and compared with the tree, `normalize()` and
 * `kind()`. The verdict tests (spec-examples, zep8-examples) check that the examples parse; these check that they
 * mean what the texts say.
 *
 * url-pipeline v0: its README's three "Refers to ..." sentences and "file:/path/to/local/file refers to a file or
 * directory on the local filesystem" (github.com/jbms/url-pipeline, commit 1a01ce6). ZEP 8 (2025-11): the
 * "Specifies:" lists and "Normalizes to:" of its Examples section, and the scheme sections' examples whose text says
 * what they refer to.
 */
import { kind, normalize, parse, toPath } from "../../src";
import type { DialectName, SubUrl } from "../../src/tree/nodes";

/** The fields a sentence can name, per scheme: decoded values, as the texts speak of them. */
function meaning(s: SubUrl): Record<string, unknown> {
  // biome-ignore lint/suspicious/noExplicitAny: the fields are read by name, per scheme, as the sentences name them
  const t = s as unknown as Record<string, any>;
  switch (s.scheme) {
    case "s3":
    case "gs":
      return { scheme: s.scheme, bucket: t.bucket.value, path: t.path.value };
    case "http":
    case "https":
      return {
        scheme: s.scheme,
        host: t.host.value,
        port: t.port?.value ?? null,
        path: t.path.value,
        query: t.query?.value ?? null,
      };
    case "s3+http":
    case "s3+https":
      return { scheme: s.scheme, host: t.host.value, port: t.port?.value ?? null, path: t.path.value };
    case "file":
      return { scheme: "file", host: t.host?.value ?? null, path: t.path.value };
    case "ocdbt":
      return { scheme: "ocdbt", version: t.version?.raw ?? null, path: t.path.value };
    case "icechunk":
      return { scheme: "icechunk", ref: t.effectiveRef, path: t.path.value };
    case "byte-range":
      return { scheme: "byte-range", start: t.start.value, end: t.end.value };
    default:
      return "path" in t ? { scheme: s.scheme, path: t.path.value } : { scheme: s.scheme };
  }
}

const V0: DialectName = "url-pipeline-v0";
const ZEP8: DialectName = "zep8";
const meanings = (input: string, dialect: DialectName) => parse(input, { dialect }).subUrls.map(meaning);

describe("url-pipeline v0 README: the 'Refers to' sentences", () => {
  test("s3://bucket/path/to/archive.zip|zip:path/within/zip.zarr/|zarr3:", () => {
    // "Refers to a Zarr v3 node at the directory named path/within/zip.zarr/ within a ZIP file at the path
    // path/to/archive.zip within the AWS S3 bucket named bucket."
    const input = "s3://bucket/path/to/archive.zip|zip:path/within/zip.zarr/|zarr3:";
    expect(meanings(input, V0)).toEqual([
      { scheme: "s3", bucket: "bucket", path: "path/to/archive.zip" },
      { scheme: "zip", path: "path/within/zip.zarr/" },
      { scheme: "zarr3", path: "" }, // the node at the directory itself
    ]);
    expect(kind(input)).toBe("array-or-array-group"); // "a Zarr v3 node": an array or a group
  });

  test("file:///tmp/dataset.ocdbt/|ocdbt://2025-01-01T01:23:45.678Z/path/within/database", () => {
    // "Refers to a file at path/within/database as of commit time 2025-01-01T01:23:45.678Z within an OCDBT database
    // stored at the local filesystem path of /tmp/dataset.ocdbt/."
    const input = "file:///tmp/dataset.ocdbt/|ocdbt://2025-01-01T01:23:45.678Z/path/within/database";
    const p = parse(input);
    expect(p.subUrls.map(meaning)).toEqual([
      { scheme: "file", host: null, path: "/tmp/dataset.ocdbt/" },
      { scheme: "ocdbt", version: "2025-01-01T01:23:45.678Z", path: "path/within/database" },
    ]);
    expect(p.subUrls[1]).toMatchObject({
      version: {
        kind: "commit-time",
        time: { year: 2025, month: 1, day: 1, hour: 1, minute: 23, second: 45, nanosecond: 678_000_000 },
      },
    });
    expect(toPath(`file:///tmp/dataset.ocdbt/`, { flavor: "posix" })).toBe("/tmp/dataset.ocdbt/");
    // "a file": ocdbt's result may be a file or a directory (no text gives it a directory rule), so a file it can be.
    expect(kind(input)).toBe("file-or-directory");
  });

  test("s3+https://example.com/path/to/database.icechunk/|icechunk://tag.v5/path/to/node/|zarr3:", () => {
    // "Refers to the Zarr v3 node at path/to/node/ in tag v5 in the Icechunk database at /path/to/database.icechunk
    // on the S3-compatible server https://example.com."
    const input = "s3+https://example.com/path/to/database.icechunk/|icechunk://tag.v5/path/to/node/|zarr3:";
    expect(meanings(input, V0)).toEqual([
      { scheme: "s3+https", host: "example.com", port: null, path: "/path/to/database.icechunk/" },
      { scheme: "icechunk", ref: { kind: "tag", name: "v5" }, path: "path/to/node/" },
      { scheme: "zarr3", path: "" },
    ]);
    expect(kind(input)).toBe("array-or-array-group");
  });

  test("memory:, memory:/ and memory:// name one location (the scheme table; D7)", () => {
    for (const path of ["", "a", "path/to/resource"]) {
      const spellings = [`memory:${path}`, `memory:/${path}`, `memory://${path}`];
      expect(new Set(spellings.map((s) => JSON.stringify(meanings(s, V0)))).size).toBe(1);
      expect(new Set(spellings.map((s) => normalize(s))).size).toBe(1);
    }
  });

  test("file:/path/to/local/file refers to a file or directory on the local filesystem", () => {
    expect(meanings("file:/path/to/local/file", V0)).toEqual([
      { scheme: "file", host: null, path: "/path/to/local/file" },
    ]);
    expect(kind("file:/path/to/local/file")).toBe("file-or-directory");
    expect(toPath("file:/path/to/local/file", { flavor: "posix" })).toBe("/path/to/local/file");
  });
});

describe("ZEP 8 (2025-11): Examples, 'Specifies:' and 'Normalizes to:'", () => {
  test("https://server.example.com:1234/path/to/array: 'Specifies a normal HTTPS URL'", () => {
    expect(meanings("https://server.example.com:1234/path/to/array", ZEP8)).toEqual([
      { scheme: "https", host: "server.example.com", port: 1234, path: "/path/to/array", query: null },
    ]);
    // A normal HTTPS URL: WHATWG URL reads the same host, port and path.
    const u = new URL("https://server.example.com:1234/path/to/array");
    expect([u.hostname, u.port, u.pathname]).toEqual(["server.example.com", "1234", "/path/to/array"]);
  });

  test("s3://bucket/path/to/file: 'within the AWS S3 bucket named bucket, the path path/to/file'", () => {
    expect(meanings("s3://bucket/path/to/file", ZEP8)).toEqual([
      { scheme: "s3", bucket: "bucket", path: "path/to/file" },
    ]);
  });

  test("gs://.../outer.zip|zip:path/to/inner.zip|zip:path/to/zarr/hierarchy|zarr3:path/to/array", () => {
    // "within the GCS bucket named bucket, within the ZIP file at the path path/to/outer.zip, within the ZIP file at
    // the path path/to/inner.zip, within the Zarr v3 hierarchy at the path path/to/zarr/hierarchy/, the Zarr v3 node
    // at the path path/to/array/."
    const input = "gs://bucket/path/to/outer.zip|zip:path/to/inner.zip|zip:path/to/zarr/hierarchy|zarr3:path/to/array";
    expect(meanings(input, ZEP8)).toEqual([
      { scheme: "gs", bucket: "bucket", path: "path/to/outer.zip" },
      { scheme: "zip", path: "path/to/inner.zip" },
      { scheme: "zip", path: "path/to/zarr/hierarchy" },
      { scheme: "zarr3", path: "path/to/array" },
    ]);
    // The list writes directories with a "/" that the URL does not have; the canonical form writes the one before
    // zarr3: (D39), and the path of zarr3: names a node ("/" or not, the same node).
    const canonical = meanings(normalize(input, { dialect: ZEP8 }), ZEP8);
    expect(canonical[2]).toEqual({ scheme: "zip", path: "path/to/zarr/hierarchy/" });
    expect(kind(input, { dialect: ZEP8 })).toBe("dataset");
  });

  test("the '..' example 'Normalizes to' gs://bucket/path/to/other/zarr/hierarchy/|zarr3:path/to/array", () => {
    const input = "gs://bucket/path/to/outer.zip|zip:path/to/inner.zip|..:other/zarr/hierarchy|zarr3:path/to/array";
    expect(normalize(input, { dialect: ZEP8 })).toBe("gs://bucket/path/to/other/zarr/hierarchy/|zarr3:path/to/array");
  });
});

describe("ZEP 8 (2025-11): the scheme sections' examples", () => {
  test.each<[string, string, Record<string, unknown>[]]>([
    // "s3+https://endpoint/path/within/bucket ... the path component includes the bucket/ prefix"
    [
      "s3+https://endpoint/bucket/path/within/bucket",
      "multi-bucket endpoint: the bucket is in the path",
      [{ scheme: "s3+https", host: "endpoint", port: null, path: "/bucket/path/within/bucket" }],
    ],
    [
      "file:///tmp/dataset.ocdbt/|ocdbt:@v1/path/within/database",
      "OCDBT at generation 1",
      [
        { scheme: "file", host: null, path: "/tmp/dataset.ocdbt/" },
        { scheme: "ocdbt", version: "v1", path: "path/within/database" },
      ],
    ],
    [
      "file:///tmp/dataset.ocdbt/|ocdbt:path/within/database",
      "OCDBT, the latest version",
      [
        { scheme: "file", host: null, path: "/tmp/dataset.ocdbt/" },
        { scheme: "ocdbt", version: null, path: "path/within/database" },
      ],
    ],
    [
      "file:///tmp/dataset.ocdbt/|ocdbt:%40abc",
      "'if the path starts with @ it must be percent-encoded as %40'",
      [
        { scheme: "file", host: null, path: "/tmp/dataset.ocdbt/" },
        { scheme: "ocdbt", version: null, path: "@abc" },
      ],
    ],
    [
      "file:///path/to/repo.zarr.icechunk/|icechunk:",
      "'(equivalent to icechunk:@branch.main/, refers to the root of the main branch)'",
      [
        { scheme: "file", host: null, path: "/path/to/repo.zarr.icechunk/" },
        { scheme: "icechunk", ref: { kind: "branch", name: "main" }, path: "" },
      ],
    ],
    [
      "file:///path/to/repo.zarr.icechunk/|icechunk:@branch.other/|zarr3:path/to/array/",
      "branch other",
      [
        { scheme: "file", host: null, path: "/path/to/repo.zarr.icechunk/" },
        { scheme: "icechunk", ref: { kind: "branch", name: "other" }, path: "" },
        { scheme: "zarr3", path: "path/to/array/" },
      ],
    ],
    [
      "file:///path/to/repo.zarr.icechunk/|icechunk:@4N0217AZA4VNPYD0HR0G/|zarr3:path/to/array/",
      "a snapshot id",
      [
        { scheme: "file", host: null, path: "/path/to/repo.zarr.icechunk/" },
        { scheme: "icechunk", ref: { kind: "snapshot", id: "4N0217AZA4VNPYD0HR0G" }, path: "" },
        { scheme: "zarr3", path: "path/to/array/" },
      ],
    ],
    [
      "gs://bucket/path/to/data|byte-range:1000-2000",
      "bytes [1000, 2000)",
      [
        { scheme: "gs", bucket: "bucket", path: "path/to/data" },
        { scheme: "byte-range", start: 1000n, end: 2000n },
      ],
    ],
    [
      "https://example.com/path/to/resource%20name",
      "an http URL, its path decoded",
      [{ scheme: "https", host: "example.com", port: null, path: "/path/to/resource name", query: null }],
    ],
    [
      "https://example.com/path/to/?query=value",
      "with a query",
      [{ scheme: "https", host: "example.com", port: null, path: "/path/to/", query: "query=value" }],
    ],
  ])("%s: %s", (input, _why, expected) => {
    expect(meanings(input, ZEP8)).toEqual(expected);
  });

  test("the texts' equivalences: equal meanings and one canonical form", () => {
    const pairs: [string, string][] = [
      // "https://example.com/path/to/archive.zip|zip|zarr3 is equivalent to https://example.com/path/to/archive.zip|zip:|zarr3:"
      ["https://example.com/path/to/archive.zip|zip|zarr3", "https://example.com/path/to/archive.zip|zip:|zarr3:"],
      // icechunk: "(equivalent to icechunk:@branch.main/ ...)"; icechunk:path/to/node/ "(equivalent to
      // icechunk:@branch.main/path/to/node/)"
      ["file:///path/to/repo.zarr.icechunk/|icechunk:", "file:///path/to/repo.zarr.icechunk/|icechunk:@branch.main/"],
      [
        "file:///path/to/repo.zarr.icechunk/|icechunk:path/to/node/",
        "file:///path/to/repo.zarr.icechunk/|icechunk:@branch.main/path/to/node/",
      ],
    ];
    for (const [a, b] of pairs) {
      expect(meanings(a, ZEP8)).toEqual(meanings(b, ZEP8));
      expect(normalize(a, { dialect: ZEP8 })).toBe(normalize(b, { dialect: ZEP8 }));
    }
  });
});

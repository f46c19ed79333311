/**
 * The resolution rules (src/meaning/resolve.ts), each with bases and references that show it: ZEP 8's relative
 * pipelines (a relative or absolute path applied to the last sub-URL, adapters appended, `..` adapters), the path
 * component of each scheme (decision D26), rootless adapter paths (D59), the base's query (D26), and the refusals
 * (above-root, no-path, dotdot-at-root, invalid-result). url-pipeline v0 has no relative pipelines: an absolute
 * reference replaces the base, and a relative one is refused.
 */
import type { Question } from "./types";

const V0 = "url-pipeline-v0";
const ZEP8 = "zep8";

type Pair = readonly [base: string, reference: string];

const ZEP8_RULES: Record<string, readonly Pair[]> = {
  "zep8:relative-path": [
    ["gs://bucket/path/to/", "file.zip|zip:path/within/zip"],
    ["gs://bucket/path/to/x", "y"],
    ["gs://bucket/path/to/x", "./y/"],
    ["s3://bucket/a/b/c", "../d"],
    ["file:///a/b/c", "../x|zip:y"],
    ["https://example.com/a/b", "c"],
    ["http://example.com:8080/a/b/", "../c/./d"],
  ],
  "zep8:absolute-path": [
    ["gs://bucket/path/to/", "/file.zip|zip:path/within/zip"],
    ["https://example.com/a/b", "/c"],
    ["file:///a/b", "/c"],
    ["s3+https://example.com/bucket/a", "/other/x"],
    ["s3://bucket/a.zip|zip:x/y", "/z"],
  ],
  "zep8:empty-path": [
    ["gs://bucket/a/b", ""],
    ["gs://bucket/a/b.zip", "|zip:x"],
    ["s3://bucket/a.zip|zip:x/", "|zarr3:"],
    ["https://example.com/p?a=b", ""],
  ],
  // The path component of each scheme (D26): after the bucket for s3 and gs, with the bucket for s3+http(s), RFC
  // 3986's for http(s) and file, after the version for ocdbt and icechunk; ".." below an authority stops at its root.
  D26: [
    ["gs://bucket/a/b/c", "../../../../d"],
    ["s3+https://example.com/bucket/a", "../../x"],
    ["s3+http://example.com/bucket/a/b", "c"],
    ["https://example.com/p?a=b", "x/y"],
    ["https://example.com/a/b?sig=1", "/c"],
    ["https://example.com/a/b?sig=1", "../c|zip:d"],
    ["file:///db/|ocdbt:@v1/a/b", "c"],
    ["file:///db/|ocdbt:@2025-01-01T00:00:00Z/a/", "b"],
    ["file:///db/|icechunk:@branch.main/a/", "b"],
    ["file:///db/|icechunk:@tag.v1/a/b", "/c"],
    ["s3://bucket/a.zip|zip:path/within/zip/|zarr3:", "../another/array/"],
    ["s3://bucket/a.zip|zip:a/b", "../../c"],
    ["file:///db/|ocdbt:@v1/a", "../../b"],
    ["file:/a", "../../b"],
    ["s3://bucket/x|gzip", "y"],
    ["s3://bucket/x.json|json:/a", "b"],
    ["s3://bucket/x|byte-range:0-1", "y"],
    ["s3://bucket/x.png|png:", "y"],
    ["s3://bucket/x|byte-range:0-1", ""],
    ["file:/a", "/..//x/y"],
    ["gs://b/x", "y"],
  ],
  // Rootless adapter paths are resolved from their root and stay rootless (D59).
  D59: [
    ["s3://bucket/a.zip|zip:a/b", "../c"],
    ["s3://bucket/a.zip|zip:a/b", "/c"],
    ["s3://bucket/a.zip|zip:a/b/", "c"],
    ["s3://bucket/x/|zarr3:a/b", "c"],
    ["s3://bucket/x/|n5:a/", "b"],
    ["file:///db/|icechunk:a/", "b"],
    ["file:///db/|ocdbt:a", "@x"],
    ["file:///db/|ocdbt:a/b", "./@x"],
  ],
  "zep8:dotdot": [
    ["gs://bucket/path/to/file.zip|zip:path/within/zip", "..:/path/to/other.zip|zip:path/in/other/zip"],
    ["s3://bucket/path/to/dataset.zip|zip:path/within/zip/|zarr3:", "..:../of/another.zip|zip:other/array/|zarr3:"],
    ["gs://bucket/o.zip|zip:i.zip", "|..:other|zarr3:"],
    ["gs://bucket/a/o.zip|zip:a/b.zip|zip:c", "..:d"],
    ["gs://bucket/a/o.zip|zip:a/b.zip|zip:c", "..:d|..:e"],
    ["gs://bucket/o.zip|zip:i.zip|..:x", "y"],
  ],
  // A bare ".." after a "|" is the ".." adapter (D5).
  D5: [
    ["gs://bucket/o.zip|zip:i.zip", "|..|zarr3:"],
    ["gs://bucket/a/b/", ".."],
  ],
  "zep8:dotdot-at-root": [
    ["gs://bucket/a/b", "..:c"],
    ["gs://bucket/a.zip|zip:x", "..:y|..:z"],
    ["gs://bucket/a|..:b", "c"],
  ],
  // A relative pipeline has no query (D20).
  D20: [["https://example.com/a", "b?x=1"]],
  "zep8:colon": [
    ["gs://bucket/x/", "a:b"],
    ["gs://bucket/x/", "./a:b"],
  ],
  "zep8:absolute-reference": [
    ["gs://bucket/a", "s3://other/x|zip:y"],
    ["gs://bucket/a", "S3://other/x"],
    ["gs://bucket/a.zip|zip:x", "s3://bucket/o.zip|zip:i.zip|..:z"],
    ["not a pipeline", "x"],
  ],
};

/** v0 (D26): "Relative URL pipelines are not currently supported by this specification". */
const V0_RULES: Record<string, readonly Pair[]> = {
  D26: [
    ["s3://bucket/a", "gs://bucket/b|zip:x"],
    ["s3://bucket/a/", "b"],
    ["s3://bucket/a/", "/b"],
    ["s3://bucket/a.zip|zip:x", "..:y"],
    ["s3://bucket/a", ""],
    ["s3://bucket/a", "S3://other/x|ZIP:y"],
  ],
};

export function resolutionQuestions(dialect: string): Question[] {
  const rules = dialect === ZEP8 ? ZEP8_RULES : dialect === V0 ? V0_RULES : {};
  return Object.entries(rules).flatMap(([why, pairs]) =>
    pairs.map(([base, input]): Question => ({ op: "resolve", dialect, base, input, why })),
  );
}

/**
 * The bases a reference of the relative rule's coverage is tried against, in order: the first that resolves it
 * makes the case. One with two adapters, so that `..` adapters have something to discard, and with paths deep
 * enough for a few "..".
 */
export const COVERAGE_BASES: readonly string[] = [
  "gs://bucket/a/",
  "s3://bucket/a/b/c.zip|zip:d/e/f.zip|zip:g/h/i/",
  "https://example.com/a/b/c/d?q=1",
  "file:///a/b/c/d/",
  "file:///a/b/c.zip|zip:d/e/f.zip|zip:g/h/i/|zip:j/k/",
];

/**
 * schemes.ts: scheme candidates where a scheme is typed, before the parser's filter (index.ts applies it).
 */
import { position } from "../../src/complete/position";
import { schemeCandidates } from "../../src/complete/schemes";
import type { DialectName } from "../../src/tree/nodes";

const at = (partial: string, dialect: DialectName = "url-pipeline-v0") =>
  schemeCandidates(partial, position(partial), dialect);

test("roots: the typed prefix, case-insensitively, replaced by the opening", () => {
  expect(at("S3").map((c) => [c.completion, c.label, c.kind])).toEqual([
    ["s3://", "s3://", "root-scheme"],
    ["s3+http://", "s3+http://", "root-scheme"],
    ["s3+https://", "s3+https://", "root-scheme"],
  ]);
});

test("adapters: what is before the sub-URL is kept as typed", () => {
  expect(at("S3://Bucket/A.zip|ZI").map((c) => c.completion)).toEqual(["S3://Bucket/A.zip|zip:"]);
});

test("adapters that suit the base first, then the others with the reason", () => {
  expect(at("s3://bucket/dir/|z", "zep8").map((c) => [c.label, c.detail])).toEqual([
    ["zarr:", "adapter: directory -> dataset"],
    ["zarr2:", "adapter: directory -> dataset"],
    ["zarr3:", "adapter: directory -> dataset"],
    [
      "zip:",
      "adapter: file -> file or directory (directory if its path is empty or ends with /); the base is a directory, not a file",
    ],
    ["zstd:", "adapter: file -> file; the base is a directory, not a file"],
  ]);
});

test("names that start with a letter before the others (..:) in each group", () => {
  const labels = at("s3://bucket/a.zip|zip:x/|", "zep8").map((c) => c.label);
  expect(labels.indexOf("..:")).toBe(labels.indexOf("zarr3:") + 1); // suits: after the last directory adapter
});

test("nothing matches: nothing", () => {
  expect(at("q")).toEqual([]);
  expect(at("s3://b|q")).toEqual([]);
});

/**
 * directory-paths.ts: D28's directory rule (path empty or ending with "/") told by the DFA's state at the end of a
 * sub-URL; learned from the parser's reading of sample texts (parseStructure: the tree without value checks).
 * base-kind.test.ts holds it to the parser on the examples and on pipelines derived from the ABNF.
 */
import { directoryPath } from "../../src/complete/directory-paths";
import { pipelineAutomaton } from "../../src/complete/engine";
import { rowAfter } from "../../src/dfa/scan";
import { parse, parseStructure } from "../../src/parse";
import type { DialectName, Pipeline, BucketSubUrl } from "../../src/tree/nodes";

describe.each(["url-pipeline-v0", "zep8"] as DialectName[])("%s", (dialect) => {
  const a = pipelineAutomaton(dialect);
  const rootAt = (scheme: string, text: string) =>
    directoryPath(dialect, "root", scheme, rowAfter(a, text), text.endsWith("/"));
  const adapterAt = (scheme: string, text: string) =>
    directoryPath(dialect, "adapter", scheme, rowAfter(a, `file:///|${text}`), text.endsWith("/"));

  test.each([
    ["s3", "s3://bucket", true],
    ["s3", "s3://bucket/", true],
    ["s3", "s3://bucket/a", false],
    ["s3", "s3://bucket/a/b/", true],
    ["s3", "s3://bucket/a%2F", false],
    ["gs", "gs://b", true],
    ["gs", "gs://b/x", false],
    ["file", "file:/", true],
    ["file", "file:///a", false],
    ["file", "file://localhost/a/", true],
    ["s3+https", "s3+https://host:9000", true],
    ["s3+https", "s3+https://host/bucket", false],
    ["s3", "S3://BUCKET", true],
  ] as const)("root %s: %s -> %s", (scheme, text, want) => {
    expect(rootAt(scheme, text)).toBe(want);
  });

  test("adapters: zip and icechunk, bare, with an empty path, a path, a reference", () => {
    const mark = dialect === "zep8" ? "@" : "//";
    expect([
      adapterAt("zip", "zip"),
      adapterAt("zip", "zip:"),
      adapterAt("zip", "zip:a"),
      adapterAt("zip", "zip:a/"),
    ]).toEqual([true, true, false, true]);
    expect([
      adapterAt("icechunk", "icechunk"),
      adapterAt("icechunk", `icechunk:${mark}branch.main`),
      adapterAt("icechunk", `icechunk:${mark}branch.main/a`),
      adapterAt("icechunk", `icechunk:${mark}tag.v1/a/`),
    ]).toEqual([true, true, false, true]);
  });

  test("a state no sub-URL of the scheme ends in: undefined (the caller asks the parser)", () => {
    expect(rootAt("s3", "gs://bucket")).toBeUndefined(); // in a gs bucket (another tag than an s3 one)
    expect(directoryPath(dialect, "root", "s3", rowAfter(a, "s3:/"), true)).toBeUndefined(); // not accepting
  });
});

test("parseStructure: the tree of an input whose values are out of range, which parse() refuses", () => {
  expect(() => parse("s3://ab/x")).toThrow(/bucket/);
  const tree = parseStructure("s3://ab/x") as Pipeline;
  expect((tree.subUrls[0] as BucketSubUrl).path.raw).toBe("/x");
  expect(() => parseStructure("s3:x")).toThrow(/expected/);
});

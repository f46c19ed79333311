/**
 * pipe.ts: the "|" candidate and its detail.
 */
import { pipeCandidate } from "../../src/complete/pipe";
import { parse } from "../../src/parse";

test.each([
  ["s3://bucket/dir/", "url-pipeline-v0", "an adapter follows; the pipeline so far is a directory"],
  ["s3://bucket/a", "url-pipeline-v0", "an adapter follows; the pipeline so far is a file or a directory"],
  ["s3://bucket/a|gzip:", "url-pipeline-v0", "an adapter follows; the pipeline so far is a file"],
  // url-pipeline v0 names its datasets: "array", "array-group", "other" (D28).
  [
    "s3://bucket/d/|zarr3:",
    "url-pipeline-v0",
    "an adapter follows; the pipeline so far is an array or an array group, which no adapter takes as its base",
  ],
  [
    "s3://bucket/d|json:",
    "url-pipeline-v0",
    "an adapter follows; the pipeline so far is an array, which no adapter takes as its base",
  ],
  [
    "s3://bucket/d/|zarr3:",
    "zep8",
    "an adapter follows; the pipeline so far is a dataset, which no adapter takes as its base (..: can still discard it)",
  ],
  ["a.b:x", "url-pipeline-v0", "an adapter follows; the pipeline so far is of unknown kind (a vendor scheme)"],
  ["s3://bucket/d/|gzip", "url-pipeline-v0", "an adapter follows"],
] as const)("%s (%s)", (partial, dialect, detail) => {
  expect(pipeCandidate(partial, dialect)).toEqual({ completion: `${partial}|`, label: "|", kind: "separator", detail });
});

test("the tree, when given, is used instead of parsing again", () => {
  expect(pipeCandidate("ignored", "url-pipeline-v0", parse("s3://bucket/dir/")).detail).toBe(
    "an adapter follows; the pipeline so far is a directory",
  );
});

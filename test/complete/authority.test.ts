/**
 * authority.ts: the rest of a root's "//" once its name and colon are typed.
 */
import { authorityCandidates } from "../../src/complete/authority";
import { position } from "../../src/complete/position";

const at = (partial: string) =>
  authorityCandidates(partial, position(partial), "url-pipeline-v0").map((c) => c.completion);

test.each([
  ["s3:", "s3://"],
  ["s3:/", "s3://"],
  ["Gs:", "Gs://"],
  ["file:", "file:///"],
  ["file:/", "file:///"],
  ["file://", "file:///"],
  ["s3+https:/", "s3+https://"],
  ["memory:", "memory://"],
  ["memory:/", "memory://"],
])("%s -> %s", (partial, completion) => {
  expect(at(partial)).toEqual([completion]);
});

test("nothing when the opening is typed, differs, or the scheme is unknown", () => {
  expect(at("s3://")).toEqual([]);
  expect(at("file:///")).toEqual([]);
  expect(at("memory://")).toEqual([]);
  expect(at("file:/x")).toEqual([]);
  expect(at("s3:x")).toEqual([]);
  expect(at("a.b:")).toEqual([]);
  expect(at(":")).toEqual([]);
  expect(authorityCandidates("s3://b|zip:", position("s3://b|zip:"), "url-pipeline-v0")).toEqual([]);
});

test("the candidate", () => {
  expect(authorityCandidates("s3:", position("s3:"), "zep8")).toEqual([
    {
      completion: "s3://",
      label: "s3://",
      kind: "authority",
      detail: "root -> file or directory (directory if its path is empty or ends with /)",
    },
  ]);
});

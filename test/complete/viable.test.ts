/**
 * viable.ts: what the generated parser says, by error kind and offset only.
 */
import { inspect, isViable, stateOf } from "../../src/complete/viable";

const v0 = "url-pipeline-v0" as const;

test.each([
  ["s3://bucket", 0, "valid"],
  ["s3://bucket|zi", 12, "open"],
  ["", 0, "open"],
  ["s3://ab|zip:", 8, "value-before"],
  ["s3://ab", 0, "value-here"],
  ["s3//", 0, "dead"],
  ["x".repeat(70000), 0, "dead"], // a limit (D22)
] as const)("stateOf(%j)", (input, start, state) => {
  expect(stateOf(input, v0, start)).toBe(state);
});

test("inspect gives the tree of a valid input", () => {
  expect(inspect("s3://bucket", v0, 0).pipeline?.subUrls[0].scheme).toBe("s3");
  expect(inspect("s3://", v0, 0).pipeline).toBeNull();
});

test("isViable: valid, open, or an expected value error", () => {
  expect(isViable("s3://bucket|zip:", v0, 12)).toBe(true);
  expect(isViable("s3://", v0, 0)).toBe(true);
  expect(isViable("s3://ab|zip:", v0, 8)).toBe(true); // the bad bucket is before the sub-URL completed
  expect(isViable("file:///d/|icechunk://branch.", v0, 11)).toBe(true); // the name that must follow is empty (D15)
  expect(isViable("file:///d/|ocdbt://2023-02-31T00:00:00Z", v0, 11)).toBe(false); // the candidate would make it
  expect(isViable("s3:x", v0, 0)).toBe(false);
});

test("a value error of the current sub-URL is not hidden by one in an earlier sub-URL", () => {
  expect(stateOf("s3://ab|byte-range:5-1", v0, 8)).toBe("value-here");
  expect(isViable("s3://ab|ocdbt://2023-02-31T00:00:00Z", v0, 8)).toBe(false);
  expect(isViable("s3://ab|ocdbt://2024-02-29T00:00:00Z", v0, 8)).toBe(true);
  expect(isViable("s3://ab|icechunk://branch.", v0, 8)).toBe(true);
});

/**
 * commit-time-case.ts: an OCDBT commit time with a lower-case "t" or "z" (RFC 3339 5.6 allows them; the grammar,
 * like TensorStore, takes only upper case: D9), with the upper-case spelling.
 */
import { validate } from "../../src/api";
import { ofCode, V0, ZEP8 } from "./helpers";

test.each([
  ["file:///db/|ocdbt://2025-01-01t00:00:00Z/x", V0, "file:///db/|ocdbt://2025-01-01T00:00:00Z/x"],
  ["file:///db/|ocdbt://2025-01-01T00:00:00z", V0, "file:///db/|ocdbt://2025-01-01T00:00:00Z"],
  ["file:///db/|ocdbt://2025-01-01t01:02:03.5z/a|zarr3:", V0, "file:///db/|ocdbt://2025-01-01T01:02:03.5Z/a|zarr3:"],
  ["file:///db/|ocdbt:@2025-01-01t00:00:00Z/", ZEP8, "file:///db/|ocdbt:@2025-01-01T00:00:00Z/"],
] as const)("%s", (input, options, replacement) => {
  expect(validate(input, options).valid).toBe(false);
  expect(ofCode(input, "commit-time-case", options).map((h) => h.replacement)).toEqual([replacement]);
  expect(validate(replacement, options).valid).toBe(true);
});

test("in ZEP 8 it is not taken for a path that must be written %40", () => {
  expect(ofCode("file:///db/|ocdbt:@2025-01-01t00:00:00Z/", "at-sign-path", ZEP8)).toEqual([]);
});

test("nothing for upper-case times, other schemes, or valid input", () => {
  expect(ofCode("file:///db/|ocdbt://2025-13-01T00:00:00Z/", "commit-time-case")).toEqual([]);
  expect(ofCode("file:///db/|zarr3:2025-01-01t00:00:00z", "commit-time-case")).toEqual([]);
  expect(ofCode("file:///db/|ocdbt://2025-01-01T00:00:00Z/", "commit-time-case")).toEqual([]);
});

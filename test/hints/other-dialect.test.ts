/**
 * src/hints/other-dialect.ts: valid in the other dialect: a message only.
 */
import { fixes, hintsOf, ofCode, ZEP8, ZEP8_RELATIVE } from "./helpers";

test.each([
  ["memory:", ZEP8, "url-pipeline-v0"],
  ["file:/x|hdf5:", ZEP8, "url-pipeline-v0"],
  ["s3://bucket/a|vendor.fmt:x", ZEP8, "url-pipeline-v0"],
  ["memory:a|zip:", ZEP8_RELATIVE, "url-pipeline-v0"],
  ["file:/x/|..:y/|zarr3:", {}, "zep8"],
  // ZEP 8's versions, which v0 refuses (D40): the v0 spelling is offered first, and that ZEP 8 reads it as written.
  ["file:///db/|ocdbt:@v1/path|zarr3:", {}, "zep8"],
  ["file:///repo/|ICECHUNK:@branch.main/a", {}, "zep8"],
])("%s", (input, options, other) => {
  const [h] = ofCode(input, "other-dialect", options);
  expect(h).toEqual({
    code: "other-dialect",
    message: expect.stringContaining(`valid pipeline in the ${other} dialect`),
  });
});

test("no replacement: the dialect is one of the options", () => {
  expect(fixes("memory:", ZEP8)).toEqual([["other-dialect", null]]);
});

test("after the hints with a fix that keeps what is named, before one that changes it (D65)", () => {
  expect(hintsOf("file:///db/|ocdbt://v1/path", ZEP8).map((h) => h.code)).toEqual([
    "v0-version-syntax",
    "other-dialect",
  ]);
  expect(hintsOf("file:///db/|ocdbt:@v1/path").map((h) => h.code)).toEqual([
    "zep8-version-syntax",
    "other-dialect",
    "at-sign-path",
  ]);
});

test.each(["zip:x", "s3://bucket/a b"])("not when invalid in both: %s", (input) => {
  expect(ofCode(input, "other-dialect")).toEqual([]);
  expect(ofCode(input, "other-dialect", ZEP8)).toEqual([]);
});

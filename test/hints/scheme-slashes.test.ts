/**
 * src/hints/scheme-slashes.ts: a root with other than its two slashes, an adapter with "//".
 */
import { fixes, hintsOf, ofCode, ZEP8 } from "./helpers";

test.each([
  ["s3:/bucket/a", "s3://bucket/a"],
  ["s3:bucket/a", "s3://bucket/a"],
  ["s3:///bucket/a", "s3://bucket/a"],
  ["S3:/bucket", "S3://bucket"],
  ["https:/example.com/a", "https://example.com/a"],
  ["gs:/b-1/x|zip:a", "gs://b-1/x|zip:a"],
  // Without its colon: not a relative path either.
  ["https//example.com/a", "https://example.com/a"],
  // An adapter with "//".
  ["s3://bucket/a.zip|zip://data/", "s3://bucket/a.zip|zip:data/"],
])("%s", (input, replacement) => {
  expect(fixes(input)).toEqual([["scheme-slashes", replacement]]);
});

test("zep8 too", () => {
  expect(fixes("s3:/bucket/a.zip|zip:x", ZEP8)).toEqual([["scheme-slashes", "s3://bucket/a.zip|zip:x"]]);
});

test("the messages say how the scheme begins", () => {
  expect(hintsOf("s3:/bucket/a")[0]!.message).toBe('"s3:/" is not how s3: begins: "s3://", then its authority');
  expect(hintsOf("s3://bucket/a.zip|zip://data/")[0]!.message).toBe(
    '"zip://": an adapter has no authority, and its body follows its colon: "zip:data/"',
  );
});

test.each([
  ["file: and memory: have other valid spellings", "file:/a b"],
  ["only with a fix that is valid", "s3:/b"],
  ["a bare name is no scheme with slashes", "https"],
])("%s: %s", (_why, input) => {
  expect(ofCode(input, "scheme-slashes")).toEqual([]);
});

test("not ocdbt:// or icechunk://, whose // starts a version in url-pipeline v0", () => {
  expect(ofCode("file:///db/|ocdbt://0/a", "scheme-slashes")).toEqual([]);
  expect(ofCode("file:///db/|ocdbt://v1/path", "scheme-slashes", ZEP8)).toEqual([]);
});

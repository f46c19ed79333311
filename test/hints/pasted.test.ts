/**
 * src/hints/pasted.ts: quotes or angle brackets around the input, a shell's \| inside it.
 */
import { fixes, hintsOf, ofCode } from "./helpers";

test.each([
  ['"s3://bucket/a.zip|zip:x"', "s3://bucket/a.zip|zip:x"],
  ["'s3://bucket/a'", "s3://bucket/a"],
  ["`s3://bucket/a`", "s3://bucket/a"],
  ["<s3://bucket/a>", "s3://bucket/a"],
  ["s3://bucket/a.zarr\\|zarr3:", "s3://bucket/a.zarr|zarr3:"],
])("%s", (input, replacement) => {
  expect(fixes(input)[0]).toEqual(["pasted", replacement]);
});

test("with whitespace around too: whitespace.ts's fix, mended by this one", () => {
  expect(fixes(' "s3://bucket/a.zarr\\|zarr3:" ')[0]).toEqual(["whitespace", "s3://bucket/a.zarr|zarr3:"]);
});

test("with other mistakes inside, the fix mends them too", () => {
  expect(fixes('"s3://bucket/a b|zipp:"')[0]).toEqual(["pasted", "s3://bucket/a%20b|zip:"]);
});

test("the message says what to remove", () => {
  expect(hintsOf('"s3://bucket/a"')[0]!.message).toBe("remove the quotes around the input: not part of a pipeline");
  expect(hintsOf("<s3://bucket/a>")[0]!.message).toBe(
    "remove the angle brackets around the input: not part of a pipeline",
  );
  expect(hintsOf("s3://bucket/a.zarr\\|zarr3:")[0]!.message).toBe(
    'remove the "\\" before "|" (a shell\'s escape): not part of a pipeline',
  );
});

test.each(['"s3://bucket/a', "s3://bucket/a\\b"])(
  "not without a valid fix, or without what pasting adds: %s",
  (input) => {
    expect(ofCode(input, "pasted")).toEqual([]);
  },
);

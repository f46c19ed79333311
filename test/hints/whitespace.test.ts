/**
 * src/hints/whitespace.ts: whitespace around the input, tabs and line breaks in it.
 */
import { fixes, hintsOf } from "./helpers";

test.each([
  [" s3://bucket/a ", "s3://bucket/a"],
  ["\ts3://bucket/a\r\n", "s3://bucket/a"],
  ["\u00a0s3://bucket/a\ufeff", "s3://bucket/a"],
  ["s3://bucket/very/long/\npath|zip:", "s3://bucket/very/long/path|zip:"],
  [" /tmp/a.zip", "file:///tmp/a.zip"], // then the local path
])("%j", (input, replacement) => {
  expect(fixes(input)[0]).toEqual(["whitespace", replacement]);
});

test("the message says which", () => {
  expect(hintsOf(" s3://bucket/a")[0]!.message).toBe("the input has whitespace before or after it: remove them");
  expect(hintsOf("s3://bucket/a\nb")[0]!.message).toBe("the input has tabs or line breaks in it: remove them");
});

test("a space inside is not whitespace.ts's", () => {
  expect(fixes("s3://bucket/a b")).toEqual([["percent-encode", "s3://bucket/a%20b"]]);
  expect(fixes("   ")).toEqual([]);
});

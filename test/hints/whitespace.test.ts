/**
 * src/hints/whitespace.ts: whitespace around the input, tabs and line breaks in it, spaces at a pipeline's seams.
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

test("a line break before a root scheme: two pipelines, not glued into one", () => {
  expect(fixes("s3://bucket/a\nfile:/x")).toEqual([["whitespace", null]]);
  expect(hintsOf("s3://bucket/a\r\n  file:/x")[0]!.message).toBe(
    'the input has a line break, and a pipeline of its own starts after it ("file:"): check one pipeline at a time',
  );
  // Before an adapter, or a word that is no root scheme's name: one pipeline, broken.
  expect(fixes("s3://bucket/a\n|zip:x")).toEqual([["whitespace", "s3://bucket/a|zip:x"]]);
  expect(fixes("s3://bucket/a\nb:x")[0]).toEqual(["whitespace", "s3://bucket/ab:x"]);
});

test("a space inside is not whitespace.ts's", () => {
  expect(fixes("s3://bucket/a b")).toEqual([["percent-encode", "s3://bucket/a%20b"]]);
  expect(fixes("   ")).toEqual([]);
});

describe("spaces at the seams of a pipeline", () => {
  test.each([
    ["s3://bucket/a.zarr | zarr3:", "s3://bucket/a.zarr|zarr3:"],
    ["s3://bucket/a.zarr/ |zarr3:", "s3://bucket/a.zarr/|zarr3:"],
    ["s3://bucket/a.zip|zip: data/", "s3://bucket/a.zip|zip:data/"],
    ["s3: //bucket/a", "s3://bucket/a"],
    // In place of the "|": an adapter's name and colon follow.
    ["s3://bucket/a.zip zip:data/", "s3://bucket/a.zip|zip:data/"],
    ["s3://bucket/a.zip  ZIP:data/ |zarr3:", "s3://bucket/a.zip|ZIP:data/|zarr3:"],
  ])("%j", (input, replacement) => {
    expect(fixes(input)[0]).toEqual(["whitespace", replacement]);
  });

  test("the message says which", () => {
    expect(hintsOf("s3://bucket/a.zarr | zarr3:")[0]!.message).toBe(
      'the input has spaces around a "|" or after a scheme\'s ":": remove them',
    );
    expect(hintsOf("s3://bucket/a.zip zip:x/")[0]!.message).toBe(
      'a space stands where "|" separates the sub-URLs: an adapter follows',
    );
  });

  test("a space before a word that is no adapter's name, or inside a name, is percent-encoding.ts's", () => {
    expect(fixes("s3://bucket/my notes:x")).toEqual([["percent-encode", "s3://bucket/my%20notes:x"]]);
    // With a seam mended too, the space inside the name is encoded by the repair.
    expect(fixes("s3://bucket/my file.zip zip:x/")[0]).toEqual(["whitespace", "s3://bucket/my%20file.zip|zip:x/"]);
  });
});

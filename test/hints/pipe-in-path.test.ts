/**
 * src/hints/pipe-in-path.ts: a "|" that splits a name.
 */
import { fixes, hintsOf, ofCode, ZEP8 } from "./helpers";

test.each([
  ["file:///a|b.zip", "file:///a%7Cb.zip"],
  ["file:///a|b.zip|zip:x/", "file:///a%7Cb.zip|zip:x/"],
  ["s3://bucket/x|1/y", "s3://bucket/x%7C1/y"],
  ["s3://bucket/dir|sub/a.zip|zip:", "s3://bucket/dir%7Csub/a.zip|zip:"],
])("%s", (input, replacement) => {
  expect(fixes(input)).toContainEqual(["pipe-in-path", replacement]);
  expect(fixes(input, ZEP8)).toContainEqual(["pipe-in-path", replacement]);
});

test("the message", () => {
  expect(hintsOf("file:///a|b.zip")[0]!.message).toBe(
    '"|" separates sub-URLs, and "b.zip" is not one: if the "|" is part of a name, write it as %7C (this fix changes what is named: "|b.zip" becomes part of the name before it, where the "|" began another sub-URL)',
  );
});

test.each([
  "file:///a|zipp", // a misspelt adapter: scheme-spelling.ts
  "file:///a|zipp:x",
  "file:///a|s3://b/c", // a root
  "file:///a||b.zip", // empty: empty-sub-url.ts
  "s3://bucket/a|b c", // "%7C" would not make it valid: a guess only shown with a valid replacement
])("not for %s", (input) => {
  expect(ofCode(input, "pipe-in-path")).toEqual([]);
});

test.each([
  // ZEP 8's ".." adapter: other-dialect.ts says it is valid there.
  ["s3://bucket/a.zip|..:b.zip|zip:", "other-dialect"],
  ["s3://bucket/a.zip|..", "other-dialect"],
  // Another name of a scheme: scheme-spelling.ts gives the scheme.
  ["s3://bucket/a.gz|gz", "scheme-alias"],
])("not after a | that starts an adapter in all but name: %s", (input, instead) => {
  expect(ofCode(input, "pipe-in-path")).toEqual([]);
  expect(fixes(input).map(([code]) => code)).toEqual([instead]);
});

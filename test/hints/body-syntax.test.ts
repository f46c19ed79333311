/**
 * src/hints/body-syntax.ts: a byte-range's bounds joined otherwise than by "-" or written as an HTTP range, and a
 * JSON pointer without its leading "/".
 */
import { fixes, hintsOf, ofCode, ZEP8 } from "./helpers";

test.each([
  ["s3://bucket/a.zip|byte-range:1000:2000|zip:", "s3://bucket/a.zip|byte-range:1000-2000|zip:"],
  ["s3://bucket/a.zip|byte-range:1000..2000|zip:", "s3://bucket/a.zip|byte-range:1000-2000|zip:"],
  ["s3://bucket/a.zip|byte-range:0,1", "s3://bucket/a.zip|byte-range:0-1"],
  ["s3://bucket/a.zip|Byte-Range:0_1", "s3://bucket/a.zip|Byte-Range:0-1"],
  // An HTTP range's last position is inclusive; byte-range's end is exclusive (ZEP 8).
  ["s3://bucket/a.zip|byte-range:bytes=1000-1999|zip:", "s3://bucket/a.zip|byte-range:1000-2000|zip:"],
  ["s3://bucket/a.zip|byte-range:bytes=0-0", "s3://bucket/a.zip|byte-range:0-1"],
  // Beyond 2^53, without rounding.
  ["s3://bucket/a|byte-range:bytes=0-9007199254740993", "s3://bucket/a|byte-range:0-9007199254740994"],
  ["https://example.com/a.json|json:a/b", "https://example.com/a.json|json:/a/b"],
  ["https://example.com/a.json|json:a~1b", "https://example.com/a.json|json:/a~1b"],
])("%s", (input, replacement) => {
  expect(fixes(input)).toEqual([["body-syntax", replacement]]);
});

test("an HTTP range as a sub-URL of its own: the scheme it lacks, and the exclusive end; first, before a | in a name", () => {
  expect(fixes("gs://bucket/x|bytes=0-99")).toEqual([
    ["body-syntax", "gs://bucket/x|byte-range:0-100"],
    ["pipe-in-path", "gs://bucket/x%7Cbytes=0-99"],
  ]);
});

test("zep8 too", () => {
  expect(fixes("s3://bucket/a.zip|byte-range:1:2", ZEP8)).toEqual([
    ["body-syntax", "s3://bucket/a.zip|byte-range:1-2"],
  ]);
});

test("the messages say what the grammar writes", () => {
  expect(hintsOf("s3://bucket/a|byte-range:1:2")[0]!.message).toBe("byte-range: writes its bounds START-END");
  expect(hintsOf("s3://bucket/a|byte-range:bytes=1-2")[0]!.message).toBe(
    `"bytes=" is an HTTP range, whose end is inclusive; byte-range:'s end is exclusive`,
  );
  expect(hintsOf("s3://bucket/a|json:a")[0]!.message).toBe('a JSON pointer starts with "/" (RFC 6901)');
});

test.each([
  ["a fix that is still invalid (start after end)", "s3://bucket/a|byte-range:2:1"],
  ["a fix beyond 2^64", "s3://bucket/a|byte-range:bytes=0-18446744073709551615"],
  ["a pointer that is valid already", "s3://bucket/a|json:/a"],
  ["not in the first sub-URL", "byte-range:1:2"],
  ["text after an adapter that takes none: its message says so", "s3://bucket/a.tif|tiff:0"],
])("none for %s: %s", (_why, input) => {
  expect(ofCode(input, "body-syntax")).toEqual([]);
});

/**
 * src/hints/scheme-case-for-tensorstore.ts: a valid pipeline with an upper-case scheme, which TensorStore refuses,
 * gets its schemes in lower case: the same pipeline, and one TensorStore reads.
 */
import { normalize, readTensorStore, validate } from "../../src";
import { fixes, ofCode, V0, ZEP8, ZEP8_RELATIVE } from "./helpers";

test.each([
  ["S3://bucket/a", "s3://bucket/a", V0],
  ["s3://bucket/a.zip|ZIP:x", "s3://bucket/a.zip|zip:x", V0],
  ["Gs://bucket-1/a.zip|Zip:x/|ZARR3:", "gs://bucket-1/a.zip|zip:x/|zarr3:", V0],
  ["FILE:///tmp/a.zip|zip:", "file:///tmp/a.zip|zip:", ZEP8],
])("%s", (input, replacement, options) => {
  expect(validate(input, options).valid).toBe(true);
  expect(fixes(input, options)).toEqual([["scheme-case-for-tensorstore", replacement]]);
  // The same pipeline, and TensorStore refuses the one and reads the other.
  expect(normalize(replacement, options)).toBe(normalize(input, options));
  expect([readTensorStore(input).accepts, readTensorStore(replacement).accepts]).toEqual([false, true]);
});

test("the message names the schemes", () => {
  expect(ofCode("S3://bucket/a.zip|ZIP:x", "scheme-case-for-tensorstore")[0]!.message).toBe(
    'TensorStore compares schemes case-sensitively and refuses "S3", "ZIP": in lower case they are the same schemes, and it reads them',
  );
});

test.each([
  ["s3://bucket/A|zip:X", V0],
  // A relative pipeline's first segment is a path, not a scheme, whatever its case.
  ["Data|zip:", ZEP8_RELATIVE],
  ["ZIP|zip:", ZEP8_RELATIVE],
])("no such hint: %s", (input, options) => {
  expect(validate(input, options).valid).toBe(true);
  expect(ofCode(input, "scheme-case-for-tensorstore", options)).toEqual([]);
});

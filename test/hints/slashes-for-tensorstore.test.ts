/**
 * src/hints/slashes-for-tensorstore.ts: a valid root `file:/p` or `memory:p`, which TensorStore refuses, gets its
 * "//" spelling: the same location, and one TensorStore reads.
 */
import { normalize, readTensorStore, validate } from "../../src";
import { fixes, ofCode, V0, ZEP8 } from "./helpers";

describe("a root without // gets the // spelling", () => {
  test.each([
    ["file:/x", "file:///x", V0],
    ["file:/data/a.zip|zip:x/|zarr3:", "file:///data/a.zip|zip:x/|zarr3:", V0],
    ["file:/x", "file:///x", ZEP8],
    ["file:/db/|ocdbt:@v1/a", "file:///db/|ocdbt:@v1/a", ZEP8],
    ["memory:x", "memory://x", V0],
    ["memory:/x|zip:", "memory://x|zip:", V0],
    ["memory:", "memory://", V0],
  ])("%s", (input, replacement, options) => {
    expect(validate(input, options).valid).toBe(true);
    expect(fixes(input, options)).toEqual([["slashes-for-tensorstore", replacement]]);
    // The same location, and TensorStore refuses the one and reads the other.
    expect(normalize(replacement, options)).toBe(normalize(input, options));
    expect([readTensorStore(input).accepts, readTensorStore(replacement).accepts]).toEqual([false, true]);
  });

  test("the message says why", () => {
    const [h] = ofCode("memory:x", "slashes-for-tensorstore");
    expect(h!.message).toBe(
      'TensorStore reads no "memory:" without "//": "memory://x" names the same location, and it reads that',
    );
  });

  test.each(["file:///x", "file://localhost/x", "memory://x", "s3://bucket/x|zip:", "FILE:/x", "MEMORY:x"])(
    "no such hint: %s",
    (input) => {
      expect(validate(input).valid).toBe(true);
      expect(ofCode(input, "slashes-for-tensorstore")).toEqual([]);
    },
  );
});

/**
 * src/hints/scheme-role.ts: an adapter first, a root after "|", and sub-URLs in inner-to-outer order.
 */
import { fixes, hintsOf, ofCode, ZEP8, ZEP8_RELATIVE } from "./helpers";

describe("an adapter first", () => {
  test.each(["zip:x", "zarr3:", "zarr3", "ZIP:x|zarr3:", "gzip|json:/a"])("%s: a hint, no replacement", (input) => {
    expect(fixes(input)).toEqual([["adapter-as-root", null]]);
  });

  test("the message says what an adapter is and names the roots, from the dialect", () => {
    const m = hintsOf("zip:x")[0]!.message;
    expect(m).toContain('"zip:" is an adapter');
    expect(m).toContain("file:, http:, https:, s3:");
    expect(m).toContain("file:///path/to/data|zip:...");
  });

  test("zep8: the same", () => {
    expect(fixes("zip:x", ZEP8)).toEqual([["adapter-as-root", null]]);
  });

  test("zep8 relative rule: the adapter applied to the base, after an empty path", () => {
    expect(fixes("zip:x", ZEP8_RELATIVE)).toEqual([["adapter-as-root", "|zip:x"]]);
    expect(fixes("zip:x/|zarr3:", ZEP8_RELATIVE)).toEqual([["adapter-as-root", "|zip:x/|zarr3:"]]);
  });
});

describe("inner to outer: reversed", () => {
  test.each([
    ["zip:x|s3://bucket/a.zip", "s3://bucket/a.zip|zip:x"],
    ["zarr3:|zip:data/|gs://bucket/a.zip", "gs://bucket/a.zip|zip:data/|zarr3:"],
    ["zarr3|file:///tmp/a/", "file:///tmp/a/|zarr3"],
  ])("%s", (input, replacement) => {
    expect(fixes(input)[0]).toEqual(["reversed-order", replacement]);
  });

  test("not when a root is in the middle", () => {
    expect(ofCode("zip:x|s3://bucket/a.zip|zarr3:", "reversed-order")).toEqual([]);
  });
});

describe("a root after |", () => {
  test.each(["s3://bucket/x|file:///y", "s3://bucket/x|zip:a|https://example.com/"])("%s: a hint, no replacement", (input) => {
    expect(ofCode(input, "root-as-adapter")).toEqual([
      { code: "root-as-adapter", message: expect.stringContaining("is a root scheme: only the first sub-URL can be one") },
    ]);
  });

  test("the adapters it names are the dialect's", () => {
    expect(hintsOf("s3://bucket/x|file:///y")[0]!.message).toContain("(ocdbt:, icechunk:, zip:,");
  });

  test("not after nothing but empty sub-URLs (that is a leading |)", () => {
    expect(fixes("|file:/a")).toEqual([["empty-sub-url", "file:/a"]]);
  });
});

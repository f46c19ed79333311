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
  test.each(["s3://bucket/x|file:///y", "s3://bucket/x|zip:a|https://example.com/"])(
    "%s: a hint, no replacement",
    (input) => {
      expect(ofCode(input, "root-as-adapter")).toEqual([
        {
          code: "root-as-adapter",
          message: expect.stringContaining("is a root scheme: only the first sub-URL can be one"),
        },
      ]);
    },
  );

  test("the adapters it names are the dialect's", () => {
    expect(hintsOf("s3://bucket/x|file:///y")[0]!.message).toContain("(ocdbt:, icechunk:, zip:,");
  });

  test("not after nothing but empty sub-URLs (that is a leading |)", () => {
    expect(fixes("|file:/a")).toEqual([["empty-sub-url", "file:/a"]]);
  });
});

describe("an adapter written before its resource's URL (Neuroglancer's data source URLs): the resource first", () => {
  test.each([
    ["zarr3://s3://bucket/a.zarr", "s3://bucket/a.zarr|zarr3:"],
    ["ZARR2://gs://bucket/a.zarr/", "gs://bucket/a.zarr/|zarr2:"],
    ["n5://https://example.com/a.n5/", "https://example.com/a.n5/|n5:"],
    // Neuroglancer's name for the format.
    ["precomputed://gs://bucket/vol", "gs://bucket/vol|neuroglancer-precomputed:"],
    ["zip://s3://bucket/a.zip|zarr3:", "s3://bucket/a.zip|zip:|zarr3:"],
  ])("%s", (input, replacement) => {
    expect(fixes(input)).toEqual([["adapter-prefix", replacement]]);
  });

  test("the message names the prefix and the pipeline", () => {
    expect(hintsOf("precomputed://gs://bucket/vol")[0]!.message).toBe(
      '"precomputed://" is written before the URL it reads ' +
        '(as in Neuroglancer\'s data source URLs): a URL pipeline writes the resource first, then its adapter: "gs://bucket/vol|neuroglancer-precomputed:"',
    );
  });

  test.each(["zip://a.txt::s3://bucket/a.zip", "zarr3://bucket/a", "graphene://https://example.com/x"])(
    "not for %s",
    (input) => {
      expect(ofCode(input, "adapter-prefix")).toEqual([]);
    },
  );
});

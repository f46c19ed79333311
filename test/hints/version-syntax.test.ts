/**
 * src/hints/version-syntax.ts: ZEP 8's `ocdbt:@v1/` and `icechunk:@branch.x/` against url-pipeline v0's
 * `ocdbt://v1/` and `icechunk://branch.x/`, in both directions, and ZEP 8's "%40" for a path starting with "@".
 */
import { validate } from "../../src";
import v0Spec from "../fixtures/spec/url-pipeline-v0.json";
import zep8Spec from "../fixtures/spec/zep8.json";
import { fixes, ofCode, V0, ZEP8, ZEP8_RELATIVE } from "./helpers";

describe("url-pipeline v0: ZEP 8 version syntax is valid, but a path: a warning with the v0 spelling", () => {
  test.each([
    ["file:///db/|ocdbt:@v1/path", "file:///db/|ocdbt://v1/path"],
    ["file:///db/|ocdbt:@v1", "file:///db/|ocdbt://v1"],
    ["file:///db/|ocdbt:@v18446744073709551615/", "file:///db/|ocdbt://v18446744073709551615/"],
    ["file:///db/|ocdbt:@2025-01-01T00:00:00Z/", "file:///db/|ocdbt://2025-01-01T00:00:00Z/"],
    ["file:///db/|ocdbt:@2025-01-01T01:23:45.123456789Z/a|zarr3:", "file:///db/|ocdbt://2025-01-01T01:23:45.123456789Z/a|zarr3:"],
    ["file:///r/|icechunk:@branch.x/a", "file:///r/|icechunk://branch.x/a"],
    ["file:///r/|icechunk:@tag.v5/", "file:///r/|icechunk://tag.v5/"],
    ["file:///r/|icechunk:@4N0217AZA4VNPYD0HR0G/|zarr3:a/", "file:///r/|icechunk://4N0217AZA4VNPYD0HR0G/|zarr3:a/"],
    ["FILE:///r/|ICECHUNK:@branch.main", "FILE:///r/|ICECHUNK://branch.main"],
    // Every such sub-URL at once.
    ["s3://b-1/x/|ocdbt:@v2/y/|icechunk:@tag.t/", "s3://b-1/x/|ocdbt://v2/y/|icechunk://tag.t/"],
  ])("%s", (input, replacement) => {
    expect(validate(input).valid).toBe(true);
    // The v0 spelling of the version, or, if the path was meant, its "@" as %40 (D40).
    expect(fixes(input)).toEqual([["zep8-version-syntax", replacement], ["at-sign-path", input.replace(/(ocdbt|icechunk):@/gi, "$1:%40")]]);
  });

  test("every ZEP 8 example with an @version: valid in v0, with a warning whose fix reads the version", () => {
    const versioned = zep8Spec.valid.map((e) => e.url).filter((u) => /:@/.test(u));
    expect(versioned.length).toBeGreaterThanOrEqual(5);
    for (const url of versioned) {
      const [hint] = ofCode(url, "zep8-version-syntax", V0);
      expect(hint?.replacement).toBe(url.replace(":@", "://"));
      const p = validate(hint!.replacement!);
      const sub = p.valid && p.pipeline.subUrls[1];
      expect(sub && ("version" in sub ? sub.version : "ref" in sub ? sub.ref : null)).not.toBeNull();
    }
  });

  test("the message says what v0 reads and how v0 writes it", () => {
    const [h] = ofCode("file:///db/|ocdbt:@v1/path", "zep8-version-syntax");
    expect(h!.message).toContain('"@v1/path" as a path');
    expect(h!.message).toContain('"ocdbt://v1/"');
  });

  test("a version that is out of range: the warning, without a replacement (after the %40 fix, which has one)", () => {
    expect(fixes("file:///db/|ocdbt:@v0/x")).toEqual([["at-sign-path", "file:///db/|ocdbt:%40v0/x"], ["zep8-version-syntax", null]]);
    expect(fixes("file:///db/|ocdbt:@2023-02-29T00:00:00Z/")).toEqual([["at-sign-path", "file:///db/|ocdbt:%402023-02-29T00:00:00Z/"], ["zep8-version-syntax", null]]);
  });

  test.each([
    "file:///db/|ocdbt://v1/path", // already v0
    "file:///db/|ocdbt:%40v1/path", // encoded: a path on purpose
    "file:///db/|ocdbt:@abc/x", // not a version
    "file:///db/|ocdbt:@V1/x", // "v" is case-sensitive (D9): not a version either
    "file:///r/|icechunk:@main/", // not a reference
    "file:///r/|icechunk:@4n0217aza4vnpyd0hr0g/", // snapshot ids are upper-case
    "file:///r/|zip:@v1/x", // not a versioned scheme
    "s3://bucket/@v1/x",
  ])("no hint: %s", (input) => {
    expect(validate(input).valid).toBe(true);
    expect(fixes(input)).toEqual([]);
  });

  test("ZEP 8 gets no such warning: there the @ form is the version", () => {
    expect(fixes("file:///db/|ocdbt:@v1/path", ZEP8)).toEqual([]);
    expect(fixes("file:///r/|icechunk:@tag.v5/|zarr3:a/", ZEP8_RELATIVE)).toEqual([]);
  });
});

describe("zep8: url-pipeline v0 version syntax is invalid there: the ZEP 8 spelling", () => {
  test.each([
    ["file:///db/|ocdbt://v1/path", "file:///db/|ocdbt:@v1/path"],
    ["file:///db/|ocdbt://2025-01-01T01:23:45.678Z", "file:///db/|ocdbt:@2025-01-01T01:23:45.678Z"],
    ["file:///r/|icechunk://branch.x/a", "file:///r/|icechunk:@branch.x/a"],
    ["file:///r/|Icechunk://tag.v5/|zarr3:", "file:///r/|Icechunk:@tag.v5/|zarr3:"],
    ["file:///r/|icechunk://tag.v5/|ocdbt://v3", "file:///r/|icechunk:@tag.v5/|ocdbt:@v3"],
  ])("%s", (input, replacement) => {
    expect(validate(input, ZEP8).valid).toBe(false);
    expect(fixes(input, ZEP8)[0]).toEqual(["v0-version-syntax", replacement]);
  });

  test("in a relative pipeline too", () => {
    expect(fixes("a/b/|ocdbt://v1/x", ZEP8_RELATIVE)[0]).toEqual(["v0-version-syntax", "a/b/|ocdbt:@v1/x"]);
  });

  test("every versioned v0 example: invalid in zep8, fixed, and the fix read back in v0 is the example again", () => {
    const versioned = v0Spec.examples.map((e) => e.url).filter((u) => /(ocdbt|icechunk):\/\//.test(u));
    expect(versioned.length).toBeGreaterThanOrEqual(15);
    for (const url of versioned) {
      const [hint] = ofCode(url, "v0-version-syntax", ZEP8);
      expect(hint?.replacement).toBe(url.replace(/(ocdbt|icechunk):\/\//, "$1:@"));
      expect(ofCode(hint!.replacement!, "zep8-version-syntax", V0)[0]?.replacement).toBe(url);
    }
  });

  test("a path starting with \"@\" that is no version: %40, as ZEP 8 says", () => {
    expect(ofCode("file:///db/|ocdbt:@abc", "at-sign-path", ZEP8)).toEqual([
      expect.objectContaining({ replacement: "file:///db/|ocdbt:%40abc" }),
    ]);
    expect(ofCode("file:///r/|icechunk:@abc/|zarr3:", "at-sign-path", ZEP8)).toEqual([
      expect.objectContaining({ replacement: "file:///r/|icechunk:%40abc/|zarr3:" }),
    ]);
    // A version that does not parse is no reason for %40 (the version is meant): no such hint.
    expect(ofCode("file:///db/|ocdbt:@v0/x", "at-sign-path", ZEP8)).toEqual([]);
  });
});

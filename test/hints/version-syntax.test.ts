/**
 * src/hints/version-syntax.ts: ZEP 8's `ocdbt:@v1/` and `icechunk:@branch.x/` against url-pipeline v0's
 * `ocdbt://v1/` and `icechunk://branch.x/`, in both directions, and ZEP 8's "%40" for a path starting with "@".
 */
import { validate } from "../../src";
import v0Spec from "../fixtures/spec/url-pipeline-v0.json";
import zep8Spec from "../fixtures/spec/zep8.json";
import { fixes, hintsOf, ofCode, V0, ZEP8, ZEP8_RELATIVE } from "./helpers";

describe("url-pipeline v0: a path cannot start with @ (D40): the v0 spelling of the version, or %40", () => {
  test.each([
    ["file:///db/|ocdbt:@v1/path", "file:///db/|ocdbt://v1/path"],
    ["file:///db/|ocdbt:@v1", "file:///db/|ocdbt://v1"],
    ["file:///db/|ocdbt:@v18446744073709551615/", "file:///db/|ocdbt://v18446744073709551615/"],
    ["file:///db/|ocdbt:@2025-01-01T00:00:00Z/", "file:///db/|ocdbt://2025-01-01T00:00:00Z/"],
    [
      "file:///db/|ocdbt:@2025-01-01T01:23:45.123456789Z/a|zarr3:",
      "file:///db/|ocdbt://2025-01-01T01:23:45.123456789Z/a|zarr3:",
    ],
    ["file:///r/|icechunk:@branch.x/a", "file:///r/|icechunk://branch.x/a"],
    ["file:///r/|icechunk:@tag.v5/", "file:///r/|icechunk://tag.v5/"],
    ["file:///r/|icechunk:@4N0217AZA4VNPYD0HR0G/|zarr3:a/", "file:///r/|icechunk://4N0217AZA4VNPYD0HR0G/|zarr3:a/"],
    ["FILE:///r/|ICECHUNK:@branch.main", "FILE:///r/|ICECHUNK://branch.main"],
  ])("%s", (input, replacement) => {
    const r = validate(input);
    expect(r.valid).toBe(false);
    expect(!r.valid && [r.error.kind, r.error.offset]).toEqual(["syntax", input.indexOf(":@") + 1]);
    // The v0 spelling of the version; that ZEP 8 reads it as written; or, if a path was meant, its "@" as %40,
    // last, since it reads the version as a path (D65).
    expect(fixes(input)).toEqual([
      ["zep8-version-syntax", replacement],
      ["other-dialect", null],
      ["at-sign-path", input.replace(/(ocdbt|icechunk):@/gi, "$1:%40")],
    ]);
    expect(hintsOf(input).map((h) => h.keepsMeaning)).toEqual([true, undefined, false]);
  });

  test("two such sub-URLs: the v0 spelling fixes both; the %40 fix the first, the other then by the v0 spelling", () => {
    expect(fixes("s3://b-1/x/|ocdbt:@v2/y/|icechunk:@tag.t/")).toEqual([
      ["zep8-version-syntax", "s3://b-1/x/|ocdbt://v2/y/|icechunk://tag.t/"],
      ["other-dialect", null],
      ["at-sign-path", "s3://b-1/x/|ocdbt:%40v2/y/|icechunk://tag.t/"],
    ]);
  });

  test("every ZEP 8 example with an @version: invalid in v0, with a fix that reads the version", () => {
    const versioned = zep8Spec.valid.map((e) => e.url).filter((u) => /:@/.test(u));
    expect(versioned.length).toBeGreaterThanOrEqual(5);
    for (const url of versioned) {
      expect(validate(url).valid).toBe(false);
      const [hint] = ofCode(url, "zep8-version-syntax", V0);
      expect(hint?.replacement).toBe(url.replace(":@", "://"));
      const p = validate(hint!.replacement!);
      const sub = p.valid && p.pipeline.subUrls[1];
      expect(sub && ("version" in sub ? sub.version : "ref" in sub ? sub.ref : null)).not.toBeNull();
    }
  });

  test("the messages say what ZEP 8 readers read and how v0 writes it", () => {
    const [v] = ofCode("file:///db/|ocdbt:@v1/path", "zep8-version-syntax");
    expect(v!.message).toBe('"ocdbt:@v1" is ZEP 8\'s ocdbt version syntax; url-pipeline v0 writes "ocdbt://v1"');
    const [a] = ofCode("file:///db/|ocdbt:@v1/path", "at-sign-path");
    expect(a!.message).toBe(
      'in url-pipeline v0 an ocdbt: path cannot start with "@", which ZEP 8 readers such as TensorStore ' +
        'read as the start of a version: if "@v1/path" is meant as a path, write its "@" as "%40" (this fix ' +
        'changes what is named: the version "@v1" becomes part of the path)',
    );
  });

  test("a version that is out of range: the v0 spelling without a replacement, then the %40 fix", () => {
    expect(fixes("file:///db/|ocdbt:@v0/x")).toEqual([
      ["zep8-version-syntax", null],
      ["at-sign-path", "file:///db/|ocdbt:%40v0/x"],
    ]);
    expect(fixes("file:///db/|ocdbt:@2023-02-29T00:00:00Z/")).toEqual([
      ["zep8-version-syntax", null],
      ["at-sign-path", "file:///db/|ocdbt:%402023-02-29T00:00:00Z/"],
    ]);
  });

  test.each([
    ["file:///db/|ocdbt:@abc/x", "file:///db/|ocdbt:%40abc/x"], // not a version
    ["file:///db/|ocdbt:@V1/x", "file:///db/|ocdbt:%40V1/x"], // "v" is case-sensitive (D9): not a version either
    ["file:///r/|icechunk:@main/", "file:///r/|icechunk:%40main/"], // not a reference
    ["file:///r/|icechunk:@4n0217aza4vnpyd0hr0g/", "file:///r/|icechunk:%404n0217aza4vnpyd0hr0g/"], // snapshot ids are upper-case
  ])("no version after the @: only the %%40 fix: %s", (input, replacement) => {
    expect(validate(input).valid).toBe(false);
    expect(fixes(input)).toEqual([["at-sign-path", replacement]]);
  });

  test.each([
    "file:///db/|ocdbt://v1/path", // already v0
    "file:///db/|ocdbt:%40v1/path", // encoded: a path on purpose
    "file:///db/|ocdbt:a@b/x", // "@" not at the start
    "file:///db/|ocdbt:/@v1/x", // the path starts with "/"
    "file:///db/|ocdbt://v1/@x", // after a version
    "file:///r.zip|zip:@v1/x", // not a versioned scheme
    "s3://bucket/@v1/x",
  ])("valid, no hint about its syntax: %s", (input) => {
    expect(validate(input).valid).toBe(true);
    // A v0 version is still one ZEP 8 readers do not read (zep8-readers-version.test.ts).
    expect(fixes(input).filter(([code]) => code !== "zep8-readers-version")).toEqual([]);
  });

  test("ZEP 8 gets no such hint: there the @ form is the version", () => {
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

  test('a path starting with "@" that is no version: %40, as ZEP 8 says', () => {
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

describe("a version spelt otherwise than the grammar spells it: the fix respells it", () => {
  test.each([
    ["file:///db/|ocdbt://1/", V0, "file:///db/|ocdbt://v1/"],
    ["file:///db/|ocdbt://12", V0, "file:///db/|ocdbt://v12"],
    ["file:///db/|OCDBT://7/a|zarr3:", V0, "file:///db/|OCDBT://v7/a|zarr3:"],
    ["file:///db/|ocdbt:@1/", ZEP8, "file:///db/|ocdbt:@v1/"],
    ["file:///db/|ocdbt:@V1/", ZEP8, "file:///db/|ocdbt:@v1/"],
    ["file:///db/|ocdbt://V1/", V0, "file:///db/|ocdbt://v1/"],
    ["file:///db/|ocdbt:@2025-01-01T00:00:00/", ZEP8, "file:///db/|ocdbt:@2025-01-01T00:00:00Z/"],
    ["file:///db/|ocdbt://2025-01-01T00:00:00.5", V0, "file:///db/|ocdbt://2025-01-01T00:00:00.5Z"],
    ["file:///r/|icechunk:@main/", ZEP8, "file:///r/|icechunk:@branch.main/"],
    ["file:///r/|icechunk://main/", V0, "file:///r/|icechunk://branch.main/"],
    ["file:///r/|icechunk:@branch/main/a", ZEP8, "file:///r/|icechunk:@branch.main/a"],
    ["file:///r/|icechunk:@tag:v1/", ZEP8, "file:///r/|icechunk:@tag.v1/"],
  ])("%s", (input, options, replacement) => {
    const [h] = ofCode(input, "version-spelling", options);
    expect(h).toMatchObject({ code: "version-spelling", replacement });
  });

  test("the message says what was written and how the grammar writes it", () => {
    expect(ofCode("file:///r/|icechunk:@main/", "version-spelling", ZEP8)[0]!.message).toBe(
      '"@main" is not how icechunk: writes a reference: "@branch.main" (a branch is written "branch.NAME", a tag "tag.NAME")',
    );
    expect(ofCode("file:///db/|ocdbt://1/", "version-spelling")[0]!.message).toBe(
      '"//1" is not how ocdbt: writes a version: "//v1" (a generation is written with a "v")',
    );
  });

  test("first in ZEP 8, before the %40 reading of a path", () => {
    expect(fixes("file:///db/|ocdbt:@1/", ZEP8).map(([code]) => code)).toEqual(["version-spelling", "at-sign-path"]);
  });

  test.each([
    ["no generation 0: no hint, as there is no fix", "file:///db/|ocdbt://0/a", V0],
    ["the other dialect's marker: that is version-syntax's other hints", "file:///db/|ocdbt://1/", ZEP8],
    ["a path segment that only starts with digits", "file:///db/|ocdbt://1a/", V0],
    ["a snapshot id is a reference as it is", "file:///r/|icechunk://4N0217AZA4VNPYD0HR0G/", V0],
  ])("%s: %s", (_why, input, options) => {
    expect(ofCode(input, "version-spelling", options)).toEqual([]);
  });
});

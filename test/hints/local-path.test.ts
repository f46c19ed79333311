/**
 * src/hints/local-path.ts: local paths as their file: URL (fromPath, D25), relative paths, and ZEP 8's "./" for
 * a relative path whose first segment has a colon.
 */
import { fromPath } from "../../src";
import { localPathFlavor, localPathToUrl } from "../../src/hints/local-path";
import { fixes, hintsOf, ofCode, ZEP8, ZEP8_RELATIVE } from "./helpers";

describe("absolute local paths: their file: URL, keeping the |adapter tail", () => {
  test.each([
    ["/tmp/a.zip", "file:///tmp/a.zip"],
    ["/tmp/a.zip|zip:x/", "file:///tmp/a.zip|zip:x/"],
    ["/tmp/my data/a.zip|zip:x/|zarr3:", "file:///tmp/my%20data/a.zip|zip:x/|zarr3:"],
    ["/tmp/dir/", "file:///tmp/dir/"],
    ["C:\\data\\a.zip", "file:///C:/data/a.zip"],
    ["C:/data/a.zip", "file:///C:/data/a.zip"],
    ["c:\\Users\\me\\my data.zip|zip:x", "file:///c:/Users/me/my%20data.zip|zip:x"],
    ["\\\\server\\share\\a", "file://server/share/a"],
    ["\\\\server\\share\\dir\\a.zip|zip:", "file://server/share/dir/a.zip|zip:"],
  ])("%s", (input, replacement) => {
    expect(fixes(input)).toEqual([["local-path", replacement]]);
    expect(replacement.split("|")[0]).toBe(localPathToUrl(input.split("|")[0]!));
  });

  test("the replacement is fromPath's", () => {
    expect(ofCode("/x/é #1.zip", "local-path")[0]!.replacement).toBe(fromPath("/x/é #1.zip", { flavor: "posix" }));
  });

  test("the message says what the path is", () => {
    expect(hintsOf("/tmp/a.zip")[0]!.message).toBe('"/tmp/a.zip" is a local path, not a URL: write it as a file: URL');
    expect(hintsOf("C:\\a.zip")[0]!.message).toContain("Windows path");
    expect(hintsOf("\\\\server\\share\\a")[0]!.message).toContain("Windows UNC path");
  });

  test("zep8 too; in its relative rule a POSIX path is a relative pipeline (valid), a Windows path is not", () => {
    expect(fixes("/tmp/a.zip|zip:x", ZEP8)).toEqual([["local-path", "file:///tmp/a.zip|zip:x"]]);
    expect(fixes("/tmp/a.zip|zip:x", ZEP8_RELATIVE)).toEqual([]);
    expect(fixes("/tmp/a b.zip", ZEP8_RELATIVE)).toEqual([["percent-encode", "/tmp/a%20b.zip"]]);
    expect(fixes("C:\\a.zip|zip:x", ZEP8_RELATIVE)).toEqual([["local-path", "file:///C:/a.zip|zip:x"]]);
  });

  test("a path fromPath refuses: the hint, without a replacement", () => {
    expect(fixes("\\\\?\\C:\\a")).toContainEqual(["local-path", null]);
    expect(fixes("\\\\localhost\\share\\a")).toContainEqual(["local-path", null]);
  });

  test.each(["//server/share", "C:a.zip", "file:///tmp/a.zip", "s3://bucket/a"])("not a local path: %s", (input) => {
    expect(ofCode(input, "local-path")).toEqual([]);
    expect(localPathFlavor(input)).toBeNull();
  });
});

describe("relative paths: a hint without a replacement", () => {
  test.each(["./a.zip", "../a.zip", "data/a.zip", "data\\a.zip", "~/a.zip", "./a.zip|zip:x"])("%s", (input) => {
    expect(fixes(input)).toEqual([["relative-path", null]]);
  });

  test("the message names ZEP 8's relative pipelines in zep8 only", () => {
    expect(hintsOf("data/a.zip")[0]!.message).not.toContain("relative-url-pipeline");
    expect(hintsOf("data/a.zip", ZEP8)[0]!.message).toContain("relative-url-pipeline");
  });

  test("valid in zep8's relative rule: no hint", () => {
    expect(fixes("data/a.zip|zip:x", ZEP8_RELATIVE)).toEqual([]);
    expect(fixes("../a.zip", ZEP8_RELATIVE)).toEqual([]);
  });

  test.each(["a.zip", "zipp", "s3:bucket/a"])("not taken for a relative path: %s", (input) => {
    expect(ofCode(input, "relative-path")).toEqual([]);
  });
});

describe("zep8 relative rule: a first segment with a colon starts with ./ (ZEP 8)", () => {
  test.each([
    ["a:b", "./a:b"],
    ["a:b|zip:x", "./a:b|zip:x"],
    ["2024:data/x", null], // no scheme at all: starts with a digit, so not this hint
  ])("%s", (input, replacement) => {
    const found = ofCode(input, "relative-path", ZEP8_RELATIVE).map((h) => h.replacement);
    expect(found).toEqual(replacement === null ? [] : [replacement]);
  });

  test("not for a misspelt root scheme", () => {
    expect(ofCode("htps://example.com/a", "relative-path", ZEP8_RELATIVE)).toEqual([]);
    expect(ofCode("htps://example.com/a", "misspelt-scheme", ZEP8_RELATIVE)[0]!.replacement).toBe(
      "https://example.com/a",
    );
  });
});

/**
 * src/hints/file-url.ts: file: URLs in RFC 8089's non-standard forms (decision D6).
 */
import { fixes, ofCode } from "./helpers";

describe("Windows drive letters written the old ways: file:///C:/...", () => {
  test.each([
    ["file:c:/path", "file:///c:/path"],
    ["file:C:/a.zip|zip:x", "file:///C:/a.zip|zip:x"],
    ["file://C:/path", "file:///C:/path"],
    ["file:///c|/path", "file:///c:/path"],
    ["file://localhost/c|/path/a.zip|zip:", "file://localhost/c:/path/a.zip|zip:"],
  ])("%s", (input, replacement) => {
    expect(fixes(input)[0]).toEqual(["file-url", replacement]);
  });

  test("with backslashes, doubled too (a string literal's): the drive and the separators in one fix", () => {
    const [h] = ofCode("file:c:\\path\\a.zip", "file-url");
    expect(h!.replacement).toBe("file:///c:/path/a.zip");
    expect(h!.message).not.toContain("; also: ");
    expect(fixes("file://C:\\\\a\\\\b")[0]).toEqual(["file-url", "file:///C:/a/b"]);
    expect(fixes("file:///c|\\foo\\bar")[0]).toEqual(["file-url", "file:///c:/foo/bar"]);
  });

  test("a drive letter without a separator is drive-relative (D25): no fix", () => {
    expect(ofCode("file:C:", "file-url").map((h) => h.replacement)).toEqual([undefined]);
  });

  test("file:///c|/path: the drive letter, not a | to encode", () => {
    expect(ofCode("file:///c|/path", "pipe-in-path")).toEqual([]);
  });
});

describe("relative file: URLs: a message only", () => {
  test.each(["file:relative/path", "file:a.zip|zip:x"])("%s", (input) => {
    expect(fixes(input)).toEqual([["file-url", null]]);
  });
  test.each(["file:", "file:/a", "file:///a", "file://host/share/a"])("not for %s", (input) => {
    expect(ofCode(input, "file-url")).toEqual([]);
  });
});

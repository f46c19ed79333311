/**
 * src/hints/percent-encoding.ts: characters that must be percent-encoded; "\" in a Windows file: URL.
 */
import { fixes, hintsOf, ofCode, ZEP8, ZEP8_RELATIVE } from "./helpers";

describe("never valid as they are: every one in the input encoded", () => {
  test.each([
    ["file:///my data/a.zip", "file:///my%20data/a.zip"],
    ["file:///my data/a b.zip|zip:c d/", "file:///my%20data/a%20b.zip|zip:c%20d/"],
    ["s3://bucket/a#1.zip", "s3://bucket/a%231.zip"],
    ["s3://bucket/a#1 b.zip", "s3://bucket/a%231%20b.zip"],
    ["file:///é", "file:///%C3%A9"],
    ["file:///日本/a.zip", "file:///%E6%97%A5%E6%9C%AC/a.zip"],
    ["file:///\ud83d\ude00.zip", "file:///%F0%9F%98%80.zip"],
    ['file:///a{1}^`<>"', "file:///a%7B1%7D%5E%60%3C%3E%22"],
    ["https://münchen.example/a", "https://m%C3%BCnchen.example/a"],
  ])("%s", (input, replacement) => {
    expect(fixes(input)).toEqual([["percent-encode", replacement]]);
  });

  test("not a space at a seam (whitespace.ts's), nor quotes or angle brackets around the input (pasted.ts's)", () => {
    expect(ofCode("s3://bucket/a.zip | zip:x", "percent-encode")).toEqual([]);
    expect(ofCode("s3://bucket/a.zip |zip:x", "percent-encode")).toEqual([]);
    expect(ofCode('"s3://bucket/a.zip|zip:x"', "percent-encode")).toEqual([]);
    expect(ofCode("<s3://bucket/a>", "percent-encode")).toEqual([]);
    // A quote that is not around the whole input is encoded as ever.
    expect(fixes('file:///a"b')).toEqual([["percent-encode", "file:///a%22b"]]);
  });

  test("% not followed by two hex digits: %25 (at the %, or one or two characters after it)", () => {
    expect(fixes("file:///a%zz")).toEqual([["percent-encode", "file:///a%25zz"]]);
    expect(fixes("file:///a%2")).toEqual([["percent-encode", "file:///a%252"]]);
    expect(fixes("file:///100%")).toEqual([["percent-encode", "file:///100%25"]]);
    expect(fixes("file:///50%off%20x")).toEqual([["percent-encode", "file:///50%25off%20x"]]);
  });

  test("the message lists what is encoded, and why for # and %", () => {
    expect(hintsOf("s3://bucket/a#1 b.zip")[0]!.message).toBe(
      'percent-encode what a URL cannot hold as it is: "#" as %23, " " as %20 ("#" would start a fragment, which URL pipelines do not have) (this fix changes what is named: "#1 b.zip" becomes part of the name before it)',
    );
    expect(hintsOf("file:///a%zz")[0]!.message).toContain('"%" starts a %XX escape');
  });

  test("zep8, and its relative rule", () => {
    expect(fixes("file:///a b", ZEP8)).toEqual([["percent-encode", "file:///a%20b"]]);
    expect(fixes("a b/c|zip:d e", ZEP8_RELATIVE)).toEqual([["percent-encode", "a%20b/c|zip:d%20e"]]);
  });

  test("a lone surrogate has no UTF-8: a message, no replacement; a paired one elsewhere is still encoded", () => {
    expect(fixes("file:///a\ud800b")).toEqual([["percent-encode", null]]);
    expect(hintsOf("file:///a\ud800b")[0]!.message).toContain("\\ud800");
    expect(fixes("file:///é\ud800")).toEqual([["percent-encode", null]]);
  });
});

describe("valid elsewhere ([ ] ? \\): encoded from the error on, in that sub-URL, only with a valid result", () => {
  test.each([
    ["s3://bucket/a?b", "s3://bucket/a%3Fb"],
    ["s3://bucket/a[1].zip|zip:x", "s3://bucket/a%5B1%5D.zip|zip:x"],
    ["file:/x|zip:a?b", "file:/x|zip:a%3Fb"],
    ["s3://bucket/a\\b", "s3://bucket/a%5Cb"],
  ])("%s", (input, replacement) => {
    expect(fixes(input)).toContainEqual(["percent-encode", replacement]);
  });

  test("a query of http: is valid: no hint for it", () => {
    expect(fixes("https://example.com/a?b")).toEqual([]);
  });
});

describe("a backslash in a Windows file: URL is a separator: /", () => {
  test.each([
    ["file:///C:\\data\\a.zip", "file:///C:/data/a.zip"],
    ["file:///C:\\data\\a.zip|zip:x", "file:///C:/data/a.zip|zip:x"],
    // A UNC path: file://server/share (RFC 8089 Appendix E.3.1), not a relative file: URL.
    ["file:\\\\server\\share", "file://server/share"],
    ["file:\\\\server\\share\\a.zip|zip:x", "file://server/share/a.zip|zip:x"],
  ])("%s", (input, replacement) => {
    expect(fixes(input)).toEqual([["backslash", replacement]]);
  });

  test("the message of a UNC path names its file: URL form", () => {
    expect(ofCode("file:\\\\server\\share", "backslash")[0]!.message).toBe(
      '"\\" is not a separator in a URL: a file: URL writes a Windows UNC path \\\\server\\share as file://server/share',
    );
  });
});

test("not these: controls, |, whitespace around", () => {
  expect(ofCode("file:///a\u0000b", "percent-encode")).toEqual([]);
  expect(ofCode(" file:///a", "percent-encode")).toEqual([]);
});

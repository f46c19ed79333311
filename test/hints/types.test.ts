/**
 * src/hints/types.ts: the text helpers the hint kinds share.
 */
import {
  joinParts,
  listSchemes,
  quote,
  replacePart,
  schemeNameEnd,
  schemeToken,
  splitParts,
} from "../../src/hints/types";

test("splitParts: the |-separated parts with their offsets; joinParts and replacePart put them back", () => {
  expect(splitParts("a|bc||d")).toEqual([
    { text: "a", start: 0, end: 1, index: 0 },
    { text: "bc", start: 2, end: 4, index: 1 },
    { text: "", start: 5, end: 5, index: 2 },
    { text: "d", start: 6, end: 7, index: 3 },
  ]);
  expect(splitParts("")).toEqual([{ text: "", start: 0, end: 0, index: 0 }]);
  for (const s of ["", "|", "a|bc||d", "|x|"]) expect(joinParts(splitParts(s))).toBe(s);
  expect(replacePart(splitParts("a|b|c"), 1, "X")).toBe("a|X|c");
});

test("schemeToken: RFC 3986 scheme followed by : or the end", () => {
  expect(schemeToken("zip:x")).toEqual({ name: "zip", colon: true });
  expect(schemeToken("zarr3")).toEqual({ name: "zarr3", colon: false });
  expect(schemeToken("s3+https://h/")).toEqual({ name: "s3+https", colon: true });
  expect(schemeToken("b.zip")).toEqual({ name: "b.zip", colon: false });
  for (const s of ["", "/a", "1ab:", "a/b:c", "..:x", "a b:"]) expect(schemeToken(s)).toBeNull();
});

test("schemeNameEnd: where RFC 3986's scheme rule stops reading, as its regular expression does, in every ASCII neighbourhood", () => {
  expect(schemeNameEnd("s3+https://h/")).toBe(8);
  expect(schemeNameEnd("Zarr3|x")).toBe(5);
  expect(schemeNameEnd("b.zip")).toBe(5);
  expect(schemeNameEnd("x|zip:a", 2)).toBe(5);
  for (const s of ["", "/a", "1ab:", "..:x", " a:"]) expect(schemeNameEnd(s)).toBe(0);
  // Each ASCII character before, inside and after a name: the same end as the rule's regular expression.
  const rule = /^[A-Za-z][A-Za-z0-9+.-]*/;
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    for (const s of [`${ch}ab:`, `a${ch}b:`, `ab${ch}`]) expect(schemeNameEnd(s)).toBe(rule.exec(s)?.[0].length ?? 0);
  }
});

test("quote: controls and lone surrogates escaped, pairs kept, long text cut", () => {
  expect(quote("a b")).toBe('"a b"');
  expect(quote("a\u0000\n\u007f\u0085")).toBe('"a\\u0000\\u000a\\u007f\\u0085"');
  expect(quote("\ud800x\udc00")).toBe('"\\ud800x\\udc00"');
  expect(quote("\ud83d\ude00")).toBe('"\ud83d\ude00"');
  expect(quote("C:\\a")).toBe('"C:\\a"');
  expect(quote('a"b')).toBe('"a\\"b"'); // not "a"b", which reads as two quoted pieces
  expect(quote("x".repeat(100))).toBe(`"${"x".repeat(57)}..."`);
});

test("listSchemes", () => {
  expect(listSchemes(["a", "b"])).toBe("a:, b:");
  expect(listSchemes(["a", "b", "c"], 2)).toBe("a:, b:, ...");
});

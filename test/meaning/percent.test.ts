import { encodePath, normalizePercent, percentByte, percentEncode, utf8PercentEncode } from "../../src/meaning/percent";

describe("normalizePercent (RFC 3986 6.2.2.1, 6.2.2.2)", () => {
  test.each([
    ["a%2fb", "a%2Fb"],
    ["%41%7e%2D%2e%5F", "A~-._"],
    ["%c3%a9", "%C3%A9"],
    ["plain", "plain"],
    ["%25", "%25"],
  ])("%s -> %s", (raw, out) => expect(normalizePercent(raw)).toBe(out));
  test("characters listed in keepEncoded stay encoded", () => expect(normalizePercent("%7e%41", "~")).toBe("%7EA"));
});

describe("percentEncode", () => {
  test("UTF-8 bytes, upper-case hex; allowed characters as they are", () => {
    expect(percentEncode("a b\u00e9\u{1F600}", "a-z")).toBe("a%20b%C3%A9%F0%9F%98%80");
    expect(encodePath("/a b/c|d#e?f%g")).toBe("/a%20b/c%7Cd%23e%3Ff%25g");
  });
  test("a lone surrogate has no UTF-8: TypeError", () => expect(() => percentEncode("\udc00", "a")).toThrow(TypeError));
});

test("utf8PercentEncode: each UTF-8 byte as %XX, upper-case", () => {
  expect([0x20, 0x7c, 0xe9, 0x65e5, 0x1f600].map(utf8PercentEncode)).toEqual([
    "%20",
    "%7C",
    "%C3%A9",
    "%E6%97%A5",
    "%F0%9F%98%80",
  ]);
  for (const cp of [0x41, 0x7ff, 0x800, 0xffff, 0x10000, 0x10ffff]) {
    expect(decodeURIComponent(utf8PercentEncode(cp))).toBe(String.fromCodePoint(cp));
  }
});

test("percentByte: two upper-case hex digits", () => {
  expect([0, 0x0a, 0x7c, 0xff].map(percentByte)).toEqual(["%00", "%0A", "%7C", "%FF"]);
});

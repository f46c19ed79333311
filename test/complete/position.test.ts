/**
 * position.ts: the sub-URL being typed is the text after the last "|".
 */
import { asciiLower, isSchemeChar, isSchemeToken, position } from "../../src/complete/position";

test("position", () => {
  expect(position("")).toEqual({ role: "root", start: 0, text: "", base: "" });
  expect(position("s3:/")).toEqual({ role: "root", start: 0, text: "s3:/", base: "" });
  expect(position("s3://b/a.zip|zi")).toEqual({ role: "adapter", start: 13, text: "zi", base: "s3://b/a.zip" });
  expect(position("a|b|")).toEqual({ role: "adapter", start: 4, text: "", base: "a|b" });
});

test("scheme tokens: RFC 3986 scheme characters only", () => {
  expect(["", "s", "S3", "s3+http", "..", "neuroglancer-precomputed"].every(isSchemeToken)).toBe(true);
  expect(["s3:", "a b", "zip/", "\u212A"].some(isSchemeToken)).toBe(false);
  expect([isSchemeChar("+"), isSchemeChar(":"), isSchemeChar("ab")]).toEqual([true, false, false]);
});

test("ASCII lower case only (D23): the Kelvin sign stays", () => {
  expect(asciiLower("ZIP\u212A")).toBe("zip\u212A");
});

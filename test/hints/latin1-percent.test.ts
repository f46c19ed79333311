/**
 * latin1-percent.ts: percent-encoded bytes that are not UTF-8 (D14) but read as Latin-1 text, with their UTF-8
 * spelling; no hint where the intended text is not clear.
 */
import { validate } from "../../src/api";
import { ofCode } from "./helpers";

test.each([
  ["s3://bucket/caf%E9.zip|zip:x", "s3://bucket/caf%C3%A9.zip|zip:x"],
  ["file:///d/%FCber%20uns/", "file:///d/%C3%BCber%20uns/"],
  ["file:///a|zip:%C3%A9/%E9", "file:///a|zip:%C3%A9/%C3%A9"],
])("%s", (input, replacement) => {
  const r = validate(input);
  expect(r.valid ? null : r.error.kind).toBe("value");
  expect(ofCode(input, "latin1-percent").map((h) => h.replacement)).toEqual([replacement]);
  expect(validate(replacement).valid).toBe(true);
});

test("no hint when the bytes are not printable Latin-1 (C1 controls), or there is no UTF-8 problem", () => {
  expect(ofCode("file:///d/%85", "latin1-percent")).toEqual([]);
  expect(ofCode("file:///d/%C3%A9|zip:x|byte-range:5-1", "latin1-percent")).toEqual([]);
});

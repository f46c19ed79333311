import { parsePort } from "../../src/strict/port";
import { isProblem } from "../../src/strict/value-problem";
import { expectProblem } from "./helpers";

describe("parsePort", () => {
  test.each<[string, number | null]>([
    ["", null],
    ["0", 0],
    ["80", 80],
    ["065535", 65535],
    ["65535", 65535],
  ])("accepts %p", (digits, value) => {
    expect(parsePort(digits)).toEqual({ value });
  });

  test.each<[string, number, RegExp]>([
    ["65536", 0, /between 0 and 65535, but this one is 65536/],
    ["99999999999999999999999", 0, /between 0 and 65535/],
    ["8o", 1, /only decimal digits.*'o'/],
  ])("rejects %p", (digits, offset, pattern) => {
    expectProblem(parsePort(digits), offset, pattern);
  });
});

describe("parsePort's fast path", () => {
  test("parsePort's fast path gives what its full path gives", () => {
    for (const p of ["0", "80", "65535", "65536", "000065535", "99999999999999999999"]) {
      const full = BigInt(p) <= 65535n ? { value: Number(p) } : "problem";
      const r = parsePort(p);
      expect(isProblem(r) ? "problem" : r).toEqual(full);
    }
  });
});

import { isProblem, type ValueProblem } from "../../src/strict/value-problem";

export const U64_MAX = "18446744073709551615"; // 2^64 - 1
export const TWO_POW_64 = "18446744073709551616";

/** Asserts that `x` is a problem at `offset` whose message matches `pattern`. */
export function expectProblem(x: unknown, offset: number, pattern: RegExp): ValueProblem {
  expect(isProblem(x)).toBe(true);
  const p = x as ValueProblem;
  expect(p.offset).toBe(offset);
  expect(p.message).toMatch(pattern);
  return p;
}

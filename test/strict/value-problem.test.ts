import { isProblem, smallInteger } from "../../src/strict/value-problem";

describe("isProblem", () => {
  test("recognises problems and rejects successful results", () => {
    expect(isProblem({ offset: 0, message: "x" })).toBe(true);
    expect(isProblem({ value: 1n })).toBe(false);
    expect(isProblem({ value: null })).toBe(false);
    expect(isProblem(null)).toBe(false);
    expect(isProblem("offset")).toBe(false);
  });
});

describe("fast paths: the same answers as the full checks", () => {
  test("smallInteger: 1 to 15 ASCII digits, else -1", () => {
    expect(
      ["0", "007", "65535", "999999999999999", "", "1234567890123456", "1a", "-1", "\u0661"].map(smallInteger),
    ).toEqual([0, 7, 65535, 999999999999999, -1, -1, -1, -1, -1]);
  });
});

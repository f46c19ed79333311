import { parseByteRange } from "../../src/strict/byte-range";
import { expectProblem, TWO_POW_64, U64_MAX } from "./helpers";

describe("parseByteRange", () => {
  test.each<[string, string, bigint, bigint]>([
    ["0", "0", 0n, 0n],
    ["0", "99", 0n, 99n],
    ["5", "5", 5n, 5n],
    ["007", "010", 7n, 10n],
    [U64_MAX, U64_MAX, 18446744073709551615n, 18446744073709551615n],
  ])("accepts %p-%p", (start, end, s, e) => {
    expect(parseByteRange(start, end)).toEqual({ start: s, end: e });
  });

  test.each<[string, string, "start" | "end", number, RegExp]>([
    [TWO_POW_64, TWO_POW_64, "start", 0, /start of a byte range must be less than 2\^64.*unsigned 64-bit/],
    ["0", TWO_POW_64, "end", 0, new RegExp(`end of a byte range must be less than 2\\^64 \\(at most ${U64_MAX}\\)`)],
    ["10", "5", "end", 0, /START <= END.*end 5 is less than the start 10/],
    [U64_MAX, "0", "end", 0, /START <= END/],
    ["", "5", "start", 0, /at least one decimal digit/],
    ["1", "2x", "end", 1, /only decimal digits.*'x'/],
  ])("rejects %p-%p", (start, end, field, offset, pattern) => {
    const r = parseByteRange(start, end);
    expectProblem(r, offset, pattern);
    expect(r).toMatchObject({ field });
  });
});

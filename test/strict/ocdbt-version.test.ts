import { parseCommitTime, parseGeneration } from "../../src/strict/ocdbt-version";
import { isProblem } from "../../src/strict/value-problem";
import { expectProblem, TWO_POW_64, U64_MAX } from "./helpers";

describe("parseGeneration", () => {
  test.each<[string, bigint]>([
    ["1", 1n],
    ["42", 42n],
    ["0001", 1n], // leading zeros allowed, the value counts
    [U64_MAX, 18446744073709551615n],
    [`000${U64_MAX}`, 18446744073709551615n],
  ])("accepts %p", (digits, value) => {
    expect(parseGeneration(digits)).toEqual({ value });
  });

  test.each<[string, number, RegExp]>([
    ["0", 0, /at least 1.*this one is 0/],
    ["0000", 0, /at least 1/],
    [TWO_POW_64, 0, new RegExp(`less than 2\\^64 \\(at most ${U64_MAX}\\), but this one is ${TWO_POW_64}`)],
    ["9".repeat(100), 0, /less than 2\^64.*a 100-digit number/],
    ["", 0, /at least one decimal digit/],
    ["12a", 2, /only decimal digits.*'a'/],
  ])("rejects %p", (digits, offset, pattern) => {
    expectProblem(parseGeneration(digits), offset, pattern);
  });
});

describe("parseCommitTime", () => {
  test("parses all fields and keeps the canonical form", () => {
    expect(parseCommitTime("2024-02-29T12:34:56.789Z")).toEqual({
      year: 2024,
      month: 2,
      day: 29,
      hour: 12,
      minute: 34,
      second: 56,
      nanosecond: 789_000_000,
      canonical: "2024-02-29T12:34:56.789Z",
    });
  });

  test.each<[string, number, string]>([
    ["2000-02-29T00:00:00Z", 0, "2000-02-29T00:00:00Z"], // divisible by 400: leap
    ["2023-12-31T23:59:59Z", 0, "2023-12-31T23:59:59Z"],
    ["2023-01-01T00:00:00.0Z", 0, "2023-01-01T00:00:00Z"], // zero fraction dropped
    ["2023-01-01T00:00:00.000000000Z", 0, "2023-01-01T00:00:00Z"],
    ["2023-01-01T00:00:00.120Z", 120_000_000, "2023-01-01T00:00:00.12Z"], // trailing zeros dropped
    ["2023-01-01T00:00:00.123456789Z", 123_456_789, "2023-01-01T00:00:00.123456789Z"], // 9 digits
    ["2023-01-01T00:00:00.000000001Z", 1, "2023-01-01T00:00:00.000000001Z"],
    ["2023-04-30T00:00:00Z", 0, "2023-04-30T00:00:00Z"],
    ["0000-02-29T00:00:00Z", 0, "0000-02-29T00:00:00Z"], // year 0 is divisible by 400
  ])("accepts %p", (text, nanosecond, canonical) => {
    const r = parseCommitTime(text);
    expect(isProblem(r)).toBe(false);
    expect(r).toMatchObject({ nanosecond, canonical });
  });

  test.each<[string, number, RegExp]>([
    ["2023-02-29T00:00:00Z", 8, /February 2023 has 28 days \(2023 is not a leap year\).*01 to 28.*29/],
    ["1900-02-29T00:00:00Z", 8, /February 1900 has 28 days \(1900 is not a leap year\)/],
    ["2024-02-30T00:00:00Z", 8, /February 2024 has 29 days \(2024 is a leap year\).*01 to 29.*30/],
    ["2023-04-31T00:00:00Z", 8, /April 2023 has 30 days.*01 to 30.*31/],
    ["2023-01-32T00:00:00Z", 8, /January 2023 has 31 days/],
    ["2023-01-00T00:00:00Z", 8, /01 to 31.*00/],
    ["2023-13-01T00:00:00Z", 5, /month.*01 to 12.*13/],
    ["2023-00-01T00:00:00Z", 5, /month.*01 to 12.*00/],
    ["2023-12-31T24:00:00Z", 11, /hour.*00 to 23.*24/],
    ["2023-12-31T23:60:00Z", 14, /minute.*00 to 59.*60/],
    ["2016-12-31T23:59:60Z", 17, /second.*00 to 59.*leap seconds are not accepted.*60/],
    ["2023-12-31T23:59:61Z", 17, /second.*00 to 59.*61/],
    ["2023-01-01T00:00:00.1234567890Z", 29, /at most 9 digits.*has 10/],
    ["2023-01-01t00:00:00Z", 0, /YYYY-MM-DDTHH:MM:SS\[\.fraction\]Z/],
    ["2023-01-01T00:00:00z", 0, /form/],
    ["2023-01-01T00:00:00+00:00", 0, /form/],
    ["2023-01-01T00:00:00.Z", 0, /form/],
    ["2023-1-01T00:00:00Z", 0, /form/],
    ["2023-01-01T00:00:00Z\n", 0, /form/],
    ["", 0, /form/],
  ])("rejects %p at offset %p", (text, offset, pattern) => {
    expectProblem(parseCommitTime(text), offset, pattern);
  });
});

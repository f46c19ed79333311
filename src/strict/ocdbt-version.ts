/**
 * OCDBT versions: a generation number (1 to 2^64-1) or a commit time that is a real UTC instant (decision D10).
 */
import type { CommitTime as CommitTimeFields } from "../tree/nodes";
import {
  describeChar,
  describeNumber,
  parseDigits,
  problem,
  TWO_POW_64,
  U64_MAX_TEXT,
  type ValueProblem,
} from "./value-problem";

/**
 * Parses the digits of an OCDBT generation `v<digits>` (the caller passes
 * only the digits). The generation must be at least 1 and less than 2^64;
 * leading zeros are allowed and do not change the value.
 */
export function parseGeneration(digits: string): { value: bigint } | ValueProblem {
  const parsed = parseDigits(digits);
  if (typeof parsed !== "bigint") {
    return digits.length === 0
      ? problem(0, "an OCDBT generation must have at least one decimal digit after 'v'.")
      : problem(
          parsed.badOffset,
          `an OCDBT generation may contain only decimal digits, but this one contains ${describeChar(digits, parsed.badOffset)}.`,
        );
  }
  if (parsed === 0n) {
    return problem(0, "OCDBT generation numbers must be at least 1 (v1 is the first generation), but this one is 0.");
  }
  if (parsed >= TWO_POW_64) {
    return problem(
      0,
      `OCDBT generation numbers must be less than 2^64 (at most ${U64_MAX_TEXT}), but this one is ${describeNumber(digits)}.`,
    );
  }
  return { value: parsed };
}

/** A validated RFC 3339 UTC timestamp: the tree's fields, and its canonical text. */
export interface CommitTime extends CommitTimeFields {
  /** canonical text: fraction without trailing zeros, or no fraction when zero */
  canonical: string;
}

const COMMIT_TIME_SHAPE = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d+))?Z$/;

// Offsets of the fields in `YYYY-MM-DDTHH:MM:SS.fffZ`.
const MONTH_AT = 5;
const DAY_AT = 8;
const HOUR_AT = 11;
const MINUTE_AT = 14;
const SECOND_AT = 17;
const FRACTION_AT = 20;

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** Gregorian leap year: divisible by 4, except centuries not divisible by 400. */
function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function daysInMonth(year: number, month: number): number {
  switch (month) {
    case 2:
      return isLeapYear(year) ? 29 : 28;
    case 4:
    case 6:
    case 9:
    case 11:
      return 30;
    default:
      return 31;
  }
}

/**
 * Parses an OCDBT commit time: RFC 3339 (https://www.rfc-editor.org/rfc/rfc3339)
 * restricted to UTC, exactly `YYYY-MM-DDTHH:MM:SS[.fraction]Z` with uppercase
 * 'T' and 'Z'.
 *
 * Checks month 01-12, the day against the length of that month in the
 * proleptic Gregorian calendar (February 29 only in leap years), hour 00-23,
 * minute 00-59, second 00-59 and at most 9 fraction digits (nanoseconds).
 *
 * The leap second `:60` that RFC 3339 permits is rejected: whether a given
 * minute had a leap second depends on the IERS leap-second table, which a
 * syntax validator cannot know (and which changes over time), so accepting
 * it would let through times that never existed.
 *
 * Offsets point at the offending field (e.g. 5 for the month); for too many
 * fraction digits, at the 10th fraction digit. Text without the required
 * shape at all is reported at offset 0.
 */
export function parseCommitTime(text: string): CommitTime | ValueProblem {
  const m = COMMIT_TIME_SHAPE.exec(text);
  if (!m) {
    return problem(
      0,
      "a commit time must have the form YYYY-MM-DDTHH:MM:SS[.fraction]Z in UTC, for example 2024-02-29T12:34:56.789Z.",
    );
  }
  const [, yearText = "", monthText = "", dayText = "", hourText = "", minuteText = "", secondText = "", fraction] = m;
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  const hour = Number(hourText);
  const minute = Number(minuteText);
  const second = Number(secondText);

  if (month < 1 || month > 12) {
    return problem(MONTH_AT, `the month of a commit time must be 01 to 12, but this one is ${monthText}.`);
  }
  const maxDay = daysInMonth(year, month);
  if (day < 1 || day > maxDay) {
    const monthName = MONTH_NAMES[month - 1] ?? `month ${monthText}`;
    const leapNote =
      month === 2 ? (isLeapYear(year) ? ` (${yearText} is a leap year)` : ` (${yearText} is not a leap year)`) : "";
    return problem(
      DAY_AT,
      `${monthName} ${yearText} has ${maxDay} days${leapNote}, so the day must be 01 to ${maxDay}, but this one is ${dayText}.`,
    );
  }
  if (hour > 23) {
    return problem(HOUR_AT, `the hour of a commit time must be 00 to 23, but this one is ${hourText}.`);
  }
  if (minute > 59) {
    return problem(MINUTE_AT, `the minute of a commit time must be 00 to 59, but this one is ${minuteText}.`);
  }
  if (second > 59) {
    const why =
      second === 60 ? " (leap seconds are not accepted because a validator cannot know which minutes had one)" : "";
    return problem(SECOND_AT, `the second of a commit time must be 00 to 59${why}, but this one is ${secondText}.`);
  }
  let nanosecond = 0;
  let canonicalFraction = "";
  if (fraction !== undefined) {
    if (fraction.length > 9) {
      return problem(
        FRACTION_AT + 9,
        `the fraction of a second in a commit time may have at most 9 digits (nanoseconds), but this one has ${fraction.length}.`,
      );
    }
    nanosecond = Number(fraction.padEnd(9, "0"));
    const trimmed = fraction.replace(/0+$/, "");
    if (trimmed.length > 0) canonicalFraction = `.${trimmed}`;
  }
  const canonical = `${yearText}-${monthText}-${dayText}T${hourText}:${minuteText}:${secondText}${canonicalFraction}Z`;
  return { year, month, day, hour, minute, second, nanosecond, canonical };
}

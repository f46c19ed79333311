/**
 * Semantic checks for values that the url-pipeline grammar has already
 * accepted syntactically: bucket names, OCDBT versions, byte ranges, ports and
 * percent-encoded text.
 *
 * Every function here is pure and never throws. A check either succeeds or
 * returns a {@link ValueProblem} whose `offset` is a 0-based UTF-16 offset
 * into the string that was passed in, pointing at the first offending
 * character (or at the start of the offending part; 0 when the value as a
 * whole is at fault, e.g. when it is too long or too large), and whose
 * `message` is one English sentence that says what is wrong and what is
 * allowed.
 */

/** A problem found in a value: where (UTF-16 offset within the checked string) and what. */
import type { CommitTime as CommitTimeFields } from "../tree/nodes";

export interface ValueProblem {
  offset: number;
  message: string;
}

/** Type guard telling a {@link ValueProblem} apart from any successful result of this module. */
export function isProblem(x: unknown): x is ValueProblem {
  return (
    typeof x === "object" &&
    x !== null &&
    typeof (x as { offset?: unknown }).offset === "number" &&
    typeof (x as { message?: unknown }).message === "string"
  );
}

function problem(offset: number, message: string): ValueProblem {
  return { offset, message };
}

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

/** 2^64: byte offsets and OCDBT generations are unsigned 64-bit numbers. */
const TWO_POW_64 = 1n << 64n;
const U64_MAX_TEXT = "18446744073709551615";

function isAsciiDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
function isAsciiLower(c: number): boolean {
  return c >= 0x61 && c <= 0x7a;
}
function isAsciiUpper(c: number): boolean {
  return c >= 0x41 && c <= 0x5a;
}
function isAsciiAlnum(c: number): boolean {
  return isAsciiDigit(c) || isAsciiLower(c) || isAsciiUpper(c);
}

/** Human-readable description of the character (code point) starting at `index`. */
function describeChar(s: string, index: number): string {
  const cp = s.codePointAt(index) ?? 0;
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
  if (cp === 0x20) return "a space (U+0020)";
  if (cp > 0x20 && cp < 0x7f) return `'${String.fromCodePoint(cp)}'`;
  // Lone surrogates and control characters are not printed literally.
  if ((cp >= 0xd800 && cp <= 0xdfff) || cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) {
    return `the character ${hex}`;
  }
  return `'${String.fromCodePoint(cp)}' (${hex})`;
}

/** Shows a possibly huge digit string without flooding the message. */
function describeNumber(digits: string): string {
  const trimmed = digits.replace(/^0+(?=\d)/, "");
  return trimmed.length <= 40 ? trimmed : `a ${trimmed.length}-digit number`;
}

/**
 * Parses a non-empty run of ASCII decimal digits as a BigInt. Returns the
 * offset of the first non-digit (or 0 for an empty string) on failure.
 */
/**
 * The value of 1 to 15 ASCII digits (exact in a double), or -1 for anything else. The fast path of the checks
 * the DFA engine runs on every valid input: BigInt is kept for what does not fit.
 */
export function smallInteger(digits: string): number {
  return smallIntegerAt(digits, 0, digits.length);
}

/** {@link smallInteger} of `text.slice(start, end)`, without the slice. */
export function smallIntegerAt(text: string, start: number, end: number): number {
  if (end <= start || end - start > 15) return -1;
  let v = 0;
  for (let i = start; i < end; i++) {
    const d = text.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

function parseDigits(digits: string): bigint | { badOffset: number } {
  if (digits.length === 0) return { badOffset: 0 };
  for (let i = 0; i < digits.length; i++) {
    if (!isAsciiDigit(digits.charCodeAt(i))) return { badOffset: i };
  }
  return BigInt(digits);
}

/**
 * "Formatted as an IPv4 address": exactly four dot-separated parts, each made
 * only of decimal digits (e.g. 192.168.5.4). This is the same pattern the AWS
 * SDKs use (`(\d+\.){3}\d+`); it deliberately also catches look-alikes such as
 * 999.1.1.1 or 01.02.03.04, which a resolver or a human could mistake for an
 * address.
 */
const IPV4_LIKE = /^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$/;

// ---------------------------------------------------------------------------
// S3 bucket names
// ---------------------------------------------------------------------------

/**
 * Checks an Amazon S3 bucket name.
 *
 * Source: AWS, Amazon S3 User Guide, "General purpose bucket naming rules"
 * (https://docs.aws.amazon.com/AmazonS3/latest/userguide/bucketnamingrules.html),
 * including its section on the legacy naming rules that applied to buckets
 * created in us-east-1 before March 1, 2018.
 *
 * Length and character set follow the *legacy* us-east-1 rules (3 to 255
 * characters; upper- and lower-case letters, digits, '.', '-' and '_'),
 * because such buckets still exist and can still be addressed, and because
 * the url-pipeline specification itself uses a 255-character bucket name
 * (255 × 'a') and `s3://aaa` as examples. The current rules (3 to 63
 * characters, lowercase letters, digits, '.' and '-') would reject the first
 * of these.
 *
 * From the current general purpose rules we additionally keep the ones that
 * no spec example conflicts with:
 * - the name must begin and end with a letter or digit;
 * - the name must not contain two adjacent periods;
 * - the name must not be formatted as an IPv4 address (four dot-separated
 *   all-digit parts, e.g. 192.168.5.4).
 *
 * Not checked, on purpose: the reserved prefixes (`xn--`, `sthree-`,
 * `amzn-s3-demo-`) only restrict the *creation* of new buckets, and the
 * reserved suffixes (`-s3alias`, `--ol-s3`, `--x-s3`, `--table-s3`, `.mrap`)
 * mark access point aliases, directory buckets and similar names that are
 * legitimately used in the bucket position of an S3 URL.
 */
export function checkS3Bucket(name: string): ValueProblem | null {
  // The common case, a name with nothing to find, is answered before this runs (src/strict/prechecks.ts).
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (!((isAsciiAlnum(c) || c === 0x2e /* . */ || c === 0x2d /* - */ || c === 0x5f) /* _ */)) {
      return problem(
        i,
        `s3 bucket names may contain only letters, digits, '.', '-' and '_', but this one contains ${describeChar(name, i)}.`,
      );
    }
  }
  if (name.length < 3 || name.length > 255) {
    return problem(0, `s3 bucket names must be 3 to 255 characters long, but this one has ${name.length}.`);
  }
  if (!isAsciiAlnum(name.charCodeAt(0))) {
    return problem(
      0,
      `s3 bucket names must begin with a letter or digit, but this one begins with ${describeChar(name, 0)}.`,
    );
  }
  const lastIndex = name.length - 1;
  if (!isAsciiAlnum(name.charCodeAt(lastIndex))) {
    return problem(
      lastIndex,
      `s3 bucket names must end with a letter or digit, but this one ends with ${describeChar(name, lastIndex)}.`,
    );
  }
  const dots = name.indexOf("..");
  if (dots >= 0) {
    return problem(
      dots,
      "s3 bucket names must not contain two adjacent periods ('..'); separate parts with a single '.'.",
    );
  }
  // IPV4_LIKE begins with a digit: the test is skipped (it runs on every bucket) when the name does not.
  if (isAsciiDigit(name.charCodeAt(0)) && IPV4_LIKE.test(name)) {
    return problem(
      0,
      `s3 bucket names must not be formatted as an IPv4 address like 192.168.5.4, but this one is '${name}'.`,
    );
  }
  return null;
}

// ---------------------------------------------------------------------------
// Google Cloud Storage bucket names
// ---------------------------------------------------------------------------

/**
 * The "google or close misspellings" rule, restricted to what Google
 * documents: the substring "google" and the variants in which one or both of
 * its 'o's are written as the digit '0' ("g0ogle", "go0gle", "g00gle").
 * Other conceivable misspellings ("googl3", "goog1e", ...) are not checked
 * because Google does not document which ones the service rejects.
 */
const GOOGLE_LIKE = /g[o0][o0]gle/;

const GCS_LENGTH_RULE =
  "gs bucket names must be 3 to 63 characters long (or up to 222 with dots, each dot-separated part at most 63)";

/**
 * Checks a Google Cloud Storage bucket name.
 *
 * Source: Google Cloud, "Bucket names"
 * (https://cloud.google.com/storage/docs/buckets#naming). Rules checked, in
 * this order (the first violated rule is reported):
 * 1. only lowercase letters, digits, '-', '_' and '.' (offset of the first
 *    other character);
 * 2. 3 to 63 characters, or, if the name contains a dot, up to 222
 *    characters (offset 0), with every dot-separated part at most 63
 *    characters (offset of the start of the first overlong part);
 * 3. starts and ends with a letter or digit;
 * 4. not an IPv4 address in dotted-decimal notation (four dot-separated
 *    all-digit parts, e.g. 192.168.5.4; offset 0);
 * 5. does not begin with the "goog" prefix (offset 0);
 * 6. does not contain "google" or the documented misspelling with '0' for
 *    'o' — exactly: the pattern `g[o0][o0]gle` (offset of the match).
 *
 * Adjacent periods and '-' next to '.' are not rejected: Google only
 * recommends avoiding them for DNS compatibility.
 */
export function checkGcsBucket(name: string): ValueProblem | null {
  const hasDot = name.includes(".");
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 0x2e || isAsciiDigit(c) || isAsciiLower(c) || c === 0x2d || c === 0x5f) continue;
    const what = isAsciiUpper(c) ? `the uppercase letter ${describeChar(name, i)}` : describeChar(name, i);
    return problem(
      i,
      `gs bucket names may contain only lowercase letters, digits, '-', '_' and '.', but this one contains ${what}.`,
    );
  }
  if (name.length < 3 || name.length > (hasDot ? 222 : 63)) {
    return problem(0, `${GCS_LENGTH_RULE}, but this one has ${name.length}.`);
  }
  if (hasDot) {
    let start = 0;
    for (;;) {
      const dot = name.indexOf(".", start);
      const end = dot < 0 ? name.length : dot;
      if (end - start > 63) {
        return problem(
          start,
          `each dot-separated part of a gs bucket name must be at most 63 characters long, but this part has ${end - start}.`,
        );
      }
      if (dot < 0) break;
      start = dot + 1;
    }
  }
  const first = name.charCodeAt(0);
  if (!(isAsciiDigit(first) || isAsciiLower(first))) {
    return problem(
      0,
      `gs bucket names must start with a letter or digit, but this one starts with ${describeChar(name, 0)}.`,
    );
  }
  const lastIndex = name.length - 1;
  const last = name.charCodeAt(lastIndex);
  if (!(isAsciiDigit(last) || isAsciiLower(last))) {
    return problem(
      lastIndex,
      `gs bucket names must end with a letter or digit, but this one ends with ${describeChar(name, lastIndex)}.`,
    );
  }
  // IPV4_LIKE begins with a digit: the test is skipped (it runs on every bucket) when the name does not.
  if (isAsciiDigit(name.charCodeAt(0)) && IPV4_LIKE.test(name)) {
    return problem(
      0,
      `gs bucket names must not be an IP address in dotted-decimal notation like 192.168.5.4, but this one is '${name}'.`,
    );
  }
  if (name.startsWith("goog")) {
    return problem(0, `gs bucket names must not begin with the reserved prefix "goog".`);
  }
  const google = GOOGLE_LIKE.exec(name);
  if (google) {
    return problem(
      google.index,
      `gs bucket names must not contain "google" or a close misspelling of it such as "g00gle", but this one contains "${google[0]}".`,
    );
  }
  return null;
}

// ---------------------------------------------------------------------------
// OCDBT generation numbers
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// OCDBT commit times
// ---------------------------------------------------------------------------

/** A validated RFC 3339 UTC timestamp: the tree's fields, and its canonical text. */
export interface CommitTime extends CommitTimeFields {
  /** canonical text: fraction without trailing zeros, or no fraction when zero */
  canonical: string;
}

const COMMIT_TIME_SHAPE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]+))?Z$/;

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

// ---------------------------------------------------------------------------
// Byte ranges
// ---------------------------------------------------------------------------

/**
 * Parses a byte range `START-END` whose two decimal digit strings are passed
 * separately. Both must be less than 2^64 (byte offsets are unsigned 64-bit
 * numbers) and START must not exceed END. On failure, `field` says which of
 * the two strings `offset` refers to; an inverted range is reported on the
 * end, at offset 0.
 */
export function parseByteRange(
  start: string,
  end: string,
): { start: bigint; end: bigint } | (ValueProblem & { field: "start" | "end" }) {
  const fields = [
    ["start", start],
    ["end", end],
  ] as const;
  const values: bigint[] = [];
  for (const [field, digits] of fields) {
    const parsed = parseDigits(digits);
    if (typeof parsed !== "bigint") {
      const message =
        digits.length === 0
          ? `the ${field} of a byte range must have at least one decimal digit.`
          : `the ${field} of a byte range may contain only decimal digits, but it contains ${describeChar(digits, parsed.badOffset)}.`;
      return { field, offset: parsed.badOffset, message };
    }
    if (parsed >= TWO_POW_64) {
      return {
        field,
        offset: 0,
        message: `the ${field} of a byte range must be less than 2^64 (at most ${U64_MAX_TEXT}) because byte offsets are unsigned 64-bit numbers, but it is ${describeNumber(digits)}.`,
      };
    }
    values.push(parsed);
  }
  const [s = 0n, e = 0n] = values;
  if (s > e) {
    return {
      field: "end",
      offset: 0,
      message: `a byte range START-END needs START <= END, but the end ${e} is less than the start ${s}.`,
    };
  }
  return { start: s, end: e };
}

// ---------------------------------------------------------------------------
// Ports
// ---------------------------------------------------------------------------

/**
 * Parses a TCP port given as decimal digits. An empty string means "no port"
 * and yields `{ value: null }`; otherwise the value must be at most 65535
 * (leading zeros are allowed; port 0 is accepted, as in RFC 3986 and the
 * WHATWG URL standard).
 */
export function parsePort(digits: string): { value: number | null } | ValueProblem {
  if (digits.length === 0) return { value: null };
  const small = smallInteger(digits);
  if (small >= 0 && small <= 65535) return { value: small };
  const parsed = parseDigits(digits);
  if (typeof parsed !== "bigint") {
    return problem(
      parsed.badOffset,
      `a port may contain only decimal digits, but this one contains ${describeChar(digits, parsed.badOffset)}.`,
    );
  }
  if (parsed > 65535n) {
    return problem(0, `a port number must be between 0 and 65535, but this one is ${describeNumber(digits)}.`);
  }
  return { value: Number(parsed) };
}

// ---------------------------------------------------------------------------
// Percent-decoding
// ---------------------------------------------------------------------------

// ignoreBOM: a decoded U+FEFF at the start of a run is data and must be kept. Not fatal: a run is checked first
// (firstIllFormed) where ill-formed UTF-8 is refused, and replaced (U+FFFD) where it is not.
const utf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  return -1;
}

/** The byte encoded by `%XX` at `i` (which holds the '%'), or -1 if the two hex digits are missing. */
function pctByte(raw: string, i: number): number {
  if (i + 2 >= raw.length) return -1;
  const hi = hexValue(raw.charCodeAt(i + 1));
  const lo = hexValue(raw.charCodeAt(i + 2));
  return hi < 0 || lo < 0 ? -1 : (hi << 4) | lo;
}

/**
 * Locates the first ill-formed UTF-8 sequence in `bytes` (Unicode Standard,
 * Table 3-7 "Well-Formed UTF-8 Byte Sequences"): the index of its first byte
 * and why it is ill-formed, or null if the bytes are well-formed: what a fatal
 * TextDecoder accepts (test/strict/values.test.ts compares them), with the why.
 */
function firstIllFormed(bytes: Uint8Array, length: number): { index: number; why: string } | null {
  let i = 0;
  while (i < length) {
    const b = bytes[i] ?? 0;
    if (b <= 0x7f) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    let whyLo = "it is not followed by a continuation byte (%80 to %BF)";
    let whyHi = whyLo;
    if (b >= 0x80 && b <= 0xbf) {
      return { index: i, why: "it is a continuation byte (%80 to %BF) without a preceding lead byte" };
    } else if (b === 0xc0 || b === 0xc1) {
      return { index: i, why: "it starts an overlong encoding of an ASCII character" };
    } else if (b >= 0xf5) {
      return { index: i, why: "%F5 to %FF never occur in UTF-8" };
    } else if (b <= 0xdf) {
      need = 1;
    } else if (b <= 0xef) {
      need = 2;
      if (b === 0xe0) {
        lo = 0xa0;
        whyLo = "it is an overlong encoding";
      }
      if (b === 0xed) {
        hi = 0x9f;
        whyHi = "it encodes a UTF-16 surrogate (U+D800 to U+DFFF), which is not a character";
      }
    } else {
      need = 3;
      if (b === 0xf0) {
        lo = 0x90;
        whyLo = "it is an overlong encoding";
      }
      if (b === 0xf4) {
        hi = 0x8f;
        whyHi = "it encodes a value above U+10FFFF";
      }
    }
    for (let k = 1; k <= need; k++) {
      const c = i + k < length ? bytes[i + k] : undefined;
      if (c === undefined) {
        return {
          index: i,
          why: `it is truncated (${need + 1} bytes are needed but the percent-encoded run ends after ${k})`,
        };
      }
      if (k === 1 && c >= 0x80 && c < lo) return { index: i, why: whyLo };
      if (k === 1 && c <= 0xbf && c > hi) return { index: i, why: whyHi };
      if (c < 0x80 || c > 0xbf) {
        return {
          index: i,
          why: `it is truncated (${need + 1} bytes are needed but byte ${k + 1} is not a continuation byte)`,
        };
      }
    }
    i += need + 1;
  }
  return null;
}

/** The problem of a run of `%XX` triplets at `runStart` whose bytes are not UTF-8 (`bad`: why, from firstIllFormed). */
function illFormedProblem(raw: string, runStart: number, bad: { index: number; why: string }): ValueProblem {
  const at = runStart + 3 * bad.index;
  return problem(
    at,
    `percent-encoded bytes must form valid UTF-8, but the sequence starting at ${raw.slice(at, at + 3)} is invalid because ${bad.why}.`,
  );
}

/** The bytes of the `%XX` run being read, kept between calls (it only grows; nothing here runs re-entrantly). */
let runBytes = new Uint8Array(64);

/**
 * The problem {@link percentDecode} reports for `raw`, or null, without decoding: no decoder call and no string
 * built. For the DFA engine, which checks every valid input that has a "%".
 */
export function percentEncodingProblem(raw: string): ValueProblem | null {
  const first = raw.indexOf("%");
  if (first < 0) return null;
  const result = decodeImpl(raw, first, "check");
  return typeof result === "string" ? null : result;
}

/**
 * Shared implementation. Reads each maximal run of `%XX` triplets as UTF-8 (a multi-byte character must be encoded
 * entirely within one run) and copies every other character unchanged. "strict" and "check" refuse a run that is
 * not UTF-8 by Unicode's Table 3-7 (firstIllFormed: what a fatal TextDecoder refuses, with why) and a '%' without
 * two hex digits; "check" builds no string (it returns ""); "lossy" replaces what is ill-formed, as the WHATWG
 * decoder does.
 */
function decodeImpl(raw: string, first: number, mode: "strict" | "check" | "lossy"): string | ValueProblem {
  const out: string[] = [];
  const build = mode !== "check";
  let copied = 0; // raw[copied, i) is literal text not yet appended
  let i = first;
  while (i >= 0) {
    if (build && i > copied) out.push(raw.slice(copied, i));
    const runStart = i;
    let n = 0;
    while (i < raw.length && raw.charCodeAt(i) === 0x25) {
      const b = pctByte(raw, i);
      if (b < 0) break;
      if (n === runBytes.length) {
        const grown = new Uint8Array(n * 2);
        grown.set(runBytes);
        runBytes = grown;
      }
      runBytes[n++] = b;
      i += 3;
    }
    if (n === 0) {
      // '%' not followed by two hex digits (the caller promised this cannot happen).
      if (mode !== "lossy") {
        return problem(
          i,
          "a '%' must be followed by two hexadecimal digits (as in %2F) to form a percent-encoded byte.",
        );
      }
      out.push("%");
      i++;
    } else {
      if (mode !== "lossy") {
        const bad = firstIllFormed(runBytes, n);
        if (bad) return illFormedProblem(raw, runStart, bad);
      }
      // Well-formed (or lossy): the decoder's replacement characters are only for the lossy mode.
      if (build) out.push(utf8.decode(runBytes.subarray(0, n)));
    }
    copied = i;
    i = raw.indexOf("%", i);
  }
  if (copied < raw.length) out.push(raw.slice(copied));
  return out.join("");
}

/**
 * Percent-decodes `raw` per RFC 3986 section 2.1 and requires the decoded
 * bytes to be valid UTF-8 (Unicode's Table 3-7, what a fatal TextDecoder
 * accepts). Characters
 * other than `%XX` triplets are kept as they are. On invalid UTF-8 the
 * problem's offset is that of the '%' starting the first invalid sequence.
 * Strings without '%' are returned unchanged without any copying.
 */
export function percentDecode(raw: string): { value: string } | ValueProblem {
  const first = raw.indexOf("%");
  if (first < 0) return { value: raw };
  const result = decodeImpl(raw, first, "strict");
  return typeof result === "string" ? { value: result } : result;
}

/**
 * Like {@link percentDecode}, but never fails: every ill-formed UTF-8
 * sequence (maximal subpart, as the WHATWG Encoding Standard specifies)
 * becomes U+FFFD, and a '%' not followed by two hex digits is kept literally.
 */
export function percentDecodeLossy(raw: string): string {
  const first = raw.indexOf("%");
  if (first < 0) return raw;
  const result = decodeImpl(raw, first, "lossy");
  // Cannot be a problem in lossy mode; fall back to the input to stay total.
  return typeof result === "string" ? result : raw;
}

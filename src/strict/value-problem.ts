/**
 * A problem found in a value the grammar has accepted, and what every value check writes its problems with.
 *
 * Every check of src/strict/ is pure and never throws. A check either succeeds or returns a {@link ValueProblem}
 * whose `offset` is a 0-based UTF-16 offset into the string that was passed in, pointing at the first offending
 * character (or at the start of the offending part; 0 when the value as a whole is at fault, e.g. when it is too
 * long or too large), and whose `message` is one English sentence that says what is wrong and what is allowed.
 */

/** A problem found in a value: where (UTF-16 offset within the checked string) and what. */
export interface ValueProblem {
  offset: number;
  message: string;
}

/** Type guard telling a {@link ValueProblem} apart from any successful result of a check. */
export function isProblem(x: unknown): x is ValueProblem {
  return (
    typeof x === "object" &&
    x !== null &&
    typeof (x as { offset?: unknown }).offset === "number" &&
    typeof (x as { message?: unknown }).message === "string"
  );
}

export function problem(offset: number, message: string): ValueProblem {
  return { offset, message };
}

/** 2^64: byte offsets and OCDBT generations are unsigned 64-bit numbers. */
export const TWO_POW_64 = 1n << 64n;
export const U64_MAX_TEXT = "18446744073709551615";

export function isAsciiDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
export function isAsciiLower(c: number): boolean {
  return c >= 0x61 && c <= 0x7a;
}
export function isAsciiUpper(c: number): boolean {
  return c >= 0x41 && c <= 0x5a;
}
export function isAsciiAlnum(c: number): boolean {
  return isAsciiDigit(c) || isAsciiLower(c) || isAsciiUpper(c);
}

/** Human-readable description of the character (code point) starting at `index`. */
export function describeChar(s: string, index: number): string {
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
export function describeNumber(digits: string): string {
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

export function parseDigits(digits: string): bigint | { badOffset: number } {
  if (digits.length === 0) return { badOffset: 0 };
  for (let i = 0; i < digits.length; i++) {
    if (!isAsciiDigit(digits.charCodeAt(i))) return { badOffset: i };
  }
  return BigInt(digits);
}

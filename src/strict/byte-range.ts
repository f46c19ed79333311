/** Byte ranges `START-END`: unsigned 64-bit offsets, the start not after the end (decision D12). */
import {
  describeChar,
  describeNumber,
  parseDigits,
  TWO_POW_64,
  U64_MAX_TEXT,
  type ValueProblem,
} from "./value-problem";

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

/** Ports: decimal, 0 to 65535 (decision D11). */
import { describeChar, describeNumber, parseDigits, problem, smallInteger, type ValueProblem } from "./value-problem";

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

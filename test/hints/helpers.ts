/**
 * Shared by the hint tests: validate() an input and check what every hint must satisfy, whatever its kind:
 * a code and a message; a replacement, if any, that differs from the input and is valid with the same options;
 * no two hints with the same replacement.
 */
import { validate, type ParseOptions } from "../../src";
import type { Hint } from "../../src/hints";

export function hintsOf(input: string, options: ParseOptions = {}): Hint[] {
  const r = validate(input, options);
  const seen = new Set<string>();
  for (const h of r.hints) {
    expect(Object.keys(h).every((k) => ["code", "message", "replacement", "keepsMeaning"].includes(k))).toBe(true);
    // keepsMeaning comes with a replacement, and only with one.
    expect(typeof h.keepsMeaning === "boolean").toBe(h.replacement !== undefined);
    expect(h.code).toMatch(/^[a-z0-9-]+$/);
    expect(h.message.length).toBeGreaterThan(0);
    if (h.replacement === undefined) continue;
    expect(h.replacement).not.toBe(input);
    const v = validate(h.replacement, options);
    if (!v.valid)
      throw new Error(
        `the replacement ${JSON.stringify(h.replacement)} of ${JSON.stringify(input)} is invalid: ${v.error.message}`,
      );
    expect(seen.has(h.replacement)).toBe(false);
    seen.add(h.replacement);
  }
  return r.hints;
}

/** [code, replacement or null] of each hint, in order. */
export function fixes(input: string, options: ParseOptions = {}): [string, string | null][] {
  return hintsOf(input, options).map((h) => [h.code, h.replacement ?? null]);
}

/** The hints of one code. */
export function ofCode(input: string, code: string, options: ParseOptions = {}): Hint[] {
  return hintsOf(input, options).filter((h) => h.code === code);
}

export const V0: ParseOptions = {};
export const ZEP8: ParseOptions = { dialect: "zep8" };
export const ZEP8_RELATIVE: ParseOptions = { dialect: "zep8", rule: "relative-url-pipeline" };

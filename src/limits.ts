/**
 * The limits on input size (decision D22), checked before any parsing: they bound the work and memory one call
 * may cost. Shared by every engine.
 */
import type { LimitCode } from "./codes";
import { describeValue } from "./describe-value";
import { UrlPipelineSyntaxError, type UrlPipelineError } from "./errors";
import type { Problem } from "./strict/problems";

/**
 * Default `maxLength`: 64 Ki code units, far above real pipelines (an S3 key is at most 1024 bytes) and still
 * about 10 ms of parsing (about 150 ns a character). Decision D22.
 */
export const DEFAULT_MAX_LENGTH = 65536;
/** Default `maxSubUrls` (decision D22). */
export const DEFAULT_MAX_SUB_URLS = 1024;

/** A limit option: a non-negative integer or Infinity; anything else is a programming error (TypeError). */
export function limitOption(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (value === Infinity || (typeof value === "number" && Number.isInteger(value) && value >= 0)) return value;
  throw new TypeError(`options.${name} must be a non-negative integer or Infinity, not ${describeValue(value)}`);
}

/**
 * The first limit the input breaks, or null. Counting `|` counts sub-URLs: in both dialects' grammars (every file
 * under grammar/) a literal "|" occurs only as the pipeline separator, and no range or prose rule admits %x7C.
 * A linear scan with no allocation; it stops at the first `|` too many.
 */
export function checkLimits(input: string, maxLength: number, maxSubUrls: number): Problem | null {
  if (input.length > maxLength) {
    return {
      offset: maxLength,
      message: `input is ${input.length} characters long; the limit is ${maxLength} (options.maxLength)`,
      code: "limit/max-length",
    };
  }
  if (maxSubUrls === Infinity) return null;
  const tooMany = () =>
    `input has more than ${maxSubUrls} sub-URL${maxSubUrls === 1 ? "" : "s"}; the limit is ${maxSubUrls} (options.maxSubUrls)`;
  // The first sub-URL begins at 0; sub-URL k + 1 begins at the k-th "|".
  if (maxSubUrls === 0) return { offset: 0, message: tooMany(), code: "limit/max-sub-urls" };
  // Fewer characters than the limit: fewer "|" than the limit too.
  if (input.length < maxSubUrls) return null;
  let bars = 0;
  for (let i = input.indexOf("|"); i >= 0; i = input.indexOf("|", i + 1)) {
    if (++bars === maxSubUrls) return { offset: i, message: tooMany(), code: "limit/max-sub-urls" };
  }
  return null;
}

/** The error of kind "limit" for a breach {@link checkLimits} found: at its offset, expecting nothing (D22). */
export function limitError(input: string, breach: Problem, rule: string, dialect: string): UrlPipelineError {
  // Of kind "limit" with a limit code, as the details say: a UrlPipelineError.
  return new UrlPipelineSyntaxError({
    kind: "limit",
    code: breach.code as LimitCode,
    input,
    offset: breach.offset,
    expected: [],
    found: input.slice(breach.offset, breach.offset + 1) || null,
    rule,
    dialect,
    reason: breach.message,
  }) as UrlPipelineError;
}

/**
 * The common case of the span checks (./span-checks.ts), answered on the input itself: no slice and no decoding.
 * Every valid input runs its span checks, and most spans are plain (a bucket such as `bucket`, a reference such as
 * `branch.main`), so this is what `canParse()` and `validate()` pay for them.
 *
 * Each precheck is a shortcut, never a rule of its own: it says a span is plain only where the full check finds
 * nothing, and otherwise that it is not sure, for any string, whatever the grammar allows around the span.
 * test/strict/prechecks.test.ts holds each to its full check.
 *
 * A precheck is a sticky regular expression tried where the span starts, and the span is plain when the match ends
 * exactly where the span does and the span's length is within bounds. V8 runs the expression as native code on the
 * string's own characters, which a loop over `charCodeAt` in JavaScript cannot match on long names (the spec has a
 * bucket of 255 characters).
 */
export interface Precheck {
  /** Sticky: tried at the span's start. */
  pattern: RegExp;
  /** The shortest and the longest plain span. */
  min: number;
  max: number;
}

/** Keyed by the tags of the rules they check (src/strict/tagged-rules.json); span-checks.ts composes each with its check. */
export const PRECHECKS = {
  /**
   * An OCDBT version with nothing for the full check to find: a generation of at most 15 digits without a leading
   * zero (below 2^64), or a commit time whose fields are in range on any day of any month (the 29th to the 31st
   * are the full check's, which knows the calendar).
   */
  "ocdbt-version": {
    pattern:
      /v[1-9]\d{0,14}|\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])T(?:[01]\d|2[0-3])(?::[0-5]\d){2}(?:\.\d{1,9})?Z/y,
    min: 0,
    max: Infinity,
  },
  /**
   * An S3 bucket name with nothing for checkS3Bucket (src/strict/buckets.ts) to find and nothing to decode: a letter
   * (a digit first may be an IPv4 look-alike), then letters, digits, "-", "_" and single dots, a letter or digit
   * last; 3 to 255 characters; no reserved prefix or suffix (S3_RESERVED: the full check's to find).
   */
  "s3-bucket": {
    pattern:
      /(?!xn--|sthree-|amzn-s3-demo-)[a-z][\w-]*(?:\.[\w-]+)*(?<=[a-z\d])(?<!-s3alias|--ol-s3|\.mrap|--x-s3|--table-s3)/iy,
    min: 3,
    max: 255,
  },
  /**
   * A GCS bucket name with nothing for checkGcsBucket (src/strict/buckets.ts) to find and nothing to decode: a lower
   * case letter (a digit first may begin an IPv4 address), then lower case letters, digits, "-", "_" and dots, at
   * most 63 between two dots, a letter or digit last, and no "g" before "o" or "0" ("goog" and `g[o0][o0]gle` are
   * the full check's to find); 3 to 222 characters (63 without a dot, which the pattern holds it to).
   */
  "gs-bucket": {
    pattern: /(?=[a-z])(?:[a-fh-z\d_-]|g(?![o0])){1,63}(?:\.(?:[a-fh-z\d_-]|g(?![o0])){0,63})*(?<=[a-z\d])/y,
    min: 3,
    max: 222,
  },
  /** An Icechunk branch or tag with a name that has nothing to decode (only a percent-encoded "/" can make it wrong). */
  "icechunk-ref": { pattern: /(?:branch|tag)\.[^%/|]+/y, min: 0, max: Infinity },
} as const satisfies Record<string, Precheck>;

/** Whether the span [start, end) of `input` is plain by `p`: its full check would find nothing. */
export function isPlain(p: Precheck, input: string, start: number, end: number): boolean {
  if (end - start < p.min || end - start > p.max) return false;
  p.pattern.lastIndex = start;
  return p.pattern.test(input) && p.pattern.lastIndex === end;
}

/**
 * The stable codes of `UrlPipelineSyntaxError` (`error.code`), one per kind of problem, for programs to match
 * instead of message text. Each code's description is what docs/codes.md lists (generated from
 * this file and the other error and hint codes by test/docs/codes.test.ts, which keeps it current). A code, once published, keeps its meaning.
 */

export const SYNTAX_CODES = {
  "syntax/unexpected-character":
    "the input does not match the grammar at `offset`: the character there cannot come there",
  "syntax/unexpected-end": "the input ends where the grammar needs more (`offset` is the input's length)",
  "syntax/not-utf8": "(the command line) a line of standard input has bytes that are not UTF-8 text, at `offset`",
} as const;

export const VALUE_CODES = {
  "value/bucket-name": "an s3: or gs: bucket name the provider's naming rules refuse (D8)",
  "value/port": "a port above 65535 (D11)",
  "value/ipv6-address": "a bracketed host that is not an RFC 3986 IPv6address (D2)",
  "value/ocdbt-version":
    "an OCDBT generation out of 1 .. 2^64-1 or with leading zeros, or a commit time that is no UTC instant (D10)",
  "value/icechunk-ref": "an Icechunk branch or tag name that is empty or has a '/' (D15)",
  "value/json-pointer": "a JSON pointer that RFC 6901 refuses after percent-decoding (D13)",
  "value/byte-range": "a byte range whose bounds are not below 2^64 or whose start is after its end (D12)",
  "value/percent-encoding": "percent-encoded bytes that are not UTF-8 (D14)",
} as const;

export const LIMIT_CODES = {
  "limit/max-length": "the input is longer than options.maxLength (D22)",
  "limit/max-sub-urls": "the input has more sub-URLs than options.maxSubUrls (D22)",
} as const;

export type SyntaxCode = keyof typeof SYNTAX_CODES;
export type ValueCode = keyof typeof VALUE_CODES;
export type LimitCode = keyof typeof LIMIT_CODES;
/** `error.code` of a UrlPipelineSyntaxError: its kind, "/", what is wrong. */
export type ErrorCode = SyntaxCode | ValueCode | LimitCode;

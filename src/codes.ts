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
  "value/bucket-name": "an s3: or gs: bucket name the provider's naming rules refuse (D8, D64)",
  "value/object-name":
    "a gs: object name Google Cloud's naming rules refuse: `.`, `..`, `.well-known/acme-challenge/...`, a CR or LF, over 1024 bytes (D64)",
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

/**
 * What went wrong in a resolution against a base (ZEP 8 relative pipelines): `ResolveError.code` of `resolve()`,
 * and, as `resolve/CODE`, the code of the error of kind "resolve" that `parse(input, base)` throws and
 * `validate(input, base)` returns.
 */
export const RESOLVE_CODES = {
  "relative-unsupported":
    'url-pipeline v0 has no relative pipelines: the reference must be an absolute pipeline (use dialect "zep8")',
  "dotdot-at-root": "a `..` adapter with no adapter left to discard: the sub-URL before it is the root (ZEP 8)",
  "dotdot-forbidden": 'a `..` adapter in a reference, and `options.dotdot` is "forbid"',
  "dotdot-limit": "more `..` adapters in a reference than `options.dotdot` allows (`{ max: N }`)",
  "no-path":
    "a non-empty path applied to a sub-URL whose scheme has no path component (gzip:, json:, byte-range:, ...)",
  "above-root":
    'a path whose `..` segments climb above the root of a sub-URL with no authority (`zip:a` and `../../b`); `options.aboveRoot: "clamp"` drops them',
  "invalid-result": "the target is not valid: it does not parse, or it would read back as something else",
} as const;

/** What went wrong in a resolution: `ResolveError.code`, with what each means (docs/codes.md). */
export type ResolveErrorCode = keyof typeof RESOLVE_CODES;
/** `error.code` of a UrlPipelineSyntaxError of kind "resolve": "resolve/" and the ResolveError code. */
export type ResolveCode = `resolve/${ResolveErrorCode}`;

/**
 * What is wrong with the kinds of a pipeline's resources (ZEP 8 "Resource kinds"): `KindError.code` of `kind()`, and,
 * as `kind/CODE`, the code of the error of kind "kind" the verdict gives (validate, canParse, parse).
 */
/** `KindError.code`, with what each means (docs/codes.md). */
export const KIND_CODES = {
  "base-kind":
    "an adapter's base is of a kind the adapter does not accept (a directory before `zip:`, a file before `zarr3:`, a dataset before any adapter)",
  "unresolved-dotdot": "the pipeline has a ZEP 8 `..` adapter, which must be resolved first",
} as const;

/** `KindError.code`, with what each means (docs/codes.md). */
export type KindErrorCode = keyof typeof KIND_CODES;
/** `error.code` of a UrlPipelineSyntaxError of kind "kind": "kind/" and the KindError code. */
export type KindCode = `kind/${KindErrorCode}`;

export type SyntaxCode = keyof typeof SYNTAX_CODES;
export type ValueCode = keyof typeof VALUE_CODES;
export type LimitCode = keyof typeof LIMIT_CODES;
/** `error.code` of a UrlPipelineSyntaxError: its kind, "/", what is wrong. */
export type ErrorCode = SyntaxCode | ValueCode | LimitCode | KindCode | ResolveCode;

/**
 * parse() and validate(): run the dialect's generated parser from the rule asked for, build the tree with the
 * typed actions, then apply the strict value checks the ABNF cannot express.
 */
import { getDialect, resolveRule, type Dialect } from "./dialects";
import { UrlPipelineSyntaxError } from "./errors";
import { computeHints, type Hint } from "./hints";
import { describeExpectations, type Expectation } from "./messages/expectations";
import { subUrlAt } from "./messages/context";
import { location, syntaxMessage } from "./messages/syntax-message";
import { firstProblem, type Problem } from "./strict/problems";
import type { DialectName, ParseResult, Pipeline, SubUrl } from "./tree/nodes";

export { describeExpectations };

export interface ParseOptions {
  /** "url-pipeline-v0" (default) or "zep8". */
  dialect?: DialectName;
  /**
   * The ABNF rule the whole input must match, by its name in grammar/ (case-insensitive, as in ABNF):
   * "absolute-url-pipeline" (default), "relative-url-pipeline" (zep8), "URI", "URI-reference",
   * "IPv4address", "IPv6address", "root-sub-url", "zip-sub-url", ...
   */
  rule?: string;
  /**
   * The longest input accepted, in UTF-16 code units (`input.length`); default {@link DEFAULT_MAX_LENGTH}.
   * Checked before parsing: a longer input is an error of kind "limit" at offset `maxLength`. `Infinity`: no limit.
   */
  maxLength?: number;
  /**
   * The most sub-URLs accepted, counted as the `|`-separated parts of the input (so a relative pipeline's path
   * counts as one, and 0 refuses every input); default {@link DEFAULT_MAX_SUB_URLS}. Checked before parsing, for
   * every rule: more is an error of kind "limit" at the `|` that begins part `maxSubUrls + 1`. `Infinity`: no
   * limit.
   */
  maxSubUrls?: number;
}

/**
 * Default `maxLength`: 64 Ki code units, far above real pipelines (an S3 key is at most 1024 bytes) and still
 * about 10 ms of parsing (about 150 ns a character). Decision D22.
 */
export const DEFAULT_MAX_LENGTH = 65536;
/** Default `maxSubUrls` (decision D22). */
export const DEFAULT_MAX_SUB_URLS = 1024;

/**
 * What {@link validate} returns: the tree or the error, and hints (see {@link Hint}): for an invalid input what
 * it probably is and, when obvious, the corrected input; for a valid input what probably does not mean what was
 * meant. `hints` is always present, and empty for rules other than the pipeline rules.
 */
export type ValidationResult<T = Pipeline> =
  | { valid: true; pipeline: T; hints: Hint[] }
  | { valid: false; error: UrlPipelineSyntaxError; hints: Hint[] };

type PipelineOptions = ParseOptions & { rule?: undefined | "absolute-url-pipeline" };

/**
 * Parses a URL pipeline. Throws {@link UrlPipelineSyntaxError} when the input breaks a limit, does not match the
 * grammar, or a value in it is out of range; throws TypeError for an unknown dialect or rule or an invalid limit.
 */
export function parse(input: string, options?: PipelineOptions): Pipeline;
export function parse(input: string, options: ParseOptions): ParseResult;
export function parse(input: string, options: ParseOptions = {}): ParseResult {
  if (typeof input !== "string") throw new TypeError(`parse() takes a string, not ${typeof input}`);
  const dialect = getDialect(options.dialect);
  const rule = resolveRule(dialect, options.rule);
  const maxLength = limitOption(options.maxLength, "maxLength", DEFAULT_MAX_LENGTH);
  const maxSubUrls = limitOption(options.maxSubUrls, "maxSubUrls", DEFAULT_MAX_SUB_URLS);
  // Before parsing: the limits exist to bound the parser's work and memory.
  const breach = checkLimits(input, maxLength, maxSubUrls);
  if (breach) {
    throw new UrlPipelineSyntaxError({
      kind: "limit",
      input,
      offset: breach.offset,
      expected: [],
      found: input.slice(breach.offset, breach.offset + 1) || null,
      rule,
      dialect: dialect.meta.name,
      reason: breach.message,
    });
  }
  const value = runParser(dialect, rule, input);
  const problem = firstProblem(value);
  if (problem) {
    const subUrl = rule === "absolute-url-pipeline" || rule === "relative-url-pipeline" ? subUrlAt(input, problem.offset) : null;
    throw new UrlPipelineSyntaxError({
      kind: "value",
      input,
      offset: problem.offset,
      expected: [],
      found: input.slice(problem.offset, problem.offset + 1) || null,
      rule,
      dialect: dialect.meta.name,
      reason: subUrl ? `${location(subUrl, dialect.meta)}: ${problem.message}` : problem.message,
      subUrl,
    });
  }
  return toResult(dialect, rule, input, value);
}

/**
 * Like {@link parse}, but returns the error instead of throwing it, with hints. Throws only for invalid options
 * (TypeError); never for any string input.
 *
 * `hints` (for the pipeline rules `absolute-url-pipeline` and zep8's `relative-url-pipeline`; `[]` for other
 * rules) say what an invalid input probably is, with the whole corrected input as `replacement` when the fix is
 * obvious (always itself valid with the same options), and warn about valid inputs that probably do not mean what
 * was meant. See {@link hintsFor}.
 *
 * @example
 * validate("s3://bucket/a.zip|zip:x/|zarr3:");
 * // { valid: true, pipeline: { type: "pipeline", subUrls: [...], ... }, hints: [] }
 * const r = validate("/tmp/a.zip|zip:x/");
 * r.valid;                  // false
 * r.hints[0].replacement;   // "file:///tmp/a.zip|zip:x/"
 * validate("file:///db/|ocdbt:@v1/path").hints[0].replacement; // "file:///db/|ocdbt://v1/path" (valid, but "@v1/path" is a path in v0)
 */
export function validate(input: string, options?: PipelineOptions): ValidationResult<Pipeline>;
export function validate(input: string, options: ParseOptions): ValidationResult<ParseResult>;
export function validate(input: string, options: ParseOptions = {}): ValidationResult<ParseResult> {
  const r = validateWithoutHints(input, options);
  const hints = computeHints(input, r, options);
  return r.valid ? { valid: true, pipeline: r.pipeline, hints } : { valid: false, error: r.error, hints };
}

/**
 * validate() without hints: the tree or the error. Throws only for invalid options.
 * @internal (the hints check their replacements with it)
 */
export function validateWithoutHints(
  input: string,
  options: ParseOptions = {},
): { valid: true; pipeline: ParseResult } | { valid: false; error: UrlPipelineSyntaxError } {
  try {
    return { valid: true, pipeline: parse(input, options) };
  } catch (e) {
    if (e instanceof UrlPipelineSyntaxError) return { valid: false, error: e };
    throw e;
  }
}

/** A limit option: a non-negative integer or Infinity; anything else is a programming error (TypeError). */
function limitOption(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (value === Infinity || (typeof value === "number" && Number.isInteger(value) && value >= 0)) return value;
  throw new TypeError(`options.${name} must be a non-negative integer or Infinity, not ${describeValue(value)}`);
}

function describeValue(value: unknown): string {
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  return value === null ? "null" : typeof value;
}

/**
 * The first limit the input breaks, or null. Counting `|` counts sub-URLs: in both dialects' grammars (every file
 * under grammar/) a literal "|" occurs only as the pipeline separator, and no range or prose rule admits %x7C.
 * A linear scan with no allocation; it stops at the first `|` too many.
 */
function checkLimits(input: string, maxLength: number, maxSubUrls: number): Problem | null {
  if (input.length > maxLength) {
    return {
      offset: maxLength,
      message: `input is ${input.length} characters long; the limit is ${maxLength} (options.maxLength)`,
    };
  }
  if (maxSubUrls === Infinity) return null;
  const tooMany = () =>
    `input has more than ${maxSubUrls} sub-URL${maxSubUrls === 1 ? "" : "s"}; the limit is ${maxSubUrls} (options.maxSubUrls)`;
  // The first sub-URL begins at 0; sub-URL k + 1 begins at the k-th "|".
  if (maxSubUrls === 0) return { offset: 0, message: tooMany() };
  let bars = 0;
  for (let i = input.indexOf("|"); i >= 0; i = input.indexOf("|", i + 1)) {
    if (++bars === maxSubUrls) return { offset: i, message: tooMany() };
  }
  return null;
}

/**
 * What the generated parser returns in Peggy's library mode (`peg$library: true`): the state it stopped in,
 * instead of a thrown SyntaxError, whose message and stack cost far more than the parse of a short input.
 */
interface LibraryResult {
  peg$result: unknown;
  peg$currPos: number;
  peg$FAILED: unknown;
  peg$maxFailPos: number;
  peg$maxFailExpected: Expectation[];
  peg$success: boolean;
}

/** Peggy's expectation of the end of the input. */
const END_EXPECTED: Expectation = { type: "end" };

function runParser(dialect: Dialect, rule: string, input: string): unknown {
  const r = dialect.parser.parse(input, {
    startRule: dialect.meta.rules[rule] as "ALPHA",
    actions: dialect.actions,
    peg$library: true,
  }) as LibraryResult;
  if (r.peg$success) return r.peg$result;
  const { offset, expected } = failure(r, input.length);
  // As Peggy's error: the whole code point at the offset (a surrogate pair is one), or null at the end.
  const found = offset < input.length ? String.fromCodePoint(input.codePointAt(offset)!) : null;
  const described = describeExpectations(expected, dialect.meta);
  const { message, subUrl } = syntaxMessage(input, offset, described, found, dialect.meta, rule);
  throw new UrlPipelineSyntaxError({
    kind: "syntax", input, offset, expected: described, found, rule, dialect: dialect.meta.name, reason: message, subUrl,
  });
}

/**
 * Where a failed parse stopped and what it expected there, as the SyntaxError Peggy would throw says (its
 * peg$throw): a start rule that matched only a prefix of the input also expected the end of the input there.
 */
function failure(r: LibraryResult, length: number): { offset: number; expected: Expectation[] } {
  if (r.peg$result === r.peg$FAILED || r.peg$currPos >= length || r.peg$currPos < r.peg$maxFailPos) {
    return { offset: r.peg$maxFailPos, expected: r.peg$maxFailExpected };
  }
  if (r.peg$currPos > r.peg$maxFailPos) return { offset: r.peg$currPos, expected: [END_EXPECTED] };
  return { offset: r.peg$maxFailPos, expected: [...r.peg$maxFailExpected, END_EXPECTED] };
}

function isSubUrl(x: unknown): x is SubUrl {
  return typeof x === "object" && x !== null && "rawScheme" in x && "scheme" in x;
}

function toResult(dialect: Dialect, rule: string, input: string, value: unknown): ParseResult {
  if (typeof value === "object" && value !== null && "type" in value &&
      (value.type === "pipeline" || value.type === "relative-pipeline")) {
    return value as ParseResult;
  }
  return {
    type: "rule-match",
    dialect: dialect.meta.name,
    rule,
    subUrl: isSubUrl(value) ? value : null,
    span: { start: 0, end: input.length },
    raw: input,
  };
}

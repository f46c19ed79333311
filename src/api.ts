/**
 * The public parse(), validate() and canParse(): the engines of ./parse.ts, with what sits above them.
 *
 * - A string (or a Pipeline) as the second argument is a base, as in `new URL(input, base)` and
 *   `URL.canParse(input, base)`: the input is a ZEP 8 relative pipeline resolved against it (ZEP 8, "Relative URL
 *   pipeline syntax"). url-pipeline v0 has none ("Relative URL pipelines are not currently supported by this
 *   specification"): there an input that is not itself an absolute pipeline is an error of kind "resolve".
 * - validate() is ./validation.ts's, which adds the hints (./hints/) to ./parse.ts's answer: above both, so that
 *   neither imports the other (docs/architecture.md).
 */
import type { ResolveCode } from "./codes";
import { UrlPipelineSyntaxError, type ErrorDetails, type KindAndCode, type UrlPipelineError } from "./errors";
import { computeHints } from "./hints";
import { DIALECTS, getDialect } from "./dialects";
import { resolvePipeline, type ResolveOptions } from "./meaning/resolve";
import { ResolveError } from "./meaning/rfc3986-resolve";
import {
  canParse as canParseAlone,
  kindErrorOf,
  NO_OPTIONS,
  parse as parseAlone,
  type ParseOptions,
  type PipelineOptions,
} from "./parse";
import type { ParseResult, Pipeline } from "./tree/nodes";
import { validate as validateAlone, type ValidationResult } from "./validation";

export type { ValidationResult };

/**
 * The options of a call with a base: the dialect (relative pipelines are ZEP 8's: `{ dialect: "zep8" }`), the
 * limits (for the base, the input and the result), and how the resolution treats `..` (see {@link ResolveOptions}).
 * The rule is always the pipeline rule.
 */
export type BaseOptions = Omit<ParseOptions, "rule"> & Pick<ResolveOptions, "dotdot" | "aboveRoot">;

/** A base: a string, or a Pipeline tree (as `new URL(input, base)` takes a URL). */
export type Base = string | Pipeline;

/**
 * Parses a URL pipeline. With a `base`, parses `input` as a reference to resolve against it (ZEP 8 relative
 * pipelines: `{ dialect: "zep8" }`) and returns the absolute pipeline it names.
 *
 * Throws {@link UrlPipelineSyntaxError} when the input breaks a limit, does not match the grammar, a value in it
 * is out of range, or (with a base) cannot be resolved (kind "resolve"; an error in the base says so and has the
 * base as its `input`); throws TypeError for an unknown dialect or rule or an invalid limit.
 *
 * @example
 * parse("s3://bucket/a.zip|zip:x/").subUrls.length;                          // 2
 * String(parse("file.zip|zip:x", "gs://bucket/path/to/", { dialect: "zep8" })); // "gs://bucket/path/to/file.zip|zip:x"
 */
export function parse(input: string, options?: PipelineOptions): Pipeline;
export function parse(input: string, base: Base, options?: BaseOptions): Pipeline;
export function parse(input: string, options: ParseOptions): ParseResult;
export function parse(input: string, baseOrOptions?: Base | ParseOptions, options?: BaseOptions): ParseResult {
  // Each public function is a small dispatch, the call without a second argument first: small enough for V8 to
  // inline into its caller, so that the engines run as if called directly.
  return baseOrOptions === undefined ? parseAlone(input) : parseWith(input, baseOrOptions, options);
}

function parseWith(input: string, baseOrOptions: Base | ParseOptions, options: BaseOptions | undefined): ParseResult {
  return isBase(baseOrOptions) ? resolved("parse()", input, baseOrOptions, options) : parseAlone(input, baseOrOptions);
}

/**
 * Like {@link parse}, but returns the error instead of throwing it, with hints. Throws only for invalid options
 * (TypeError); never for any string input (or base).
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
 * validate("file:///db/|ocdbt:@v1/path").hints[0].replacement; // "file:///db/|ocdbt://v1/path" (ZEP 8's version syntax, D40)
 * validate("b.zip|zip:", "gs://bucket/a/", { dialect: "zep8" }).valid; // true
 */
export function validate(input: string, options?: PipelineOptions): ValidationResult<Pipeline>;
export function validate(input: string, base: Base, options?: BaseOptions): ValidationResult<Pipeline>;
export function validate(input: string, options: ParseOptions): ValidationResult<ParseResult>;
export function validate(
  input: string,
  baseOrOptions?: Base | ParseOptions,
  baseOptions?: BaseOptions,
): ValidationResult<ParseResult> {
  return baseOrOptions === undefined ? validateAlone(input) : validateWith(input, baseOrOptions, baseOptions);
}

function validateWith(
  input: string,
  baseOrOptions: Base | ParseOptions,
  baseOptions: BaseOptions | undefined,
): ValidationResult<ParseResult> {
  if (typeof input !== "string") throw new TypeError(`validate() takes a string, not ${typeof input}`);
  return isBase(baseOrOptions)
    ? validateAgainst(input, baseOrOptions, baseOptions)
    : validateAlone(input, baseOrOptions);
}

/**
 * Whether `input` is valid, as {@link validate} would say, without building a tree, a message or hints: the
 * cheapest question (like `URL.canParse`, and like it with a base as second argument). For the pipeline rules it
 * runs only the generated DFA and the value checks on its spans; other rules go through the parser. Never throws
 * for any input; a non-string is `false`. Throws TypeError for an unknown dialect or rule or an invalid limit, as
 * `parse` does.
 *
 * @example
 * canParse("s3://bucket/a.zip|zip:x/|zarr3:");          // true
 * canParse("gs://bucket/x|byte-range:10-5");             // false (the end is before the start)
 * canParse("file:///db/|ocdbt:@v1/", { dialect: "zep8" }); // true
 * canParse("zip:a", "gs://bucket/x.zip");                // false (url-pipeline v0 has no relative pipelines)
 */
export function canParse(input: string, options?: ParseOptions): boolean;
export function canParse(input: string, base: Base, options?: BaseOptions): boolean;
export function canParse(input: string, baseOrOptions?: Base | ParseOptions, options?: BaseOptions): boolean {
  return baseOrOptions === undefined ? canParseAlone(input) : canParseWith(input, baseOrOptions, options);
}

function canParseWith(input: string, baseOrOptions: Base | ParseOptions, options: BaseOptions | undefined): boolean {
  if (!isBase(baseOrOptions)) return canParseAlone(input, baseOrOptions);
  if (typeof input !== "string") {
    baseOptionsOf("canParse()", options, baseOrOptions); // still a TypeError for invalid options
    return false;
  }
  try {
    resolved("canParse()", input, baseOrOptions, options);
    return true;
  } catch (e) {
    if (e instanceof UrlPipelineSyntaxError) return false;
    throw e;
  }
}

/** A base, not options: a string, or a Pipeline tree (options never have `type: "pipeline"`). */
function isBase(x: unknown): x is Base {
  return (
    typeof x === "string" ||
    (typeof x === "object" && x !== null && (x as { type?: unknown }).type === "pipeline" && "subUrls" in x)
  );
}

/**
 * The options of a call with a base, checked: an object, with no rule (the pipeline rule is the only one). A base
 * that is a dialect's name is a TypeError: `validate(s, "zep8")` means `{ dialect: "zep8" }`, and no pipeline is
 * spelt so.
 */
function baseOptionsOf(fn: string, options: unknown, base?: Base): BaseOptions {
  if (typeof base === "string" && Object.hasOwn(DIALECTS, base)) {
    throw new TypeError(
      `${fn}: the second argument is a base pipeline, as in new URL(input, base), not the dialect ${JSON.stringify(base)} ` +
        `(to choose a dialect: { dialect: ${JSON.stringify(base)} })`,
    );
  }
  if (options === undefined) return NO_OPTIONS;
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError(`${fn}: the options after a base must be an object, not ${typeof options}`);
  }
  if ((options as ParseOptions).rule !== undefined) {
    throw new TypeError(`${fn}: options.rule cannot be given with a base: a base resolves pipelines only`);
  }
  return options as BaseOptions;
}

/**
 * `input` resolved against `base` (ZEP 8), as parse() returns it; the errors as parse() throws them: a resolution
 * error as kind "resolve" at the reference, an error of the base said to be one.
 */
function resolved(fn: string, input: string, base: Base, options: BaseOptions | undefined): Pipeline {
  if (typeof input !== "string") throw new TypeError(`${fn} takes a string, not ${typeof input}`);
  const o = baseOptionsOf(fn, options, base);
  let target: Pipeline;
  try {
    target = resolvePipeline(base, input, o);
  } catch (e) {
    if (e instanceof ResolveError) throw resolveErrorAt(e, input, o);
    if (!(e instanceof UrlPipelineSyntaxError)) throw e;
    if (e.input === base && base !== input) throw inTheBase(e);
    // In url-pipeline v0 a reference that ZEP 8 reads as a relative pipeline is not misspelt: v0 has none. Nor is
    // an adapter meant to follow the base ("zip:a"), which ZEP 8 writes after a "|".
    if (e.input === input && getDialect(o.dialect).meta.name !== "zep8") {
      const relative = isZep8Relative(input) ? input : isZep8Relative(`|${input}`) ? `|${input}` : null;
      if (relative !== null) throw resolveErrorAt(relativeUnsupported(input, relative), input, o);
    }
    throw e;
  }
  // Resolution reads the text; the verdict on the kinds is on what it names (decision D62).
  const kindError = o.kinds === false ? null : kindErrorOf(target.raw, target.dialect, "absolute-url-pipeline");
  if (kindError) throw kindError;
  return target;
}

function isZep8Relative(input: string): boolean {
  return canParseAlone(input, { dialect: "zep8", rule: "relative-url-pipeline" });
}

/** v0's answer to a reference that ZEP 8 would resolve, as `relative`. */
function relativeUnsupported(input: string, relative: string): ResolveError {
  const what =
    relative === input
      ? `"${input}" is a ZEP 8 relative pipeline`
      : `"${input}" reads as an adapter to add to the base, which ZEP 8 writes "${relative}"`;
  return new ResolveError(
    "relative-unsupported",
    `${what}, and url-pipeline v0 has no relative pipelines ("Relative URL pipelines are not currently supported ` +
      `by this specification"): resolve it in the "zep8" dialect (options.dialect: "zep8")`,
  );
}

/** validate(input, base): the resolved pipeline validated as itself, or the error with the reference's hints. */
function validateAgainst(input: string, base: Base, options: BaseOptions | undefined): ValidationResult<ParseResult> {
  let target: Pipeline;
  try {
    target = resolved("validate()", input, base, options);
  } catch (e) {
    if (!(e instanceof UrlPipelineSyntaxError)) throw e;
    const error = e as UrlPipelineError;
    // The reference's own errors get its hints, read with the rule it was read by; the base's and resolution's none.
    const inReference = error.input === input && error.kind !== "resolve";
    const o = options ?? NO_OPTIONS;
    const hints = inReference
      ? computeHints(input, { valid: false, error }, { ...limitsOf(o), dialect: o.dialect, rule: error.rule })
      : [];
    return { valid: false, error, hints };
  }
  return validateAlone(target.raw, limitsOf(options ?? NO_OPTIONS));
}

function limitsOf(o: BaseOptions): ParseOptions {
  const out: ParseOptions = {};
  if (o.dialect !== undefined) out.dialect = o.dialect;
  if (o.maxLength !== undefined) out.maxLength = o.maxLength;
  if (o.maxSubUrls !== undefined) out.maxSubUrls = o.maxSubUrls;
  return out;
}

/** A ResolveError as the error of kind "resolve" parse(input, base) throws: at the reference's sub-URL it names. */
function resolveErrorAt(e: ResolveError, input: string, o: BaseOptions): UrlPipelineSyntaxError {
  // The sub-URLs a ResolveError names carry spans in the text each was parsed from; one of the reference is where.
  const at = e.subUrls.find((s) => input.slice(s.span.start, s.span.end) === s.raw)?.span.start ?? 0;
  const code: ResolveCode = `resolve/${e.code}`;
  return new UrlPipelineSyntaxError({
    kind: "resolve",
    code,
    input,
    offset: at,
    expected: [],
    found: input.slice(at, at + 1) || null,
    rule: o.dialect === "zep8" ? "relative-url-pipeline" : "absolute-url-pipeline",
    dialect: getDialect(o.dialect).meta.name,
    reason: e.message,
  });
}

/** An error of the base, said to be one (its `input` is the base: format() shows the base). */
function inTheBase(e: UrlPipelineSyntaxError): UrlPipelineSyntaxError {
  const { kind, code, input, offset, expected, found, rule, dialect, subUrl, message } = e as UrlPipelineError;
  const reason = `in the base "${input}": ${message}`;
  const common = { input, offset, expected: [...expected], found, rule, dialect, subUrl, reason };
  // Each kind with its code, as the constructor's type asks.
  const k = { kind, code } as KindAndCode;
  return new UrlPipelineSyntaxError({ ...common, ...k } as ErrorDetails);
}

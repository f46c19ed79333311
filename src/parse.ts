/**
 * parse() and validate(): the two engines. A pipeline rule's input is read by its DFA first (src/dfa/), which gives
 * the verdict, a value out of range, or the offset of a syntax error and the state it died in, whose moves say what
 * was expected there (src/messages/automaton-expectations.ts): a refused input needs no parse. The
 * generated parser builds the tree, with the typed actions, for a valid input when its tree is read, and answers
 * every other rule, then the strict value checks the ABNF cannot express run on its tree.
 */
import { getDialect, resolveRule, type Dialect } from "./dialects";
import { automatonFor } from "./dfa/dialects";
import { lastRun } from "./dfa/scan";
import { accepts, type Verdict, verdict } from "./dfa/verdict";
import type { Automaton } from "./dfa/automaton";
import { NO_STACK, UrlPipelineSyntaxError, type ErrorKind, type UrlPipelineError } from "./errors";
import { expectedInState } from "./messages/automaton-expectations";
import { describeExpectations, type Expectation } from "./messages/expectations";
import { subUrlAt } from "./messages/context";
import { location, syntaxMessage } from "./messages/syntax-message";
import { checkLimits, DEFAULT_MAX_LENGTH, DEFAULT_MAX_SUB_URLS, limitError, limitOption } from "./limits";
import { kindViolation, type KindViolation } from "./kinds";
import { firstProblem } from "./strict/problems";
import { optionsArgument } from "./arguments";
import type { ValueCode } from "./codes";
import { treeFromJSONWith } from "./tree/json";
import { ruleMatchTree } from "./tree/roots";
import type { DialectName, ParseResult, Pipeline, SubUrl } from "./tree/nodes";

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
  /**
   * Whether the verdict checks the kinds of the resources (ZEP 8 "Resource kinds": each adapter's base must be of
   * the kind it needs, where the text alone decides it: `s3://bucket/dir/|gzip:` is refused, `s3://bucket/x|zarr3:`
   * is not; decision D62). Default true; `false` checks syntax and values alone, as the grammar says.
   */
  kinds?: boolean;
}

/** The default options, shared: no object is made per call. */
// Without a prototype: a program whose Object.prototype has been given a `maxLength` or a `dialect` (prototype
// pollution elsewhere) must not change what a call without options does.
/** @internal (the entries above this module take it as their default too: src/api.ts) */
export const NO_OPTIONS: ParseOptions = Object.freeze(Object.create(null) as ParseOptions);

/** @internal */
export type PipelineOptions = ParseOptions & { rule?: undefined | "absolute-url-pipeline" };

/**
 * Parses a URL pipeline. Throws {@link UrlPipelineSyntaxError} when the input breaks a limit, does not match the
 * grammar, or a value in it is out of range; throws TypeError for an unknown dialect or rule or an invalid limit.
 */
export function parse(input: string, options?: PipelineOptions): Pipeline;
export function parse(input: string, options: ParseOptions): ParseResult;
export function parse(input: string, options: ParseOptions = NO_OPTIONS): ParseResult {
  if (typeof input !== "string") throw new TypeError(`parse() takes a string, not ${typeof input}`);
  const { dialect, rule, maxLength, maxSubUrls } = readOptions(options);
  // Before parsing: the limits exist to bound the parser's work and memory.
  const breach = checkLimits(input, maxLength, maxSubUrls);
  if (breach) throw limitError(input, breach, rule, dialect.meta.name);
  // The DFA engine knows in a fraction of the parse whether a value is out of range: when none is, the tree
  // need not be walked for problems (D32, D33).
  const automaton = automatonFor(dialect.meta.name, rule);
  if (automaton) {
    const v = verdict(automaton, input);
    if (v.kind === "syntax") throw automatonSyntaxError(input, v.offset, automaton, dialect, rule);
    if (v.kind === "value") throw valueError(input, v, dialect, rule);
    if (options.kinds !== false) throwKindViolation(input, automaton.dialect, rule);
    return treeOf(dialect, rule, input, true);
  }
  return parsedByParser(dialect, rule, input, options.kinds !== false);
}

/**
 * parse() by the generated parser alone: its tree, the value checks on the tree, the kinds. What parse() runs for a
 * rule with no DFA; for the others, the second engine the DFA is held to.
 * @internal (the engines' differential test, test/differential/engines.ts, and `npm run fuzz -- --engines`)
 */
export function parseWithParser(input: string, options: ParseOptions = NO_OPTIONS): ParseResult {
  if (typeof input !== "string") throw new TypeError(`parse() takes a string, not ${typeof input}`);
  const { dialect, rule, maxLength, maxSubUrls } = readOptions(options);
  const breach = checkLimits(input, maxLength, maxSubUrls);
  if (breach) throw limitError(input, breach, rule, dialect.meta.name);
  return parsedByParser(dialect, rule, input, options.kinds !== false);
}

function parsedByParser(dialect: Dialect, rule: string, input: string, kinds: boolean): ParseResult {
  const value = runParser(dialect, rule, input);
  const problem = firstProblem(value);
  if (problem) throw valueError(input, problem, dialect, rule);
  if (kinds && PIPELINE_RULES.has(rule)) throwKindViolation(input, dialect.meta.name, rule);
  return toResult(dialect, rule, input, value);
}

/** The error of a value out of range (D8-D15), at the problem's offset, in its sub-URL's words. */
function valueError(
  input: string,
  problem: { offset: number; message: string; code: string },
  dialect: Dialect,
  rule: string,
): UrlPipelineSyntaxError {
  const subUrl = PIPELINE_RULES.has(rule) ? subUrlAt(input, problem.offset) : null;
  return new UrlPipelineSyntaxError({
    kind: "value",
    code: problem.code as ValueCode,
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

/** The rules whose input is a pipeline of sub-URLs: those the kinds are checked for. */
const PIPELINE_RULES: ReadonlySet<string> = new Set(["absolute-url-pipeline", "relative-url-pipeline"]);

/**
 * The error of kind "kind" for an adapter whose base is of a kind it does not accept, where the text decides it
 * (src/kinds.ts, decision D62); null when there is none. Its message is kind()'s, its offset the adapter's start.
 * @internal (src/api.ts checks what a resolution names)
 */
export function kindErrorOf(input: string, dialect: DialectName, rule: string): UrlPipelineSyntaxError | null {
  const v = kindViolation(input, dialect);
  return v === null ? null : kindError(input, v, dialect, rule);
}

/** The error of kind "kind" for a violation {@link kindViolation} found. */
function kindError(input: string, v: KindViolation, dialect: DialectName, rule: string): UrlPipelineSyntaxError {
  return new UrlPipelineSyntaxError({
    kind: "kind",
    code: "kind/base-kind",
    input,
    offset: v.start,
    expected: [],
    found: input.slice(v.start, v.start + 1) || null,
    rule,
    dialect,
    reason: v.message,
    subUrl: subUrlAt(input, v.start),
  });
}

function throwKindViolation(input: string, dialect: DialectName, rule: string): void {
  const e = kindErrorOf(input, dialect, rule);
  if (e) throw e;
}

/**
 * Whether `input` is valid, as {@link validate} would say, without building a tree, a message or hints: the
 * cheapest question (like `URL.canParse`). For the pipeline rules it runs only the generated DFA and the value
 * checks on its spans; other rules go through the parser. Never throws for any input; a non-string is `false`.
 * Throws TypeError for an unknown dialect or rule or an invalid limit, as `parse` does.
 *
 * @example
 * canParse("s3://bucket/a.zip|zip:x/|zarr3:");          // true
 * canParse("gs://bucket/x|byte-range:10-5");             // false (the end is before the start)
 * canParse("file:///db/|ocdbt:@v1/", { dialect: "zep8" }); // true
 */
export function canParse(input: string, options: ParseOptions = NO_OPTIONS): boolean {
  if (typeof input !== "string") {
    readOptions(options); // still a TypeError for invalid options
    return false;
  }
  const automaton = automatonOf(input, options);
  if (automaton) {
    return accepts(automaton, input) && (options.kinds === false || kindViolation(input, automaton.dialect) === null);
  }
  return validateWithoutHints(input, options).valid;
}

/**
 * validate() without hints: the tree or the error. Throws only for invalid options.
 *
 * A valid input of a pipeline rule is answered by the DFA engine (src/dfa/), and its tree is built by the parser
 * only when `pipeline` is first read. Anything else, and every invalid input, goes through the parser, which gives
 * the error its expectations and message; the differential tests hold both engines to the same verdicts and
 * offsets.
 * @internal (the hints check their replacements with it)
 */
export function validateWithoutHints(
  input: string,
  options: ParseOptions = NO_OPTIONS,
): { valid: true; pipeline: ParseResult } | { valid: false; error: UrlPipelineError } {
  // (The options are read first: a TypeError for them has its stack.)
  const automaton = typeof input === "string" ? automatonOf(input, options) : null;
  // One scan answers a valid input (then the kinds), with nothing more made than its result.
  let v: Verdict | undefined;
  let violation: KindViolation | null = null;
  if (automaton) {
    v = verdict(automaton, input);
    if (v.kind === "valid") {
      violation = options.kinds === false ? null : kindViolation(input, automaton.dialect);
      if (violation === null) return new LazilyParsed(input, automaton);
    }
  }
  // The error is returned, not thrown: its stack, which V8 captures when it is made and which costs more than the
  // message, would say only "validate()".
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = NO_STACK;
  try {
    if (automaton && v) {
      // A kind out of place; a value out of range, with the DFA's own problem; a syntax error, with the expected
      // list of the state the run died in. No parse.
      if (v.kind === "valid")
        return {
          valid: false,
          error: kindError(input, violation!, automaton.dialect, automaton.rule) as UrlPipelineError,
        };
      const dialect = getDialect(automaton.dialect);
      if (v.kind === "value")
        return { valid: false, error: valueError(input, v, dialect, automaton.rule) as UrlPipelineError };
      return {
        valid: false,
        error: automatonSyntaxError(input, v.offset, automaton, dialect, automaton.rule) as UrlPipelineError,
      };
    }
    return { valid: true, pipeline: parse(input, options) };
  } catch (e) {
    if (e instanceof UrlPipelineSyntaxError) return { valid: false, error: e };
    throw e;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/**
 * What the hints need to know of a fix they propose: valid (with its tree, built when read), or the error's kind and
 * offset, from the DFA engine alone where it answers, with no parser and no message (the engines agree on both:
 * test/differential/engines.test.ts). Where the DFA does not answer (a limit, a rule it has no automaton for), as
 * {@link validateWithoutHints}.
 * @internal
 */
export function verdictWithoutMessage(
  input: string,
  options: ParseOptions = NO_OPTIONS,
): { valid: true; pipeline: ParseResult } | { valid: false; error: { kind: ErrorKind; offset: number } } {
  const automaton = automatonOf(input, options);
  if (!automaton) return validateWithoutHints(input, options);
  const v = verdict(automaton, input);
  if (v.kind !== "valid") return { valid: false, error: { kind: v.kind, offset: v.offset } };
  const kindError = options.kinds === false ? null : kindErrorOf(input, automaton.dialect, automaton.rule);
  return kindError === null ? new LazilyParsed(input, automaton) : { valid: false, error: kindError };
}

/**
 * The tree the parser builds for `input` before the value checks (D8-D15) and without the limits (D22): the
 * grammar's reading of a short input whose values may be out of range. Throws UrlPipelineSyntaxError for a syntax
 * error, TypeError for invalid options.
 * @internal (complete() reads the paths of the sample inputs it walks the DFA to: src/complete/directory-paths.ts)
 */
export function parseStructure(input: string, options: ParseOptions = NO_OPTIONS): ParseResult {
  const { dialect, rule } = readOptions(options);
  return treeOf(dialect, rule, input);
}

let defaultAutomaton: Automaton | null | undefined;

/**
 * The DFA that answers this call, or null when the parser must: a rule the engine has no automaton for, or an
 * input over a limit (the parser reports the limit error). Throws TypeError for invalid options.
 */
function automatonOf(input: string, options: ParseOptions): Automaton | null {
  let automaton: Automaton | null;
  if (options === NO_OPTIONS) {
    // The most common call, without options: no option to read or check.
    if (defaultAutomaton === undefined) {
      const dialect = getDialect(undefined);
      defaultAutomaton = automatonFor(dialect.meta.name, dialect.meta.defaultRule);
    }
    automaton = defaultAutomaton;
  } else if (
    // A call whose dialect and rule options are the last call's, with no limit set (`{ dialect: "zep8" }`, again
    // and again): its automaton without reading them again, which cost a sixth of a valid input's time. (They were
    // checked when first read; Array.isArray, as readOptions refuses an array.)
    lastAutomaton !== null &&
    typeof options === "object" &&
    options !== null &&
    options.dialect === lastDialectOption &&
    options.rule === lastRuleOption &&
    options.maxLength === undefined &&
    options.maxSubUrls === undefined &&
    !Array.isArray(options)
  ) {
    automaton = lastAutomaton;
  } else {
    const { dialect, rule, maxLength, maxSubUrls } = readOptions(options);
    automaton = automatonFor(dialect.meta.name, rule);
    if (automaton !== null && options.maxLength === undefined && options.maxSubUrls === undefined) {
      lastDialectOption = options.dialect;
      lastRuleOption = options.rule;
      lastAutomaton = automaton;
    }
    return checkLimits(input, maxLength, maxSubUrls) ? null : automaton;
  }
  // The default limits (the parser reports a limit error): mostly a length test.
  return input.length > DEFAULT_MAX_LENGTH ||
    (input.length >= DEFAULT_MAX_SUB_URLS && checkLimits(input, DEFAULT_MAX_LENGTH, DEFAULT_MAX_SUB_URLS))
    ? null
    : automaton;
}

/** What {@link automatonOf} keeps of the last call with options whose automaton it found (none while null). */
let lastDialectOption: unknown;
let lastRuleOption: unknown;
let lastAutomaton: Automaton | null = null;

/** The options, checked; the default rule without a case-folded look-up (this is on every call's path). */
function readOptions(options: ParseOptions): { dialect: Dialect; rule: string; maxLength: number; maxSubUrls: number } {
  // `validate(s, "zep8")` would otherwise validate as the default dialect, silently.
  if (typeof options !== "object" || options === null || Array.isArray(options)) optionsArgument("", options);
  const dialect = getDialect(options.dialect);
  return {
    dialect,
    rule: options.rule === undefined ? dialect.meta.defaultRule : resolveRule(dialect, options.rule),
    maxLength: limitOption(options.maxLength, "maxLength", DEFAULT_MAX_LENGTH),
    maxSubUrls: limitOption(options.maxSubUrls, "maxSubUrls", DEFAULT_MAX_SUB_URLS),
  };
}

/**
 * A valid result whose tree is built on first access of `pipeline`, then kept. `pipeline` is a getter on the
 * prototype (an own accessor would make every result cost several hundred nanoseconds to create): `r.pipeline`,
 * `"pipeline" in r` and `JSON.stringify(r)` see it, a spread `{ ...r }` does not. The input is known to be valid,
 * so the parse cannot fail; if it did, the engines would disagree, and the error says so rather than returning a
 * wrong tree.
 */
/**
 * What computes a valid result's hints when they are first read: validate()'s module (src/validation.ts), which sits
 * above the hints, gives it when it loads; this module does not know them. One for the process, not a field of
 * each result: a valid result is made on every call, and a field more would cost every one of them.
 * @internal
 */
export type HintProvider = (input: string, result: LazilyParsed, options: ParseOptions) => unknown[];

let hintProvider: HintProvider | undefined;

/** @internal (src/validation.ts, when it loads) */
export function provideHints(provider: HintProvider): void {
  hintProvider = provider;
}

/**
 * The first valid result, kept for the life of the process (so are its input and, once read, its tree and hints).
 * V8 holds the hidden classes ("maps") of a class's instances weakly: at a full garbage collection with no instance
 * alive, they are collected, and every optimized function that embedded them (validate(), its callers, the
 * constructor) is thrown away and compiled again (`node --trace-deopt`: "marking dependent code ... reason: weak
 * objects"). A program that validates in bursts and drops the results would pay for that after each full collection;
 * `npm run bench` collects before each round, and its validate() row went from 0.82x to 0.76x `new URL()` with an
 * instance kept (test/optimized-code.test.ts holds the optimized code to surviving).
 */
let firstValid: LazilyParsed | undefined;

/** @internal (validate() defers its hints on it: src/api.ts) */
export class LazilyParsed {
  // Assigned in the constructor, not initialized as class fields: a field initializer defines the property
  // (Object.defineProperty semantics), which costs more than an assignment, and this runs on every valid input.
  declare readonly valid: true;
  // Private fields: they stay out of Object.keys and JSON, which show only valid, pipeline and hints.
  readonly #input: string;
  readonly #automaton: Automaton;
  #tree: ParseResult | undefined;
  // What the provider gives (validate()'s Hint[], typed where it is known: src/validation.ts).
  #hints: unknown[] | undefined;
  /** validate()'s options (a copy), for the hints it defers; undefined: none (validateWithoutHints). */
  #hintOptions: ParseOptions | undefined;

  constructor(input: string, automaton: Automaton) {
    (this as { valid: true }).valid = true;
    this.#input = input;
    this.#automaton = automaton;
    this.#tree = undefined;
    this.#hints = undefined;
    this.#hintOptions = undefined;
    if (firstValid === undefined) firstValid = this;
  }

  /** validate(): the hints are computed, with these options, when first read (by the {@link HintProvider}). */
  deferHints(options: ParseOptions): void {
    this.#hintOptions = options;
  }

  /** The hints of validate() (a valid input's, computed on first read); [] for validateWithoutHints(). */
  get hints(): unknown[] {
    if (this.#hints) return this.#hints;
    const options = this.#hintOptions;
    if (options === undefined || hintProvider === undefined) return (this.#hints = []);
    return (this.#hints = hintProvider(this.#input, this, options));
  }

  /** The dialect the input was validated in. */
  get dialectName(): DialectName {
    return this.#automaton.dialect;
  }

  get pipeline(): ParseResult {
    if (this.#tree) return this.#tree;
    const dialect = getDialect(this.#automaton.dialect);
    const rule = this.#automaton.rule;
    return (this.#tree = treeOf(dialect, rule, this.#input, true));
  }

  toJSON(): { valid: true; pipeline: ParseResult; hints: unknown[] } {
    return { valid: true, pipeline: this.pipeline, hints: this.hints };
  }
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

/**
 * The parser's value for `input`, or the syntax error. `matches`: the DFA engine has accepted the input, so the
 * parse need not record what it expected where alternatives fail (only an error reports that): it runs as Peggy
 * runs inside a predicate (its option `peg$silentFails`), which returns the same value for less work. Should it
 * fail all the same, the parse runs again, recording, for the error it reports.
 */
function runParser(dialect: Dialect, rule: string, input: string, matches = false): unknown {
  const startRule = dialect.startRules.get(rule)! as "ALPHA";
  if (matches) {
    const quiet = dialect.parser.parse(input, {
      startRule,
      actions: dialect.actions,
      peg$library: true,
      peg$silentFails: 1,
    }) as LibraryResult;
    if (quiet.peg$success) return quiet.peg$result;
  }
  const r = dialect.parser.parse(input, { startRule, actions: dialect.actions, peg$library: true }) as LibraryResult;
  if (r.peg$success) return r.peg$result;
  const { offset, expected } = failure(r, input.length);
  throw syntaxError(input, offset, describeExpectations(expected, dialect.meta), dialect, rule);
}

/** A syntax error at `offset`, where the grammar expected `described` (in describeExpectations()' words). */
function syntaxError(
  input: string,
  offset: number,
  described: readonly string[],
  dialect: Dialect,
  rule: string,
): UrlPipelineSyntaxError {
  // As Peggy's error: the whole code point at the offset (a surrogate pair is one), or null at the end.
  const found = offset < input.length ? String.fromCodePoint(input.codePointAt(offset)!) : null;
  const { message, subUrl } = syntaxMessage(input, offset, described, found, dialect.meta, rule);
  return new UrlPipelineSyntaxError({
    kind: "syntax",
    input,
    offset,
    expected: [...described],
    found,
    rule,
    dialect: dialect.meta.name,
    reason: message,
    subUrl,
  });
}

/** The syntax error of the DFA run of `automaton` that has just died at `offset`, in the state {@link lastRun} recorded. */
function automatonSyntaxError(
  input: string,
  offset: number,
  automaton: Automaton,
  dialect: Dialect,
  rule: string,
): UrlPipelineSyntaxError {
  return syntaxError(input, offset, expectedInState(automaton, lastRun.deathRow, dialect.meta), dialect, rule);
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

/**
 * The tree of an input the grammar matches, without the value checks (the caller knows, or does not ask).
 * `matches`: the DFA engine accepted it.
 */
function treeOf(dialect: Dialect, rule: string, input: string, matches = false): ParseResult {
  return toResult(dialect, rule, input, runParser(dialect, rule, input, matches));
}

function isSubUrl(x: unknown): x is SubUrl {
  return typeof x === "object" && x !== null && "rawScheme" in x && "scheme" in x;
}

function toResult(dialect: Dialect, rule: string, input: string, value: unknown): ParseResult {
  if (
    typeof value === "object" &&
    value !== null &&
    "type" in value &&
    (value.type === "pipeline" || value.type === "relative-pipeline")
  ) {
    return value as ParseResult;
  }
  return ruleMatchTree(dialect.meta.name, rule, isSubUrl(value) ? value : null, { start: 0, end: input.length }, input);
}

/**
 * The tree a JSON form stands for, exactly (`treeFromJSON(JSON.parse(JSON.stringify(tree)))` deep-equals `tree`):
 * see src/tree/json.ts. In JSON a tree's bigints (byte-range bounds, OCDBT generations) are decimal strings.
 *
 * @example
 * ```ts
 * const json = JSON.parse(JSON.stringify(parse("file:///db/|ocdbt://v1/x")));
 * json.subUrls[1].version.generation;               // "1"
 * treeFromJSON(json).subUrls[1].version.generation; // 1n
 * ```
 */
export function treeFromJSON(json: unknown): ParseResult {
  return treeFromJSONWith(parse, json);
}

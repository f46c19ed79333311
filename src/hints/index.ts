/**
 * Hints with fixes: for an input that is not a valid URL pipeline, what it probably is (a
 * local path, an fsspec chain, a GDAL path, a jar: or Commons VFS URL, a misspelt scheme, a character that must be percent-encoded, ...) and, when the
 * fix is obvious, the whole corrected input; for a valid input, what probably does not mean what was meant (ZEP 8
 * version syntax in url-pipeline v0).
 *
 * Each kind is a small module that proposes candidates from the input's text, the error offset and the dialect's
 * scheme table (`DIALECTS[d].meta.schemes`, so the names cannot drift from the grammar). This index checks every
 * proposed replacement with the parser and the same options, and keeps it only if it is valid. A replacement that
 * still has an error may be repaired by the other kinds, up to {@link MAX_FIXES} fixes in one replacement
 * (`C:\data\a.zip|zar3:` needs two), within a budget of {@link MAX_CHECKS} re-parses per call.
 *
 * Cost: for a valid input, textual prechecks (`:@` or a "://" after a "|" in url-pipeline v0, a root `file:/` or
 * `memory:` without "//") and nothing more unless one fires; then one pass over the sub-URLs, and one parse for
 * a replacement or a spelling in the other dialect. For an invalid input, a few parses of inputs of about the same
 * length (at most {@link MAX_CHECKS}), and, for an input in another syntax (fsspec, GDAL, jar:, Commons VFS), its
 * translation (src/translate/: two or three parses of its own, by the one kind whose precheck matches).
 */
import { optionsArgument, stringArgument } from "../arguments";
import { UrlPipelineSyntaxError } from "../errors";
import { getDialect, resolveRule, type DialectMeta } from "../dialects";
import { NO_OPTIONS, verdictWithoutMessage, type ParseOptions } from "../parse";
import { archivePrefix } from "./archive-prefix";
import { baseKind } from "./base-kind";
import { bodySyntax } from "./body-syntax";
import { commitTimeCase } from "./commit-time-case";
import { emptySubUrl } from "./empty-sub-url";
import { fileHost } from "./file-host";
import { fragment } from "./fragment";
import { fileUrl } from "./file-url";
import { foreignScheme } from "./foreign-scheme";
import { fsspec } from "./fsspec";
import { gdalConnection } from "./gdal-connection";
import { gdalPath } from "./gdal-path";
import { jarUrl } from "./jar-url";
import { latin1Percent } from "./latin1-percent";
import { localPath } from "./local-path";
import { nczarrMode } from "./nczarr-mode";
import { neuroglancerSyntax } from "./neuroglancer-syntax";
import { otherDialect } from "./other-dialect";
import { pasted } from "./pasted";
import { relativePipeline } from "./relative-pipeline";
import { s3Endpoint } from "./s3-endpoint";
import { storageOption } from "./storage-option";
import { tensorStoreSyntax } from "./tensorstore-syntax";
import { unfinishedScheme } from "./unfinished-scheme";
import { percentEncoding } from "./percent-encoding";
import { pipeInPath } from "./pipe-in-path";
import { schemeRole } from "./scheme-role";
import { schemeSlashes } from "./scheme-slashes";
import { schemeSpelling } from "./scheme-spelling";
import { schemeCaseForTensorStore } from "./scheme-case-for-tensorstore";
import { slashesForTensorStore } from "./slashes-for-tensorstore";
import type { Candidate, Checked, Hint, HintContext, HintKind, Part } from "./types";
import { splitParts } from "./types";
import { userinfo } from "./userinfo";
import { versionSyntax } from "./version-syntax";
import { vfsUrl } from "./vfs-url";
import { whitespace } from "./whitespace";
import { zep8ReadersVersion } from "./zep8-readers-version";

export type { Hint, Checked } from "./types";

/** Inputs longer than this (UTF-16 code units) get no hints: hints are for text people type. */
export const HINT_MAX_LENGTH = 4096;
/** The most fixes one replacement may combine. */
export const MAX_FIXES = 3;
/** The most re-parses one call may make (each of an input about as long as the one given). */
export const MAX_CHECKS = 24;
/** The most hints one call returns. */
export const MAX_HINTS = 6;

/** The rules hints are for; for any other `options.rule`, no hints. */
const PIPELINE_RULES = new Set(["absolute-url-pipeline", "relative-url-pipeline"]);

/**
 * The kinds, most specific first: this is the order of the hints (after those with a replacement come before
 * those without).
 */
const KINDS: readonly HintKind[] = [
  versionSyntax,
  fsspec,
  gdalPath,
  gdalConnection,
  jarUrl,
  archivePrefix,
  vfsUrl,
  localPath,
  fileUrl,
  fileHost,
  s3Endpoint,
  storageOption,
  nczarrMode,
  fragment,
  tensorStoreSyntax,
  neuroglancerSyntax,
  foreignScheme,
  schemeRole,
  schemeSlashes,
  schemeSpelling,
  unfinishedScheme,
  userinfo,
  bodySyntax,
  baseKind,
  emptySubUrl,
  whitespace,
  pasted,
  commitTimeCase,
  latin1Percent,
  percentEncoding,
  pipeInPath,
  otherDialect,
  relativePipeline,
  slashesForTensorStore,
  schemeCaseForTensorStore,
  zep8ReadersVersion,
];

/**
 * Hints about `input`, given what validating it gave (`result`, the output of {@link validate} or the same
 * without `hints`) and the options it was validated with. `validate()` calls this; call it yourself only with a
 * result you already have.
 *
 * Every `replacement` is valid for `validate(replacement, options)`. Hints are given for the pipeline rules only
 * (`absolute-url-pipeline`, and zep8's `relative-url-pipeline`); for any other `options.rule`, for a limit error,
 * and for inputs longer than {@link HINT_MAX_LENGTH}, the answer is `[]`. Never throws for a string input and
 * valid options (an unknown dialect or rule is a `TypeError`, as for `validate`).
 *
 * @example
 * const r = validate("s3://bucket/a.zip|zipp:x");  // invalid
 * hintsFor("s3://bucket/a.zip|zipp:x", r);
 * // [{ code: "misspelt-scheme", message: '"zipp" is not an adapter scheme; did you mean "zip"?',
 * //    replacement: "s3://bucket/a.zip|zip:x", keepsMeaning: true }]
 *
 * hintsFor("file:///db/|ocdbt:@v1/path", validate("file:///db/|ocdbt:@v1/path"));  // invalid in v0 (D40):
 * // [{ code: "zep8-version-syntax", message: '"ocdbt:@v1" is ZEP 8\'s ocdbt version syntax; url-pipeline v0 writes ...',
 * //    replacement: "file:///db/|ocdbt://v1/path", keepsMeaning: true },
 * //  { code: "at-sign-path", message: 'in url-pipeline v0 an ocdbt: path cannot start with "@", ...',
 * //    replacement: "file:///db/|ocdbt:%40v1/path", keepsMeaning: false }]
 */
export function hintsFor(input: string, result: Checked, options: ParseOptions = {}): Hint[] {
  stringArgument("hintsFor()", "its input", input);
  const r = result as { valid?: unknown; error?: unknown } | null;
  if (
    typeof r !== "object" ||
    r === null ||
    (r.valid !== true && !(r.valid === false && r.error instanceof UrlPipelineSyntaxError))
  ) {
    throw new TypeError(
      "hintsFor() takes the result of validate() (or { valid, error }) for the same input and options",
    );
  }
  optionsArgument("hintsFor()", options);
  return hintsOf(input, result, options);
}

/**
 * {@link hintsFor} after its arguments are checked (computeHints: validate()'s own, already checked). `prechecked`:
 * the caller has found that some kind's precheck fires on a valid input (validInputMayHaveHints).
 */
function hintsOf(input: string, result: Checked, options: ParseOptions, prechecked = false): Hint[] {
  const dialect = getDialect(options.dialect);
  // The default rule needs no case-folded look-up: this runs on every valid input validate() answers.
  const rule = options.rule === undefined ? dialect.meta.defaultRule : resolveRule(dialect, options.rule);
  const meta = dialect.meta;
  if (!PIPELINE_RULES.has(rule) || input.length > HINT_MAX_LENGTH) return [];
  if (result.valid ? !prechecked && !validInputMayHaveHints(input, meta) : result.error.kind === "limit") {
    return [];
  }
  return new Session(meta, rule, options).run(input, result);
}

/**
 * Whether a hint could apply to `input`, known to be valid, from its text alone (each kind's precheck): on every
 * valid input validate() answers, so it must cost next to nothing.
 */
export function validInputMayHaveHints(input: string, meta: DialectMeta): boolean {
  for (const k of VALID_KINDS) {
    if (!k.validPrecheck || k.validPrecheck(input, meta)) return true;
  }
  return false;
}

/**
 * The kinds {@link Session.collect} asks, in the kinds' order: for a valid input (those with something to say about
 * one) or an invalid one; `nested`, repairing a replacement, only those that propose replacements.
 */
const VALID_KINDS: readonly HintKind[] = KINDS.filter((k) => k.onValid !== undefined);
const INVALID_KINDS: readonly HintKind[] = KINDS.filter((k) => k.onInvalid !== undefined);
const NESTED_VALID_KINDS: readonly HintKind[] = VALID_KINDS.filter((k) => !k.messageOnly);
const NESTED_INVALID_KINDS: readonly HintKind[] = INVALID_KINDS.filter((k) => !k.messageOnly);
/** Their onInvalid functions, in the same order (no kind reads `this`). */
type Ask = (ctx: HintContext) => Candidate[];
const INVALID_ASKS: readonly Ask[] = INVALID_KINDS.map((k) => k.onInvalid!);
const NESTED_INVALID_ASKS: readonly Ask[] = NESTED_INVALID_KINDS.map((k) => k.onInvalid!);

interface Fixed {
  text: string;
  /** The messages of the further fixes the replacement needed, in order. */
  also: string[];
  /** Whether every fix it took keeps what the input names (Candidate.changes). */
  keeps: boolean;
}

/** A candidate's message, with what its fix changes in what is named, when it does. */
function said(c: Candidate): string {
  return c.changes === undefined ? c.message : `${c.message} (this fix changes what is named: ${c.changes})`;
}

/**
 * The first session and the first context, kept for the life of the process, so that the maps of their instances
 * stay alive: see `firstValid` in ../parse.ts. Without them, each full collection with no hint call under way threw
 * away the kinds' optimized `onInvalid` (121 times in 7 rounds of a refused input's hints, each after a collection).
 */
let firstSession: Session | undefined;
let firstContext: Context | undefined;

/** One call: the options, the scheme sets and the re-parse budget. */
class Session {
  private checks = 0;
  readonly roots: ReadonlySet<string>;
  readonly adapters: ReadonlySet<string>;
  readonly options: ParseOptions;
  /**
   * What a fix is checked with: the caller's NO_OPTIONS when it gave none, which is validate()'s path without an
   * option to read (the default dialect and rule, as `options` says them); else `options`.
   */
  private readonly checkOptions: ParseOptions;

  constructor(
    readonly meta: DialectMeta,
    readonly rule: string,
    options: ParseOptions,
  ) {
    const sets = schemeSets(meta);
    this.roots = sets.roots;
    this.adapters = sets.adapters;
    // Without options (validate()'s common call): the dialect's default options, made once.
    this.options = options === NO_OPTIONS ? defaultOptions(meta) : { ...options, dialect: meta.name, rule };
    this.checkOptions = options === NO_OPTIONS ? NO_OPTIONS : this.options;
    if (firstSession === undefined) firstSession = this;
  }

  run(input: string, result: Checked): Hint[] {
    const hints: Hint[] = [];
    // (Arrays, not sets: a call has a handful of hints, and a valid input's advice, on check's hot path, one.)
    const replacements: string[] = [];
    const messages: string[] = [];
    for (const c of this.collect(input, result, false)) {
      let hint: Hint = { code: c.code, message: c.message };
      if (c.text !== undefined && c.text !== input) {
        const fixed = this.finish(c.text, 1, [input], result.valid);
        if (fixed) {
          const message = fixed.also.length === 0 ? said(c) : [said(c), ...fixed.also].join("; also: ");
          hint = {
            code: c.code,
            message,
            replacement: fixed.text,
            keepsMeaning: c.changes === undefined && fixed.keeps,
          };
        } else if (c.speculative) {
          continue;
        }
      }
      if (hint.replacement !== undefined ? replacements.includes(hint.replacement) : messages.includes(hint.message))
        continue;
      if (hint.replacement !== undefined) replacements.push(hint.replacement);
      messages.push(hint.message);
      hints.push(hint);
    }
    if (hints.length <= 1) return hints;
    // Stable: the fixes that keep what the input names first, then the hints without a fix (which say what the input
    // is), then the fixes that change what is named; each group in the kinds' order.
    const keeping = hints.filter((h) => h.keepsMeaning === true);
    const without = hints.filter((h) => h.replacement === undefined);
    const changing = hints.filter((h) => h.keepsMeaning === false);
    return [...keeping, ...without, ...changing].slice(0, MAX_HINTS);
  }

  /** `text` if it is valid, or repaired by up to MAX_FIXES - depth further fixes; null otherwise. */
  private finish(text: string, depth: number, visited: string[], advice = false): Fixed | null {
    if (visited.includes(text)) return null;
    visited.push(text);
    const r = this.check(text);
    if (r === null) return null;
    // Advice on a valid input: its fix takes the other advice too (file:/x|ZIP -> file:///x|zip, which every
    // reader reads), so that the replacement is one no reader the hints know refuses or reads otherwise.
    if (r.valid)
      return advice && depth < MAX_FIXES
        ? (this.furtherAdvice(text, r, depth, visited) ?? { text, also: [], keeps: true })
        : { text, also: [], keeps: true };
    if (depth >= MAX_FIXES || r.error.kind === "limit" || text.length > HINT_MAX_LENGTH) return null;
    for (const c of this.collect(text, r, true)) {
      if (c.text === undefined) continue;
      const fixed = this.finish(c.text, depth + 1, visited);
      if (fixed)
        return { text: fixed.text, also: [said(c), ...fixed.also], keeps: c.changes === undefined && fixed.keeps };
    }
    return null;
  }

  /** A valid text's first piece of advice with a fix, applied (and its own further advice); null when none has one. */
  private furtherAdvice(text: string, r: Checked, depth: number, visited: string[]): Fixed | null {
    for (const c of this.collect(text, r, true)) {
      if (c.text === undefined || c.text === text) continue;
      const fixed = this.finish(c.text, depth + 1, visited, true);
      if (fixed)
        return { text: fixed.text, also: [said(c), ...fixed.also], keeps: c.changes === undefined && fixed.keeps };
    }
    return null;
  }

  /** Every kind's candidates for one text, in the kinds' order. `nested`: only kinds that propose replacements. */
  private collect(input: string, result: Checked, nested: boolean): Candidate[] {
    const out: Candidate[] = [];
    if (!result.valid) {
      // Some thirty kinds on every refused input whose hints are read, most of which return an empty list: each
      // one's function from an array (an indexed loop, no look-up of a method on thirty object shapes).
      const asks = nested ? NESTED_INVALID_ASKS : INVALID_ASKS;
      const ctx = new Context(this, input, result);
      for (let k = 0; k < asks.length; k++) {
        const candidates = asks[k]!(ctx);
        for (let i = 0; i < candidates.length; i++) out.push(candidates[i]!);
      }
      return out;
    }
    const kinds = nested ? NESTED_VALID_KINDS : VALID_KINDS;
    let ctx: Context | undefined;
    for (let k = 0; k < kinds.length; k++) {
      const kind = kinds[k]!;
      // On a valid input, only the kinds whose precheck fires: the others have nothing to say, and asking them
      // may cost a parse.
      if (kind.validPrecheck && !kind.validPrecheck(input, this.meta)) continue;
      ctx ??= new Context(this, input, result);
      const candidates = kind.onValid!(ctx);
      for (let i = 0; i < candidates.length; i++) out.push(candidates[i]!);
    }
    return out;
  }

  /**
   * validate()'s verdict on a text, with the caller's options (and `overrides`), from the DFA engine where it answers:
   * the kinds read no message. Null once the budget is spent.
   */
  check(text: string, overrides?: ParseOptions): Checked | null {
    if (this.checks >= MAX_CHECKS) return null;
    this.checks++;
    return verdictWithoutMessage(text, overrides ? { ...this.options, ...overrides } : this.checkOptions);
  }
}

/** What a kind reads of one text: a class, not an object of closures, as it is made for every text a call looks at. */
class Context implements HintContext {
  readonly meta: DialectMeta;
  readonly rule: string;
  readonly relative: boolean;
  readonly options: ParseOptions;
  readonly roots: ReadonlySet<string>;
  readonly adapters: ReadonlySet<string>;
  #parts: Part[] | null = null;
  /** The part the error is in: undefined until asked (most kinds ask, of the same text). */
  #errorPart: Part | null | undefined = undefined;

  constructor(
    private readonly session: Session,
    readonly input: string,
    readonly result: Checked,
  ) {
    this.meta = session.meta;
    this.rule = session.rule;
    this.relative = session.rule === "relative-url-pipeline";
    this.options = session.options;
    this.roots = session.roots;
    this.adapters = session.adapters;
    if (firstContext === undefined) firstContext = this;
  }

  parts(): Part[] {
    return (this.#parts ??= splitParts(this.input));
  }

  errorPart(): Part | null {
    if (this.#errorPart !== undefined) return this.#errorPart;
    if (this.result.valid) return (this.#errorPart = null);
    const offset = Math.min(Math.max(0, this.result.error.offset), this.input.length);
    // (A loop, not find() with a closure: most kinds ask, on every refused input whose hints are read.)
    let part: Part | null = null;
    for (const p of this.parts()) {
      if (p.start <= offset && offset <= p.end) {
        part = p;
        break;
      }
    }
    return (this.#errorPart = part);
  }

  check(text: string, overrides?: ParseOptions): Checked | null {
    return this.session.check(text, overrides);
  }
}

const DEFAULT_OPTIONS = new Map<string, ParseOptions>();

/** A session's options when the caller gave none: the dialect and its default rule, frozen (kinds read them). */
function defaultOptions(meta: DialectMeta): ParseOptions {
  let options = DEFAULT_OPTIONS.get(meta.name);
  if (!options) {
    options = Object.freeze({ dialect: meta.name, rule: meta.defaultRule });
    DEFAULT_OPTIONS.set(meta.name, options);
  }
  return options;
}

const SETS = new Map<string, { roots: ReadonlySet<string>; adapters: ReadonlySet<string> }>();

/** The dialect's scheme names by role, lower-case, in the order of `meta.schemes`. */
function schemeSets(meta: DialectMeta): { roots: ReadonlySet<string>; adapters: ReadonlySet<string> } {
  let sets = SETS.get(meta.name);
  if (!sets) {
    const names = (role: string) =>
      new Set(meta.schemes.filter((s) => s.role === role).map((s) => s.scheme.toLowerCase()));
    sets = { roots: names("root"), adapters: names("adapter") };
    SETS.set(meta.name, sets);
  }
  return sets;
}

/**
 * validate()'s hints: {@link hintsFor} with the dialect and rule already checked. Never throws: a hint is
 * advice, and validate() must not throw for any string.
 * @internal
 */
export function computeHints(input: string, result: Checked, options: ParseOptions, prechecked = false): Hint[] {
  try {
    return hintsOf(input, result, options, prechecked);
  } catch {
    return [];
  }
}

/**
 * validate() without a base: ./parse.ts's answer, and the hints (./hints/), which check their fixes with
 * ./parse.ts. This module is above both, so that neither imports the other (docs/architecture.md); ./api.ts adds the
 * base. The playground imports it directly: it needs no base, and its script no resolution code.
 */
import { computeHints, validInputMayHaveHints } from "./hints";
import type { Hint } from "./hints/types";
import { getDialect } from "./dialects";
import type { UrlPipelineError } from "./errors";
import {
  LazilyParsed,
  NO_OPTIONS,
  provideHints,
  validateWithoutHints,
  type ParseOptions,
  type PipelineOptions,
} from "./parse";
import type { ParseResult, Pipeline } from "./tree/nodes";

/**
 * What {@link validate} returns: the tree or the error, and hints (see {@link Hint}): for an invalid input what
 * it probably is and, when obvious, the corrected input; for a valid input what probably does not mean what was
 * meant. `hints` is always present, and empty for rules other than the pipeline rules.
 */
export type ValidationResult<T = Pipeline> =
  | { valid: true; pipeline: T; hints: Hint[] }
  | { valid: false; error: UrlPipelineError; hints: Hint[] };

/**
 * {@link validate} of ./api.ts, without a base: the tree or the error, with hints. Throws only for invalid options.
 */
export function validate(input: string, options?: PipelineOptions): ValidationResult<Pipeline>;
export function validate(input: string, options: ParseOptions): ValidationResult<ParseResult>;
export function validate(input: string, options: ParseOptions = NO_OPTIONS): ValidationResult<ParseResult> {
  if (typeof input !== "string") throw new TypeError(`validate() takes a string, not ${typeof input}`);
  const r = validateWithoutHints(input, options) as ValidationResult<ParseResult>;
  // A valid input the DFA engine answered gets its hints when they are first read, as its tree: most valid
  // inputs have none, and those that may (a portability hazard such as `file:/p`) need a check of each fix.
  if (r instanceof LazilyParsed) r.deferHints(options === NO_OPTIONS ? NO_OPTIONS : { ...options });
  // A refused input's hints too: a program that reads the error alone (a catalogue, a log) pays for no re-parse.
  else if (!r.valid) return new Refused(input, r.error, options === NO_OPTIONS ? NO_OPTIONS : { ...options });
  else r.hints = computeHints(input, r, options);
  return r;
}

/** The first refused result, kept for the life of the process: see `firstValid` in ./parse.ts. */
let firstRefused: Refused | undefined;

/**
 * validate()'s answer for a refused input: the error, and the hints computed when first read. Its keys are those of
 * a plain result (`valid`, `error`; `hints` is a getter, in its JSON too), as a valid result's are.
 */
class Refused {
  declare readonly valid: false;
  declare readonly error: UrlPipelineError;
  readonly #input: string;
  readonly #options: ParseOptions;
  #hints: Hint[] | undefined;

  constructor(input: string, error: UrlPipelineError, options: ParseOptions) {
    (this as { valid: false }).valid = false;
    (this as { error: UrlPipelineError }).error = error;
    this.#input = input;
    this.#options = options;
    this.#hints = undefined;
    if (firstRefused === undefined) firstRefused = this;
  }

  get hints(): Hint[] {
    return (this.#hints ??= computeHints(this.#input, { valid: false, error: this.error }, this.#options));
  }

  toJSON(): { valid: false; error: UrlPipelineError; hints: Hint[] } {
    return { valid: false, error: this.error, hints: this.hints };
  }
}

/** validate()'s hints of a valid input, on first read: only where a kind's precheck fires (most inputs: none). */
function hintsOfValid(input: string, result: LazilyParsed, options: ParseOptions): Hint[] {
  if (!validInputMayHaveHints(input, getDialect(result.dialectName).meta)) return [];
  return computeHints(input, result, options, true);
}

provideHints(hintsOfValid);

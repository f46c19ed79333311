/**
 * What the generated parser says about a partial input or a candidate: the only judge of what complete() offers
 * (docs/decisions.md D31). Only `error.kind` and `error.offset` are read, never the wording of a message.
 */
import type { UrlPipelineSyntaxError } from "../errors";
import { validateWithoutHints } from "../parse";
import type { DialectName, Pipeline } from "../tree/nodes";

/** The pipeline rule: complete() completes absolute pipelines only (D31). */
export const RULE = "absolute-url-pipeline";

/**
 * validate() without its hints: the tree, or the error (of which only `kind` and `offset` are read). complete()
 * asks the parser about every candidate, and needs no hint about any of them.
 */
export function check(input: string, dialect: DialectName): { valid: true; pipeline: Pipeline } | { valid: false; error: UrlPipelineSyntaxError } {
  return validateWithoutHints(input, { dialect, rule: RULE }) as { valid: true; pipeline: Pipeline } | { valid: false; error: UrlPipelineSyntaxError };
}

/**
 * - `"valid"`: a valid pipeline;
 * - `"open"`: not valid, but can be continued into one (a syntax error at the very end: D21 puts the error at
 *   the longest viable prefix);
 * - `"value-before"`: the grammar matched, and the value errors are in earlier sub-URLs than the one being typed
 *   (a too-short bucket, say): the user must fix them, but they do not stop the current sub-URL;
 * - `"value-here"`: the grammar matched, and a value of the current sub-URL is out of range (`v0`,
 *   `byte-range:5-1`): nothing appended can be offered;
 * - `"dead"`: nothing can follow: a syntax error before the end, or a limit (D22) broken.
 */
export type State = "valid" | "open" | "value-before" | "value-here" | "dead";

/**
 * The state of `input`, whose current sub-URL starts at `start`.
 *
 * @example
 * ```ts
 * stateOf("s3://bucket", "url-pipeline-v0", 0);      // "valid"
 * stateOf("s3://bucket|zi", "url-pipeline-v0", 12);  // "open"
 * stateOf("s3://ab|zip:", "url-pipeline-v0", 8);     // "value-before" (the bucket is too short)
 * stateOf("s3://ab", "url-pipeline-v0", 0);          // "value-here"
 * stateOf("s3//", "url-pipeline-v0", 0);             // "dead"
 * ```
 */
export function stateOf(input: string, dialect: DialectName, start: number): State {
  return inspect(input, dialect, start).state;
}

/** {@link stateOf}, with the pipeline when the input is valid (so that it need not be parsed again). */
export function inspect(input: string, dialect: DialectName, start: number): { state: State; pipeline: Pipeline | null } {
  const r = check(input, dialect);
  if (r.valid) return { state: "valid", pipeline: r.pipeline };
  const { kind, offset } = r.error;
  const state: State = kind === "syntax" ? (offset === input.length ? "open" : "dead")
    : kind === "value" ? (offset < start && !ownValueError(input.slice(start), start, dialect) ? "value-before" : "value-here")
    : "dead";
  return { state, pipeline: null };
}

/**
 * Whether a candidate's completion may be offered: valid; or open (it can still be continued); or a value error
 * that is expected:
 * - in a sub-URL before the one being completed (`offset < start`), the completed sub-URL having none of its own
 *   when parsed alone: the candidate did not cause it, the user must fix it anyway, and it must not hide the
 *   candidates for later sub-URLs;
 * - at the very end (`offset === completion.length`): a value that must follow is still empty, as in v0's
 *   `icechunk://branch.` (a branch name must follow, D15).
 * Any other value error is one the candidate would cause (a template that makes an impossible date): refused.
 */
export function isViable(completion: string, dialect: DialectName, start: number): boolean {
  const r = check(completion, dialect);
  if (r.valid) return true;
  const { kind, offset } = r.error;
  if (kind === "syntax") return offset === completion.length;
  if (kind === "value") return offset === completion.length || (offset < start && !ownValueError(completion.slice(start), start, dialect));
  return false;
}

/**
 * Whether the sub-URL being typed (`text`, starting at `start`) has a value error of its own, one that an error
 * in an earlier sub-URL would hide (parse() reports the first): checked by parsing it alone, as a root-sub-url or
 * an adapter-sub-url. An empty value at its very end does not count (see isViable).
 */
function ownValueError(text: string, start: number, dialect: DialectName): boolean {
  const r = validateWithoutHints(text, { dialect, rule: start === 0 ? "root-sub-url" : "adapter-sub-url" });
  return !r.valid && r.error.kind === "value" && r.error.offset !== text.length;
}

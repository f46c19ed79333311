/**
 * The two engines generated from the grammar, as complete() uses them (D31):
 * - the DFA of the pipeline rule (src/dfa/), which judges every input and candidate: it reads a character with
 *   one table load, and continuing from where it stands after the partial input costs only the candidate's
 *   length;
 * - the parser, only where a tree is needed (the spelling normalize() gives an opening, the version forms), each
 *   worked out once per process and kept, or rare (a state the directory table of directory-paths.ts lacks).
 * The differential test (test/differential/engines.test.ts) holds the two to the same verdicts and offsets.
 */
import type { UrlPipelineError } from "../errors";
import { automatonFor } from "../dfa/dialects";
import type { Automaton } from "../dfa/automaton";
import { checkLimits, DEFAULT_MAX_LENGTH, DEFAULT_MAX_SUB_URLS } from "../limits";
import { validateWithoutHints } from "../parse";
import type { DialectName, Pipeline } from "../tree/nodes";

/** The pipeline rule: complete() completes absolute pipelines only (D31). */
export const RULE = "absolute-url-pipeline";

/** The DFA of {@link RULE} in the dialect. */
export function pipelineAutomaton(dialect: DialectName): Automaton {
  const a = automatonFor(dialect, RULE);
  // Every dialect's generated tables include the pipeline rule (scripts/dfa/config.ts); a build without it is broken.
  if (!a) throw new Error(`internal: no DFA for ${RULE} in ${dialect}`);
  return a;
}

/**
 * Whether the text keeps to the default limits (D22), which parse() checks before the grammar: a text over them
 * is an error of kind "limit", so nothing can continue it.
 */
export function withinLimits(text: string): boolean {
  return checkLimits(text, DEFAULT_MAX_LENGTH, DEFAULT_MAX_SUB_URLS) === null;
}

/**
 * validate() without its hints, by the parser when a tree is read: the tree, or the error (of which only `kind`
 * and `offset` are read).
 */
export function check(
  input: string,
  dialect: DialectName,
): { valid: true; pipeline: Pipeline } | { valid: false; error: UrlPipelineError } {
  // What the grammar and the values allow: an adapter on a base of the wrong kind is offered all the same, after those
  // that suit the base, with the reason (base-kind.ts); the verdict refuses it (decision D62).
  return validateWithoutHints(input, { dialect, rule: RULE, kinds: false }) as
    | { valid: true; pipeline: Pipeline }
    | { valid: false; error: UrlPipelineError };
}

/**
 * What the grammar says about a partial input or a candidate: the only judge of what complete() offers
 * (docs/decisions.md D31), asked of the generated DFA of the pipeline rule.
 *
 * Why the DFA can judge alone: it accepts exactly the rule's language, and each of its states but the dead one can
 * still reach an accepting state (test/complete/judge.test.ts checks that on the tables). So a text can be
 * continued into a valid one iff the automaton does not die on it, which is what the parser says by putting its
 * syntax error at the very end (D21); the grammar has matched it iff the state accepts; and the value checks run
 * on the spans the automaton records (src/dfa/verdict.ts). The differential test (test/differential/engines.test.ts)
 * holds the DFA and the parser to the same verdicts and offsets. Continuing from the state after the partial input
 * judges a candidate in the time of its own length.
 */
import type { Automaton } from "../dfa/automaton";
import { accepting, rowAfter } from "../dfa/scan";
import { verdict } from "../dfa/verdict";
import { validateWithoutHints } from "../parse";
import type { DialectName, Pipeline } from "../tree/nodes";
import { check, pipelineAutomaton, withinLimits } from "./engine";
import { adapterContext } from "./openings";

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

/** What the DFA read of a partial input whose current sub-URL starts at `start`. */
export interface Reading {
  dialect: DialectName;
  state: State;
  /** The partial and where its current sub-URL starts. */
  partial: string;
  start: number;
  /** The automaton's row after `partial.slice(0, start)` and after `partial` (0: dead). */
  startRow: number;
  endRow: number;
}

/**
 * @example
 * ```ts
 * read("s3://bucket|zi", "url-pipeline-v0", 12).state; // "open"
 * ```
 */
export function read(partial: string, dialect: DialectName, start: number): Reading {
  const a = pipelineAutomaton(dialect);
  const startRow = withinLimits(partial) ? rowAfter(a, partial.slice(0, start)) : 0;
  const endRow = startRow === 0 ? 0 : rowAfter(a, partial.slice(start), startRow);
  return { dialect, state: stateAt(a, partial, start, endRow), partial, start, startRow, endRow };
}

function stateAt(a: Automaton, input: string, start: number, row: number): State {
  if (row === 0) return "dead";
  if (!accepting(a, row)) return "open";
  const v = verdict(a, input);
  if (v.kind === "valid") return "valid";
  return v.offset < start && !ownValueError(input.slice(start), start, a.dialect) ? "value-before" : "value-here";
}

/**
 * Whether a candidate's completion may be offered, continuing from where the DFA stood after the partial (or
 * after the text before its current sub-URL, for a scheme that replaces what is typed of it). Offered: valid; or
 * open (it can still be continued); or a value error that is expected:
 * - in a sub-URL before the one being completed, the completed sub-URL having none of its own: the candidate
 *   did not cause it, the user must fix it anyway, and it must not hide the candidates for later sub-URLs;
 * - at the very end: a value that must follow is still empty, as in v0's `icechunk://branch.` (a branch name
 *   must follow, D15).
 * Any other value error is one the candidate would cause (a template that makes an impossible date): refused.
 * That is: the completed sub-URL, as the grammar reads it, has no value error of its own but at its very end.
 */
export function viableAfter(r: Reading, completion: string): boolean {
  if (!withinLimits(completion)) return false;
  const a = pipelineAutomaton(r.dialect);
  let row: number;
  if (r.endRow !== 0 && completion.startsWith(r.partial))
    row = rowAfter(a, completion.slice(r.partial.length), r.endRow);
  else if (r.startRow !== 0 && completion.startsWith(r.partial.slice(0, r.start)))
    row = rowAfter(a, completion.slice(r.start), r.startRow);
  else row = rowAfter(a, completion);
  if (row === 0) return false;
  if (!accepting(a, row)) return true;
  return !ownValueError(completion.slice(r.start), r.start, r.dialect);
}

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
  return read(input, dialect, start).state;
}

/** {@link stateOf}, with the tree when the input is valid (built by the parser when first read). */
export function inspect(
  input: string,
  dialect: DialectName,
  start: number,
): { state: State; pipeline: Pipeline | null } {
  const state = stateOf(input, dialect, start);
  if (state !== "valid") return { state, pipeline: null };
  const r = check(input, dialect);
  return { state, pipeline: r.valid ? r.pipeline : null };
}

/** {@link viableAfter} for a completion judged on its own; `start`: where its current sub-URL starts. */
export function isViable(completion: string, dialect: DialectName, start: number): boolean {
  return viableAfter({ dialect, state: "open", partial: "", start, startRow: 0, endRow: 0 }, completion);
}

/**
 * Whether the sub-URL being typed (`text`, starting at `start`) has a value error of its own, one that an error
 * in an earlier sub-URL would hide (a verdict reports the first): judged with the sub-URL alone, as the root, or
 * as an adapter after a valid root (adapters are context-free after `|`: the grammar is `root *( "|" adapter )`,
 * and no value check reads across a `|`). An empty value at its very end does not count (see viableAfter).
 */
function ownValueError(text: string, start: number, dialect: DialectName): boolean {
  const context = start === 0 ? "" : adapterContext(dialect);
  if (context === null) {
    // No root of the dialect is valid by its opening alone (no grammar here is like that): the parser, on the
    // sub-URL by its own rule.
    const r = validateWithoutHints(text, { dialect, rule: "adapter-sub-url" });
    return !r.valid && r.error.kind === "value" && r.error.offset !== text.length;
  }
  const v = verdict(pipelineAutomaton(dialect), context + text);
  return v.kind === "value" && v.offset !== context.length + text.length;
}

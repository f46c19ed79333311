/**
 * The DFA engine's answer for one input: valid, or where and why not, without building a tree.
 *
 * Syntax: the automaton's death offset, which is the longest viable prefix (decision D21), the same offset the
 * generated parser reports. Values: the checks of src/strict/span-checks.ts on the tagged spans, and UTF-8 of
 * percent-encoded text; of several problems, the one at the smallest offset, as the parser's tree walk reports.
 */
import type { ValueCode } from "../codes";
import { SPAN_CODES, checkPercentEncodedUtf8 } from "../strict/span-checks";
import type { Problem } from "../strict/problems";
import type { Automaton } from "./automaton";
import { lastRun, scan } from "./scan";

export type Verdict =
  | { kind: "valid" }
  | { kind: "syntax"; offset: number }
  | { kind: "value"; offset: number; message: string; code: ValueCode };

const VALID: Verdict = { kind: "valid" };

/** Whether the input is valid: the automaton accepts and no value check fails. Allocates nothing when valid. */
export function accepts(a: Automaton, input: string): boolean {
  return scan(a, input) === -1 && firstValueProblem(a, input) === null;
}

export function verdict(a: Automaton, input: string): Verdict {
  const death = scan(a, input);
  if (death >= 0) return { kind: "syntax", offset: death };
  const p = firstValueProblem(a, input);
  return p ? { kind: "value", offset: p.offset, message: p.message, code: p.code as ValueCode } : VALID;
}

/** After an accepting scan of `input`: the value problem at the smallest offset, or null. */
function firstValueProblem(a: Automaton, input: string): Problem | null {
  let best = lastRun.sawPercent ? checkPercentEncodedUtf8(input) : null;
  const spans = lastRun.spans;
  let previousStart = -1;
  let previousEnd = -1;
  for (let i = 0, n = lastRun.spanCount * 3; i < n; i += 3) {
    const start = spans[i + 1]!;
    const end = spans[i + 2]!;
    const p = a.checks[spans[i]! - 1]!(input, start, end, previousStart, previousEnd);
    if (p && (!best || p.offset < best.offset))
      best = { offset: p.offset, message: p.message, code: p.code ?? SPAN_CODES[a.tags[spans[i]! - 1]!] };
    previousStart = start;
    previousEnd = end;
  }
  return best;
}

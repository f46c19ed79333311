/**
 * Runs a DFA over an input: where it dies (the error offset), or that it accepts, with the spans of the tagged
 * rules it read.
 *
 * The loop reads UTF-16 code units with charCodeAt: the grammars are ASCII (scripts/dfa/positions.ts refuses
 * anything else), so the first code unit >= 0x80 is where a run dies, and offsets are UTF-16 offsets as everywhere
 * in the package. `npm run bench` compares this loop with one over TextEncoder.encodeInto bytes, after a warm-up
 * that shows the loop every string representation V8 has (one- and two-byte, cons, sliced, internalized): the
 * charCodeAt loop was as fast or faster on this machine, and it needs no buffer (decision D35).
 */
import type { Automaton } from "./automaton";

/** What the last accepting run recorded: valid until the next run, of any automaton. */
export interface LastRun {
  /** Tagged spans: tag, start, end, repeated; `spanCount` of them. */
  spans: Int32Array;
  spanCount: number;
  /** Whether the run read a "%" (so that percent-encoded text must be checked). */
  sawPercent: boolean;
}

export const lastRun: LastRun = { spans: new Int32Array(48), spanCount: 0, sawPercent: false };

/** The row offset of the start state (state 1). */
export const START = 128;
/** In a state's byte: accepting. */
export const ACCEPTING = 128;
/** In a state's byte: its tag. */
export const TAG_MASK = 127;
const PERCENT = 0x25;

/**
 * The scan loop of one automaton, as a closure over its tables: V8 then treats them as constants of the loop,
 * which measured about a quarter faster than reading them from the automaton on each call.
 *
 * It returns -1 when the automaton accepts the whole input (its tagged spans are then in {@link lastRun});
 * otherwise the offset of the first character no valid input could have there, or `input.length` when the input
 * is a proper prefix of a valid one (decision D21). It does as little as it can per character: the dead row's
 * entries are all 0, so a run that dies stays dead and is located once, after the loop; a move that changes the
 * tag, or reads "%", is flagged in the table (automaton.ts), and only those take the branch that records.
 */
export function makeScan(table: Uint16Array | Uint32Array, tagChange: number, states: Uint8Array): (input: string) => number {
  const deathOffset = (input: string): number => {
    let row = START;
    for (let i = 0; i < input.length; i++) {
      const c = input.charCodeAt(i);
      row = c > 127 ? 0 : table[row + c]! % tagChange;
      if (row === 0) return i;
    }
    return input.length;
  };
  return (input) => {
    const n = input.length;
    let spans = lastRun.spans;
    let count = 0;
    let percent = false;
    let row = START;
    let tag = 0;
    for (let i = 0; i < n; i++) {
      const c = input.charCodeAt(i);
      if (c > 127) return deathOffset(input);
      let next = table[row + c]!;
      if (next >= tagChange) {
        next -= tagChange;
        const t = states[next >>> 7]! & TAG_MASK;
        if (t !== tag) {
          if (tag !== 0) spans[count * 3 - 1] = i;
          if (t !== 0) {
            if ((count + 1) * 3 > spans.length) spans = grow(spans);
            spans[count * 3] = t;
            spans[count * 3 + 1] = i;
            count++;
          }
          tag = t;
        }
        if (c === PERCENT) percent = true;
      }
      row = next;
    }
    if (row === 0) return deathOffset(input);
    if (tag !== 0) spans[count * 3 - 1] = n;
    lastRun.spanCount = count;
    lastRun.sawPercent = percent;
    return states[row >>> 7]! & ACCEPTING ? -1 : n;
  };
}

function grow(spans: Int32Array): Int32Array {
  const grown = new Int32Array(spans.length * 2);
  grown.set(spans);
  return (lastRun.spans = grown);
}

/** {@link makeScan}'s loop of `a`: -1 when `a` accepts `input`, else the error offset. */
export function scan(a: Automaton, input: string): number {
  return a.scan(input);
}

/** The row after reading `text` from `row` (the start by default); 0 when the automaton dies on it. */
export function rowAfter(a: Automaton, text: string, row = START): number {
  for (let i = 0; i < text.length && row !== 0; i++) {
    const c = text.charCodeAt(i);
    row = c > 127 ? 0 : a.table[row + c]! % a.tagChange;
  }
  return row;
}

/** Whether the state at `row` accepts. */
export function accepting(a: Automaton, row: number): boolean {
  return row !== 0 && (a.states[row >>> 7]! & ACCEPTING) !== 0;
}

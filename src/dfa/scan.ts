/**
 * Runs a DFA over an input: where it dies (the error offset), or that it accepts, with the spans of the tagged
 * rules it read.
 *
 * The loop reads UTF-16 code units with charCodeAt: the grammars are ASCII (scripts/dfa/positions.ts refuses
 * anything else), so the first code unit >= 0x80 is where a run dies, and offsets are UTF-16 offsets as everywhere
 * in the package. `npm run bench` compares this loop with one over TextEncoder.encodeInto bytes, after a warm-up
 * that shows the loop every string representation V8 has (one- and two-byte, cons, sliced, internalized): the
 * charCodeAt loop was as fast or faster on this machine, and it needs no buffer.
 */
import { ACCEPTING, START, TAG_MASK, type Automaton } from "./automaton";

/** Tagged spans of the last accepted run: tag, start, end, repeated; {@link spanCount} of them. */
export let spans = new Int32Array(48);
export let spanCount = 0;

function open(tag: number, start: number): void {
  if ((spanCount + 1) * 3 > spans.length) {
    const grown = new Int32Array(spans.length * 2);
    grown.set(spans);
    spans = grown;
  }
  spans[spanCount * 3] = tag;
  spans[spanCount * 3 + 1] = start;
  spans[spanCount * 3 + 2] = -1;
  spanCount++;
}

/**
 * -1 when the automaton accepts the whole input (its tagged spans are then in {@link spans}, until the next
 * call); otherwise the offset of the first character no valid input could have there, or `input.length` when the
 * input is a proper prefix of a valid one (decision D21).
 */
export function scan(a: Automaton, input: string): number {
  const { table, tagChange, states } = a;
  const n = input.length;
  spanCount = 0;
  let row = START;
  let tag = 0;
  for (let i = 0; i < n; i++) {
    const c = input.charCodeAt(i);
    if (c > 127) return i;
    let next = table[row + c]!;
    if (next === 0) return i;
    if (next >= tagChange) {
      next -= tagChange;
      if (tag !== 0) spans[spanCount * 3 - 1] = i;
      tag = states[next >>> 7]! & TAG_MASK;
      if (tag !== 0) open(tag, i);
    }
    row = next;
  }
  if (tag !== 0) spans[spanCount * 3 - 1] = n;
  return states[row >>> 7]! & ACCEPTING ? -1 : n;
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

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

/** Whether the last accepted run read a "%" (so that percent-encoded text must be checked). */
export let sawPercent = false;

const PERCENT = 0x25;

/**
 * -1 when the automaton accepts the whole input (its tagged spans are then in {@link spans}, until the next
 * call); otherwise the offset of the first character no valid input could have there, or `input.length` when the
 * input is a proper prefix of a valid one (decision D21).
 *
 * The loop does as little as it can per character: the dead row's entries are all 0, so a run that dies stays
 * dead and is found once, after the loop ({@link deathOffset}); a move that changes the tag, or reads "%", is
 * flagged in the table (automaton.ts), and only those take the branch that records.
 */
export function scan(a: Automaton, input: string): number {
  const { table, tagChange, states } = a;
  const n = input.length;
  spanCount = 0;
  sawPercent = false;
  let row = START;
  let tag = 0;
  for (let i = 0; i < n; i++) {
    const c = input.charCodeAt(i);
    if (c > 127) return deathOffset(a, input);
    let next = table[row + c]!;
    if (next >= tagChange) {
      next -= tagChange;
      const t = states[next >>> 7]! & TAG_MASK;
      if (t !== tag) {
        if (tag !== 0) spans[spanCount * 3 - 1] = i;
        if (t !== 0) open(t, i);
        tag = t;
      }
      if (c === PERCENT) sawPercent = true;
    }
    row = next;
  }
  if (row === 0) return deathOffset(a, input);
  if (tag !== 0) spans[spanCount * 3 - 1] = n;
  return states[row >>> 7]! & ACCEPTING ? -1 : n;
}

/** Where a run that died dies: the first character with no move. Only for inputs that are not valid. */
function deathOffset(a: Automaton, input: string): number {
  let row = START;
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    row = c > 127 ? 0 : a.table[row + c]! % a.tagChange;
    if (row === 0) return i;
  }
  return input.length;
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

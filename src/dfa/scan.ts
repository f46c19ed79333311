/**
 * Runs a DFA over an input: where it dies (the error offset), or that it accepts, with the spans of the tagged
 * rules it read.
 *
 * The loop reads the input with `String.prototype.charCodeAt` held in a constant and called with `.call`, not as
 * `input.charCodeAt(i)`. Written as a method call, the loop measured three to four times slower in `npm run
 * bench` once V8 had seen the many string representations a real program makes (one- and two-byte, cons,
 * sliced, internalized); our reading is that the method is looked up on the string's map, and that look-up turns
 * generic after enough maps. A known function called with `.call` is not looked up, and measured fast before and
 * after (decision D35). The grammars are ASCII (scripts/dfa/positions.ts refuses anything else), so the first
 * code unit above 0x7F is where a run dies.
 */
import type { Automaton } from "./automaton";

/** What the last accepting run recorded: valid until the next run, of any automaton. */
export interface LastRun {
  /** Tagged spans: tag, start, end, repeated; `spanCount` of them. */
  spans: Int32Array;
  spanCount: number;
  /** Whether the run read a "%" (so that percent-encoded text must be checked). */
  sawPercent: boolean;
  /**
   * Of the last run that did not accept: the row of the state it was in at its error offset (what may follow there:
   * the error's expected list, src/messages/automaton-expectations.ts).
   */
  deathRow: number;
}

export const lastRun: LastRun = { spans: new Int32Array(48), spanCount: 0, sawPercent: false, deathRow: 128 };

/** The row offset of the start state (state 1). */
export const START = 128;
/** In a state's byte: accepting. */
export const ACCEPTING = 128;
/** In a state's byte: its tag. */
export const TAG_MASK = 127;
const PERCENT = 0x25;
/** Called with `.call`: see the top of the file. */
const charCodeAt = String.prototype.charCodeAt;

/**
 * -1 when `a` accepts the whole input (its tagged spans are then in {@link lastRun}); otherwise the offset of the
 * first character no valid input could have there, or `input.length` when the input is a proper prefix of a valid
 * one (decision D21). It does as little as it can per character: the dead row's entries are all 0, so a run that
 * dies stays dead and is located once, after the loop; a move that changes the tag, or reads "%", is flagged in the
 * table (automaton.ts), and leaves the inner loop for the code that records it, so that the loop every other
 * character runs through is as small as it can be: read, test, load, compare (decision D35 has the measurements).
 *
 * The loop calls no function, not even on its way out: with a call in it, V8 reloads the typed arrays' bounds and
 * data on every character (measured: the scan 12% slower). So a character above 0x7F ends the loop with `break`, and
 * when the spans do not fit, the loop gives up and the scan runs again with room for twice as many.
 */
export function scan(a: Automaton, input: string): number {
  const { table, tagChange, states } = a;
  const n = input.length;
  const spans = lastRun.spans;
  // A span takes 3 entries, the last written when the span ends.
  const lastRoom = spans.length - 3;
  let count = 0;
  let percent = false;
  let row = START;
  let tag = 0;
  let i = 0;
  let c = 0;
  scanning: for (;;) {
    let next = 0;
    // A row is a multiple of 128 and c is below 128 here, so row | c is row + c.
    for (; i < n; i++) {
      c = charCodeAt.call(input, i);
      if (c > 127) break scanning;
      next = table[row | c]!;
      if (next >= tagChange) break;
      row = next;
    }
    if (i === n) break;
    // A flagged move: a span begins or ends here, or "%" is read.
    next -= tagChange;
    const t = states[next >>> 7]! & TAG_MASK;
    if (t !== tag) {
      if (tag !== 0) spans[count * 3 - 1] = i;
      if (t !== 0) {
        if (count * 3 > lastRoom) {
          count = -1;
          break;
        }
        spans[count * 3] = t;
        spans[count * 3 + 1] = i;
        count++;
      }
      tag = t;
    }
    if (c === PERCENT) percent = true;
    row = next;
    i++;
  }
  if (count < 0) {
    lastRun.spans = new Int32Array(spans.length * 2);
    return scan(a, input);
  }
  // A run may already be dead where the loop stopped: then it died before.
  if (row === 0) return deathOffset(table, tagChange, input, i);
  // Stopped at a character above 0x7F: no valid input has one.
  if (i < n) {
    lastRun.deathRow = row;
    return i;
  }
  if (tag !== 0) spans[count * 3 - 1] = n;
  lastRun.spanCount = count;
  lastRun.sawPercent = percent;
  if (states[row >>> 7]! & ACCEPTING) return -1;
  lastRun.deathRow = row;
  return n;
}

/**
 * Where a run that died before `end` dies: the first character with no move (the loop does not stop at the dead
 * state), with the state it was in there.
 */
function deathOffset(table: Uint16Array | Uint32Array, tagChange: number, input: string, end: number): number {
  let row = START;
  for (let i = 0; i < end; i++) {
    const next = table[row + charCodeAt.call(input, i)]! % tagChange;
    if (next === 0) {
      lastRun.deathRow = row;
      return i;
    }
    row = next;
  }
  lastRun.deathRow = row;
  return end;
}

/** The row after reading `text` from `row` (the start by default); 0 when the automaton dies on it. */
export function rowAfter(a: Automaton, text: string, row = START): number {
  for (let i = 0; i < text.length && row !== 0; i++) {
    const c = text.charCodeAt(i);
    row = c > 127 ? 0 : a.table[row + c]! % a.tagChange;
  }
  return row;
}

/** The ASCII characters the state at `row` moves on, in order (what may follow there, the end aside). */
export function movesOf(a: Automaton, row: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < 128; c++) if (a.table[row + c] !== 0) out.push(c);
  return out;
}

/** Whether the state at `row` accepts. */
export function accepting(a: Automaton, row: number): boolean {
  return row !== 0 && (a.states[row >>> 7]! & ACCEPTING) !== 0;
}

/**
 * Runs a DFA over an input: where it dies (the error offset), or that it accepts, with the spans of the tagged
 * rules it read.
 *
 * The loop reads the input as UTF-8 bytes (TextEncoder.encodeInto into a buffer kept between calls). A
 * charCodeAt loop measured as fast in a small program, and three to four times slower in `npm run bench`, once V8
 * had seen the many string representations a real program makes (one- and two-byte, cons, sliced,
 * internalized); the byte loop stayed fast in both (decision D35). The grammars are ASCII
 * (scripts/dfa/positions.ts refuses anything else), so the first byte >= 0x80 is where a run dies, and up to there
 * byte offsets are UTF-16 offsets, as everywhere in the package.
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
 * -1 when `a` accepts the whole input (its tagged spans are then in {@link lastRun}); otherwise the offset of the
 * first character no valid input could have there, or `input.length` when the input is a proper prefix of a valid
 * one (decision D21). It does as little as it can per character: the dead row's entries are all 0, so a run that
 * dies stays dead and is located once, after the loop; a move that changes the tag, or reads "%", is flagged in the
 * table (automaton.ts), and only those take the branch that records.
 *
 * The loop calls no function, not even on its way out: with a call in it, V8 reloads the typed arrays' bounds and
 * data on every character (measured: the scan 12% slower). So a non-ASCII byte ends the loop with `break`, and
 * when the spans do not fit, the loop gives up and the scan runs again with room for twice as many.
 */
export function scan(a: Automaton, input: string): number {
  const { table, tagChange, states } = a;
  const n = input.length;
  if (buffer.length < n) buffer = new Uint8Array(Math.max(n, buffer.length * 2));
  // Bytes past `written` are left from earlier calls: never read. A buffer of n bytes holds all of an ASCII
  // input; a longer encoding stops early, past the first non-ASCII character, where the run dies anyway.
  const { read, written } = encoder.encodeInto(input, buffer);
  const bytes = buffer;
  const spans = lastRun.spans;
  // A span takes 3 entries, the last written when the span ends.
  const lastRoom = spans.length - 3;
  let count = 0;
  let percent = false;
  let row = START;
  let tag = 0;
  let i = 0;
  for (; i < written; i++) {
    const c = bytes[i]!;
    if (c > 127) break;
    let next = table[row + c]!;
    if (next >= tagChange) {
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
    }
    row = next;
  }
  if (count < 0) {
    lastRun.spans = new Int32Array(spans.length * 2);
    return scan(a, input);
  }
  // A run may already be dead where the loop stopped: then it died before.
  if (row === 0) return deathOffset(table, tagChange, bytes, i);
  // Stopped at a non-ASCII byte; or the buffer filled before a multi-byte character: all that was read is ASCII,
  // and the next is not.
  if (i < written) return i;
  if (read < n) return read;
  if (tag !== 0) spans[count * 3 - 1] = n;
  lastRun.spanCount = count;
  lastRun.sawPercent = percent;
  return states[row >>> 7]! & ACCEPTING ? -1 : n;
}

const encoder = new TextEncoder();
let buffer = new Uint8Array(256);

/** Where a run that died dies: the first byte with no move (the loop does not stop at the dead state). */
function deathOffset(table: Uint16Array | Uint32Array, tagChange: number, bytes: Uint8Array, written: number): number {
  let row = START;
  for (let i = 0; i < written; i++) {
    row = table[row + bytes[i]!]! % tagChange;
    if (row === 0) return i;
  }
  return written;
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

/**
 * A start rule's DFA, decoded from the tables scripts/dfa/ generates (generated/DIALECT/dfa.js) into the form
 * the scan loop reads fastest; done once per process, on first use.
 *
 * The generated tables are compact (sets of character classes, and per state the set each next state is reached
 * on: scripts/dfa/emit.ts). Here each state gets a row of 128 entries, one per ASCII character, so reading a
 * character costs one table load; an entry is the next state's row offset
 * (state x 128), 0 for the dead state, plus {@link Automaton.tagChange} when the move enters a state with another
 * tag or reads "%", so the loop does nothing extra on the other moves.
 */
import type { DfaTables } from "../../generated/url-pipeline-v0/dfa";
import { SPAN_CHECKS, type AnyTag, type SpanCheck } from "../strict/span-checks";
import type { DialectName } from "../tree/nodes";
import { TAG_MASK } from "./scan";

export interface Automaton {
  dialect: DialectName;
  /** The start rule, by its ABNF name. */
  rule: string;
  tags: readonly AnyTag[];
  /** The check of each tag, as `tags` (src/strict/span-checks.ts): read by number on every valid input, not by name. */
  checks: readonly SpanCheck[];
  /** table[row + character]: the next row, plus `tagChange` when the tag changes; 0 when the character cannot come. */
  table: Uint16Array | Uint32Array;
  /** The flag added to a table entry whose move changes the tag or reads "%" (a power of two above every row offset). */
  tagChange: number;
  /**
   * Per state (row offset / 128): its tag (index into `tags` + 1, 0 for none) plus ACCEPTING (./scan.ts, with the
   * other layout constants).
   */
  states: Uint8Array;
}

function bytes(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

export function decode(t: DfaTables, dialect: DialectName): Automaton {
  const classOf = bytes(t.classes);
  const masks = bytes(t.masks);
  const states = bytes(t.states);
  const k = t.classCount;
  const n = t.stateCount;
  // moves[s * k + c]: the move of state s on class c, from each state's pairs of (set of classes, next state).
  const moves = new Uint16Array(n * k);
  // Per state from 1 on, separated by " ": pairs of a set ("*": the next one not named before) and the next state
  // ("+": the one after the highest named before), else two base-36 digits each (scripts/dfa/emit.ts).
  let state = 1;
  let newMask = t.firstNewMask;
  let highest = 1;
  for (const [pair, set, next] of t.moves.matchAll(/ |(\*|\w\w)(\+|\w\w)/g)) {
    if (pair === " ") {
      state++;
      continue;
    }
    const at = (set === "*" ? newMask++ : parseInt(set!, 36)) * t.maskBytes;
    const target = next === "+" ? highest + 1 : parseInt(next!, 36);
    if (target > highest) highest = target;
    for (let c = 0; c < k; c++) if (masks[at + (c >> 3)]! & (1 << (c & 7))) moves[state * k + c] = target;
  }
  const small = n * 128 < 0x8000;
  const tagChange = small ? 0x8000 : 0x40000000;
  const table = small ? new Uint16Array(n * 128) : new Uint32Array(n * 128);
  for (let s = 1; s < n; s++) {
    for (let c = 0; c < 128; c++) {
      const target = moves[s * k + classOf[c]!]!;
      if (target === 0) continue;
      // Flagged: a move into another tag (a span begins or ends), and "%" (percent-encoded text to check).
      const flagged = (states[target]! & TAG_MASK) !== (states[s]! & TAG_MASK) || c === 0x25;
      table[s * 128 + c] = target * 128 + (flagged ? tagChange : 0);
    }
  }
  return {
    dialect,
    rule: t.rule,
    tags: t.tags,
    checks: t.tags.map((tag) => SPAN_CHECKS[tag]),
    table,
    tagChange,
    states,
  };
}

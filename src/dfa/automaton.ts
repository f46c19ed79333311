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
import { ACCEPTING, START, TAG_MASK } from "./scan";

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
  /** Per state (row offset / 128): its tag (index into `tags` + 1, 0 for none) plus {@link ACCEPTING}. */
  states: Uint8Array;
}

// The layout constants live with the scan loop, which reads them as constants; here for the modules that decode or walk tables.
export { ACCEPTING, START, TAG_MASK };

function bytes(base64: string): Uint8Array {
  const text = atob(base64);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

export function decode(t: DfaTables, dialect: DialectName): Automaton {
  const classOf = bytes(t.classes);
  const masks = bytes(t.masks);
  const states = bytes(t.states);
  const k = t.classCount;
  const n = t.stateCount;
  // moves[s * k + c]: the move of state s on class c, from each state's pairs of (set of classes, next state).
  const moves = new Uint16Array(n * k);
  const rows = t.moves.split(" ");
  for (let s = 1; s < n; s++) {
    const row = rows[s - 1]!;
    for (let i = 0; i < row.length; i += 4) {
      const mask = parseInt(row.slice(i, i + 2), 36) * t.maskBytes;
      const target = parseInt(row.slice(i + 2, i + 4), 36);
      for (let c = 0; c < k; c++) if (masks[mask + (c >> 3)]! & (1 << (c & 7))) moves[s * k + c] = target;
    }
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

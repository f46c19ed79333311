/**
 * A start rule's DFA, decoded from the tables scripts/dfa/ generates (generated/DIALECT/dfa.js) into the form
 * the scan loop reads fastest; done once per process, on first use.
 *
 * The generated tables are compact (one column per character class). Here each state gets a row of 128 entries,
 * one per ASCII character, so reading a character costs one table load; an entry is the next state's row offset
 * (state x 128), 0 for the dead state, plus {@link Automaton.tagChange} when the move enters a state with another
 * tag or reads "%", so the loop does nothing extra on the other moves.
 */
import type { DfaTables, Tag } from "../../generated/url-pipeline-v0/dfa";
import type { Tag as Zep8Tag } from "../../generated/zep8/dfa";
import type { DialectName } from "../tree/nodes";
import { ACCEPTING, START, TAG_MASK } from "./scan";

export type AnyTag = Tag | Zep8Tag;

export interface Automaton {
  dialect: DialectName;
  /** The start rule, by its ABNF name. */
  rule: string;
  tags: readonly AnyTag[];
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
  const raw = bytes(t.next);
  // Two-byte entries are little-endian (scripts/dfa/emit.ts).
  const next = (i: number) => (t.wide ? raw[2 * i]! | (raw[2 * i + 1]! << 8) : raw[i]!);
  const n = t.stateCount;
  const states = bytes(t.states);
  const small = t.stateCount * 128 < 0x8000;
  const tagChange = small ? 0x8000 : 0x40000000;
  const table = small ? new Uint16Array(t.stateCount * 128) : new Uint32Array(t.stateCount * 128);
  for (let s = 1; s < t.stateCount; s++) {
    for (let c = 0; c < 128; c++) {
      // Column-major: the move of state s on class c is entry c * stride + s (scripts/dfa/emit.ts).
      const target = next(classOf[c]! * t.stride + s);
      if (target === 0) continue;
      // Flagged: a move into another tag (a span begins or ends), and "%" (percent-encoded text to check).
      const flagged = (states[target]! & TAG_MASK) !== (states[s]! & TAG_MASK) || c === 0x25;
      table[s * 128 + c] = target * 128 + (flagged ? tagChange : 0);
    }
  }
  return { dialect, rule: t.rule, tags: t.tags, table, tagChange, states };
}

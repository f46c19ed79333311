/**
 * A pipeline rule's minimal DFA as the conformance suite walks it: per state, its move on each character class,
 * the characters of each class, and which states accept. Read from the tables scripts/dfa/emit.ts writes
 * (generated/DIALECT/dfa.js), decoded here class by class: src/dfa/automaton.ts decodes them character by character
 * for the scan, and a transition of the suite's coverage is a move on a class (every character of a class moves
 * every state alike, so one character stands for its class).
 */
import * as path from "node:path";

/**
 * The fields of one start rule's tables that the walk reads (generated/DIALECT/dfa.d.ts, `DfaTables`). Declared
 * here, not imported: scripts/ compiles before generated/ exists (a fresh clone, grammar:compare's copies).
 */
export interface DfaTables {
  rule: string;
  classCount: number;
  stateCount: number;
  maskBytes: number;
  masks: string;
  firstNewMask: number;
  classes: string;
  moves: string;
  states: string;
}

export interface Automaton {
  dialect: string;
  rule: string;
  stateCount: number;
  classCount: number;
  /** next[s * classCount + c]: the state after reading class c in state s; 0 is the dead state, 1 the start. */
  next: Uint16Array;
  accepting: boolean[];
  /** The ASCII characters of each class, in code order (class 0 holds those no position reads). */
  members: string[][];
  /** The class of each ASCII character. */
  classOf: Uint8Array;
}

export const START = 1;
export const DEAD = 0;

/** The tables of every start rule of a dialect: generated/DIALECT/dfa.js, read where the build wrote it. */
export function loadAutomata(root: string, dialect: string): Automaton[] {
  const module = require(path.join(root, "generated", dialect, "dfa.js")) as { rules: Record<string, DfaTables> };
  return Object.keys(module.rules)
    .sort()
    .map((rule) => decodeTables(module.rules[rule]!, dialect));
}

export function decodeTables(t: DfaTables, dialect: string): Automaton {
  const masks = Buffer.from(t.masks, "base64");
  const classOf = new Uint8Array(Buffer.from(t.classes, "base64"));
  const states = Buffer.from(t.states, "base64");
  const k = t.classCount;
  const next = new Uint16Array(t.stateCount * k);
  const rows = t.moves.split(" ");
  // A pair: a set ("*", the next one not named before, or two base-36 digits), then a state ("+", the one after the
  // highest named before, or two digits).
  let nextMask = t.firstNewMask;
  let highest = START;
  for (let s = 1; s < t.stateCount; s++) {
    for (const [, set, state] of rows[s - 1]!.matchAll(/(\*|[0-9a-z]{2})(\+|[0-9a-z]{2})/g)) {
      const mask = (set === "*" ? nextMask++ : parseInt(set!, 36)) * t.maskBytes;
      const target = state === "+" ? highest + 1 : parseInt(state!, 36);
      highest = Math.max(highest, target);
      for (let c = 0; c < k; c++) if (masks[mask + (c >> 3)]! & (1 << (c & 7))) next[s * k + c] = target;
    }
  }
  const members: string[][] = Array.from({ length: k }, () => []);
  for (let c = 0; c < 128; c++) members[classOf[c]!]!.push(String.fromCharCode(c));
  return {
    dialect,
    rule: t.rule,
    stateCount: t.stateCount,
    classCount: k,
    next,
    accepting: Array.from({ length: t.stateCount }, (_, s) => s !== DEAD && (states[s]! & 128) !== 0),
    members,
    classOf,
  };
}

/** The state after state `s` reads the character `code`: DEAD above 0x7F (the grammars are ASCII). */
export function step(a: Automaton, s: number, code: number): number {
  return code > 127 ? DEAD : a.next[s * a.classCount + a.classOf[code]!]!;
}

/** The state after reading `text` from `from` (the start by default); DEAD when the automaton dies on it. */
export function stateAfter(a: Automaton, text: string, from = START): number {
  let s = from;
  for (let i = 0; i < text.length && s !== DEAD; i++) s = step(a, s, text.charCodeAt(i));
  return s;
}

/** A transition: state `from` reading class `cls`. Its key in the coverage sets. */
export function transitionKey(a: Automaton, from: number, cls: number): number {
  return from * a.classCount + cls;
}

/** Every transition that leads somewhere (not to the dead state), as keys. */
export function liveTransitions(a: Automaton): number[] {
  const keys: number[] = [];
  for (let s = 1; s < a.stateCount; s++)
    for (let c = 0; c < a.classCount; c++) if (a.next[s * a.classCount + c] !== DEAD) keys.push(s * a.classCount + c);
  return keys;
}

/** The states where some character is refused: a class with no move (all but none, in practice). */
export function statesWithRefusal(a: Automaton): number[] {
  // A character above 0x7F is refused everywhere (the grammars are ASCII), so every state but the dead one does.
  return Array.from({ length: a.stateCount - 1 }, (_, i) => i + 1);
}

/** The transitions the text takes from the start, as keys; null when the automaton dies on it. */
export function transitionsOf(a: Automaton, text: string): number[] | null {
  const keys: number[] = [];
  let s = START;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 127) return null;
    const c = a.classOf[code]!;
    keys.push(s * a.classCount + c);
    s = a.next[s * a.classCount + c]!;
    if (s === DEAD) return null;
  }
  return keys;
}

/**
 * dist[t][s]: the fewest characters from state s to state t (Infinity when t cannot be reached), for every t; and
 * toAccept[s], the fewest to an accepting state. Breadth-first, backwards over the moves.
 */
export function distances(a: Automaton): { to: Float64Array[]; toAccept: Float64Array } {
  const preds: number[][] = Array.from({ length: a.stateCount }, () => []);
  for (let s = 1; s < a.stateCount; s++)
    for (let c = 0; c < a.classCount; c++) {
      const t = a.next[s * a.classCount + c]!;
      if (t !== DEAD && !preds[t]!.includes(s)) preds[t]!.push(s);
    }
  const backwards = (targets: number[]): Float64Array => {
    const d = new Float64Array(a.stateCount).fill(Infinity);
    const queue = [...targets];
    for (const t of targets) d[t] = 0;
    for (let i = 0; i < queue.length; i++) {
      const t = queue[i]!;
      for (const p of preds[t]!) {
        if (d[p] !== Infinity) continue;
        d[p] = d[t]! + 1;
        queue.push(p);
      }
    }
    return d;
  };
  const to = Array.from({ length: a.stateCount }, (_, t) => (t === DEAD ? new Float64Array(0) : backwards([t])));
  const accepting = a.accepting.flatMap((acc, s) => (acc ? [s] : []));
  return { to, toAccept: backwards(accepting) };
}

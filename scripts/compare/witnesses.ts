/**
 * Readable strings from automata: the order in which characters are preferred, the alphabet of a product of DFAs
 * (one representative character per product class), the shortest completions from a state, and the tagged
 * components a DFA run assigns.
 *
 * Every search in scripts/compare/ reads characters in one fixed preference order, so that among the shortest
 * strings it finds the one that is first in that order: lower-case letters, then digits, then the other printable
 * ASCII characters (the URL delimiters first), then upper-case letters, space and control characters. Where the
 * grammar asks for a literal (a scheme name), the literal is the only way through, so witnesses spell real scheme
 * names; where it asks for any letter, they say "a".
 */
import type { Dfa } from "../dfa/subset";

/** ASCII characters, most preferred first. */
export const PREFERENCE: readonly number[] = (() => {
  const order: number[] = [];
  const add = (s: string) => {
    for (const ch of s) if (!order.includes(ch.charCodeAt(0))) order.push(ch.charCodeAt(0));
  };
  // Digits from 1: a 0 is often a value the checks refuse (an OCDBT generation 0) or a leading zero.
  add("abcdefghijklmnopqrstuvwxyz1234567890");
  add("/:.-_~|@%?=&+,;!$'()*[]#");
  add("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
  for (let c = 0x21; c < 0x7f; c++) add(String.fromCharCode(c));
  add(" ");
  for (let c = 0; c < 0x20; c++) add(String.fromCharCode(c));
  add("\x7f");
  return order;
})();

/**
 * The alphabet of a product of DFAs: two characters are in one product class when every DFA puts them in the
 * same class of its own. Classes are numbered in preference order of their first character, which is their
 * representative; a class that every DFA sends to its dead state is left out (it can lead nowhere).
 */
export interface ProductAlphabet {
  /** Representative character of each product class, in preference order. */
  rep: number[];
  /** cls[d][k]: the class of product class k in DFA d. */
  cls: number[][];
}

export function productAlphabet(dfas: readonly Dfa[]): ProductAlphabet {
  const seen = new Set<string>();
  const rep: number[] = [];
  const cls: number[][] = dfas.map(() => []);
  for (const c of PREFERENCE) {
    const own = dfas.map((d) => d.classOf[c]!);
    if (own.every((x) => x === 0)) continue;
    const key = own.join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    rep.push(c);
    own.forEach((x, d) => {
      cls[d]!.push(x);
    });
  }
  return { rep, cls };
}

/** The state after reading a character of class `c` (the DFA's own class) in state `s`. */
export const step = (dfa: Dfa, s: number, c: number): number => dfa.next[s * dfa.classCount + c]!;

/** Per state, the length of the shortest string from it to acceptance (-1: none; the dead state). */
export function distanceToAccept(dfa: Dfa): Int32Array {
  const n = dfa.stateCount;
  const k = dfa.classCount;
  const reverse: number[][] = Array.from({ length: n }, () => []);
  for (let s = 0; s < n; s++) for (let c = 1; c < k; c++) reverse[step(dfa, s, c)]!.push(s);
  const dist = new Int32Array(n).fill(-1);
  const queue: number[] = [];
  for (let s = 0; s < n; s++) {
    if (dfa.accepting[s]) {
      dist[s] = 0;
      queue.push(s);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    const t = queue[i]!;
    for (const s of reverse[t]!) {
      if (dist[s] === -1) {
        dist[s] = dist[t]! + 1;
        queue.push(s);
      }
    }
  }
  return dist;
}

/**
 * The shortest string that takes `dfa` from `state` to acceptance, the first in preference order among those
 * (each step the most preferred character that keeps to a shortest way). `dist` from distanceToAccept.
 */
export function shortestCompletion(
  dfa: Dfa,
  state: number,
  dist: Int32Array,
  alphabet = productAlphabet([dfa]),
): string {
  if (dist[state] === -1) throw new Error(`state ${state} cannot reach acceptance`);
  let out = "";
  for (let s = state; dist[s] !== 0; ) {
    const k = alphabet.rep.findIndex((_, i) => {
      const t = step(dfa, s, alphabet.cls[0]![i]!);
      return dist[t] === dist[s]! - 1;
    });
    out += String.fromCharCode(alphabet.rep[k]!);
    s = step(dfa, s, alphabet.cls[0]![k]!);
  }
  return out;
}

/** A tagged rule's span in an input: the rule and the text it matched. */
export interface Component {
  tag: string;
  text: string;
}

/** The tag name of a state ("" for none). */
export const tagName = (dfa: Dfa, s: number): string => (dfa.tagOf[s] ? dfa.tags[dfa.tagOf[s]! - 1]! : "");

/**
 * The components a DFA assigns to an input it accepts: each maximal run of characters read under one tag (the
 * build refuses two instances of a tag back to back, so a run is one instance).
 */
export function componentsOf(dfa: Dfa, input: string): Component[] {
  const out: Component[] = [];
  let s = 1;
  let prev = "";
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    s = c < 128 ? step(dfa, s, dfa.classOf[c]!) : 0;
    if (s === 0) throw new Error(`${JSON.stringify(input)} is not accepted (offset ${i})`);
    const tag = tagName(dfa, s);
    if (tag && tag === prev) out[out.length - 1]!.text += input[i];
    else if (tag) out.push({ tag, text: input[i]! });
    prev = tag;
  }
  return out;
}

/** Whether a DFA accepts an input. */
export function accepts(dfa: Dfa, input: string): boolean {
  let s = 1;
  for (let i = 0; i < input.length && s !== 0; i++) {
    const c = input.charCodeAt(i);
    s = c < 128 ? step(dfa, s, dfa.classOf[c]!) : 0;
  }
  return s !== 0 && dfa.accepting[s] === 1;
}

/** Compares two strings by length, then character by character in preference order. */
export function byPreference(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  for (let i = 0; i < a.length; i++) {
    const d = RANK[a.charCodeAt(i)]! - RANK[b.charCodeAt(i)]!;
    if (d !== 0) return d;
  }
  return 0;
}

const RANK: Int32Array = (() => {
  const r = new Int32Array(128);
  PREFERENCE.forEach((c, i) => {
    r[c] = i;
  });
  return r;
})();

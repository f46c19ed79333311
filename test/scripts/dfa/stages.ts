/** Shared by the tests of each DFA stage: run a position automaton or a DFA on a string, as the stage defines them. */
import type { PositionAutomaton } from "../../../scripts/dfa/positions";
import type { Dfa } from "../../../scripts/dfa/subset";

/** The position automaton's verdict: the set of positions reached, read character by character (no empty moves). */
export function nfaAccepts(pa: PositionAutomaton, input: string): boolean {
  if (input === "") return pa.nullable;
  let at = pa.first.filter((p) => pa.positions[p]!.chars[input.charCodeAt(0)] === 1);
  for (let i = 1; i < input.length && at.length > 0; i++) {
    const c = input.charCodeAt(i);
    at = [...new Set(at.flatMap((p) => [...pa.follow[p]!.keys()]))].filter((q) => pa.positions[q]!.chars[c] === 1);
  }
  return at.some((p) => pa.last.has(p));
}

/** The DFA's verdict: state 1 is the start, 0 the dead state; a character >= 128 is class 0. */
export function dfaAccepts(dfa: Dfa, input: string): boolean {
  let s = 1;
  for (let i = 0; i < input.length && s !== 0; i++) {
    const c = input.charCodeAt(i);
    s = dfa.next[s * dfa.classCount + (c < 128 ? dfa.classOf[c]! : 0)]!;
  }
  return s !== 0 && dfa.accepting[s] === 1;
}

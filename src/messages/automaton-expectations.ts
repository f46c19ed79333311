/**
 * What the grammar expects where a run of a pipeline rule's DFA dies, read off the DFA's state: the characters it
 * moves on, and the end of the input when it accepts, in the grammar's terms (describeCharacters: the same words
 * the parser's expectations are given). A minimal DFA's state is exactly what may follow, so the message of a
 * refused input needs no parse. It is the parser's message but where one of the parser's lookahead guards speaks
 * at the error (its expectation is the FOLLOW set of an alternation, more or less than can follow there): then the
 * parser's list is the inexact one (test/differential/engines.ts compares the two on every refused input, and
 * test/messages/automaton-expectations.test.ts the parser's list with the state's on an input dying in each state).
 */
import type { Automaton } from "../dfa/automaton";
import { accepting, movesOf } from "../dfa/scan";
import type { DialectMeta } from "../dialects";
import { describeCharacters } from "./expectations";

/** Per automaton, per state (row offset / 128): its expected list, made on first need. */
const described = new WeakMap<Automaton, (readonly string[] | undefined)[]>();

/** The expected list of a run of `a` that died in the state at `row` (a row offset: state x 128). */
export function expectedInState(a: Automaton, row: number, meta: DialectMeta): readonly string[] {
  let byState = described.get(a);
  if (!byState) described.set(a, (byState = []));
  const state = row >>> 7;
  let words = byState[state];
  if (!words) {
    byState[state] = words = describeCharacters(new Set(movesOf(a, row)), accepting(a, row), meta);
  }
  return words;
}

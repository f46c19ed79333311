/**
 * One start rule's minimal DFA, from the merged ABNF of a dialect: position automaton (positions.ts), subset
 * construction (subset.ts), minimization (minimize.ts).
 */
import type { RuleSet } from "../grammar/ir";
import { minimize } from "./minimize";
import { buildPositions } from "./positions";
import { characterClasses, determinize, type Dfa } from "./subset";

export interface DfaBuild {
  dfa: Dfa;
  /** Sizes along the way, for the build's report. */
  positions: number;
  subsetStates: number;
}

export function buildDfa(rules: RuleSet, startRule: string, tagged: readonly string[]): DfaBuild {
  const pa = buildPositions(rules, startRule, tagged);
  const classes = characterClasses(pa);
  const raw = determinize(pa, classes);
  return { dfa: minimize(raw), positions: pa.positions.length, subsetStates: raw.stateCount };
}

/**
 * Shared by the DFA build tests: ABNF text -> minimal DFA -> the generated module, loaded as the package loads it
 * (src/dfa/automaton.ts), so that each test runs what the build would ship.
 */
import type { RuleSet } from "../../../scripts/grammar/ir";
import { buildDfa } from "../../../scripts/dfa/build";
import { emitDfaModule, exportName } from "../../../scripts/dfa/emit";
import type { DfaTables } from "../../../generated/url-pipeline-v0/dfa";
import { decode, type Automaton } from "../../../src/dfa/automaton";

export function automatonOf(rules: RuleSet, rule: string, tagged: string[] = []): Automaton {
  const { dfa } = buildDfa(rules, rule, tagged);
  const { js } = emitDfaModule([dfa], "// test");
  const exports: Record<string, DfaTables> = {};
  new Function("exports", js)(exports);
  return decode(exports[exportName(rule)]!, "url-pipeline-v0");
}

/** Every string over `alphabet` of length 0 to `max`. */
export function allStrings(alphabet: string, max: number): string[] {
  const out = [""];
  let level = [""];
  for (let n = 1; n <= max; n++) {
    level = level.flatMap((s) => [...alphabet].map((c) => s + c));
    out.push(...level);
  }
  return out;
}

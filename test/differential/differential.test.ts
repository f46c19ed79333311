/**
 * Issue #3: the generated parser accepts exactly the language of the ABNF, rule by rule, in both dialects.
 *
 * For every rule `options.rule` accepts, strings derived from the ABNF and mutations of them go through the
 * public validate() and through the oracle (test/oracle/, ABNF semantics, built from grammar/ alone); they must
 * agree on acceptance and, for rejected input, on the error offset. The seed is fixed, so `npm test` is
 * deterministic; DIFFERENTIAL_SEED and DIFFERENTIAL_RUNS (runs per rule) change it. Long runs: `npm run fuzz`.
 * A disagreement found either way is fixed and kept in test/fixtures/differential-regressions.json.
 */
import fc from "fast-check";
import { DIALECTS } from "../../src/dialects";
import { validate } from "../../src/api";
import { Generator } from "../oracle/generate";
import { loadOracleGrammar } from "../oracle/load";
import { Matcher } from "../oracle/matcher";
import { disagreement, type ValidateLike } from "./agree";

const SEED = Number(process.env.DIFFERENTIAL_SEED ?? 20261122);
const RUNS = Number(process.env.DIFFERENTIAL_RUNS ?? 12);

describe.each(Object.keys(DIALECTS))("%s: the generated parser and the ABNF agree", (dialect) => {
  const grammar = loadOracleGrammar(dialect);
  const matcher = new Matcher(grammar);
  const gen = new Generator(grammar);
  const rules = DIALECTS[dialect as keyof typeof DIALECTS].meta.rules;

  test("every rule the API accepts is a rule of the oracle's grammar", () => {
    expect(rules.filter((r) => !grammar.rules.has(r.toUpperCase()))).toEqual([]);
    expect(rules.length).toBeGreaterThan(100);
  });

  test.each(rules)("%s", (rule) => {
    fc.assert(
      fc.property(gen.strings(rule), (input) => {
        const d = disagreement(validate as ValidateLike, matcher, dialect, rule, input);
        if (d) throw new Error(`disagreement: ${JSON.stringify(d)}`);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});

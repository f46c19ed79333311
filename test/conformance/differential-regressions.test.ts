/**
 * Every disagreement between the generated parser and the ABNF oracle found so far (by the differential tests or
 * `npm run fuzz`), kept as a fixed case: test/fixtures/differential-regressions.json.
 */
import { validate } from "../../src/api";
import type { ParseOptions } from "../../src/parse";
import { disagreement, type ValidateLike } from "../differential/agree";
import { loadOracleGrammar } from "../oracle/load";
import { Matcher } from "../oracle/matcher";
import fixture from "../fixtures/differential-regressions.json";

interface Case {
  dialect: string;
  rule: string;
  input: string;
  matches: boolean;
  offset?: number;
  foundBy: string;
}

const matchers = new Map<string, Matcher>();
const matcherFor = (dialect: string) =>
  matchers.get(dialect) ?? matchers.set(dialect, new Matcher(loadOracleGrammar(dialect))).get(dialect)!;

describe.each(
  (fixture.cases as Case[]).map(
    (c) =>
      [
        `${c.dialect} ${c.rule} ${JSON.stringify(c.input).replace(/[^\x20-\x7e]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`)}`,
        c,
      ] as const,
  ),
)("%s", (_name, c) => {
  test(c.matches ? "the grammar matches it" : `no match, error at ${c.offset}`, () => {
    const r = validate(c.input, { dialect: c.dialect, rule: c.rule } as ParseOptions);
    const grammarMatched = r.valid || r.error.kind === "value";
    expect(grammarMatched).toBe(c.matches);
    if (!r.valid && !c.matches) expect(r.error.offset).toBe(c.offset);
  });

  test("the oracle agrees with the fixture and with the parser", () => {
    const m = matcherFor(c.dialect);
    expect(m.accepts(c.rule, c.input)).toBe(c.matches);
    expect(disagreement(validate as ValidateLike, m, c.dialect, c.rule, c.input)).toBeNull();
  });
});

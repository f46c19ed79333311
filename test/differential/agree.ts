/**
 * One differential check: does the generated parser, through the public validate(), agree with the ABNF oracle
 * on an input? Shared by the jest test (test/differential/differential.test.ts) and `npm run fuzz`.
 *
 * - Acceptance: the parser accepts (valid, or a "value" error, which comes only after the grammar matched) iff
 *   the oracle derives the input from the rule. The strict value checks are a layer above the grammar.
 * - Error offset: when both reject, the parser's offset is the length of the longest prefix that can still be
 *   continued into a match (docs/decisions.md D21), which the oracle computes independently.
 */
import type { Matcher } from "../oracle/matcher";

export type ValidateLike = (
  input: string,
  options: { dialect: string; rule: string },
) => { valid: true } | { valid: false; error: { kind: string; offset: number } };

export interface Disagreement {
  dialect: string;
  rule: string;
  input: string;
  what: "parser accepts, ABNF does not" | "ABNF accepts, parser does not" | "error offset" | "exception";
  parser: string;
  oracle: string;
}

export function disagreement(
  validate: ValidateLike,
  matcher: Matcher,
  dialect: string,
  rule: string,
  input: string,
): Disagreement | null {
  return compare(validate, matcher, dialect, rule, input).disagreement;
}

/** The comparison, and whether the ABNF matched the input (for statistics). */
export function compare(
  validate: ValidateLike,
  matcher: Matcher,
  dialect: string,
  rule: string,
  input: string,
): { matched: boolean; disagreement: Disagreement | null } {
  const oracleAccepts = matcher.accepts(rule, input);
  return { matched: oracleAccepts, disagreement: check(validate, matcher, dialect, rule, input, oracleAccepts) };
}

function check(
  validate: ValidateLike,
  matcher: Matcher,
  dialect: string,
  rule: string,
  input: string,
  oracleAccepts: boolean,
): Disagreement | null {
  const at = { dialect, rule, input };
  let r: ReturnType<ValidateLike>;
  try {
    r = validate(input, { dialect, rule });
  } catch (e) {
    return { ...at, what: "exception", parser: String(e), oracle: "" };
  }
  // The grammar matched: a value out of range, or an adapter on a base of the wrong kind (D62), are the ABNF's matches.
  const parserAccepts = r.valid || r.error.kind === "value" || r.error.kind === "kind";
  if (parserAccepts !== oracleAccepts) {
    return {
      ...at,
      what: parserAccepts ? "parser accepts, ABNF does not" : "ABNF accepts, parser does not",
      parser: r.valid ? "valid" : `${r.error.kind} error at ${r.error.offset}`,
      oracle: oracleAccepts ? "matches" : `longest viable prefix ${matcher.longestViablePrefix(rule, input)}`,
    };
  }
  if (!r.valid && r.error.kind !== "value" && r.error.kind !== "kind") {
    const expected = matcher.longestViablePrefix(rule, input);
    if (r.error.offset !== expected) {
      return { ...at, what: "error offset", parser: `offset ${r.error.offset}`, oracle: `offset ${expected}` };
    }
  }
  return null;
}

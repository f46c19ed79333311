/**
 * The cases that cover a dialect's automata (./transitions.ts), as questions. The absolute rule's are `validate`
 * cases; ZEP 8's relative rule (relative-url-pipeline) is what a resolution reads its reference with, so its cases are
 * `resolve` cases, each against the first base of ./resolution.ts's that resolves it (an accepted case), or
 * the first (a refused one). Each case rests on the grammar file of the sub-URL its transition is in.
 */
import type { Automaton } from "./automaton";
import type { SchemeRow } from "./kind-rules";
import { schemeFile } from "./kind-rules";
import type { PackageApi } from "./package-api";
import { COVERAGE_BASES } from "./resolution";
import { type AutomatonCases, coverAutomaton } from "./transitions";
import type { Question } from "./types";

/** The grammar file (relative to grammar/) of each dialect's pipeline rules. */
export const PIPELINE_FILE: Record<string, string> = {
  "url-pipeline-v0": "url-pipeline-v0/pipeline.abnf",
  zep8: "zep8/pipeline.abnf",
};

/**
 * The citation key of the grammar file that the character at `at` is read by: the file of the scheme of its
 * sub-URL, or the pipeline rules' file (a "|", a relative path, a vendor or unknown scheme).
 */
export function grammarWhy(dialect: string, schemes: readonly SchemeRow[], input: string, at: number): string {
  const start = input.lastIndexOf("|", at - 1) + 1;
  const end = input.indexOf("|", at);
  const sub = input.slice(start, end < 0 ? input.length : end);
  const scheme = /^[A-Za-z.][A-Za-z0-9+.-]*(?=:|$)/.exec(sub)?.[0]?.toLowerCase();
  const row = input[at] === "|" ? undefined : schemes.find((s) => s.scheme === scheme);
  return `abnf:${row ? schemeFile(row) : PIPELINE_FILE[dialect]}`;
}

export interface CoveredAutomaton {
  automaton: Automaton;
  cases: AutomatonCases;
  questions: Question[];
}

export function automatonQuestions(
  pkg: PackageApi,
  a: Automaton,
  schemes: readonly SchemeRow[],
  seeds: readonly string[],
): CoveredAutomaton {
  const dialect = a.dialect;
  const options = { dialect };
  const relative = a.rule === "relative-url-pipeline";
  const resolves = (base: string, reference: string) => {
    try {
      pkg.resolve(base, reference, options);
      return true;
    } catch {
      return false;
    }
  };
  const cases = coverAutomaton(
    a,
    relative
      ? (text) => {
          // The verdict first (the automaton and the value checks, fast); a resolution only for a valid reference.
          if (!pkg.validate(text, { dialect, rule: a.rule }).valid) return { accepted: false };
          const base = COVERAGE_BASES.find((b) => resolves(b, text));
          return base === undefined ? { accepted: false } : { accepted: true, base };
        }
      : (text) => ({ accepted: pkg.validate(text, options).valid }),
    (text) => {
      const r = pkg.validate(text, relative ? { dialect, rule: a.rule } : options);
      return !r.valid && r.error.kind === "value";
    },
    seeds,
  );
  const question = (t: { input: string; base?: string; at: number }): Question => ({
    op: relative ? "resolve" : "validate",
    dialect,
    input: t.input,
    ...(relative ? { base: t.base ?? COVERAGE_BASES[0]! } : {}),
    why: grammarWhy(dialect, schemes, t.input, t.at),
  });
  return {
    automaton: a,
    cases,
    questions: [...cases.accepted, ...cases.valueRefused, ...cases.refused].map(question),
  };
}

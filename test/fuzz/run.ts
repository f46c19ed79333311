/**
 * The fuzz run behind `npm run fuzz` (test/fuzz/main.ts): strings derived from the ABNF and mutations of them,
 * through a validate() and the ABNF oracle, which must agree on acceptance and error offset.
 */
import fc from "fast-check";
import { compare, type Disagreement, type ValidateLike } from "../differential/agree";
import { Generator } from "../oracle/generate";
import { loadOracleGrammar } from "../oracle/load";
import { Matcher } from "../oracle/matcher";

export interface FuzzOptions {
  runs: number;
  seed: number;
  dialect?: string;
  rule?: string;
  /** Compare the DFA engine with the parser (test/differential/engines.ts) instead of the parser with the ABNF. */
  engines?: boolean;
}

/** What the run needs of the library: validate() and the dialects' rule lists. */
export interface FuzzTarget {
  validate: ValidateLike;
  DIALECTS: Record<string, { meta: { rules: readonly string[]; defaultRule: string } }>;
}

export interface FuzzResult {
  inputs: number;
  /** Inputs the ABNF derives from their rule. */
  matched: number;
  disagreements: Disagreement[];
}

export const USAGE = "usage: npm run fuzz -- [--engines] [--runs N] [--seed N] [--dialect D] [--rule NAME]";

/** Command-line arguments; a string is an error message. Defaults: 1,000,000 runs, a seed from the clock. */
export function parseArgs(argv: string[], now = Date.now()): FuzzOptions | string {
  const out: FuzzOptions = { runs: 1_000_000, seed: now % 2 ** 31 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--engines") {
      out.engines = true;
      continue;
    }
    const [flag, inline] = argv[i]!.split("=", 2) as [string, string | undefined];
    const value = inline ?? argv[i + 1];
    if (inline === undefined) i++;
    if (!["--runs", "--seed", "--dialect", "--rule"].includes(flag))
      return `unknown argument ${JSON.stringify(argv[inline === undefined ? i - 1 : i])}`;
    if (value === undefined) return `${flag} needs a value`;
    if (flag === "--runs") out.runs = Number(value.replace(/_/g, ""));
    else if (flag === "--seed") out.seed = Number(value);
    else if (flag === "--dialect") out.dialect = value;
    else out.rule = value;
  }
  if (!Number.isSafeInteger(out.runs) || out.runs < 1) return "--runs takes a positive integer";
  if (!Number.isSafeInteger(out.seed)) return "--seed takes an integer";
  return out;
}

/**
 * A quarter of each dialect's runs go to its default rule, the rest evenly to every other rule. Inputs come in
 * chunks of 1,000 per rule, each chunk from its own seed, so one rule's inputs do not depend on the others'.
 */
export function runFuzz(
  opts: FuzzOptions,
  target: FuzzTarget,
  onProgress: (done: number, total: number, found: number) => void = () => {},
): FuzzResult {
  const dialects = opts.dialect ? [opts.dialect] : Object.keys(target.DIALECTS);
  const jobs: { dialect: string; rule: string; runs: number; matcher: Matcher; gen: Generator }[] = [];
  for (const dialect of dialects) {
    const meta = target.DIALECTS[dialect]?.meta;
    if (!meta) throw new Error(`unknown dialect ${JSON.stringify(dialect)}`);
    const grammar = loadOracleGrammar(dialect);
    const matcher = new Matcher(grammar);
    const gen = new Generator(grammar);
    const rules = opts.rule ? [opts.rule] : meta.rules;
    const share = opts.runs / dialects.length;
    for (const rule of rules) {
      const weight = rules.length === 1 ? 1 : rule === meta.defaultRule ? 0.25 : 0.75 / (rules.length - 1);
      jobs.push({ dialect, rule, runs: Math.max(1, Math.round(share * weight)), matcher, gen });
    }
  }
  const total = jobs.reduce((n, j) => n + j.runs, 0);
  const result: FuzzResult = { inputs: 0, matched: 0, disagreements: [] };
  const CHUNK = 1000;
  jobs.forEach((job, j) => {
    for (let start = 0; start < job.runs; start += CHUNK) {
      const seed = opts.seed + j * 7919 + start;
      for (const input of fc.sample(job.gen.strings(job.rule), { seed, numRuns: Math.min(CHUNK, job.runs - start) })) {
        const r = compare(target.validate, job.matcher, job.dialect, job.rule, input);
        if (r.matched) result.matched++;
        if (r.disagreement) result.disagreements.push(r.disagreement);
        result.inputs++;
      }
      onProgress(result.inputs, total, result.disagreements.length);
    }
  });
  return result;
}

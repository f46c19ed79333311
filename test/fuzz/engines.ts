/**
 * `npm run fuzz -- --engines`: the engines' differential test (test/differential/engines.ts) at length: inputs
 * derived from each pipeline rule's ABNF and mutated, through the DFA engine and the parser, which must give the
 * same verdict, kind, offset and value message. Runs are shared evenly by the rules that have a DFA.
 */
import fc from "fast-check";
import type { DialectName } from "../../src/tree/nodes";
import { engineDisagreement, type EngineDisagreement, type Engines } from "../differential/engines";
import { Generator } from "../oracle/generate";
import { loadOracleGrammar } from "../oracle/load";
import type { FuzzOptions } from "./run";

const PIPELINE_RULES = ["absolute-url-pipeline", "relative-url-pipeline"];

export function runEngineFuzz(
  opts: FuzzOptions,
  engines: Engines,
  onProgress: (done: number, total: number, found: number) => void = () => {},
): { inputs: number; disagreements: EngineDisagreement[] } {
  const jobs: { dialect: DialectName; rule: string; gen: Generator }[] = [];
  for (const dialect of opts.dialect ? [opts.dialect as DialectName] : (["url-pipeline-v0", "zep8"] as const)) {
    const gen = new Generator(loadOracleGrammar(dialect));
    for (const rule of opts.rule ? [opts.rule] : PIPELINE_RULES)
      if (engines.automatonFor(dialect, rule)) jobs.push({ dialect, rule, gen });
  }
  if (jobs.length === 0) throw new Error("no rule with a DFA among those asked for");
  const per = Math.ceil(opts.runs / jobs.length);
  const result = { inputs: 0, disagreements: [] as EngineDisagreement[] };
  const CHUNK = 1000;
  jobs.forEach((job, j) => {
    for (let start = 0; start < per; start += CHUNK) {
      const seed = opts.seed + j * 7919 + start;
      for (const input of fc.sample(job.gen.strings(job.rule), { seed, numRuns: Math.min(CHUNK, per - start) })) {
        const d = engineDisagreement(engines, job.dialect, job.rule, input);
        if (d) result.disagreements.push(d);
        result.inputs++;
      }
      onProgress(result.inputs, per * jobs.length, result.disagreements.length);
    }
  });
  return result;
}

/** Valid pipelines for the property tests of src/meaning/: derived from the ABNF (test/oracle/), kept if valid. */
import fc from "fast-check";
import { validate } from "../../src/api";
import type { DialectName, Pipeline, RelativePipeline } from "../../src/tree/nodes";
import { Generator } from "../oracle/generate";
import { loadOracleGrammar } from "../oracle/load";

const generators = new Map<string, Generator>();

/** `n` valid inputs of `rule` (absolute-url-pipeline or, in zep8, relative-url-pipeline) with their trees. */
export function validSamples(
  dialect: DialectName,
  rule: string,
  n: number,
  seed = 1,
): { input: string; tree: Pipeline | RelativePipeline }[] {
  const gen =
    generators.get(dialect) ?? generators.set(dialect, new Generator(loadOracleGrammar(dialect))).get(dialect)!;
  const out: { input: string; tree: Pipeline | RelativePipeline }[] = [];
  for (let round = 0; out.length < n && round < 20; round++) {
    for (const input of fc.sample(gen.positive(rule), { seed: seed + round, numRuns: n })) {
      const r = validate(input, { dialect, rule } as never);
      if (r.valid && out.length < n) out.push({ input, tree: r.pipeline as unknown as Pipeline | RelativePipeline });
    }
  }
  return out;
}

export const CASES: [DialectName, string][] = [
  ["url-pipeline-v0", "absolute-url-pipeline"],
  ["zep8", "absolute-url-pipeline"],
  ["zep8", "relative-url-pipeline"],
];

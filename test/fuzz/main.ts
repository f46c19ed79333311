/**
 * npm run fuzz -- [--runs N] [--seed N] [--dialect D] [--rule NAME]
 *
 * The differential test (test/differential/) for long runs, against the built package (dist/). Defaults:
 * 1,000,000 runs over both dialects and every rule, a seed from the clock (printed, so that a run can be
 * repeated). Each disagreement is one JSON line on stdout, ready for test/fixtures/differential-regressions.json;
 * progress and the summary go to stderr. Exit status: 0 no disagreement, 1 some, 2 bad arguments.
 */
import * as path from "node:path";
import { GRAMMAR_DIR } from "../oracle/load";
import { parseArgs, runFuzz, USAGE, type FuzzTarget } from "./run";

function main(): number {
  const opts = parseArgs(process.argv.slice(2));
  if (typeof opts === "string") {
    process.stderr.write(`fuzz: ${opts}\n${USAGE}\n`);
    return 2;
  }
  const target = require(path.join(path.dirname(GRAMMAR_DIR), "dist", "index.js")) as FuzzTarget;
  process.stderr.write(`fuzz: seed ${opts.seed}, ${opts.runs} runs\n`);
  const t0 = Date.now();
  let last = t0;
  const result = runFuzz(opts, target, (done, total, found) => {
    if (Date.now() - last < 10_000) return;
    last = Date.now();
    process.stderr.write(`fuzz: ${done}/${total} (${Math.round((done * 1000) / (last - t0))}/s), ${found} disagreements\n`);
  });
  for (const d of result.disagreements) process.stdout.write(JSON.stringify(d) + "\n");
  const n = result.disagreements.length;
  process.stderr.write(
    `fuzz: ${result.inputs} inputs (${result.matched} matched the ABNF, ${result.inputs - result.matched} did not) ` +
      `in ${((Date.now() - t0) / 1000).toFixed(0)} s, seed ${opts.seed}: ${n === 0 ? "no disagreement" : `${n} disagreements`}\n`,
  );
  return n === 0 ? 0 : 1;
}

process.exitCode = main();

/**
 * npm run fuzz -- [--engines] [--runs N] [--seed N] [--dialect D] [--rule NAME]
 *
 * The differential test (test/differential/) for long runs, against the built package (dist/); with --engines,
 * the DFA engine against the parser (test/fuzz/engines.ts) instead of the parser against the ABNF. Defaults:
 * 1,000,000 runs over both dialects and every rule, a seed from the clock (printed, so that a run can be
 * repeated). Each disagreement is one JSON line on stdout, ready for test/fixtures/differential-regressions.json;
 * progress and the summary go to stderr. Exit status: 0 no disagreement, 1 some, 2 bad arguments.
 */
import * as path from "node:path";
import { GRAMMAR_DIR } from "../oracle/load";
import type { Engines } from "../differential/engines";
import { runEngineFuzz } from "./engines";
import { parseArgs, runFuzz, USAGE, type FuzzTarget } from "./run";

function main(): number {
  const opts = parseArgs(process.argv.slice(2));
  if (typeof opts === "string") {
    process.stderr.write(`fuzz: ${opts}\n${USAGE}\n`);
    return 2;
  }
  if (opts.engines) return engines(opts);
  const target = require(path.join(path.dirname(GRAMMAR_DIR), "dist", "index.js")) as FuzzTarget;
  process.stderr.write(`fuzz: seed ${opts.seed}, ${opts.runs} runs\n`);
  const t0 = Date.now();
  let last = t0;
  const result = runFuzz(opts, target, (done, total, found) => {
    if (Date.now() - last < 10_000) return;
    last = Date.now();
    process.stderr.write(
      `fuzz: ${done}/${total} (${Math.round((done * 1000) / (last - t0))}/s), ${found} disagreements\n`,
    );
  });
  for (const d of result.disagreements) process.stdout.write(`${JSON.stringify(d)}\n`);
  const n = result.disagreements.length;
  process.stderr.write(
    `fuzz: ${result.inputs} inputs (${result.matched} matched the ABNF, ${result.inputs - result.matched} did not) ` +
      `in ${((Date.now() - t0) / 1000).toFixed(0)} s, seed ${opts.seed}: ${n === 0 ? "no disagreement" : `${n} disagreements`}\n`,
  );
  return n === 0 ? 0 : 1;
}

function engines(opts: Exclude<ReturnType<typeof parseArgs>, string>): number {
  process.stderr.write(`fuzz --engines: seed ${opts.seed}, ${opts.runs} runs\n`);
  const t0 = Date.now();
  let last = t0;
  const dist = path.join(path.dirname(GRAMMAR_DIR), "dist");
  const engines: Engines = {
    ...(require(path.join(dist, "dfa", "dialects.js")) as Pick<Engines, "automatonFor">),
    ...(require(path.join(dist, "dfa", "verdict.js")) as Pick<Engines, "verdict">),
    ...(require(path.join(dist, "index.js")) as Pick<
      Engines,
      "parse" | "UrlPipelineSyntaxError" | "kind" | "KindError"
    >),
    ...(require(path.join(dist, "kinds.js")) as Pick<Engines, "kindViolation">),
    ...(require(path.join(dist, "parse.js")) as Pick<Engines, "parseWithParser">),
  };
  const result = runEngineFuzz(opts, engines, (done, total, found) => {
    if (Date.now() - last < 10_000) return;
    last = Date.now();
    process.stderr.write(
      `fuzz --engines: ${done}/${total} (${Math.round((done * 1000) / (last - t0))}/s), ${found} disagreements\n`,
    );
  });
  for (const d of result.disagreements) process.stdout.write(`${JSON.stringify(d)}\n`);
  const n = result.disagreements.length;
  process.stderr.write(
    `fuzz --engines: ${result.inputs} inputs in ${((Date.now() - t0) / 1000).toFixed(0)} s, seed ${opts.seed}: ` +
      `${n === 0 ? "no disagreement" : `${n} disagreements`}\n`,
  );
  return n === 0 ? 0 : 1;
}

process.exitCode = main();

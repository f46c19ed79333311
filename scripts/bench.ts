/**
 * npm run bench: time per input of validate() and parse() over the spec examples, beside Node's new URL() on
 * the same inputs (those it accepts); then time per character for inputs growing 100x (bench/scaling.ts).
 * Uses the built package (dist/). Figures vary by machine; compare runs on one machine.
 *
 * Runs under --expose-gc (it starts itself again with the flag when run without it), so that each timed round
 * can begin after a full GC.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { runScaling, type Lib } from "./bench/scaling";
import { runCompleteBench, runKeystrokeBench } from "./bench/complete";

const exposedGc = (globalThis as { gc?: () => void }).gc;
if (!exposedGc) {
  const child = spawnSync(process.execPath, [...process.execArgv, "--expose-gc", __filename, ...process.argv.slice(2)], { stdio: "inherit" });
  process.exit(child.status ?? 1);
}
const gc: () => void = exposedGc;

const root = path.resolve(__dirname, "..", "..");
const lib = require(path.join(root, "dist", "index.js")) as Lib & {
  validate(input: string, options?: { dialect?: string }): { valid: boolean };
  parse(input: string): unknown;
};
const corpus = JSON.parse(fs.readFileSync(path.join(root, "test/fixtures/spec/url-pipeline-v0.json"), "utf8")) as {
  examples: { url: string }[];
};
const inputs = corpus.examples.map((e) => e.url);

/**
 * Median over `rounds` of the mean time per call, in ns, of fn over all inputs. Each round passes over the list
 * as often as takes about 200 ms (calibrated after a warm-up of 300 ms), after a full GC.
 */
function measure(list: string[], fn: (s: string) => unknown, rounds = 15): number {
  for (const start = performance.now(); performance.now() - start < 300; ) for (const s of list) fn(s); // warm up
  const t = performance.now();
  for (let i = 0; i < 5; i++) for (const s of list) fn(s);
  const perRound = Math.max(1, Math.ceil((200 * 5) / (performance.now() - t)));
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    gc();
    const t0 = performance.now();
    for (let i = 0; i < perRound; i++) for (const s of list) fn(s);
    times.push(((performance.now() - t0) * 1e6) / (perRound * list.length));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const urlAccepts = inputs.filter((s) => {
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
});

const rows: [string, number, number][] = [
  ["validate (all spec examples)", inputs.length, measure(inputs, (s) => lib.validate(s))],
  ["parse (all spec examples)", inputs.length, measure(inputs, (s) => lib.parse(s))],
  ["validate (inputs new URL() accepts)", urlAccepts.length, measure(urlAccepts, (s) => lib.validate(s))],
  ["new URL() (inputs it accepts)", urlAccepts.length, measure(urlAccepts, (s) => new URL(s))],
];
const zep8Inputs = inputs.filter((s) => lib.validate(s, { dialect: "zep8" }).valid);
rows.push(["validate, zep8 dialect (examples valid in ZEP 8)", zep8Inputs.length, measure(zep8Inputs, (s) => lib.validate(s, { dialect: "zep8" }))]);

console.log(`node ${process.version}, ${inputs.length} spec examples, mean length ${(inputs.join("").length / inputs.length).toFixed(1)} characters\n`);
console.log("| what | inputs | ns per input |\n|---|---:|---:|");
for (const [what, n, ns] of rows) console.log(`| ${what} | ${n} | ${ns.toFixed(0)} |`);

runCompleteBench(lib, gc);
const zep8Corpus = JSON.parse(fs.readFileSync(path.join(root, "test/fixtures/spec/zep8.json"), "utf8")) as { valid: { url: string }[] };
runKeystrokeBench(lib, [
  { what: "the url-pipeline v0 spec examples", dialect: "url-pipeline-v0", inputs },
  { what: "the ZEP 8 examples (zep8.json `valid`)", dialect: "zep8", inputs: zep8Corpus.valid.map((e) => e.url) },
], gc);
runScaling(lib, gc).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});

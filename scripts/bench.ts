/**
 * npm run bench: time per input of canParse(), validate() and parse() over the spec examples, as a ratio to Node's
 * new URL() measured in the same process in alternating rounds (on the examples it accepts); with `-- --main`,
 * that table and the peers' alone. Then the DFA scan loop against string shapes
 * (bench/shapes.ts); bundle sizes (bench/bundle.ts); completion (bench/complete.ts); the command line's `check`
 * on 1,000,000 lines of standard input (bench/cli.ts); then time per character for inputs growing 100x
 * (bench/scaling.ts).
 * Uses the built package (dist/). Figures vary by machine; compare runs on one machine.
 *
 * Runs under --expose-gc (it starts itself again with the flag when run without it), so that each timed round
 * can begin after a full GC.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { runScaling, type Lib } from "./bench/scaling";
import { runBundleBench } from "./bench/bundle";
import { runCliBench } from "./bench/cli";
import { runCompleteBench, runKeystrokeBench } from "./bench/complete";
import { runShapesBench } from "./bench/shapes";

const exposedGc = (globalThis as { gc?: () => void }).gc;
if (!exposedGc) {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, "--expose-gc", __filename, ...process.argv.slice(2)],
    { stdio: "inherit" },
  );
  process.exit(child.status ?? 1);
}
const gc: () => void = exposedGc;

const root = path.resolve(__dirname, "..", "..");
const lib = require(path.join(root, "dist", "index.js")) as Lib & {
  validate(
    input: string,
    options?: { dialect?: string },
  ): ({ valid: true } | { valid: false; error: { message: string; offset: number } }) & { hints: unknown[] };
  canParse(input: string, options?: { dialect?: string }): boolean;
  parse(input: string): unknown;
};
const lean = require(path.join(root, "dist", "validate", "url-pipeline-v0.js")) as {
  validate(input: string): { valid: boolean };
};
const corpus = JSON.parse(fs.readFileSync(path.join(root, "test/fixtures/spec/url-pipeline-v0.json"), "utf8")) as {
  examples: { url: string }[];
};
const inputs = corpus.examples.map((e) => e.url);
const invalidInputs = (
  JSON.parse(fs.readFileSync(path.join(root, "test/fixtures/invalid-inputs.json"), "utf8")) as {
    input: string;
    dialect?: string;
    rule?: string;
  }[]
)
  .filter((c) => !c.dialect && !c.rule)
  .map((c) => c.input);

/** Mean time per call, in ns, of `passes` passes of fn over the list, after a full GC. */
function round(list: string[], fn: (s: string) => unknown, passes: number): number {
  gc();
  const t0 = performance.now();
  for (let i = 0; i < passes; i++) for (const s of list) fn(s);
  return ((performance.now() - t0) * 1e6) / (passes * list.length);
}

/** How many passes over the list take about `ms` milliseconds, after a warm-up of 300 ms. */
function calibrate(list: string[], fn: (s: string) => unknown, ms: number): number {
  for (const start = performance.now(); performance.now() - start < 300; ) for (const s of list) fn(s);
  const t = performance.now();
  for (let i = 0; i < 5; i++) for (const s of list) fn(s);
  return Math.max(1, Math.ceil((ms * 5) / (performance.now() - t)));
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * fn against new URL(): `rounds` rounds, each a pass of new URL() over `urlList` and then of fn over `list`, about
 * 100 ms each, after a full GC; the medians of fn's time, of new URL()'s and of their ratio round by round. The
 * machine's speed drifts during a run (this machine's has been seen to change by half within a minute), and a ratio
 * taken within one round, of two passes made a moment apart, is not moved by it; a ratio of figures taken a minute
 * apart is.
 */
function againstUrl(
  urlList: string[],
  list: string[],
  fn: (s: string) => unknown,
  rounds = 15,
): { ns: number; url: number; ratio: number } {
  const newUrl = (s: string) => new URL(s);
  const urlPasses = calibrate(urlList, newUrl, 100);
  const passes = calibrate(list, fn, 100);
  const url: number[] = [];
  const ns: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    url.push(round(urlList, newUrl, urlPasses));
    ns.push(round(list, fn, passes));
    ratios.push(ns[r]! / url[r]!);
  }
  return { ns: median(ns), url: median(url), ratio: median(ratios) };
}

const urlAccepts = inputs.filter((s) => {
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
});
for (const s of inputs) if (!lib.validate(s).valid) throw new Error(`bench: a spec example is invalid: ${s}`);
for (const s of invalidInputs) if (lib.validate(s).valid) throw new Error(`bench: an invalid fixture is valid: ${s}`);

// The functions as a user holds them (the package's CommonJS exports are getters).
const { canParse, validate, parse } = lib;
const zep8Inputs = inputs.filter((s) => validate(s, { dialect: "zep8" }).valid);
const ZEP8 = { dialect: "zep8" };
const rows: [string, number, { ns: number; url: number; ratio: number }][] = [
  ["canParse", inputs.length, againstUrl(urlAccepts, inputs, (s) => canParse(s))],
  ["validate", inputs.length, againstUrl(urlAccepts, inputs, (s) => validate(s))],
  [
    "validate (the inputs new URL() accepts)",
    urlAccepts.length,
    againstUrl(urlAccepts, urlAccepts, (s) => validate(s)),
  ],
  [
    "validate, zep8 dialect (the examples valid in ZEP 8)",
    zep8Inputs.length,
    againstUrl(urlAccepts, zep8Inputs, (s) => validate(s, ZEP8)),
  ],
  [
    "validate, then read the tree",
    inputs.length,
    againstUrl(urlAccepts, inputs, (s) => (validate(s) as { pipeline?: unknown }).pipeline),
  ],
  ["parse", inputs.length, againstUrl(urlAccepts, inputs, (s) => parse(s))],
  [
    "invalid input: validate, reading error.message and error.offset",
    invalidInputs.length,
    againstUrl(urlAccepts, invalidInputs, (s) => {
      const r = validate(s);
      return r.valid ? 0 : r.error.message.length + r.error.offset;
    }),
  ],
  [
    "invalid input: validate, reading its hints",
    invalidInputs.length,
    againstUrl(urlAccepts, invalidInputs, (s) => validate(s).hints, 7),
  ],
  [
    "invalid input: url-pipeline/validate (no parser, no hints)",
    invalidInputs.length,
    againstUrl(urlAccepts, invalidInputs, (s) => lean.validate(s)),
  ],
];

console.log(
  `node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? "?"}; ${inputs.length} spec examples, mean length ${(inputs.join("").length / inputs.length).toFixed(1)} characters; ${invalidInputs.length} invalid inputs (test/fixtures/invalid-inputs.json)\n`,
);
console.log(
  `Each row alternates rounds of new URL() on the ${urlAccepts.length} spec examples it accepts with rounds of the function; x new URL() is the median of the rounds' ratios.\n`,
);
console.log(
  "| what | inputs | ns per input | new URL() ns, the same rounds | x new URL() |\n|---|---:|---:|---:|---:|",
);
for (const [what, n, m] of rows)
  console.log(`| ${what} | ${n} | ${m.ns.toFixed(0)} | ${m.url.toFixed(0)} | ${m.ratio.toFixed(2)} |`);

// Inputs other projects test with (test/peers/, each case cited to its file and line): the ones valid in their
// dialect that new URL() also accepts, each function against new URL() on the same inputs.
console.log(
  "\n| the peers' test inputs (test/peers/) | inputs | new URL() ns | validate ns | x new URL() | canParse ns | x new URL() |\n|---|---:|---:|---:|---:|---:|---:|",
);
for (const peer of ["tensorstore", "neuroglancer", "zarr-python"]) {
  const cases = (
    JSON.parse(fs.readFileSync(path.join(root, "test/peers", `${peer}.json`), "utf8")) as {
      cases: { input: string; dialect: string }[];
    }
  ).cases;
  const byDialect = new Map<string, string[]>();
  for (const c of cases) {
    if (!lib.validate(c.input, { dialect: c.dialect }).valid || !URL.canParse(c.input)) continue;
    byDialect.set(c.dialect, [...(byDialect.get(c.dialect) ?? []), c.input]);
  }
  for (const [dialect, list] of byDialect) {
    const options = { dialect };
    const v = againstUrl(list, list, (s) => validate(s, options), 9);
    const c = againstUrl(list, list, (s) => canParse(s, options), 9);
    console.log(
      `| ${peer}, ${dialect} | ${list.length} | ${v.url.toFixed(0)} | ${v.ns.toFixed(0)} | ${v.ratio.toFixed(2)} | ${c.ns.toFixed(0)} | ${c.ratio.toFixed(2)} |`,
    );
  }
}

if (process.argv.includes("--main")) process.exit(0);

const dfa = require(path.join(root, "dist", "dfa", "dialects.js")) as {
  automatonFor(d: string, r: string): Parameters<typeof runShapesBench>[0];
};
const scanner = require(path.join(root, "dist", "dfa", "scan.js")) as { scan: Parameters<typeof runShapesBench>[1] };
runShapesBench(dfa.automatonFor("url-pipeline-v0", "absolute-url-pipeline"), scanner.scan, inputs);
runBundleBench(root);
runCompleteBench(lib, gc);
const zep8Corpus = JSON.parse(fs.readFileSync(path.join(root, "test/fixtures/spec/zep8.json"), "utf8")) as {
  valid: { url: string }[];
};
runKeystrokeBench(
  lib,
  [
    { what: "the url-pipeline v0 spec examples", dialect: "url-pipeline-v0", inputs },
    { what: "the ZEP 8 examples (zep8.json `valid`)", dialect: "zep8", inputs: zep8Corpus.valid.map((e) => e.url) },
  ],
  gc,
);
runCliBench(root);
runScaling(lib, gc).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});

/**
 * npm run test:tensorstore [-- --record]
 *
 * Runs the differential corpus (corpus.ts) through real TensorStore and through portability() (dist/), and
 * compares TensorStore's verdict and canonical URL with the prediction for every input. TensorStore is installed
 * with pip, at the pinned version, into a virtual environment under .cache/tensorstore-venv (kept between runs;
 * TENSORSTORE_VENV names another, PYTHON the interpreter that creates it).
 * When it cannot be installed, the run fails if the environment variable CI is "true", and otherwise says that it
 * skipped and exits 0. `--record` also writes test/fixtures/tensorstore/runs.json, which
 * test/portability/tensorstore.test.ts replays without Python.
 *
 * Exit status: 0 every prediction matches (or skipped outside CI); 1 a mismatch, or TensorStore could not be
 * installed or run in CI.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type * as Pkg from "../../src";
import { corpus, type CorpusPart } from "./corpus";

const ROOT = path.resolve(__dirname, "..", "..", "..", "..");
const pkg = require(path.join(ROOT, "dist", "index.js")) as typeof Pkg;
const VERSION = pkg.TENSORSTORE.version;
const VENV = process.env.TENSORSTORE_VENV ?? path.join(ROOT, ".cache", "tensorstore-venv");
const PY = path.join(VENV, "bin", "python");
const HARNESS = path.join(ROOT, "scripts", "tensorstore", "read_urls.py");
const FIXTURE = path.join(ROOT, "test", "fixtures", "tensorstore", "runs.json");
const COMMAND = "npm run test:tensorstore -- --record";

/** One answer of the harness (scripts/tensorstore/read_urls.py). */
interface Run {
  input: string;
  accepts: boolean;
  canonical?: string | null;
  error?: string;
}

const say = (line: string) => process.stdout.write(`${line}\n`);

function fail(message: string): never {
  process.stderr.write(`test:tensorstore: FAILED: ${message}\n`);
  process.exit(1);
}

/** Cannot run TensorStore: a failure in CI, a clear skip elsewhere. */
function unavailable(message: string): never {
  if (process.env.CI === "true") fail(`${message}; CI=true, so the comparison with TensorStore must run`);
  process.stderr.write(`test:tensorstore: SKIPPED (not compared with TensorStore): ${message}\n`);
  process.exit(0);
}

function installedVersion(): string | null {
  if (!fs.existsSync(PY)) return null;
  const r = spawnSync(PY, ["-c", "from importlib.metadata import version; print(version('tensorstore'))"], {
    encoding: "utf8",
  });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** Seconds spent installing (0 when the virtual environment already had it). */
function install(): number {
  if (installedVersion() === VERSION) return 0;
  const t0 = Date.now();
  process.stderr.write(`test:tensorstore: installing tensorstore==${VERSION} into ${path.relative(ROOT, VENV)}\n`);
  const python = process.env.PYTHON ?? "python3";
  const venv = spawnSync(python, ["-m", "venv", VENV], { stdio: "inherit" });
  if (venv.error || venv.status !== 0)
    unavailable(
      `could not create a virtual environment with "${python} -m venv" (set PYTHON to use another interpreter)`,
    );
  const pip = spawnSync(
    PY,
    ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", `tensorstore==${VERSION}`],
    { stdio: "inherit" },
  );
  if (pip.status !== 0 || installedVersion() !== VERSION)
    unavailable(`pip could not install tensorstore==${VERSION} (its output is above)`);
  return (Date.now() - t0) / 1000;
}

function runTensorStore(inputs: string[]): Run[] {
  const file = path.join(VENV, "corpus.json");
  fs.writeFileSync(file, JSON.stringify(inputs));
  const r = spawnSync(PY, [HARNESS, file], { encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) fail(`the harness failed (exit ${r.status}):\n${r.stderr}`);
  const lines = r.stdout.trim().split("\n");
  const head = JSON.parse(lines[0]!) as { tensorstore: string };
  if (head.tensorstore !== VERSION) fail(`the harness ran tensorstore ${head.tensorstore}, not ${VERSION}`);
  const runs = lines.slice(1).map((l) => JSON.parse(l) as Run);
  if (runs.length !== inputs.length) fail(`the harness answered ${runs.length} of ${inputs.length} inputs`);
  return runs;
}

/** What differs between TensorStore's answer and portability()'s prediction; null when they agree. */
export function mismatch(run: Run, reading: Pkg.PortabilityReading): string | null {
  const accepts = reading.reads !== "refuses";
  const canonical = reading.canonical ?? null;
  if (accepts !== run.accepts) {
    const predicted = accepts ? `accepts as ${JSON.stringify(canonical)}` : `refuses (${reading.detail})`;
    const actual = run.accepts ? `accepts as ${JSON.stringify(run.canonical)}` : `refuses (${run.error})`;
    return `predicted: ${predicted}; TensorStore: ${actual}`;
  }
  if (accepts && canonical !== run.canonical)
    return `predicted canonical ${JSON.stringify(canonical)}; TensorStore: ${JSON.stringify(run.canonical)}`;
  return null;
}

const DIALECTS = ["url-pipeline-v0", "zep8"] as const;
type Tally = Record<string, number>;
const bump = (t: Tally, k: string) => {
  t[k] = (t[k] ?? 0) + 1;
};

function main(): void {
  const record = process.argv.includes("--record");
  const t0 = Date.now();
  const installSeconds = install();
  const t1 = Date.now();
  const parts = corpus();
  const inputs = parts.flatMap((p) => p.inputs);
  const runs = runTensorStore(inputs);
  const bad: string[] = [];
  const byDialect: Record<string, Tally> = {};
  const t2 = Date.now();
  say(`TensorStore ${VERSION} against portability(), ${inputs.length} inputs:`);
  let offset = 0;
  for (const part of parts) {
    const slice = runs.slice(offset, offset + part.inputs.length);
    offset += part.inputs.length;
    let agree = 0;
    for (const run of slice) {
      let ok = true;
      for (const dialect of DIALECTS) {
        const reading = pkg.portability(run.input, { dialect })[0]!;
        const m = mismatch(run, reading);
        if (m !== null) {
          ok = false;
          if (dialect === "zep8") bad.push(`${JSON.stringify(run.input)}: ${m}`);
        }
        const valid = pkg.canParse(run.input, { dialect }) ? "valid" : "invalid";
        bump(
          (byDialect[dialect] ??= {}),
          `${valid}, TensorStore ${run.accepts ? "accepts" : "refuses"}, reads ${reading.reads}`,
        );
      }
      if (ok) agree++;
    }
    const accepted = slice.filter((r) => r.accepts).length;
    say(
      `  ${part.name.padEnd(34)} ${String(slice.length).padStart(5)} inputs, TensorStore accepts ${String(accepted).padStart(5)}, predicted ${String(agree).padStart(5)}`,
    );
  }
  const accepted = runs.filter((r) => r.accepts).length;
  say(
    `  ${"all".padEnd(34)} ${String(runs.length).padStart(5)} inputs, TensorStore accepts ${String(accepted).padStart(5)}, predicted ${String(runs.length - bad.length).padStart(5)}`,
  );
  for (const d of DIALECTS) {
    say(`  grammar ${d}:`);
    for (const [k, n] of Object.entries(byDialect[d]!).sort()) say(`    ${String(n).padStart(5)}  ${k}`);
  }
  if (record) recordFixture(parts, runs);
  const t3 = Date.now();
  say(
    `time: ${((t3 - t0) / 1000).toFixed(1)} s (pip install ${installSeconds.toFixed(1)} s, TensorStore ${((t2 - t1) / 1000).toFixed(1)} s, ` +
      `comparison ${((t3 - t2) / 1000).toFixed(1)} s)`,
  );
  if (bad.length > 0) {
    say(
      `\n${bad.length} mismatches:\n${bad
        .slice(0, 40)
        .map((b) => `  ${b}`)
        .join("\n")}`,
    );
    process.exit(1);
  }
  say(`${runs.length} inputs: portability() predicts TensorStore's verdict and canonical URL for every one`);
}

/** The parts recorded whole; of the rest, the first 250 inputs of each. */
const RECORDED_WHOLE = new Set([
  "url-pipeline-v0 examples",
  "ZEP 8 examples",
  "invalid-inputs fixture",
  "peer cases",
  "probes",
  "character sweep",
]);

/** test/fixtures/tensorstore/runs.json: one case a line, refusals with TensorStore's message cut short. */
function recordFixture(parts: CorpusPart[], runs: Run[]): void {
  const lines: string[] = [];
  let offset = 0;
  for (const part of parts) {
    const slice = runs.slice(offset, offset + part.inputs.length);
    offset += part.inputs.length;
    for (const r of RECORDED_WHOLE.has(part.name) ? slice : slice.slice(0, 250)) {
      const error = (r.error ?? "").replace(/^Parsing spec from url: ".*?": /s, "").slice(0, 100);
      lines.push(JSON.stringify(r.accepts ? [r.input, r.canonical] : [r.input, false, error]));
    }
  }
  const python = spawnSync(PY, ["--version"], { encoding: "utf8" }).stdout.trim();
  const head = {
    about:
      "TensorStore's answers for URL pipelines: each case is [input, canonical URL (null: accepted, no URL form)] " +
      "or [input, false, the start of its refusal]. Asked as tensorstore.KvStore.Spec(url).url, else " +
      "tensorstore.Spec(url).url, by scripts/tensorstore/read_urls.py; replayed by test/portability/tensorstore.test.ts.",
    tensorstore: VERSION,
    python,
    recorded: new Date().toISOString().slice(0, 10),
    command: COMMAND,
  };
  const text = `{\n${Object.entries(head)
    .map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`)
    .join("\n")}\n  "cases": [\n${lines.map((l) => `    ${l}`).join(",\n")}\n  ]\n}\n`;
  fs.writeFileSync(FIXTURE, text);
  say(`recorded ${lines.length} cases in ${path.relative(ROOT, FIXTURE)}`);
}

main();

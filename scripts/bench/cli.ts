/**
 * The command-line section of npm run bench: `url-pipeline check` on 1,000,000 lines of standard input, as a user
 * runs it (`node dist/cli/bin.js check < FILE > /dev/null`, a child process; Node's start-up included): lines per
 * second and the child's peak resident memory. The lines are the v0 spec examples, cycled, with one invalid input
 * (test/fixtures/invalid-inputs.json, cycled) every 1,000 lines, so the answers include errors and hints; then the
 * same with every other line invalid (the error path: a catalogue of URLs to migrate, a log); then the valid
 * pipelines people wrote (test/fixtures/real-strings/strings.json), cycled, one invalid input every 1,000 lines.
 * The spec examples show every feature, and 57 of the 130 carry advice (a hint on a valid input: `file:/p`, v0's
 * version spelling), which costs a check of its fix; of the real strings, 8 of 275 do.
 *
 * Peak memory comes from /usr/bin/time -v when it is there; else from the child itself: a module loaded with
 * --require reports process.resourceUsage().maxRSS at exit. Median of three runs each.
 *
 * Also runnable alone: node .build/scripts/bench/cli.js (after npm run build and npm run build:scripts).
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";

const LINES = 1_000_000;
/** One invalid line in this many: mostly valid input, then half of it invalid. */
const INVALID_EVERY = [1_000, 2];
const RUNS = 3;
const TIME = "/usr/bin/time";

export function runCliBench(root: string): void {
  const { canParse } = require(path.join(root, "dist", "index.js")) as { canParse(s: string): boolean };
  const examples = (
    JSON.parse(fs.readFileSync(path.join(root, "test/fixtures/spec/url-pipeline-v0.json"), "utf8")) as {
      examples: { url: string }[];
    }
  ).examples.map((e) => e.url);
  const invalid = (
    JSON.parse(fs.readFileSync(path.join(root, "test/fixtures/invalid-inputs.json"), "utf8")) as {
      input: string;
      dialect?: string;
      rule?: string;
    }[]
  )
    .filter((c) => !c.dialect && !c.rule && c.input !== "" && !/[\r\n]/.test(c.input))
    .map((c) => c.input);
  for (const every of INVALID_EVERY) benchLines(root, "v0 spec examples", examples, invalid, every);
  const real = (
    JSON.parse(fs.readFileSync(path.join(root, "test/fixtures/real-strings/strings.json"), "utf8")) as {
      cases: { input: string }[];
    }
  ).cases
    .map((c) => c.input)
    .filter((s) => s !== "" && !/[\r\n]/.test(s) && canParse(s));
  benchLines(root, "valid real strings", real, invalid, INVALID_EVERY[0]!);
}

function benchLines(root: string, what: string, examples: string[], invalid: string[], every: number): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "url-pipeline-bench-"));
  try {
    const file = path.join(dir, "lines.txt");
    const lines: string[] = [];
    let invalidCount = 0;
    for (let i = 0; i < LINES; i++) {
      if (i % every === every - 1) lines.push(invalid[invalidCount++ % invalid.length]!);
      else lines.push(examples[i % examples.length]!);
    }
    fs.writeFileSync(file, `${lines.join("\n")}\n`);
    const bytes = fs.statSync(file).size;
    const report = path.join(dir, "report.js");
    fs.writeFileSync(
      report,
      `process.on("exit", () => require("fs").writeSync(2, "maxRSS " + process.resourceUsage().maxRSS + "\\n"));\n`,
    );
    const useTime = fs.existsSync(TIME);
    console.log(
      `\n\`url-pipeline check < FILE > /dev/null\`: ${LINES.toLocaleString("en-US")} lines of ${what} (${(bytes / 1e6).toFixed(1)} MB; ${invalidCount.toLocaleString("en-US")} invalid), median of ${RUNS} runs, Node's start-up included; peak RSS from ${useTime ? "/usr/bin/time -v" : "process.resourceUsage().maxRSS"}\n`,
    );
    console.log("| command | seconds | lines/s | peak RSS (MB) |\n|---|---:|---:|---:|");
    for (const args of [["check"], ["check", "--json"]]) {
      const runs: { seconds: number; rssKb: number }[] = [];
      for (let r = 0; r < RUNS; r++) runs.push(runOnce(root, file, args, useTime, report));
      runs.sort((a, b) => a.seconds - b.seconds);
      const { seconds } = runs[Math.floor(RUNS / 2)]!;
      const rss = Math.max(...runs.map((x) => x.rssKb)) / 1024;
      console.log(
        `| ${args.join(" ")} | ${seconds.toFixed(2)} | ${Math.round(LINES / seconds).toLocaleString("en-US")} | ${rss.toFixed(0)} |`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One run: wall time, and the child's peak RSS in KiB. Fails unless the exit status is 1 (some lines are invalid). */
function runOnce(
  root: string,
  file: string,
  args: string[],
  useTime: boolean,
  report: string,
): { seconds: number; rssKb: number } {
  const bin = path.join(root, "dist/cli/bin.js");
  const command = useTime
    ? [TIME, "-v", process.execPath, bin, ...args]
    : [process.execPath, "--require", report, bin, ...args];
  const input = fs.openSync(file, "r");
  const devNull = fs.openSync("/dev/null", "w");
  try {
    const start = performance.now();
    const child = spawnSync(command[0]!, command.slice(1), { stdio: [input, devNull, "pipe"], encoding: "utf8" });
    const seconds = (performance.now() - start) / 1000;
    if (child.status !== 1)
      throw new Error(`bench: url-pipeline ${args.join(" ")} exited with ${child.status}: ${child.stderr}`);
    const kb = useTime
      ? /Maximum resident set size \(kbytes\): (\d+)/.exec(child.stderr)?.[1]
      : /maxRSS (\d+)/.exec(child.stderr)?.[1];
    if (kb === undefined) throw new Error(`bench: no peak memory in ${JSON.stringify(child.stderr)}`);
    return { seconds, rssKb: Number(kb) };
  } finally {
    fs.closeSync(input);
    fs.closeSync(devNull);
  }
}

if (require.main === module) runCliBench(path.resolve(__dirname, "..", "..", ".."));

/**
 * The completion section of npm run bench (issue #5, item 3): microseconds per complete() call, for the positions
 * an editor asks about on every keystroke. Uses the built package (dist/), like the rest of the bench.
 *
 * - "first call" is the very first complete() of each dialect in this process: it works out the scheme openings
 *   and version forms it needs from the generated parser (src/complete/openings.ts, versions.ts) and keeps them,
 *   so it costs more than the calls after it (the parser itself is already warm from the sections before).
 * - Every other row: a warm-up of WARM_UP_MS, then ROUNDS rounds of at least ROUND_MS each (after a full GC when
 *   gc is given); the median round, with the lowest and highest.
 * Each partial's candidates are checked first (how many, and the first label), so that a change in what
 * complete() answers cannot pass for a change in speed.
 */
import { performance } from "node:perf_hooks";

const WARM_UP_MS = 200;
const ROUND_MS = 100;
const ROUNDS = 9;

interface Candidate { completion: string; label: string; kind: string; detail?: string }
type Complete = (partial: string, options?: { dialect?: string }) => Candidate[];

interface Case {
  what: string;
  partial: string;
  dialect: "url-pipeline-v0" | "zep8";
  /** The first candidate's label and how many there are, as complete() must answer. */
  first: string;
  count: number;
}

/** A 40-character pipeline. */
const FORTY = "s3://bucket/path/to/data.zip|zip:a/b/c/x";

const CASES: Case[] = [
  { what: "empty input (every root scheme)", partial: "", dialect: "url-pipeline-v0", first: "file:///", count: 8 },
  { what: "mid root scheme", partial: "ht", dialect: "url-pipeline-v0", first: "http://", count: 2 },
  { what: "after `|` (every adapter, ranked)", partial: "s3://bucket/a.zip|", dialect: "url-pipeline-v0", first: "avif:", count: 19 },
  { what: "after `|` (every adapter, ranked)", partial: "s3://bucket/a.zip|", dialect: "zep8", first: "avif:", count: 19 },
  { what: "mid adapter scheme", partial: "s3://bucket/dir/|za", dialect: "url-pipeline-v0", first: "zarr:", count: 3 },
  { what: "after `icechunk://`", partial: "file:///repo/|icechunk://", dialect: "url-pipeline-v0", first: "branch.", count: 2 },
  { what: "after `icechunk:@`", partial: "file:///repo/|icechunk:@", dialect: "zep8", first: "branch.", count: 2 },
  { what: "after `ocdbt://`", partial: "file:///db/|ocdbt://", dialect: "url-pipeline-v0", first: "v", count: 2 },
  { what: "a 40-character pipeline", partial: FORTY, dialect: "url-pipeline-v0", first: "|", count: 1 },
  { what: "a 40-character pipeline, then `|`", partial: `${FORTY}|`, dialect: "url-pipeline-v0", first: "avif:", count: 19 },
];

export interface CompleteBenchRow {
  what: string;
  partial: string;
  dialect: string;
  candidates: number;
  /** Median µs per call; min and max over the rounds. */
  us: number;
  min: number;
  max: number;
}

/**
 * Times complete() from `lib` (the built package: `require("dist/index.js")`) and prints a markdown table of µs
 * per call. `gc` (from --expose-gc) is called before each round when given. Returns the rows; throws if `lib`
 * has no complete() or a partial's candidates are not what they should be.
 */
export function runCompleteBench(lib: unknown, gc?: () => void): CompleteBenchRow[] {
  const complete = (lib as { complete?: unknown }).complete;
  if (typeof complete !== "function") throw new Error("runCompleteBench: the library has no complete(): build dist/ with src/complete exported");
  const run = complete as Complete;

  const first: CompleteBenchRow[] = [];
  for (const dialect of ["url-pipeline-v0", "zep8"]) {
    const t0 = performance.now();
    const n = run("", { dialect }).length;
    const us = (performance.now() - t0) * 1000;
    first.push({ what: "first call (works out the openings)", partial: "", dialect, candidates: n, us, min: us, max: us });
  }

  const rows: CompleteBenchRow[] = [];
  for (const c of CASES) {
    const got = run(c.partial, { dialect: c.dialect });
    if (got.length !== c.count || got[0]?.label !== c.first) {
      throw new Error(`runCompleteBench: complete(${JSON.stringify(c.partial)}, ${c.dialect}) gave ${got.length} candidates starting with ${JSON.stringify(got[0]?.label)}, expected ${c.count} starting with ${JSON.stringify(c.first)}`);
    }
    rows.push({ what: c.what, partial: c.partial, dialect: c.dialect, candidates: got.length, ...measure(() => run(c.partial, { dialect: c.dialect }), gc) });
  }

  const all = [...first, ...rows];
  const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
  console.log(`\ncomplete(): µs per call (node ${process.version}; median of ${ROUNDS} rounds, lowest and highest)\n`);
  console.log("| position | partial | dialect | candidates | µs per call | range |\n|---|---|---|---:|---:|---:|");
  for (const r of all) {
    const shown = r.partial.length > 44 ? `${r.partial.slice(0, 41)}...` : r.partial;
    console.log(`| ${r.what} | \`${shown.replace(/\|/g, "\\|")}\` | ${r.dialect} | ${r.candidates} | ${fmt(r.us)} | ${fmt(r.min)}-${fmt(r.max)} |`);
  }
  return all;
}

function measure(fn: () => unknown, gc?: () => void): { us: number; min: number; max: number } {
  for (const start = performance.now(); performance.now() - start < WARM_UP_MS; ) fn();
  const t = performance.now();
  let calls = 0;
  while (performance.now() - t < 20) {
    fn();
    calls++;
  }
  const perRound = Math.max(1, Math.ceil((calls * ROUND_MS) / (performance.now() - t)));
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    gc?.();
    const t0 = performance.now();
    for (let i = 0; i < perRound; i++) fn();
    times.push(((performance.now() - t0) * 1000) / perRound);
  }
  times.sort((a, b) => a - b);
  return { us: times[Math.floor(times.length / 2)]!, min: times[0]!, max: times[times.length - 1]! };
}

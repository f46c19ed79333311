/**
 * The completion section of npm run bench: microseconds per complete() call, for the positions
 * an editor asks about on every keystroke. Uses the built package (dist/), like the rest of the bench.
 *
 * - "first call" is the very first complete() of each dialect in this process: it works out the scheme openings
 *   and version forms it needs from the generated DFA and parser (src/complete/openings.ts, versions.ts) and keeps
 *   them, so it costs more than the calls after it (the parser itself is already warm from the sections before).
 * - Every other row: a warm-up of WARM_UP_MS, then ROUNDS rounds of at least ROUND_MS each (after a full GC when
 *   gc is given); the median round, with the lowest and highest.
 *   Each partial's candidates are checked first (how many, and the first label), so that a change in what
 *   complete() answers cannot pass for a change in speed.
 * - Then per keystroke: complete() on every prefix of every spec example (what an editor asks while each is typed),
 *   the median and the 99th percentile over the prefixes of the µs per call (see {@link runKeystrokeBench}).
 */
import { performance } from "node:perf_hooks";

const WARM_UP_MS = 200;
const ROUND_MS = 100;
const ROUNDS = 9;

interface Candidate {
  completion: string;
  label: string;
  kind: string;
  detail?: string;
}
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
  {
    what: "after `|` (every adapter, ranked)",
    partial: "s3://bucket/a.zip|",
    dialect: "url-pipeline-v0",
    first: "avif:",
    count: 19,
  },
  {
    what: "after `|` (every adapter, ranked)",
    partial: "s3://bucket/a.zip|",
    dialect: "zep8",
    first: "avif:",
    count: 19,
  },
  { what: "mid adapter scheme", partial: "s3://bucket/dir/|za", dialect: "url-pipeline-v0", first: "zarr:", count: 3 },
  {
    what: "after `icechunk://`",
    partial: "file:///repo/|icechunk://",
    dialect: "url-pipeline-v0",
    first: "branch.",
    count: 2,
  },
  { what: "after `icechunk:@`", partial: "file:///repo/|icechunk:@", dialect: "zep8", first: "branch.", count: 2 },
  { what: "after `ocdbt://`", partial: "file:///db/|ocdbt://", dialect: "url-pipeline-v0", first: "v", count: 2 },
  { what: "a 40-character pipeline", partial: FORTY, dialect: "url-pipeline-v0", first: "|", count: 1 },
  {
    what: "a 40-character pipeline, then `|`",
    partial: `${FORTY}|`,
    dialect: "url-pipeline-v0",
    first: "avif:",
    count: 19,
  },
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
  if (typeof complete !== "function")
    throw new Error("runCompleteBench: the library has no complete(): build dist/ with src/complete exported");
  const run = complete as Complete;

  const first: CompleteBenchRow[] = [];
  for (const dialect of ["url-pipeline-v0", "zep8"]) {
    const t0 = performance.now();
    const n = run("", { dialect }).length;
    const us = (performance.now() - t0) * 1000;
    first.push({
      what: "first call (works out the openings)",
      partial: "",
      dialect,
      candidates: n,
      us,
      min: us,
      max: us,
    });
  }

  const rows: CompleteBenchRow[] = [];
  for (const c of CASES) {
    const got = run(c.partial, { dialect: c.dialect });
    if (got.length !== c.count || got[0]?.label !== c.first) {
      throw new Error(
        `runCompleteBench: complete(${JSON.stringify(c.partial)}, ${c.dialect}) gave ${got.length} candidates starting with ${JSON.stringify(got[0]?.label)}, expected ${c.count} starting with ${JSON.stringify(c.first)}`,
      );
    }
    rows.push({
      what: c.what,
      partial: c.partial,
      dialect: c.dialect,
      candidates: got.length,
      ...measure(() => run(c.partial, { dialect: c.dialect }), gc),
    });
  }

  const all = [...first, ...rows];
  const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
  console.log(`\ncomplete(): µs per call (node ${process.version}; median of ${ROUNDS} rounds, lowest and highest)\n`);
  console.log("| position | partial | dialect | candidates | µs per call | range |\n|---|---|---|---:|---:|---:|");
  for (const r of all) {
    const shown = r.partial.length > 44 ? `${r.partial.slice(0, 41)}...` : r.partial;
    console.log(
      `| ${r.what} | \`${shown.replace(/\|/g, "\\|")}\` | ${r.dialect} | ${r.candidates} | ${fmt(r.us)} | ${fmt(r.min)}-${fmt(r.max)} |`,
    );
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

export interface KeystrokeRow {
  what: string;
  dialect: string;
  prefixes: number;
  /** Candidates over all the prefixes: a change in what complete() answers shows here, not as a change in speed. */
  candidates: number;
  /** µs per call over the prefixes: median, 99th percentile, highest. */
  median: number;
  p99: number;
  max: number;
}

/** Calls per timing, so that the clock's own cost and granularity stay small beside a call of a few µs. */
const BATCH = 5;
/** Timings per prefix; its median is the prefix's figure (a GC pause or the other tests on the machine hit one). */
const KEYSTROKE_ROUNDS = 5;

/**
 * complete() on every prefix of each input in `inputs` (empty string included, duplicates counted once), in the
 * dialect: each prefix timed KEYSTROKE_ROUNDS times over BATCH calls after a warm-up pass over all of them, its
 * median kept; then the median, 99th percentile and highest of those over the prefixes, as a markdown table.
 * Every prefix is asked in order, as typing does, but each call stands alone (complete() keeps nothing of an input
 * between calls).
 */
export function runKeystrokeBench(
  lib: unknown,
  sets: { what: string; dialect: string; inputs: string[] }[],
  gc?: () => void,
): KeystrokeRow[] {
  const run = (lib as { complete: Complete }).complete;
  const rows: KeystrokeRow[] = [];
  for (const set of sets) {
    const prefixes = [
      ...new Set(set.inputs.flatMap((u) => Array.from({ length: u.length + 1 }, (_, k) => u.slice(0, k)))),
    ];
    const options = { dialect: set.dialect };
    let candidates = 0;
    for (const p of prefixes) candidates += run(p, options).length; // also the warm-up
    const times = prefixes.map(() => [] as number[]);
    for (let r = 0; r < KEYSTROKE_ROUNDS; r++) {
      gc?.();
      for (let i = 0; i < prefixes.length; i++) {
        const p = prefixes[i]!;
        const t0 = performance.now();
        for (let b = 0; b < BATCH; b++) run(p, options);
        times[i]!.push(((performance.now() - t0) * 1000) / BATCH);
      }
    }
    const perPrefix = times.map((t) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]!).sort((a, b) => a - b);
    const at = (q: number) => perPrefix[Math.min(perPrefix.length - 1, Math.floor(q * perPrefix.length))]!;
    rows.push({
      what: set.what,
      dialect: set.dialect,
      prefixes: prefixes.length,
      candidates,
      median: at(0.5),
      p99: at(0.99),
      max: perPrefix[perPrefix.length - 1]!,
    });
  }
  const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
  console.log(
    `\ncomplete() per keystroke: every prefix of every example (median of ${KEYSTROKE_ROUNDS} timings of ${BATCH} calls each)\n`,
  );
  console.log(
    "| prefixes of | dialect | prefixes | candidates | median µs per call | p99 µs per call | highest |\n|---|---|---:|---:|---:|---:|---:|",
  );
  for (const r of rows)
    console.log(
      `| ${r.what} | ${r.dialect} | ${r.prefixes} | ${r.candidates} | ${fmt(r.median)} | ${fmt(r.p99)} | ${fmt(r.max)} |`,
    );
  return rows;
}

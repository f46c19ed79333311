/**
 * The scaling section of npm run bench: time per character of validate() (the DFA engine) and parse() (the
 * parser) for inputs growing 1000x (four sizes, 10x apart, from about 1,000 to about 1,000,000 characters), in four families:
 * a long path, a many-stage pipeline, a long query, and a long invalid input the parser scans to its end.
 *
 * How it measures, so that the figures mean something on a small, shared machine:
 * - every input is checked first (valid or not, as intended; the error offset of the invalid ones), and the
 *   bench fails if one is not what it should be;
 * - warm-up: the sizes of a family are called in turn for at least WARM_UP_MS, so the parser is compiled and
 *   optimised before anything is timed (without it the first size measured pays for the JIT, which inflates
 *   the small sizes' ns per character);
 * - each measurement repeats one input for at least ROUND_MS; ROUNDS rounds, the order of the sizes reversed
 *   every other round, a full GC (gc()) before each measurement so no size pays for another's garbage; the
 *   median round is reported, with the lowest and highest;
 * - GC pauses inside each measurement are summed from perf_hooks "gc" entries and reported beside the total:
 *   the parser allocates about 120 bytes per character, and how much of it outlives the young generation
 *   grows with the input, so the GC share is what makes ns per character rise with size.
 */
import { PerformanceObserver, performance, type PerformanceEntry } from "node:perf_hooks";

const WARM_UP_MS = 600;
const ROUND_MS = 120;
const ROUNDS = 9;
/** No limits: the inputs here are far beyond the defaults (65,536 characters, 1024 sub-URLs). */
const OPTIONS = { maxLength: Infinity, maxSubUrls: Infinity };

interface Component {
  raw: string;
}
type Result =
  | { valid: true; pipeline: { subUrls: { scheme: string; path?: Component; query?: Component | null }[] } }
  | { valid: false; error: { kind?: string; offset: number; message: string } };

export interface Lib {
  validate(input: string, options: typeof OPTIONS): Result;
  parse(input: string, options: typeof OPTIONS): unknown;
}

interface Case {
  /** What grows: "10,000-character path", "1,000 stages", ... */
  label: string;
  input: string;
  /** Why the result is not the one intended, or null. */
  check(r: Result): string | null;
}

interface Family {
  title: string;
  shape: string;
  cases: Case[];
}

const fmt = (n: number) => n.toLocaleString("en-US");

function validPipeline(subUrls: number, more?: (r: Extract<Result, { valid: true }>) => string | null) {
  return (r: Result): string | null => {
    if (!r.valid) return `rejected at offset ${r.error.offset}: ${r.error.message}`;
    if (r.pipeline.subUrls.length !== subUrls) return `${r.pipeline.subUrls.length} sub-URLs, expected ${subUrls}`;
    return more ? more(r) : null;
  };
}

function families(): Family[] {
  const chars = [1_000, 10_000, 100_000, 1_000_000];
  const longPath = (n: number) => "abc/".repeat(n / 4);

  const path: Family = {
    title: "long path",
    shape: "`s3://bucket/` + `abc/` repeated + `|zarr3:`",
    cases: chars.map((n) => ({
      label: `${fmt(n)}-character path`,
      input: `s3://bucket/${longPath(n)}|zarr3:`,
      check: validPipeline(2, (r) => {
        const got = r.pipeline.subUrls[0]?.path?.raw.length;
        return got === n + 1 ? null : `the s3 path has ${got} characters, expected ${n + 1}`;
      }),
    })),
  };

  // A stage is 100 characters, so 10,000 stages are about 1,000,000 characters like the other families.
  const stage = `|zip:${"level/".repeat(15)}a.zip`;
  const stages: Family = {
    title: "many stages",
    shape: `\`file:///a.zip\` + \`${stage.slice(0, 17)}...a.zip\` (${stage.length} characters) repeated + \`|zarr3:\``,
    cases: [10, 100, 1_000, 10_000].map((k) => ({
      label: `${fmt(k)} stages`,
      input: `file:///a.zip${stage.repeat(k - 2)}|zarr3:`,
      check: validPipeline(k, (r) => {
        const bad = r.pipeline.subUrls.findIndex(
          (s, i) => s.scheme !== (i === 0 ? "file" : i === k - 1 ? "zarr3" : "zip"),
        );
        return bad < 0 ? null : `sub-URL ${bad} is ${r.pipeline.subUrls[bad]!.scheme}`;
      }),
    })),
  };

  const query: Family = {
    title: "long query",
    shape: "`https://example.com/p?` + `k=v&` repeated",
    cases: chars.map((n) => ({
      label: `${fmt(n)}-character query`,
      input: `https://example.com/p?${"k=v&".repeat(n / 4)}`,
      check: validPipeline(1, (r) => {
        const got = r.pipeline.subUrls[0]?.query?.raw.length;
        return got === n ? null : `the query has ${got} characters, expected ${n}`;
      }),
    })),
  };

  // The space is not allowed in a path: the parser reads the whole path, then fails at the space.
  const invalid: Family = {
    title: "long invalid input",
    shape: "the long path with a space before its last 7 characters: `s3://bucket/abc/.../abc/ |zarr3:`",
    cases: chars.map((n) => {
      const at = "s3://bucket/".length + n;
      return {
        label: `${fmt(n)}-character path, space at ${fmt(at)}`,
        input: `s3://bucket/${longPath(n)} |zarr3:`,
        check: (r: Result): string | null => {
          if (r.valid) return "accepted";
          if (r.error.kind !== undefined && r.error.kind !== "syntax")
            return `a "${r.error.kind}" error: ${r.error.message}`;
          return r.error.offset === at ? null : `error at offset ${r.error.offset}, expected ${at}: ${r.error.message}`;
        },
      };
    }),
  };

  return [path, stages, query, invalid];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

function formatTime(ms: number): string {
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 1) return `${ms.toFixed(2)} ms`;
  return `${(ms * 1000).toFixed(0)} µs`;
}

interface Window {
  k: number;
  t0: number;
  t1: number;
  reps: number;
}

interface SizeFigures {
  chars: number;
  msPerCall: number;
  nsPerChar: number;
  gcNsPerChar: number;
  nsPerCharExGc: number;
  lo: number;
  hi: number;
}

/** Times fn on each input as the header says; GC pause times are read once the observer has delivered them. */
async function measure(
  fn: (s: string) => unknown,
  inputs: string[],
  gcEntries: PerformanceEntry[],
  gc: () => void,
): Promise<SizeFigures[]> {
  // Warm up, sizes in turn; the fastest call of each size sets its repetitions per round.
  const fastest = inputs.map(() => Infinity);
  const start = performance.now();
  for (let calls = 0; calls < 3 || performance.now() - start < WARM_UP_MS; calls++) {
    inputs.forEach((s, k) => {
      const t = performance.now();
      fn(s);
      fastest[k] = Math.min(fastest[k]!, performance.now() - t);
    });
  }
  const reps = fastest.map((ms) => Math.max(1, Math.ceil(ROUND_MS / ms)));

  const windows: Window[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const order = inputs.map((_, k) => k);
    if (r % 2 === 1) order.reverse();
    for (const k of order) {
      const s = inputs[k]!;
      const n = reps[k]!;
      gc();
      const t0 = performance.now();
      for (let i = 0; i < n; i++) fn(s);
      windows.push({ k, t0, t1: performance.now(), reps: n });
    }
  }
  // GC entries are queued to the event loop: let them arrive.
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));

  return inputs.map((s, k) => {
    const mine = windows.filter((w) => w.k === k);
    const total = mine.map((w) => ((w.t1 - w.t0) * 1e6) / w.reps / s.length);
    const inGc = mine.map((w) => {
      const ms = gcEntries
        .filter((e) => e.startTime >= w.t0 && e.startTime < w.t1)
        .reduce((sum, e) => sum + e.duration, 0);
      return (ms * 1e6) / w.reps / s.length;
    });
    const exGc = total.map((t, i) => t - inGc[i]!);
    const ns = median(total);
    return {
      chars: s.length,
      msPerCall: (ns * s.length) / 1e6,
      nsPerChar: ns,
      gcNsPerChar: median(inGc),
      nsPerCharExGc: median(exGc),
      lo: Math.min(...total),
      hi: Math.max(...total),
    };
  });
}

export async function runScaling(lib: Lib, gc: () => void): Promise<void> {
  const all = families();
  // Fail loudly, before timing anything, if an input is not what its family says it is.
  const wrong: string[] = [];
  for (const f of all) {
    for (const c of f.cases) {
      const why = c.check(lib.validate(c.input, OPTIONS));
      if (why) wrong.push(`${f.title}, ${c.label}: ${why}`);
    }
  }
  if (wrong.length > 0) throw new Error(`bench inputs are not as intended:\n  ${wrong.join("\n  ")}`);

  const gcEntries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => gcEntries.push(...list.getEntries()));
  observer.observe({ entryTypes: ["gc"] });

  const engines: [string, (s: string) => unknown][] = [
    ["validate() (the DFA engine answers a valid input; the parser an invalid one)", (s) => lib.validate(s, OPTIONS)],
    ["parse() (the parser builds the tree)", (s) => lib.parse(s, OPTIONS)],
  ];
  const summary: [string, string, number, number][] = [];
  for (const [engine, fn] of engines) {
    console.log(`\n## Linear time: ${engine}, on inputs growing 1000x\n`);
    console.log(
      `Options { maxLength: Infinity, maxSubUrls: Infinity }. Per size: the median of ${ROUNDS} rounds of at least ${ROUND_MS} ms ` +
        `each (after ${WARM_UP_MS} ms of warm-up, and a full GC before each round); "GC" is the part of the time spent in ` +
        `GC pauses.`,
    );
    for (const f of all) {
      const fig = await measure(
        (s) => {
          try {
            return fn(s);
          } catch (e) {
            return e;
          }
        },
        f.cases.map((c) => c.input),
        gcEntries,
        gc,
      );
      console.log(`\n### ${f.title}: ${f.shape}\n`);
      console.log(
        "| input | characters | time per call | ns per character | of which GC | without GC | ns per character, lowest–highest round |",
      );
      console.log("|---|---:|---:|---:|---:|---:|---:|");
      f.cases.forEach((c, k) => {
        const x = fig[k]!;
        console.log(
          `| ${c.label} | ${fmt(x.chars)} | ${formatTime(x.msPerCall)} | ${x.nsPerChar.toFixed(0)} | ${x.gcNsPerChar.toFixed(0)} | ` +
            `${x.nsPerCharExGc.toFixed(0)} | ${x.lo.toFixed(0)}–${x.hi.toFixed(0)} |`,
        );
      });
      const first = fig[0]!;
      const last = fig[fig.length - 1]!;
      const ratio = last.nsPerChar / first.nsPerChar;
      const ratioExGc = last.nsPerCharExGc / first.nsPerCharExGc;
      summary.push([engine.split(" ")[0]!, f.title, ratio, ratioExGc]);
      console.log(
        `\nns per character, ${fmt(last.chars)} characters over ${fmt(first.chars)}: ${ratio.toFixed(2)} ` +
          `(without GC pauses: ${ratioExGc.toFixed(2)})`,
      );
    }
  }
  observer.disconnect();

  console.log("\n### Flatness: ns per character of the largest size over the smallest (1.00 is flat)\n");
  console.log("| function | family | ratio | without GC pauses |\n|---|---|---:|---:|");
  for (const [engine, title, ratio, ratioExGc] of summary)
    console.log(`| ${engine} | ${title} | ${ratio.toFixed(2)} | ${ratioExGc.toFixed(2)} |`);
}

/**
 * What a program that validates in bursts keeps (the built package, dist/): V8 holds the hidden classes of a class's
 * instances weakly, and when none is alive at a full garbage collection it throws away the optimized code that
 * embedded them. validate() keeps its first valid and its first refused result (src/parse.ts `firstValid`,
 * src/validation.ts `firstRefused`), and the hints their first session and context (src/hints/index.ts), so that
 * optimized code outlives a collection after the results are dropped. Asked of V8 itself, in a child process:
 * `%GetOptimizationStatus` with `--allow-natives-syntax`.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";

const DIST = path.resolve(__dirname, "..", "dist");

/**
 * Whether `watched` (by default `run`, which validates `inputs`, reads each result, its hints with `hints`, and drops
 * it) is optimized before and after four full GCs. `watched`: an expression for a function of dist/ (`dist` is its
 * path) that `run` calls.
 */
function optimizedAcrossGc(inputs: string[], hints = false, watched = "run"): { before: boolean; after: boolean } {
  const script = `
    const dist = ${JSON.stringify(DIST)};
    const { validate } = require(dist + "/index.js");
    const inputs = ${JSON.stringify(inputs)};
    function run() {
      let n = 0;
      for (const s of inputs) {
        const r = validate(s);
        n += r.valid ? 1 : r.error.offset;
        if (${hints}) n += r.hints.length;
      }
      return n;
    }
    const watched = ${watched};
    // V8's status bits: 16, optimized. Run until V8 has optimized the function (it compiles on another thread).
    const optimized = () => (%GetOptimizationStatus(watched) & 16) !== 0;
    for (let i = 0; i < 200000 && !optimized(); i++) run();
    const before = optimized();
    for (let i = 0; i < 4; i++) gc();
    const after = (%GetOptimizationStatus(watched) & 16) !== 0;
    console.log(JSON.stringify({ before, after }));`;
  const out = execFileSync(process.execPath, ["--allow-natives-syntax", "--expose-gc", "-e", script], {
    encoding: "utf8",
  });
  return JSON.parse(out) as { before: boolean; after: boolean };
}

const KEPT = { before: true, after: true };

test("a caller's optimized code outlives full collections after dropping valid results", () => {
  expect(optimizedAcrossGc(["s3://bucket/a.zip|zip:x/|zarr3:", "gs://b/x|zarr3:", "file:///tmp/a.zarr/"])).toEqual(
    KEPT,
  );
});

test("a caller's optimized code outlives full collections after dropping refused results", () => {
  expect(optimizedAcrossGc(["htps:/x y", "s3://bucket/a b", "gs://b/x|zarr3:|zarr3:"])).toEqual(KEPT);
});

test("a hint kind's optimized code outlives full collections after dropping refused results and their hints", () => {
  const refused = ["htps:/x y", "s3://bucket/a.zip|zipp:x", "gs://bucket/a.zip | zip:"];
  expect(
    optimizedAcrossGc(refused, true, 'require(dist + "/hints/scheme-spelling.js").schemeSpelling.onInvalid'),
  ).toEqual(KEPT);
});

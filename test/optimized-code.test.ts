/**
 * What a program that validates in bursts keeps (the built package, dist/): V8 holds the hidden classes of a class's
 * instances weakly, and when none is alive at a full garbage collection it throws away the optimized code that
 * embedded them. validate() keeps its first valid and its first refused result (src/parse.ts `firstValid`,
 * src/validation.ts `firstRefused`), so that a caller's optimized code outlives a collection after the results are
 * dropped. Asked of V8 itself, in a child process: `%GetOptimizationStatus` with `--allow-natives-syntax`.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";

const DIST = path.resolve(__dirname, "..", "dist", "index.js");

/** Whether `run`, which validates `inputs` and drops the results, is optimized before and after four full GCs. */
function optimizedAcrossGc(inputs: string[]): { before: boolean; after: boolean } {
  const script = `
    const { validate } = require(${JSON.stringify(DIST)});
    const inputs = ${JSON.stringify(inputs)};
    function run() {
      let n = 0;
      for (const s of inputs) { const r = validate(s); n += r.valid ? 1 : r.error.offset; }
      return n;
    }
    %PrepareFunctionForOptimization(run);
    run(); run();
    %OptimizeFunctionOnNextCall(run);
    run();
    // V8's status bits: 16, optimized.
    const before = (%GetOptimizationStatus(run) & 16) !== 0;
    for (let i = 0; i < 4; i++) gc();
    const after = (%GetOptimizationStatus(run) & 16) !== 0;
    console.log(JSON.stringify({ before, after }));`;
  const out = execFileSync(process.execPath, ["--allow-natives-syntax", "--expose-gc", "-e", script], {
    encoding: "utf8",
  });
  return JSON.parse(out) as { before: boolean; after: boolean };
}

test("a caller's optimized code outlives full collections after dropping valid results", () => {
  expect(optimizedAcrossGc(["s3://bucket/a.zip|zip:x/|zarr3:", "gs://b/x|zarr3:", "file:///tmp/a.zarr/"])).toEqual({
    before: true,
    after: true,
  });
});

test("a caller's optimized code outlives full collections after dropping refused results", () => {
  expect(optimizedAcrossGc(["htps:/x y", "s3://bucket/a b", "gs://b/x|zarr3:|zarr3:"])).toEqual({
    before: true,
    after: true,
  });
});

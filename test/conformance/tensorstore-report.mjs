#!/usr/bin/env node
/**
 * node test/conformance/tensorstore-report.mjs: runs both conformance suites (generated/conformance/) against
 * TensorStore, through test/conformance/adapters/tensorstore_adapter.py and the harness of the built package
 * (dist/cli/conform-run.js), and writes docs/conformance-tensorstore.md: the figures, and every difference grouped
 * by its cause.
 *
 * TensorStore runs from the virtual environment `npm run test:tensorstore` installs (.cache/tensorstore-venv, or
 * TENSORSTORE_VENV), at the version src/portability pins. Without it: a failure when CI is "true", else a skip
 * (exit 0), as test/tensorstore/live.ts does (decision D54). Exit 0 when the report is written: differences are what
 * it reports, not a failure.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";
import { groupDifferences, renderReport } from "./adapters/tensorstore-causes.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(import.meta.url);
// The build whose harness runs (dist/ by default; URL_PIPELINE_DIST names another, as a build in a temporary folder).
const DIST = process.env.URL_PIPELINE_DIST ?? path.join(ROOT, "dist");
const { runCases } = require(path.join(DIST, "cli", "conform-run.js"));
const { TENSORSTORE } = require(path.join(DIST, "index.js"));
const VENV = process.env.TENSORSTORE_VENV ?? path.join(ROOT, ".cache", "tensorstore-venv");
const PYTHON = path.join(VENV, "bin", "python");
const ADAPTER = path.join(ROOT, "test", "conformance", "adapters", "tensorstore_adapter.py");
const REPORT = path.join(ROOT, "docs", "conformance-tensorstore.md");
const DIALECTS = ["url-pipeline-v0", "zep8"];

function unavailable(message) {
  if (process.env.CI === "true") {
    process.stderr.write(`tensorstore-report: FAILED: ${message}; CI=true, so the report must be made\n`);
    process.exit(1);
  }
  process.stderr.write(`tensorstore-report: SKIPPED: ${message} (npm run test:tensorstore installs it)\n`);
  process.exit(0);
}

async function main() {
  if (!fs.existsSync(PYTHON)) unavailable(`no Python at ${path.relative(ROOT, PYTHON)}`);
  const installed = spawnSync(PYTHON, ["-c", "from importlib.metadata import version; print(version('tensorstore'))"], {
    encoding: "utf8",
  });
  if (installed.status !== 0 || installed.stdout.trim() !== TENSORSTORE.version)
    unavailable(`${path.relative(ROOT, VENV)} has no tensorstore==${TENSORSTORE.version}`);
  const t0 = Date.now();
  const suites = DIALECTS.map((d) =>
    JSON.parse(fs.readFileSync(path.join(ROOT, "generated", "conformance", `${d}.json`), "utf8")),
  );
  const citations = new Map(suites.flatMap((s) => Object.entries(s.citations)));
  const cases = suites.flatMap((s) => s.cases);
  let stderr = "";
  const outcomes = await runCases(cases, PYTHON, [ADAPTER], { stderr: (line) => (stderr += `${line}\n`) });
  if (stderr !== "") process.stderr.write(stderr);
  const groups = groupDifferences(outcomes, citations);
  fs.writeFileSync(REPORT, renderReport({ version: TENSORSTORE.version, outcomes, groups, citations }));
  const differ = outcomes.filter((o) => o.verdict === "differs").length;
  process.stdout.write(
    `tensorstore-report: ${outcomes.length} cases, ${differ} differ, ${groups.length} causes: wrote ${path.relative(ROOT, REPORT)} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`,
  );
}

main().catch((e) => {
  process.stderr.write(`tensorstore-report: FAILED: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});

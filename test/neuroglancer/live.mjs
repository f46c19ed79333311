#!/usr/bin/env node
/**
 * npm run test:neuroglancer [-- --record] [-- --full FILE]
 *
 * Runs a corpus through the real Neuroglancer code (scripts/neuroglancer/read_urls.mjs: npm neuroglancer@2.41.2,
 * installed by scripts/neuroglancer/install.mjs into .cache/neuroglancer) and through the built package (dist/:
 * readNeuroglancer() and portability()), and compares Neuroglancer's verdict (with the stage of a refusal), kvstore
 * canonical URL, data-source format and directory, and its reading of each ocdbt:/icechunk: component, with the
 * prediction for every input. A mismatch fails the run unless test/fixtures/neuroglancer/known-misses.json lists
 * it; a listed miss the model now predicts fails it too. It also compares Neuroglancer's answers with the recorded
 * test/fixtures/neuroglancer/runs.json (which test/portability/neuroglancer.test.ts replays without Neuroglancer):
 * an answer that changed fails; `--record` rewrites that file instead. `--full FILE` keeps the harness's whole
 * output (one JSON line an input, every stage) in FILE.
 *
 * The corpus: the fixed parts of the TensorStore corpus (test/tensorstore/corpus.ts: the specs' examples, the
 * invalid inputs, the peer cases, TensorStore's probes, the character sweep), its mutated examples, and
 * Neuroglancer's own probes (test/fixtures/neuroglancer/probes.txt); deduplicated, each input in the first part
 * that has it. corpus.ts is TypeScript: esbuild (a devDependency) bundles it into .cache/neuroglancer/corpus.cjs.
 *
 * When Neuroglancer cannot be installed, the run fails if the environment variable CI is "true", and otherwise says
 * that it skipped and exits 0. Exit status: 0 every prediction matches (or skipped outside CI); 1 a mismatch, a
 * changed answer, or Neuroglancer could not be installed or run in CI.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const CACHE = process.env.NEUROGLANCER_CACHE ?? path.join(ROOT, ".cache", "neuroglancer");
const FIXTURES = path.join(ROOT, "test", "fixtures", "neuroglancer");
const FIXTURE = path.join(FIXTURES, "runs.json");
const PROBES = path.join(FIXTURES, "probes.txt");
const KNOWN_MISSES = path.join(FIXTURES, "known-misses.json");
const HARNESS = path.join(ROOT, "scripts", "neuroglancer", "read_urls.mjs");
const INSTALL = path.join(ROOT, "scripts", "neuroglancer", "install.mjs");
const COMMAND = "npm run test:neuroglancer -- --record";
const record = process.argv.includes("--record");
const fullAt = process.argv.indexOf("--full");
const fullFile = fullAt > 0 ? process.argv[fullAt + 1] : undefined;
const require = createRequire(import.meta.url);

const say = (line) => process.stdout.write(`${line}\n`);
function fail(message) {
  process.stderr.write(`test:neuroglancer: FAILED: ${message}\n`);
  process.exit(1);
}

/** Cannot run Neuroglancer: a failure in CI, a clear skip elsewhere. */
function unavailable(message) {
  if (process.env.CI === "true") fail(`${message}; CI=true, so the comparison with Neuroglancer must run`);
  process.stderr.write(`test:neuroglancer: SKIPPED (not compared with Neuroglancer): ${message}\n`);
  process.exit(0);
}

/** The built package: the model and portability(), as a user of dist/ gets them. */
function built() {
  const dist = path.join(ROOT, "dist");
  if (!fs.existsSync(path.join(dist, "portability", "neuroglancer.js")))
    fail("dist/ has no portability/neuroglancer.js: run npm run build (npm run test:neuroglancer does)");
  return {
    model: require(path.join(dist, "portability", "neuroglancer.js")),
    pkg: require(path.join(dist, "index.js")),
  };
}

function install() {
  const r = spawnSync(process.execPath, [INSTALL], { stdio: "inherit" });
  if (r.error || r.status !== 0)
    unavailable("Neuroglancer could not be installed (scripts/neuroglancer/install.mjs; its output is above)");
}

function corpusParts() {
  fs.mkdirSync(CACHE, { recursive: true });
  const bundle = path.join(CACHE, "corpus.cjs");
  const esbuild = path.join(ROOT, "node_modules", ".bin", "esbuild");
  const r = spawnSync(
    esbuild,
    [
      path.join(ROOT, "test", "tensorstore", "corpus.ts"),
      "--bundle",
      "--platform=node",
      "--format=cjs",
      `--outfile=${bundle}`,
      "--log-level=warning",
    ],
    { encoding: "utf8" },
  );
  if (r.status !== 0) fail(`esbuild could not bundle test/tensorstore/corpus.ts:\n${r.stderr}`);
  const corpus = require(bundle);
  const probes = fs
    .readFileSync(PROBES, "utf8")
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("# "));
  // corpus(0): the fixed parts and the mutated examples, without the grammar-derived parts (0 of each).
  const parts = corpus.corpus(0).filter((p) => p.inputs.length > 0);
  parts.push({ name: "neuroglancer probes", inputs: probes });
  const seen = new Set();
  return parts.map((p) => ({
    name: p.name,
    inputs: p.inputs.filter((s) => {
      if (seen.has(s)) return false;
      seen.add(s);
      return true;
    }),
  }));
}

function runHarness(inputs) {
  const file = path.join(CACHE, "corpus-inputs.json");
  fs.writeFileSync(file, JSON.stringify(inputs));
  const r = spawnSync(process.execPath, [HARNESS, file], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0) fail(`the harness failed (exit ${r.status}):\n${r.stderr}`);
  if (fullFile) fs.writeFileSync(fullFile, r.stdout);
  const lines = r.stdout.split("\n").filter((l) => l !== "");
  const head = JSON.parse(lines[0]);
  const runs = lines.slice(1).map((l) => JSON.parse(l));
  if (runs.length !== inputs.length) fail(`the harness answered ${runs.length} of ${inputs.length} inputs`);
  runs.forEach((run, i) => {
    if (run.input !== inputs[i])
      fail(`answer ${i} is for ${JSON.stringify(run.input)}, not ${JSON.stringify(inputs[i])}`);
  });
  return { version: head.neuroglancer, runs };
}

/**
 * One case, compact: [input, true, kvstore canonical URL | null, format, data-source directory URL | null] or
 * [input, false, stage, error, kvstore error (where the kvstore stage refused with another message)].
 */
function compact(run) {
  if (run.accepts) {
    const ds = run.datasource;
    const dir = ds.format === "auto-detect" ? null : (ds.kvStoreUrls?.[0] ?? null);
    return [run.input, true, run.kvstore?.canonical ?? null, ds.format, dir];
  }
  const c = [run.input, false, run.stage, run.error];
  if (run.kvstore && !run.kvstore.accepts && run.kvstore.error !== run.error) c.push(run.kvstore.error);
  return c;
}

/**
 * The ocdbt:/icechunk: components of an input, each read by parseOcdbtUrl/parseIcechunkUrl on its own (so also
 * where the root is refused): [index, scheme, true, version or ref (null: none), path] or [index, scheme, false, error].
 */
function versionCases(runs) {
  return runs
    .filter((r) => (r.versions ?? []).length > 0)
    .map((r) => [
      r.input,
      r.versions.map((v) =>
        v.accepts
          ? [v.index, v.scheme, true, v.scheme === "ocdbt" ? v.version : v.ref, v.path]
          : [v.index, v.scheme, false, v.error],
      ),
    ]);
}

// ---------------------------------------------------------------------------------------------------------------
// The prediction, in the harness's terms (test/portability/neuroglancer.test.ts compares the same way).

/** What the harness records, as readNeuroglancer() predicts it. */
function predicted(model, input) {
  const p = model.readNeuroglancer(input);
  if (p.accepts === true) return [input, true, p.canonical, p.format, p.directory];
  if (p.accepts === false) return [input, false, p.stage];
  return [input, "unknown", p.reason];
}

/** The URL portability() should give for a recorded case: the kvstore's, then the data-source component. */
function expectedUrl(c) {
  if (!c[1] || c[2] === null) return undefined;
  if (c[3] === "auto-detect") return c[2];
  const layer = c[0].trim().replace(/\|+$/, "");
  return `${c[2]}|${layer.slice(layer.lastIndexOf("|") + 1)}`;
}

/** What differs between Neuroglancer's answer and the prediction (model and portability()); null when they agree. */
function mismatch({ model, pkg }, c) {
  const want = c[1] ? c.slice(0, 5) : c.slice(0, 3);
  const got = predicted(model, c[0]);
  if (JSON.stringify(got) !== JSON.stringify(want))
    return `readNeuroglancer: ${JSON.stringify(got.slice(1))}; Neuroglancer: ${JSON.stringify(c.slice(1))}`;
  const r = pkg.portability(c[0], { dialect: "zep8" })[1];
  const reading = [r.reads === "refuses", r.canonical];
  const answer = [!c[1], expectedUrl(c)];
  if (JSON.stringify(reading) !== JSON.stringify(answer))
    return `portability(): ${JSON.stringify(reading)}; Neuroglancer: ${JSON.stringify(answer)}`;
  return null;
}

/** An ocdbt: or icechunk: component parsed on its own, as versionCases() records it: [true, version, path] or [false]. */
function parsedAlone(model, component) {
  const url = model.parsePipelineUrlComponent(component);
  const base = { store: { getUrl: (p) => `BASE/${p}` }, path: "" }; // the harness's stand-in base
  try {
    if (url.scheme === "ocdbt") {
      const r = model.parseOcdbtUrl(url, base);
      return [true, r.version === undefined ? null : model.formatVersion(r.version), r.path];
    }
    const r = model.parseIcechunkUrl(url, base);
    return [true, r.version === undefined ? null : { [r.version.kind]: r.version.name }, r.path];
  } catch {
    return [false];
  }
}

/** Each ocdbt:/icechunk: component, as the model parses it alone, against Neuroglancer's parse. */
function versionMismatches({ model }, versions) {
  const bad = [];
  for (const [input, vs] of versions) {
    const components = input.trim().replace(/\|+$/, "").split("|");
    for (const v of vs) {
      const got = parsedAlone(model, components[v[0]]);
      const want = v[2] ? v.slice(2) : [false];
      if (JSON.stringify(got) !== JSON.stringify(want))
        bad.push(
          `${JSON.stringify(components[v[0]])}: predicted ${JSON.stringify(got)}; Neuroglancer ${JSON.stringify(want)}`,
        );
    }
  }
  return bad;
}

// ---------------------------------------------------------------------------------------------------------------

function writeFixture(version, answered, runs) {
  const summary = answered.map((p) => {
    const stages = {};
    let accepted = 0;
    for (const c of p.cases) {
      if (c[1]) accepted++;
      else stages[c[2]] = (stages[c[2]] ?? 0) + 1;
    }
    return { name: p.name, inputs: p.cases.length, accepted, refused: p.cases.length - accepted, stages };
  });
  const fixture = {
    about:
      "Neuroglancer's answers for URL pipelines, from its real code (npm neuroglancer, compiled lib/) run in Node by scripts/neuroglancer/read_urls.mjs. A case is [input, true, kvstore canonical URL (store.getUrl of KvStoreContext.getKvStore) or null (a legacy scheme:// data source), data-source format (zarr3, n5, ..., 'SCHEME://' legacy, 'auto-detect' none named), the directory URL that format reads (null for auto-detect)] or [input, false, stage ('split', 'kvstore-base', 'kvstore-adapter', 'datasource'), the error Neuroglancer shows for the layer source, the kvstore stage's error where it differs]. Accepted: DataSourceRegistry.get() got past parsing and read storage (with no network). `versions`: per input with ocdbt:/icechunk: components, each one read by parseOcdbtUrl/parseIcechunkUrl on its own (also where the root is refused): [index, scheme, true, version (ocdbt, as formatVersion writes it) or ref spec (icechunk, as an object) or null, decoded path] or [index, scheme, false, error]. Written by test/neuroglancer/live.mjs --record; replayed by test/portability/neuroglancer.test.ts.",
    neuroglancer: version,
    node: process.version,
    recorded: new Date().toISOString().slice(0, 10),
    command: COMMAND,
    summary,
    parts: answered,
    versions: "@@VERSIONS@@",
  };
  // One case a line: readable diffs.
  let text = JSON.stringify(fixture, null, 2).replace(
    /\[\n\s+("(?:[^"\\]|\\.)*"),\n\s+(true|false),\n([\s\S]*?)\n\s+\]/g,
    (_m, input, verdict, rest) =>
      `[${input}, ${verdict}, ${rest
        .trim()
        .split(/,\n\s+/)
        .join(", ")}]`,
  );
  const versions = versionCases(runs);
  text = text.replace('"@@VERSIONS@@"', () => `[\n${versions.map((v) => `    ${JSON.stringify(v)}`).join(",\n")}\n  ]`);
  JSON.parse(text); // still JSON
  fs.writeFileSync(FIXTURE, `${text}\n`);
  say(
    `test:neuroglancer: recorded ${answered.reduce((n, p) => n + p.cases.length, 0)} cases in ${path.relative(ROOT, FIXTURE)}`,
  );
}

/** The recorded answers that Neuroglancer no longer gives (an input the fixture lacks is only counted). */
function changedAnswers(answered, runs) {
  if (!fs.existsSync(FIXTURE)) fail(`no ${path.relative(ROOT, FIXTURE)}; run: ${COMMAND}`);
  const fixture = JSON.parse(fs.readFileSync(FIXTURE, "utf8"));
  const expected = new Map(fixture.parts.flatMap((p) => p.cases).map((c) => [c[0], c]));
  const changed = [];
  let missing = 0;
  for (const c of answered.flatMap((p) => p.cases)) {
    const e = expected.get(c[0]);
    if (e === undefined) missing++;
    else if (JSON.stringify(e) !== JSON.stringify(c))
      changed.push(
        `${JSON.stringify(c[0])}\n      recorded: ${JSON.stringify(e.slice(1))}\n      now:      ${JSON.stringify(c.slice(1))}`,
      );
  }
  const recordedVersions = new Map((fixture.versions ?? []).map((v) => [v[0], JSON.stringify(v[1])]));
  for (const [input, v] of versionCases(runs)) {
    if (expected.has(input) && recordedVersions.get(input) !== JSON.stringify(v))
      changed.push(
        `${JSON.stringify(input)} (versions)\n      recorded: ${recordedVersions.get(input)}\n      now:      ${JSON.stringify(v)}`,
      );
  }
  return { changed, missing, recordedWith: fixture.neuroglancer };
}

function main() {
  const build = built();
  install();
  const parts = corpusParts();
  const inputs = parts.flatMap((p) => p.inputs);
  const t0 = Date.now();
  const { version, runs } = runHarness(inputs);
  if (version !== build.model.NEUROGLANCER.version)
    fail(`the harness ran neuroglancer ${version}; the model is of ${build.model.NEUROGLANCER.version}`);
  const t1 = Date.now();
  let at = 0;
  const answered = parts.map((p) => ({ name: p.name, cases: p.inputs.map(() => compact(runs[at++])) }));

  const known = new Map();
  for (const g of JSON.parse(fs.readFileSync(KNOWN_MISSES, "utf8")).misses)
    for (const i of g.inputs) known.set(i, g.reason);
  const unexpected = [];
  const fixed = [];
  const missedKnown = new Set();
  say(`Neuroglancer ${version} against readNeuroglancer() and portability() (dist/), ${inputs.length} inputs:`);
  for (const part of answered) {
    let agree = 0;
    for (const c of part.cases) {
      const m = mismatch(build, c);
      if (m === null) {
        agree++;
        if (known.has(c[0])) fixed.push(c[0]);
      } else if (known.has(c[0])) missedKnown.add(c[0]);
      else unexpected.push(`${JSON.stringify(c[0])}: ${m}`);
    }
    const accepted = part.cases.filter((c) => c[1]).length;
    say(
      `  ${part.name.padEnd(28)} ${String(part.cases.length).padStart(5)} inputs, Neuroglancer accepts ${String(accepted).padStart(5)}, predicted ${String(agree).padStart(5)}`,
    );
  }
  const total = inputs.length;
  const matched = total - unexpected.length - missedKnown.size;
  say(
    `  ${"all".padEnd(28)} ${String(total).padStart(5)} inputs, predicted ${matched} (${((100 * matched) / total).toFixed(2)} %), known misses ${missedKnown.size}`,
  );
  const versions = versionCases(runs);
  const badVersions = versionMismatches(build, versions);
  say(
    `  ocdbt:/icechunk: components read alone: ${versions.reduce((n, v) => n + v[1].length, 0)}, mispredicted ${badVersions.length}`,
  );
  say(`time: Neuroglancer ${((t1 - t0) / 1000).toFixed(1)} s, comparison ${((Date.now() - t1) / 1000).toFixed(1)} s`);

  let failed = false;
  if (record) writeFixture(version, answered, runs);
  else {
    const { changed, missing, recordedWith } = changedAnswers(answered, runs);
    if (recordedWith !== version)
      fail(`the fixture was recorded with neuroglancer ${recordedWith}, this is ${version}`);
    if (missing > 0) say(`${missing} inputs are not in ${path.relative(ROOT, FIXTURE)} (run: ${COMMAND})`);
    if (changed.length > 0) {
      failed = true;
      say(`\n${changed.length} answers differ from the recording (run ${COMMAND} once the change is understood):`);
      for (const c of changed.slice(0, 20)) say(`  ${c}`);
    }
  }
  for (const [title, list] of [
    ["mispredicted (not in known-misses.json)", unexpected],
    ["known misses now predicted (remove them from known-misses.json)", fixed],
    ["mispredicted ocdbt:/icechunk: components", badVersions],
  ]) {
    if (list.length === 0) continue;
    failed = true;
    say(`\n${list.length} ${title}:`);
    for (const x of list.slice(0, 40)) say(`  ${x}`);
  }
  if (failed) process.exit(1);
  say(
    `test:neuroglancer: ${total} inputs: the prediction matches Neuroglancer for each (${missedKnown.size} known misses)`,
  );
}

main();

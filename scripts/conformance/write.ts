/**
 * node .build/scripts/conformance/write.js [--check]: writes the conformance suites (generated/conformance/DIALECT.json)
 * and their JSON Schema (schema.json), with the answers of the package's build (dist/), so it runs after tsc; prints
 * the coverage of each automaton. `--check` compares instead of writing (CI: generated/ must be what the build writes).
 *
 * Fails when a transition, an edge or a state is not covered (docs/conformance.md, "Coverage") or a file is 1 MB
 * or more.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { coverageLines, coverageOf } from "./coverage";
import { readExamples } from "./examples";
import { loadPackage } from "./package-api";
import { repositoryRoot } from "../root";
import { SUITE_SCHEMA } from "./schema";
import { serializeSuite } from "./serialize";
import { buildSuite } from "./suite";

const DIALECTS = ["url-pipeline-v0", "zep8"] as const;
const MAX_BYTES = 1 << 20;

function main(): number {
  const check = process.argv.includes("--check");
  const root = repositoryRoot();
  const pkg = loadPackage(root);
  const version = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
  const examples = readExamples(root);
  const files = new Map<string, string>([["schema.json", `${JSON.stringify(SUITE_SCHEMA, null, 2)}\n`]]);
  const problems: string[] = [];
  for (const dialect of DIALECTS) {
    const { suite, automata } = buildSuite(root, pkg, dialect, examples, version);
    const text = serializeSuite(suite);
    files.set(`${dialect}.json`, text);
    const bytes = Buffer.byteLength(text);
    const ops = new Map<string, number>();
    for (const c of suite.cases) ops.set(c.op, (ops.get(c.op) ?? 0) + 1);
    console.log(
      `conformance: ${dialect}: ${suite.cases.length} cases (${[...ops].map(([op, n]) => `${op} ${n}`).join(", ")}), ${(bytes / 1024).toFixed(0)} KB`,
    );
    if (bytes >= MAX_BYTES) problems.push(`${dialect}.json is ${bytes} bytes, over ${MAX_BYTES}`);
    for (const { automaton } of automata) {
      const c = coverageOf(automaton, suite.cases);
      for (const line of coverageLines(c)) console.log(`conformance:   ${line}`);
      if (
        c.missing.length > 0 ||
        c.edgesAccepted < c.edges ||
        c.refusedChar < c.states ||
        c.refusedEnd < c.nonAccepting
      )
        problems.push(`${dialect} ${automaton.rule}: coverage is not complete (above)`);
    }
  }
  const dir = path.join(root, "generated", "conformance");
  const stale: string[] = [];
  for (const [name, text] of files) {
    const file = path.join(dir, name);
    const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
    if (current === text) continue;
    if (check) stale.push(`generated/conformance/${name}`);
    else {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(file, text);
      console.log(`wrote generated/conformance/${name}`);
    }
  }
  if (stale.length > 0) problems.push(`stale (run npm run build and commit the result): ${stale.join(", ")}`);
  for (const p of problems) console.error(`conformance: ${p}`);
  return problems.length > 0 ? 1 : 0;
}

process.exitCode = main();

/**
 * The differential corpus for TensorStore (npm run test:tensorstore): the specs' examples, the invalid inputs,
 * the peer cases, hand-written probes of each rule in src/portability/tensorstore.ts, every printable ASCII
 * character (raw, %XX and %xx) in each kind of path, strings derived from both dialects' ABNF and mutated
 * (test/oracle/generate.ts, fixed seed), and mutations of the examples that matter to TensorStore: scheme case,
 * `//` against `@` versions, a trailing "/", `%2f`, ports, spaces. Deterministic: the same corpus every run.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { loadOracleGrammar } from "../oracle/load";
import { Generator } from "../oracle/generate";

/** test/fixtures, found from here upwards (this file also runs compiled, from .build/). */
function findFixtures(dir: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, "package.json")) && fs.existsSync(path.join(d, "test", "fixtures")))
      return path.join(d, "test", "fixtures");
    if (path.dirname(d) === d) throw new Error(`no test/fixtures above ${dir}`);
  }
}
const fixtureRoot = findFixtures(__dirname);

function json(file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(fixtureRoot, file), "utf8"));
}

export interface CorpusPart {
  name: string;
  inputs: string[];
}

/** The examples of both specs, the invalid inputs and the peer cases. */
export function fixedInputs(): CorpusPart[] {
  const v0 = json("spec/url-pipeline-v0.json") as { examples: { url: string }[] };
  const zep8 = json("spec/zep8.json") as Record<string, unknown>;
  const zepUrls: string[] = [];
  for (const v of Object.values(zep8)) {
    if (!Array.isArray(v)) continue;
    for (const e of v as Record<string, unknown>[]) {
      for (const k of ["url", "a", "b", "input", "output", "base", "reference", "result"]) {
        if (typeof e[k] === "string") zepUrls.push(e[k] as string);
      }
    }
  }
  const invalid = (json("invalid-inputs.json") as { input: string }[]).map((c) => c.input);
  const peers: string[] = [];
  for (const f of ["tensorstore.json", "neuroglancer.json", "zarr-python.json"]) {
    const file = JSON.parse(fs.readFileSync(path.join(fixtureRoot, "..", "peers", f), "utf8")) as {
      cases: { input: string }[];
    };
    for (const c of file.cases) peers.push(c.input);
  }
  const probes = fs
    .readFileSync(path.join(fixtureRoot, "tensorstore", "probes.txt"), "utf8")
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("# "));
  return [
    { name: "url-pipeline-v0 examples", inputs: v0.examples.map((e) => e.url) },
    { name: "ZEP 8 examples", inputs: zepUrls },
    { name: "invalid-inputs fixture", inputs: invalid },
    { name: "peer cases", inputs: peers },
    { name: "probes", inputs: probes },
    { name: "character sweep", inputs: characterSweep() },
  ];
}

/** Every printable ASCII character, raw, %XX and %xx, in each kind of path TensorStore writes. */
export function characterSweep(): string[] {
  const contexts = [
    "file:///a{}b",
    "gs://bucket/a{}b",
    "s3://bucket/a{}b",
    "http://h/a{}b",
    "memory://a{}b",
    "memory://x|zip:a{}b",
    "memory://x|ocdbt:a{}b",
    "memory://x/|zarr3:a{}b",
    "memory://x/|ocdbt:@v1/a{}b",
    "http://h/a?q{}b",
    "gs://bucket/x|json:/a{}b",
    "gcs_grpc://bucket/a{}b",
    "http:a{}b",
    "http://h/a%2f/b{}c",
    "http://h/x{}y%2fz",
  ];
  const out: string[] = [];
  for (const t of contexts) {
    for (let c = 0x20; c < 0x7f; c++) {
      const ch = String.fromCharCode(c);
      if (ch === "|") continue;
      const hex = c.toString(16).padStart(2, "0");
      out.push(t.replace("{}", ch), t.replace("{}", `%${hex.toUpperCase()}`), t.replace("{}", `%${hex}`));
    }
    for (const ch of ["\u00e9", "\t", "%C3%A9", "%e9", "%00", "%7f"]) out.push(t.replace("{}", ch));
  }
  return out;
}

/** Mutations of a valid pipeline that matter to TensorStore. */
export function mutations(s: string): string[] {
  const out = new Set<string>();
  out.add(s.toUpperCase());
  out.add(s.replace(/^[a-z0-9+.-]+/, (m) => m.toUpperCase()));
  out.add(s.replace(/\|([a-z0-9.-]+)/g, (_m, x: string) => `|${x[0]!.toUpperCase()}${x.slice(1)}`));
  out.add(s.replace(/(ocdbt|icechunk):\/\//g, "$1:@"));
  out.add(s.replace(/(ocdbt|icechunk):@/g, "$1://"));
  out.add(s.endsWith("/") ? s.slice(0, -1) : `${s}/`);
  out.add(s.replace(/\/(?=\|)/g, ""));
  out.add(s.replace(/([^/|])\|/g, "$1/|"));
  out.add(s.replace(/\//g, "%2f"));
  out.add(s.replace(/([a-z])\//, "$1%2F"));
  out.add(s.replace(/^(https?:\/\/[^/|?]+)/, "$1:8080"));
  out.add(s.replace(/^(https?:\/\/[^/|?]+)/, "$1:x"));
  out.add(s.replace(/^(https?:\/\/[^/|?]+)/, "$1:080"));
  out.add(s.replace(/\/([^/|]*)$/, "/ $1"));
  out.add(s.replace(/a/, "a b"));
  out.add(s.replace(/a/, "\u00e9"));
  out.add(` ${s}`);
  out.add(`${s} `);
  out.add(s.replace(/^file:\/\/\//, "file:/"));
  out.add(s.replace(/^file:\/(?!\/)/, "file:///"));
  out.add(s.replace(/^memory:\/\//, "memory:"));
  out.add(`${s}|zarr3:`);
  out.add(`${s}|zip:`);
  out.add(`${s}|ocdbt:@v1/`);
  out.add(`${s}|ocdbt://v1/`);
  out.delete(s);
  return [...out];
}

/** Strings derived from each dialect's absolute-url-pipeline, half of them mutated; fixed seed. */
export function generatedInputs(perDialect: number, seed = 20261116): CorpusPart[] {
  const parts: CorpusPart[] = [];
  for (const dialect of ["url-pipeline-v0", "zep8"]) {
    const gen = new Generator(loadOracleGrammar(dialect));
    const positive = fc.sample(gen.positive("absolute-url-pipeline"), { seed, numRuns: perDialect / 2 });
    const mutated = fc.sample(gen.mutated("absolute-url-pipeline"), { seed: seed + 1, numRuns: perDialect / 2 });
    parts.push(
      { name: `${dialect} derived`, inputs: positive },
      { name: `${dialect} derived, mutated`, inputs: mutated },
    );
  }
  return parts;
}

/** The whole corpus, without duplicates (each input in the first part that has it). */
export function corpus(perDialect = 3000): CorpusPart[] {
  const fixed = fixedInputs();
  const examples = [...fixed[0]!.inputs, ...fixed[1]!.inputs, ...fixed[3]!.inputs];
  const parts = [
    ...fixed,
    { name: "mutated examples", inputs: examples.flatMap(mutations) },
    ...generatedInputs(perDialect),
  ];
  const seen = new Set<string>();
  return parts.map((p) => ({
    name: p.name,
    inputs: p.inputs.filter((s) => {
      if (seen.has(s)) return false;
      seen.add(s);
      return true;
    }),
  }));
}

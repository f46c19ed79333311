/**
 * grammar:compare --corpus FILE: each input of FILE (one per line) through the whole library built from each
 * grammar, OLD and NEW: its verdict, error offset and code, tree and canonical form (normalize), and the inputs
 * whose answers differ. The automata decide the syntax exactly; this shows what a change does to the strings a
 * user has, values and meanings included.
 *
 * Each side is built as a maintainer would build it: a copy of this checkout's scripts/ and src/ with the side's
 * grammar in grammar/, generated (scripts/generate.ts) and compiled (tsc). A grammar the checkout's actions do not
 * fit (a scheme with fields of its own that src/ has no action for) cannot be built; the error says which side.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { GrammarSource } from "./source";

/** What the library built from one grammar answers for one input. */
export interface CorpusAnswer {
  valid: boolean;
  /** Invalid: where and why (UrlPipelineSyntaxError's offset and code). */
  offset?: number;
  code?: string;
  /**
   * Valid: the tree as JSON (its bigints as decimal strings; without the dialect's name), and normalize()'s answer
   * (or its error's message).
   */
  tree?: string;
  canonical?: string;
}

export interface CorpusChange {
  input: string;
  /** What differs: "verdict", "offset", "code", "tree", "canonical". */
  differs: string[];
  old: CorpusAnswer;
  new: CorpusAnswer;
}

/** Run in the built copy: answers for every input of inputs.json, in answers.json. */
const PROBE = `
const u = require("./dist");
const fs = require("node:fs");
const [dialect] = process.argv.slice(1);
const inputs = JSON.parse(fs.readFileSync("inputs.json", "utf8"));
const answers = inputs.map((input) => {
  const r = u.validate(input, { dialect });
  if (!r.valid) return { valid: false, offset: r.error.offset, code: r.error.code };
  let canonical;
  try { canonical = u.normalize(input, { dialect }); } catch (e) { canonical = "(error) " + e.message; }
  // The tree but its dialect's name, which differs whenever the two sides are two dialects.
  const tree = JSON.parse(JSON.stringify(r.pipeline));
  delete tree.dialect;
  return { valid: true, tree: JSON.stringify(tree), canonical };
});
fs.writeFileSync("answers.json", JSON.stringify(answers));
`;

/**
 * Builds the library from `source`'s grammar in a folder under `tmp` and answers every input. `root` is this
 * checkout (its scripts/, src/ and node_modules/ are used). `progress` hears each step.
 */
export function corpusAnswers(
  source: GrammarSource,
  inputs: string[],
  root: string,
  tmp: string,
  progress: (s: string) => void,
): CorpusAnswer[] {
  const dir = fs.mkdtempSync(path.join(tmp, "corpus-"));
  for (const part of ["scripts", "src", "package.json", "tsconfig.json"])
    fs.cpSync(path.join(root, part), path.join(dir, part), { recursive: true });
  fs.cpSync(source.dir, path.join(dir, "grammar"), {
    recursive: true,
    filter: (f) => !f.startsWith(path.join(source.dir, "releases")),
  });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  const run = (what: string, args: string[]) => {
    progress(`${source.label}: ${what}`);
    try {
      execFileSync(process.execPath, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 28 });
    } catch (e) {
      const { stdout, stderr } = e as { stdout?: Buffer; stderr?: Buffer };
      throw new Error(`${source.label}: ${what} failed:\n${String(stderr ?? "")}${String(stdout ?? "")}`.trimEnd());
    }
  };
  const tsc = path.join(root, "node_modules/typescript/bin/tsc");
  run("compiling scripts/", [tsc, "-p", "scripts/tsconfig.json"]);
  run("generating the parser and automata", [path.join(dir, ".build/scripts/generate.js")]);
  run("compiling src/ against them", [tsc, "-p", "src/tsconfig.json"]);
  fs.writeFileSync(path.join(dir, "inputs.json"), JSON.stringify(inputs));
  run(`answering ${inputs.length} inputs`, ["-e", PROBE, source.dialect]);
  return JSON.parse(fs.readFileSync(path.join(dir, "answers.json"), "utf8")) as CorpusAnswer[];
}

/** The inputs whose answers differ, with what differs. */
export function diffCorpus(inputs: string[], oldAnswers: CorpusAnswer[], newAnswers: CorpusAnswer[]): CorpusChange[] {
  const out: CorpusChange[] = [];
  inputs.forEach((input, i) => {
    const a = oldAnswers[i]!,
      b = newAnswers[i]!;
    const differs = (["valid", "offset", "code", "tree", "canonical"] as const)
      .filter((k) => a[k] !== b[k])
      .map((k) => (k === "valid" ? "verdict" : k));
    if (differs.length > 0) out.push({ input, differs, old: a, new: b });
  });
  return out;
}

/** Whether a change breaks the promise: a valid input that is invalid now, or reads differently. */
export function isBreaking(c: CorpusChange): boolean {
  return c.old.valid && (!c.new.valid || c.differs.includes("tree") || c.differs.includes("canonical"));
}

/** The report's corpus section. */
export function formatCorpus(changes: CorpusChange[], count: number): string {
  const answer = (a: CorpusAnswer) =>
    a.valid ? `valid, canonical ${JSON.stringify(a.canonical)}` : `invalid at ${a.offset} (${a.code})`;
  const out = [``, `corpus: ${count} inputs, ${changes.length} answered differently${changes.length === 0 ? "" : ":"}`];
  for (const c of changes) {
    out.push(
      `  ${JSON.stringify(c.input)}: ${c.differs.join(", ")}${isBreaking(c) ? " (breaking)" : ""}`,
      `    OLD: ${answer(c.old)}`,
      `    NEW: ${answer(c.new)}`,
    );
  }
  return `${out.join("\n")}\n`;
}

/** The inputs of a corpus file: one per line (CRLF accepted, empty lines skipped). */
export function readCorpus(file: string): string[] {
  return fs
    .readFileSync(file, "utf8")
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((l) => l !== "");
}

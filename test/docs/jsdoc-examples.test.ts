/**
 * The `@example` blocks of the sources' doc comments (what an editor shows on hover) are run, and the answers their
 * comments give are checked, as the README's are (./answers.ts). An example sees, first to last: its module's
 * exports, the names the module imports, the exports of the modules in its folder, those of every other source
 * module (a name two modules export is neither's there), and the package's.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import * as pkg from "../../src";
import * as validateEntry from "../../src/validate";
import * as v0Entry from "../../src/validate/url-pipeline-v0";
import * as zep8Entry from "../../src/validate/zep8";
import { expectAnswer, instrument, runExample, type Answer } from "./answers";

const ROOT = path.join(__dirname, "../..");
const SRC = path.join(ROOT, "src");

const MODULES: Record<string, unknown> = {
  "url-pipeline": pkg,
  "url-pipeline/validate": validateEntry,
  "url-pipeline/validate/url-pipeline-v0": v0Entry,
  "url-pipeline/validate/zep8": zep8Entry,
};

/** Examples not run, each with the reason. */
const NO_ANSWERS: Readonly<Record<string, string>> = {
  "src/cli/complete-command.ts:16": "its comments are the lines the command prints (test/cli checks them)",
};

interface Example {
  /** "src/FILE.ts:LINE" of the `@example` tag. */
  where: string;
  file: string;
  /** 1-based line of the code's first line. */
  line: number;
  code: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(p);
    return d.name.endsWith(".ts") && !d.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** Each `@example` of a doc comment: the lines after it up to the next tag or the comment's end, fences dropped. */
function examplesOf(file: string): Example[] {
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const out: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*\*\s*@example\b/.test(lines[i]!)) continue;
    const code: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/\*\//.test(lines[j]!) && !/^\s*\*\s*@\w/.test(lines[j]!); j++) {
      const text = lines[j]!.replace(/^\s*\* ?/, "");
      // A fence becomes a blank line, so that code lines keep their numbers.
      code.push(/^\s*```/.test(text) ? "" : text);
    }
    out.push({ where: `${path.relative(ROOT, file)}:${i + 1}`, file, line: i + 2, code: code.join("\n") });
    i = j - 1;
  }
  return out;
}

/** The values of the names `file` imports (not its type-only imports), by the names it binds them to. */
function importsOf(file: string): Record<string, unknown> {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.ES2022);
  const scope: Record<string, unknown> = {};
  for (const s of source.statements) {
    if (!ts.isImportDeclaration(s) || !s.importClause || s.importClause.isTypeOnly) continue;
    const from = (s.moduleSpecifier as ts.StringLiteral).text;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(from.startsWith(".") ? path.resolve(path.dirname(file), from) : from) as Record<
      string,
      unknown
    >;
    const bindings = s.importClause.namedBindings;
    if (s.importClause.name) scope[s.importClause.name.text] = mod.default;
    if (bindings && ts.isNamespaceImport(bindings)) scope[bindings.name.text] = mod;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const e of bindings.elements) if (!e.isTypeOnly) scope[e.name.text] = mod[(e.propertyName ?? e.name).text];
    }
  }
  return scope;
}

const files = sourceFiles(SRC);
const examples = files.flatMap(examplesOf);

/** The exports of `modules` that exactly one of them has (a command-line entry is not loaded: it runs). */
function uniqueExports(modules: string[]): Record<string, unknown> {
  const seen = new Map<string, unknown[]>();
  for (const file of modules) {
    if (file.endsWith(path.join("cli", "bin.ts"))) continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    for (const [name, value] of Object.entries(require(file) as Record<string, unknown>))
      seen.set(name, [...(seen.get(name) ?? []), value]);
  }
  return Object.fromEntries(
    [...seen].filter(([, values]) => new Set(values).size === 1).map(([name, values]) => [name, values[0]]),
  );
}

const everyModule = uniqueExports(files);
const byFolder = new Map<string, Record<string, unknown>>();
/** The exports of the modules in `file`'s folder that exactly one of them has, found once per folder. */
function folderExports(file: string): Record<string, unknown> {
  const dir = path.dirname(file);
  let found = byFolder.get(dir);
  if (!found) byFolder.set(dir, (found = uniqueExports(files.filter((f) => path.dirname(f) === dir))));
  return found;
}

test("the sources have examples", () => {
  expect(examples.length).toBeGreaterThanOrEqual(30);
});

test("every exemption names an example", () => {
  for (const where of Object.keys(NO_ANSWERS)) expect(examples.map((e) => e.where)).toContain(where);
});

describe.each(examples.filter((e) => !Object.hasOwn(NO_ANSWERS, e.where)).map((e) => [e.where, e] as const))(
  "the example at %s",
  (_where, example) => {
    const { code, checks } = instrument(example.code, example.line);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const own = require(example.file) as Record<string, unknown>;
    const scope: Record<string, unknown> = {
      ...pkg,
      ...everyModule,
      ...folderExports(example.file),
      ...importsOf(example.file),
      ...own,
    };
    // A name the example declares itself is its own, not the module's.
    for (const m of code.matchAll(/\b(?:const|let|var|function|class)\s+([\w$]+)/g)) delete scope[m[1]!];
    for (const name of Object.keys(scope))
      if (!/^[A-Za-z_$][\w$]*$/.test(name) || name === "default") delete scope[name];
    let answers = new Map<number, Answer>();
    let failure: unknown;
    try {
      answers = runExample(code, scope, MODULES);
    } catch (e) {
      failure = e;
    }

    test("it runs and has answers to check", () => {
      if (failure !== undefined) throw failure;
      expect(checks.length).toBeGreaterThan(0);
    });

    test.each(checks.map((c, i) => [c.line, i, c] as const))("line %i", (_l, i, c) => {
      expectAnswer(answers.get(i), c.expectation);
    });
  },
);

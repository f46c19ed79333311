/**
 * The README's TypeScript examples, so that they cannot drift from the API:
 * - every ```ts block type-checks with `tsc --strict --noEmit` against the package's sources;
 * - every line whose comment starts with a literal (`expr; // "value"`, `// ["a", "b"]`, `// 28`, `// { ... }`) or
 *   with `throws Name` computes that value or throws that error. A `...` in an expected string stands for any text,
 *   and an object with `...` is a partial match. Every such check must run (none hidden in a branch not taken).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import * as pkg from "../src";
import * as validateEntry from "../src/validate";
import * as v0Entry from "../src/validate/url-pipeline-v0";
import * as zep8Entry from "../src/validate/zep8";

const ROOT = path.join(__dirname, "..");
const README = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");

interface Block {
  /** 1-based line of the block's first code line in README.md. */
  line: number;
  code: string;
}

function tsBlocks(markdown: string): Block[] {
  const lines = markdown.split("\n");
  const out: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== "```ts") continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end]!.trim() !== "```") end++;
    out.push({ line: start + 1, code: lines.slice(start, end).join("\n") });
    i = end;
  }
  return out;
}

const blocks = tsBlocks(README);

test("the README has TypeScript examples", () => {
  expect(blocks.length).toBeGreaterThanOrEqual(3);
});

test("every TypeScript block type-checks with tsc --strict", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "url-pipeline-readme-"));
  try {
    blocks.forEach((b, i) => fs.writeFileSync(path.join(dir, `block-${i + 1}-line-${b.line}.ts`), `export {};\n${b.code}\n`));
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "commonjs",
        moduleResolution: "node10",
        lib: ["ES2022"],
        types: ["node"],
        typeRoots: [path.join(ROOT, "node_modules/@types")],
        skipLibCheck: true,
        resolveJsonModule: true,
        ignoreDeprecations: "6.0",
        paths: {
          "url-pipeline": [path.join(ROOT, "src/index.ts")],
          "url-pipeline/validate": [path.join(ROOT, "src/validate/index.ts")],
          "url-pipeline/validate/*": [path.join(ROOT, "src/validate/*.ts")],
        },
      },
      include: ["*.ts"],
    }));
    let output = "";
    try {
      execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", dir], { encoding: "utf8" });
    } catch (e) {
      output = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(output).toBe("");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

// ---- the answers in the comments ----

type Expectation =
  | { kind: "value"; value: unknown; partial: boolean }
  | { kind: "string-pattern"; pattern: RegExp; text: string }
  | { kind: "throws"; name: string; code: string | null };

/** What a comment says an expression gives, or null when it says something else. */
function expectationOf(comment: string): Expectation | null {
  const throws = /^throws (\w+)(?:\W+"([\w-]+)")?/.exec(comment);
  if (throws) return { kind: "throws", name: throws[1]!, code: throws[2] ?? null };
  for (let i = comment.length; i > 0; i--) {
    let candidate = comment.slice(0, i).trimEnd();
    if (!/(["'\]}\d]|true|false|null)$/.test(candidate)) continue;
    const partial = /,\s*\.\.\.\s*}$/.test(candidate);
    if (partial) candidate = candidate.replace(/,\s*\.\.\.\s*}$/, " }");
    let value: unknown;
    try {
      value = new Function(`return (${candidate});`)();
    } catch {
      continue;
    }
    if (typeof value === "string" && value.includes("...")) {
      const pattern = new RegExp(`^${value.split("...").map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`, "s");
      return { kind: "string-pattern", pattern, text: value };
    }
    return { kind: "value", value, partial };
  }
  return null;
}

interface Check {
  /** README line. */
  line: number;
  expectation: Expectation;
}

/**
 * The block's code with each checked expression wrapped: `__check(i, () => (expr))`. Handles `expr; // answer`,
 * `if (cond) expr; // answer`, and an answer alone on the line after the expression.
 */
function instrument(block: Block): { code: string; checks: Check[] } {
  const lines = block.code.split("\n");
  const checks: Check[] = [];
  const statement = /^(\s*)((?:if \(.*?\)\s*)?)([^;]+);\s*(?:\/\/\s*(.*))?$/;
  for (let i = 0; i < lines.length; i++) {
    const m = statement.exec(lines[i]!);
    if (!m || /^\s*(const|let|import|export|for|case|default|switch|return)\b/.test(m[3]!) || m[2] === "" && /^\s*(if|for)\b/.test(m[3]!)) continue;
    let comment = m[4];
    let next = false;
    if (comment === undefined) {
      const following = /^\s*\/\/\s*(.*)$/.exec(lines[i + 1] ?? "");
      if (!following) continue;
      comment = following[1]!;
      next = true;
    }
    const expectation = expectationOf(comment);
    if (!expectation) continue;
    const index = checks.length;
    checks.push({ line: block.line + i + (next ? 1 : 0), expectation });
    lines[i] = `${m[1]}${m[2]}__check(${index}, () => (${m[3]}));`;
  }
  return { code: lines.join("\n"), checks };
}

const MODULES: Record<string, unknown> = {
  "url-pipeline": pkg,
  "url-pipeline/validate": validateEntry,
  "url-pipeline/validate/url-pipeline-v0": v0Entry,
  "url-pipeline/validate/zep8": zep8Entry,
};

describe.each(blocks.map((b) => [b.line, b] as const))("the block at README line %i", (_line, block) => {
  const { code, checks } = instrument(block);
  const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const results = new Map<number, { value?: unknown; error?: unknown }>();
  const check = (i: number, f: () => unknown) => {
    try {
      results.set(i, { value: f() });
    } catch (error) {
      results.set(i, { error });
    }
  };
  const requireModule = (name: string) => {
    if (!Object.hasOwn(MODULES, name)) throw new Error(`the README imports ${name}`);
    return MODULES[name];
  };
  const quiet = { log: () => {}, error: () => {} };
  new Function("require", "exports", "__check", "console", js)(requireModule, {}, check, quiet);

  test("it has answers to check", () => {
    expect(checks.length).toBeGreaterThan(0);
  });

  test.each(checks.map((c, i) => [c.line, i, c] as const))("line %i", (_l, i, c) => {
    const r = results.get(i);
    expect(r).toBeDefined(); // the line ran
    const e = c.expectation;
    if (e.kind === "throws") {
      expect(r!.error).toBeInstanceOf(Error);
      expect((r!.error as Error).name).toBe(e.name);
      if (e.code !== null) expect((r!.error as { code?: unknown }).code).toBe(e.code);
      return;
    }
    if (r!.error !== undefined) throw r!.error;
    if (e.kind === "string-pattern") expect(r!.value).toMatch(e.pattern);
    else if (e.partial) expect(r!.value).toMatchObject(e.value as object);
    else expect(r!.value).toEqual(e.value);
  });
});

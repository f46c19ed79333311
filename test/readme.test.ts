/**
 * The TypeScript examples of README.md and of every page of docs/ (./docs/pages.ts), so that they cannot drift from
 * the API:
 * - every ```ts block type-checks with `tsc --strict --noEmit` against the package's sources;
 * - every line whose comment gives its answer computes that value or throws that error (./docs/answers.ts). Every
 *   such check must run (none hidden in a branch not taken).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as pkg from "../src";
import * as validateEntry from "../src/validate";
import * as v0Entry from "../src/validate/url-pipeline-v0";
import * as zep8Entry from "../src/validate/zep8";
import { expectAnswer, instrument, runExample } from "./docs/answers";
import { docPages } from "./docs/pages";

const ROOT = path.join(__dirname, "..");

interface Block {
  /** The page, relative to the repository ("README.md", "docs/api.md"). */
  page: string;
  /** 1-based line of the block's first code line in the page. */
  line: number;
  code: string;
}

function tsBlocks(page: string, markdown: string): Block[] {
  const lines = markdown.split("\n");
  const out: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== "```ts") continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end]!.trim() !== "```") end++;
    out.push({ page, line: start + 1, code: lines.slice(start, end).join("\n") });
    i = end;
  }
  return out;
}

const blocks = docPages().flatMap((p) => tsBlocks(p.page, p.text));

test("the pages have TypeScript examples: the README's tour, and the API's", () => {
  expect(blocks.filter((b) => b.page === "README.md").length).toBeGreaterThanOrEqual(1);
  expect(blocks.filter((b) => b.page === "docs/api.md").length).toBeGreaterThanOrEqual(3);
});

test("every TypeScript block type-checks with tsc --strict", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "url-pipeline-readme-"));
  try {
    blocks.forEach((b, i) => {
      const name = `${b.page.replace(/[^A-Za-z0-9]+/g, "-")}-line-${b.line}`;
      fs.writeFileSync(path.join(dir, `block-${i + 1}-${name}.ts`), `export {};\n${b.code}\n`);
    });
    fs.writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
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
      }),
    );
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

const MODULES: Record<string, unknown> = {
  "url-pipeline": pkg,
  "url-pipeline/validate": validateEntry,
  "url-pipeline/validate/url-pipeline-v0": v0Entry,
  "url-pipeline/validate/zep8": zep8Entry,
};

describe.each(blocks.map((b) => [`${b.page} line ${b.line}`, b] as const))("the block at %s", (_where, block) => {
  const { code, checks } = instrument(block.code, block.line);
  const answers = runExample(code, {}, MODULES);

  test("it has answers to check", () => {
    expect(checks.length).toBeGreaterThan(0);
  });

  test.each(checks.map((c, i) => [c.line, i, c] as const))("line %i", (_l, i, c) => {
    expectAnswer(answers.get(i), c.expectation);
  });
});

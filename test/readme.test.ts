/**
 * The README's TypeScript examples, so that they cannot drift from the API:
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
    blocks.forEach((b, i) => {
      fs.writeFileSync(path.join(dir, `block-${i + 1}-line-${b.line}.ts`), `export {};\n${b.code}\n`);
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

describe.each(blocks.map((b) => [b.line, b] as const))("the block at README line %i", (_line, block) => {
  const { code, checks } = instrument(block.code, block.line);
  const answers = runExample(code, {}, MODULES);

  test("it has answers to check", () => {
    expect(checks.length).toBeGreaterThan(0);
  });

  test.each(checks.map((c, i) => [c.line, i, c] as const))("line %i", (_l, i, c) => {
    expectAnswer(answers.get(i), c.expectation);
  });
});

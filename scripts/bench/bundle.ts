/**
 * The bundle section of npm run bench: what a browser user pays for each entry, measured as the toolchain facts
 * say: esbuild `--bundle --minify --format=esm` of a one-line module importing `validate`, then gzip -9; and the
 * playground's script as `npm run build:playground` writes it.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import { buildSync } from "esbuild";
import { buildPlayground, PLAYGROUND_BUNDLE } from "../playground/build";

const ENTRIES: [string, string][] = [
  ["url-pipeline/validate/url-pipeline-v0", "dist/validate/url-pipeline-v0.mjs"],
  ["url-pipeline/validate/zep8", "dist/validate/zep8.mjs"],
  ["url-pipeline/validate (both dialects)", "dist/validate/index.mjs"],
  ["url-pipeline (parser, tree, hints)", "dist/index.mjs"],
];

export function runBundleBench(root: string): void {
  console.log("\n| `import { validate } from ...` | minified bytes | gzip -9 bytes |\n|---|---:|---:|");
  for (const [name, file] of ENTRIES) {
    const out = buildSync({
      stdin: {
        contents: `import { validate } from ${JSON.stringify(`./${file}`)}; globalThis.v = validate;`,
        resolveDir: root,
      },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "neutral",
      mainFields: ["main"],
      write: false,
      logLevel: "error",
    }).outputFiles[0]!.contents;
    console.log(
      `| ${name} | ${out.length.toLocaleString("en-US")} | ${gzipSync(out, { level: 9 }).length.toLocaleString("en-US")} |`,
    );
  }
  const playground = buildPlayground(root, fs.mkdtempSync(path.join(os.tmpdir(), "url-pipeline-playground-")));
  console.log(
    `| the playground's ${PLAYGROUND_BUNDLE} (docs/playground.md) | ${playground.bytes.toLocaleString("en-US")} | ${playground.gzipBytes.toLocaleString("en-US")} |`,
  );
  fs.rmSync(playground.dir, { recursive: true, force: true });
}

/**
 * npm run build:playground: playground/dist/, a static page that runs the package itself in the browser (no server):
 * index.html, style.css and one classic script, playground.js, which esbuild bundles from playground/src/ and the
 * package's own src/ (the parser, both dialects' DFA tables, the spec examples). A classic script, not an ES module:
 * Chromium refuses module scripts from file: URLs, and the page must open from disk.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import { buildSync } from "esbuild";
import { playgroundExamples } from "./examples";

export const PLAYGROUND_BUNDLE = "playground.js";
/**
 * What the page's script may weigh after gzip -9: the goal, 60 KB. Both dialects' tables and metadata, the one
 * generated parser (which writes the rules both dialects share once, docs/decisions.md D56), the examples, and the
 * package's code the page uses (messages, value checks, hints, completion, meaning) with the page itself.
 */
export const PLAYGROUND_GZIP_BUDGET = 60 * 1024;

export interface PlaygroundBuild {
  dir: string;
  /** The script's size, minified. */
  bytes: number;
  /** Its size after gzip -9. */
  gzipBytes: number;
}

export function buildPlayground(root: string, dir = path.join(root, "playground", "dist")): PlaygroundBuild {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  buildSync({
    entryPoints: [path.join(root, "playground", "src", "main.ts")],
    outfile: path.join(dir, PLAYGROUND_BUNDLE),
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    legalComments: "none",
    logLevel: "error",
    // JSON text, parsed once by the page: an object or array here would be a module of its own, which esbuild
    // imports into every other one (87 bytes more after gzip).
    define: { __EXAMPLES__: JSON.stringify(JSON.stringify(playgroundExamples(root))) },
  });
  for (const file of ["index.html", "style.css"])
    fs.copyFileSync(path.join(root, "playground", file), path.join(dir, file));
  const script = fs.readFileSync(path.join(dir, PLAYGROUND_BUNDLE));
  return { dir, bytes: script.length, gzipBytes: gzipSync(script, { level: 9 }).length };
}

if (require.main === module) {
  const root = path.resolve(__dirname, "..", "..", "..");
  const built = buildPlayground(root);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `${path.relative(root, built.dir)}/: index.html, style.css, ${PLAYGROUND_BUNDLE} ${kb(built.bytes)} minified, ${kb(built.gzipBytes)} gzip -9`,
  );
}

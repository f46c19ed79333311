/**
 * npm run build:playground: playground/dist/, a static page that runs the package itself in the browser (no server):
 * index.html, style.css and one classic script, playground.js, which esbuild bundles from playground/src/ and the
 * package's own src/ (the parser, both dialects' DFA tables). A classic script, not an ES module: Chromium refuses
 * module scripts from file: URLs, and the page must open from disk. The spec examples are the page's content, not
 * code: the build writes them into index.html as JSON (a script element of type application/json, which the page
 * reads once), where a fetch of a file beside it would fail from disk.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import { buildSync } from "esbuild";
import { playgroundExamples } from "./examples";

export const PLAYGROUND_BUNDLE = "playground.js";
/**
 * What the page's script may weigh after gzip -9: 66 KB (60 KB until the hints for other tools' syntaxes, D65, took
 * about 4.5 KB: the playground carries every hint, and those are what its users paste; 65 KB until a refused
 * input's message from the DFA state, D67, and the kinds' walk in a trie took about 0.7 KB). Both dialects' tables and metadata, the one
 * generated parser (which writes the rules both dialects share once, docs/decisions.md D56), and the package's code
 * the page uses (messages, value checks, hints, completion, meaning) with the page itself.
 */
export const PLAYGROUND_GZIP_BUDGET = 66 * 1024;
/** What the whole page may weigh after gzip -9, file by file: the script, index.html with the examples, style.css. */
export const PAGE_GZIP_BUDGET = 71 * 1024;

export interface PlaygroundBuild {
  dir: string;
  /** The script's size, minified. */
  bytes: number;
  /** Its size after gzip -9. */
  gzipBytes: number;
  /** The three files' sizes after gzip -9 (each file on its own), added up. */
  pageGzipBytes: number;
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
  });
  fs.copyFileSync(path.join(root, "playground", "style.css"), path.join(dir, "style.css"));
  const html = fs.readFileSync(path.join(root, "playground", "index.html"), "utf8");
  const slot = '<script type="application/json" id="examples"></script>';
  if (!html.includes(slot)) throw new Error(`playground/index.html has no ${slot} for the examples`);
  // In a script element only "</script" (any case) ends it: written "<\/", which JSON reads as "</".
  const examples = JSON.stringify(playgroundExamples(root)).replace(/<\//g, "<\\/");
  fs.writeFileSync(path.join(dir, "index.html"), html.replace(slot, slot.replace("><", `>${examples}<`)));
  const script = fs.readFileSync(path.join(dir, PLAYGROUND_BUNDLE));
  const pageGzipBytes = fs
    .readdirSync(dir)
    .reduce((n, f) => n + gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length, 0);
  return { dir, bytes: script.length, gzipBytes: gzipSync(script, { level: 9 }).length, pageGzipBytes };
}

if (require.main === module) {
  const root = path.resolve(__dirname, "..", "..", "..");
  const built = buildPlayground(root);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `${path.relative(root, built.dir)}/: index.html, style.css, ${PLAYGROUND_BUNDLE} ${kb(built.bytes)} minified, ${kb(built.gzipBytes)} gzip -9`,
  );
}

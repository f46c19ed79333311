/**
 * The playground as `npm run build:playground` writes it (scripts/playground/build.ts): a self-contained directory
 * that opens from disk, whose script stays within its size budget.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  buildPlayground,
  PLAYGROUND_BUNDLE,
  PAGE_GZIP_BUDGET,
  PLAYGROUND_GZIP_BUDGET,
  type PlaygroundBuild,
} from "../../scripts/playground/build";

const ROOT = path.join(__dirname, "../..");
let built: PlaygroundBuild;

beforeAll(() => {
  built = buildPlayground(ROOT, fs.mkdtempSync(path.join(os.tmpdir(), "url-pipeline-playground-")));
}, 60_000);

afterAll(() => {
  if (built) fs.rmSync(built.dir, { recursive: true, force: true });
});

test("three files: the page, its style sheet and one script, which loads from file: (a classic script, no module)", () => {
  expect(fs.readdirSync(built.dir).sort()).toEqual(["index.html", PLAYGROUND_BUNDLE, "style.css"]);
  const html = fs.readFileSync(path.join(built.dir, "index.html"), "utf8");
  const loaded = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  expect(loaded.sort()).toEqual([PLAYGROUND_BUNDLE, "style.css"]);
  expect(html).not.toMatch(/type="module"/);
  const script = fs.readFileSync(path.join(built.dir, PLAYGROUND_BUNDLE), "utf8");
  expect(script).toMatch(/^("use strict";)?\(\(\)=>\{/); // an IIFE
  expect(script).not.toMatch(/\brequire\(\s*["']|\bimport\(/);
});

test("the spec examples are in the page, as JSON, copied from test/fixtures/spec/", () => {
  const html = fs.readFileSync(path.join(built.dir, "index.html"), "utf8");
  const json = /<script type="application\/json" id="examples">([\s\S]*?)<\/script>/.exec(html)![1]!;
  const groups = JSON.parse(json) as { examples: string[][] }[];
  const all = groups.flatMap((g) => g.examples.flat());
  expect(all).toContain("s3+https://example.com/path/to/database.icechunk/|icechunk://tag.v5/path/to/node/|zarr3:"); // url-pipeline v0
  expect(all).toContain("..:/path/to/other.zip|zip:path/in/other/zip"); // ZEP 8, relative
  expect(all.length).toBeGreaterThan(180);
});

test(`the script is at most ${PLAYGROUND_GZIP_BUDGET / 1024} KB after gzip -9, the whole page ${PAGE_GZIP_BUDGET / 1024} KB`, () => {
  console.log(
    `playground/dist/${PLAYGROUND_BUNDLE}: ${built.bytes} bytes minified, ${built.gzipBytes} bytes gzip -9; the page: ${built.pageGzipBytes} bytes gzip -9`,
  );
  expect(built.gzipBytes).toBeLessThanOrEqual(PLAYGROUND_GZIP_BUDGET);
  expect(built.pageGzipBytes).toBeLessThanOrEqual(PAGE_GZIP_BUDGET);
});

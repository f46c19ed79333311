/**
 * The front page stays a front page: README.md at most 12 KB, linking every page of docs/, and every relative link of
 * every page pointing at a file that exists (and, for "#anchor" links into docs/decisions.md, at a decision).
 */
import fs from "node:fs";
import path from "node:path";
import { docPages } from "./pages";

const ROOT = path.join(__dirname, "..", "..");
const pages = docPages();

test("README.md is at most 12 KB", () => {
  expect(fs.statSync(path.join(ROOT, "README.md")).size).toBeLessThanOrEqual(12 * 1024);
});

test("README.md links every page of docs/", () => {
  const readme = pages.find((p) => p.page === "README.md")!.text;
  const docs = pages.filter((p) => p.page.startsWith("docs/")).map((p) => p.page);
  expect(docs.length).toBeGreaterThanOrEqual(9);
  expect(docs.filter((d) => !readme.includes(`](${d})`))).toEqual([]);
});

test("every relative link of every page names a file that exists", () => {
  const broken: string[] = [];
  for (const { page, text } of pages) {
    for (const m of text.matchAll(/\]\(([^)#\s]+)(#[^)\s]*)?\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/.test(target)) continue; // https:, mailto:
      const file = path.join(ROOT, path.dirname(page), target);
      if (!fs.existsSync(file)) broken.push(`${page}: ${target}`);
    }
  }
  expect(broken).toEqual([]);
});

test("docs/decisions.md: an index row per decision, and the decisions in numeric order", () => {
  const text = pages.find((p) => p.page === "docs/decisions.md")!.text;
  const indexed = [...text.matchAll(/^\| \[D(\d+)\]\(#d\1\) \|/gm)].map((m) => Number(m[1]));
  const headed = [...text.matchAll(/^<a id="d(\d+)"><\/a>\n### D\1\. /gm)].map((m) => Number(m[1]));
  expect(headed.length).toBeGreaterThanOrEqual(61);
  expect(headed).toEqual([...headed].sort((a, b) => a - b));
  expect(indexed).toEqual(headed);
  expect(new Set(headed).size).toBe(headed.length);
});

/**
 * The pages whose examples run as tests: README.md and every page of docs/ (test/readme.test.ts runs their
 * TypeScript blocks, test/readme-console.test.ts their command lines).
 */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.join(__dirname, "..", "..");

export interface Page {
  /** Relative to the repository: "README.md", "docs/api.md". */
  page: string;
  text: string;
}

export function docPages(): Page[] {
  const docs = fs
    .readdirSync(path.join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => `docs/${f}`);
  return ["README.md", ...docs].map((page) => ({ page, text: fs.readFileSync(path.join(ROOT, page), "utf8") }));
}

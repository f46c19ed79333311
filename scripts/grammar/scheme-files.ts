/**
 * The scheme files against the dialects' file lists. A scheme file names the dialects that have the scheme
 * ("; @dialects ..."), and each dialect's manifest (grammar/dialects/NAME.json) lists the files it loads; the
 * build reads only the manifests, so a scheme file that a dialect it names does not list would be left out of that
 * dialect without a word. Every file under grammar/ with a "; @scheme" header is checked (not grammar/releases/,
 * the kept releases). A file under grammar/schemes/ is also named after its scheme (`s3+http.abnf` holds
 * `@scheme s3+http`), so that the file to edit for a scheme is found by its name.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { readSchemeHeader } from "./headers";
import { leadingComment } from "./load";
import type { DialectManifest } from "./manifest";

/** Problems, each naming the file to edit; empty when every scheme file is where its header says. */
export function checkSchemeFiles(grammarDir: string, manifests: readonly DialectManifest[]): string[] {
  const problems: string[] = [];
  for (const rel of abnfFiles(grammarDir, "")) {
    const file = `grammar/${rel}`;
    const header = readSchemeHeader(leadingComment(fs.readFileSync(path.join(grammarDir, rel), "utf8")), file);
    if (!header) continue;
    if (path.dirname(rel) === "schemes" && path.basename(rel, ".abnf") !== header.scheme) {
      problems.push(
        `${file}: "@scheme ${header.scheme}" belongs in grammar/schemes/${header.scheme}.abnf: a scheme's file is named after it`,
      );
    }
    for (const dialect of header.dialects) {
      const manifest = manifests.find((m) => m.name === dialect);
      if (!manifest) {
        problems.push(
          `${file}: "@dialects" names ${dialect}, which is no dialect (${manifests.map((m) => m.name).join(", ")}: grammar/dialects/)`,
        );
      } else if (!manifest.files.some((f) => f.path === rel)) {
        problems.push(
          `${file}: "@dialects" names ${dialect}, but grammar/dialects/${dialect}.json does not load it: ` +
            `add { "path": "${rel}" } to its "files" (or remove ${dialect} from "@dialects")`,
        );
      }
    }
  }
  return problems;
}

/** The .abnf files under `dir` (relative to grammarDir, "/"-separated, sorted), releases/ left out. */
function abnfFiles(grammarDir: string, dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs
    .readdirSync(path.join(grammarDir, dir), { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rel = dir === "" ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory() && rel !== "releases") out.push(...abnfFiles(grammarDir, rel));
    else if (entry.isFile() && entry.name.endsWith(".abnf")) out.push(rel);
  }
  return out;
}

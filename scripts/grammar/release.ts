/**
 * npm run grammar:release -- VERSION: keeps grammar/ as released in VERSION, in grammar/releases/VERSION/ (the
 * dialects and every file they load; not the earlier releases, not changes.json), for the compatibility guard
 * (scripts/compare/guard.ts). Run it when a version of the package is published. A VERSION already kept is
 * refused unless --replace is given (for a version not yet published).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { listDialects, readManifest } from "./manifest";

export function snapshotGrammar(grammarDir: string, version: string, replace = false): string {
  if (!/^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$/.test(version)) throw new Error(`"${version}" is not a version (MAJOR.MINOR.PATCH)`);
  const target = path.join(grammarDir, "releases", version);
  if (fs.existsSync(target)) {
    if (!replace) throw new Error(`${path.relative(process.cwd(), target)} exists: a released grammar is kept as it was (--replace for an unpublished version)`);
    fs.rmSync(target, { recursive: true });
  }
  const files = new Set<string>();
  for (const dialect of listDialects(grammarDir)) {
    files.add(path.join("dialects", `${dialect}.json`));
    for (const f of readManifest(grammarDir, dialect).files) files.add(f.path);
  }
  for (const f of [...files].sort()) {
    fs.mkdirSync(path.dirname(path.join(target, f)), { recursive: true });
    fs.copyFileSync(path.join(grammarDir, f), path.join(target, f));
  }
  return target;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const version = args.find((a) => !a.startsWith("--"));
  try {
    if (version === undefined) throw new Error("usage: npm run grammar:release -- VERSION [--replace]");
    const target = snapshotGrammar(path.resolve(__dirname, "..", "..", "..", "grammar"), version, args.includes("--replace"));
    console.log(`kept grammar/ as ${path.relative(process.cwd(), target)}`);
  } catch (e) {
    console.error(`grammar:release: ${(e as Error).message}`);
    process.exit(2);
  }
}

/**
 * npm run grammar:release -- VERSION: keeps grammar/ as released in VERSION, in grammar/releases/VERSION/ (the
 * dialects and every file they load; not the earlier releases, not changes.json), for the compatibility guard
 * (scripts/compare/guard.ts). Run it when a version of the package is published: VERSION is package.json's, and
 * grammar/ must keep the promise of every earlier release (the guard passes). A VERSION already kept is refused
 * unless --replace is given (for a version not yet published). The release's SHA256SUMS (as `sha256sum` writes
 * them) let the guard tell a kept release that was edited afterwards.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describeProblems, guardGrammar, type ChangesFile } from "../compare/guard";
import { listDialects, readManifest } from "./manifest";
import { writeReleaseSums } from "./release-sums";

export function snapshotGrammar(grammarDir: string, version: string, replace = false): string {
  if (!/^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$/.test(version))
    throw new Error(`"${version}" is not a version (MAJOR.MINOR.PATCH)`);
  const target = path.join(grammarDir, "releases", version);
  if (fs.existsSync(target)) {
    if (!replace)
      throw new Error(
        `${path.relative(process.cwd(), target)} exists: a released grammar is kept as it was (--replace for an unpublished version)`,
      );
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
  writeReleaseSums(target);
  return target;
}

/**
 * What `npm run grammar:release -- VERSION` does in the repository at `root`: refuses a VERSION other than
 * package.json's, and a grammar/ that breaks an earlier release's promise (the guard's report); else keeps it.
 */
export function releaseGrammar(root: string, version: string, replace = false): string {
  const published = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string })
    .version;
  if (version !== published)
    throw new Error(
      `package.json's version is ${published}: a grammar is kept as the package version it is published with`,
    );
  const grammar = path.join(root, "grammar");
  const changes = JSON.parse(fs.readFileSync(path.join(grammar, "changes.json"), "utf8")) as ChangesFile;
  const problems = guardGrammar(grammar, path.join(grammar, "releases"), changes).filter((p) => p.release !== version);
  if (problems.length > 0)
    throw new Error(`grammar/ breaks an earlier release's promise, so it is not kept:\n${describeProblems(problems)}`);
  return snapshotGrammar(grammar, version, replace);
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const version = args.find((a) => !a.startsWith("--"));
  try {
    if (version === undefined) throw new Error("usage: npm run grammar:release -- VERSION [--replace]");
    const target = releaseGrammar(path.resolve(__dirname, "..", "..", ".."), version, args.includes("--replace"));
    console.log(`kept grammar/ as ${path.relative(process.cwd(), target)}`);
  } catch (e) {
    console.error(`grammar:release: ${(e as Error).message}`);
    process.exit(2);
  }
}

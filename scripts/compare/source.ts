/**
 * Where a grammar to compare comes from. A SOURCE is one of:
 *
 *   DIALECT          a dialect of this checkout's grammar/ (url-pipeline-v0, zep8)
 *   DIR              a grammar directory (one with dialects/*.json), or a folder with such a grammar/ in it
 *   rev:REV          grammar/ at the git revision REV of this repository (rev:HEAD~3, rev:main, rev:bfdeb8e)
 *
 * and may end in #DIALECT to say which dialect of a DIR or a revision (rev:HEAD~1#zep8). Without it: the
 * command's --dialect, else the only dialect there is.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { listDialects } from "../grammar/manifest";

export class UsageError extends Error {}

export interface GrammarSource {
  /** How the report names it: "zep8", "rev:HEAD~1#zep8", "../x/grammar#v1". */
  label: string;
  /** The grammar directory (with dialects/). */
  dir: string;
  dialect: string;
}

/**
 * Resolves a SOURCE; a revision is extracted (git archive) into a fresh folder under `tmp`. `root` is the
 * repository (its grammar/ is the default grammar and its git history the revisions).
 */
export function resolveSource(
  spec: string,
  defaultDialect: string | undefined,
  root: string,
  tmp: string,
): GrammarSource {
  const hash = spec.lastIndexOf("#");
  const where = hash >= 0 ? spec.slice(0, hash) : spec;
  const named = hash >= 0 ? spec.slice(hash + 1) : undefined;
  const own = path.join(root, "grammar");
  let dir: string;
  if (where.startsWith("rev:")) {
    dir = extractRevision(where.slice("rev:".length), root, tmp);
  } else if (fs.existsSync(where) && fs.statSync(where).isDirectory()) {
    dir = fs.existsSync(path.join(where, "dialects")) ? where : path.join(where, "grammar");
    if (!fs.existsSync(path.join(dir, "dialects")))
      throw new UsageError(`${where}: no dialects/ in it (nor in ${where}/grammar)`);
  } else if (named === undefined && listDialects(own).includes(where)) {
    return { label: where, dir: own, dialect: where };
  } else {
    throw new UsageError(
      `"${spec}" is neither a dialect of grammar/ (${listDialects(own).join(", ")}), a directory, nor rev:REV`,
    );
  }
  const dialects = listDialects(dir);
  const dialect = named ?? defaultDialect ?? (dialects.length === 1 ? dialects[0] : undefined);
  if (dialect === undefined)
    throw new UsageError(
      `${where} has the dialects ${dialects.join(", ")}: say which, with ${where}#DIALECT or --dialect`,
    );
  if (!dialects.includes(dialect))
    throw new UsageError(`${where} has no dialect ${dialect} (it has ${dialects.join(", ")})`);
  return { label: named !== undefined ? spec : `${where}#${dialect}`, dir, dialect };
}

function extractRevision(rev: string, root: string, tmp: string): string {
  if (rev === "" || rev.startsWith("-")) throw new UsageError(`rev:${rev}: not a revision`);
  let tar: Buffer;
  try {
    tar = execFileSync("git", ["archive", "--format=tar", rev, "grammar"], {
      cwd: root,
      maxBuffer: 1 << 28,
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (e) {
    const stderr = String((e as { stderr?: Buffer }).stderr ?? "").trim();
    throw new UsageError(`rev:${rev}: git archive failed${stderr ? `: ${stderr}` : ""}`);
  }
  const out = fs.mkdtempSync(path.join(tmp, "rev-"));
  execFileSync("tar", ["-x", "-C", out], { input: tar });
  return path.join(out, "grammar");
}

/**
 * A kept release's SHA256SUMS (grammar/releases/VERSION/SHA256SUMS, in `sha256sum`'s format, so `sha256sum -c`
 * reads it too): written when the release is kept (release.ts), checked by the compatibility guard
 * (scripts/compare/guard.ts), which would otherwise compare grammar/ with whatever a later edit made of the release.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

/** The file of a release that lists its files' SHA-256 sums. */
export const SUMS = "SHA256SUMS";

const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

/** Every file under `dir` but SHA256SUMS, "/"-separated and sorted. */
function filesUnder(dir: string, rel = ""): string[] {
  return fs
    .readdirSync(path.join(dir, rel), { withFileTypes: true })
    .flatMap((e) => {
      const f = rel === "" ? e.name : `${rel}/${e.name}`;
      return e.isDirectory() ? filesUnder(dir, f) : f === SUMS ? [] : [f];
    })
    .sort();
}

/**
 * What differs in a kept release from its SHA256SUMS: each file edited, added or removed since it was kept, named
 * with what to do; [] when it is as released.
 */
export function alteredReleaseFiles(releaseDir: string): string[] {
  const where = path.join("grammar", "releases", path.basename(releaseDir));
  const sumsFile = path.join(releaseDir, SUMS);
  if (!fs.existsSync(sumsFile))
    return [`${where}/${SUMS} is missing: a kept release lists its files' sums (npm run grammar:release writes them)`];
  const sums = new Map(
    fs
      .readFileSync(sumsFile, "utf8")
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => {
        const [sum, file] = l.split(/ {2}/) as [string, string];
        return [file, sum];
      }),
  );
  const out: string[] = [];
  for (const f of filesUnder(releaseDir)) {
    if (!sums.has(f))
      out.push(`${where}/${f} was added after the release: a kept release is not changed (git checkout it)`);
    else if (sums.get(f) !== sha256(path.join(releaseDir, f)))
      out.push(`${where}/${f} was edited after the release: a kept release is not changed (git checkout it)`);
  }
  for (const f of sums.keys())
    if (!fs.existsSync(path.join(releaseDir, f)))
      out.push(`${where}/${f} was removed after the release (git checkout it)`);
  return out;
}

/** Writes the SHA256SUMS of the files under `releaseDir`. */
export function writeReleaseSums(releaseDir: string): void {
  fs.writeFileSync(
    path.join(releaseDir, SUMS),
    filesUnder(releaseDir)
      .map((f) => `${sha256(path.join(releaseDir, f))}  ${f}\n`)
      .join(""),
  );
}

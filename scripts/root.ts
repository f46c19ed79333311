/** The repository root: the nearest folder up with a package.json (scripts run from .build/scripts/ or scripts/). */
import * as fs from "node:fs";
import * as path from "node:path";

export function repositoryRoot(from = __dirname): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${from}`);
    dir = up;
  }
  return dir;
}

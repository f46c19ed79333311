/**
 * Where the Chromium for the browser tests is: $CHROMIUM_PATH, else `chromium` or `chromium-browser` on the PATH
 * (Debian's chromium package installs /usr/bin/chromium). No browser is ever downloaded: playwright-core drives
 * the one found, and the tests are skipped (or, under CI, fail) when there is none.
 */
import fs from "node:fs";
import path from "node:path";

function executable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.CHROMIUM_PATH) return executable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    for (const name of ["chromium", "chromium-browser"]) {
      const file = path.join(dir, name);
      if (dir !== "" && executable(file)) return file;
    }
  }
  return null;
}

/** CI=true (or any value but "false" and "0"), as CI services set it: there a missing browser is a failure. */
export function underCI(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CI !== undefined && env.CI !== "" && env.CI !== "false" && env.CI !== "0";
}

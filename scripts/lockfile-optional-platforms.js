#!/usr/bin/env node
/**
 * node scripts/lockfile-optional-platforms.js: run after `npm install` changes package-lock.json.
 *
 * jest 30 depends on unrs-resolver, whose native bindings are optional dependencies, one per platform. The
 * registry this project is built from serves only the Linux ones, so npm leaves the others out of the lock file,
 * and then `npm ci` refuses the lock ("Missing: @unrs/resolver-binding-darwin-x64@ from lock file"). This adds
 * each missing binding as an optional entry with the platform (os, cpu, libc) its name states, so that `npm ci`
 * skips it on every other platform, as it would with a lock written where the registry serves them all.
 */
const fs = require("node:fs");
const path = require("node:path");

const lockFile = path.join(__dirname, "..", "package-lock.json");
const lock = JSON.parse(fs.readFileSync(lockFile, "utf8"));
const PLATFORM =
  /^@unrs\/resolver-binding-(android|darwin|freebsd|linux|openharmony|win32)-([a-z0-9]+?)(?:-(gnueabihf|musleabihf|gnu|musl|msvc|eabi))?$/;
let added = 0;
for (const [where, pkg] of Object.entries(lock.packages)) {
  if (!where.endsWith("node_modules/unrs-resolver")) continue;
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const m = PLATFORM.exec(name);
    if (!m) throw new Error(`cannot tell the platform of ${name}`);
    const [, os, arch, abi] = m;
    const cpu = arch === "arm" ? "arm" : arch === "ia32" ? "ia32" : arch;
    const entry = { version, cpu: [cpu], dev: true, license: "MIT", optional: true, os: [os] };
    if (abi?.includes("musl")) entry.libc = ["musl"];
    else if (abi?.startsWith("gnu")) entry.libc = ["glibc"];
    lock.packages[key] = entry;
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} optional platform entries`);

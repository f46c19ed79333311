#!/usr/bin/env node
/**
 * node scripts/neuroglancer/install.mjs [--force]
 *
 * Installs the real Neuroglancer code (the npm package neuroglancer@2.41.2, its compiled lib/) where
 * scripts/neuroglancer/read_urls.mjs loads it, without a browser:
 *
 *   .cache/neuroglancer/package/              the package, from `npm pack neuroglancer@2.41.2` (extracted)
 *   .cache/neuroglancer/node_modules/         its registry dependencies (the ranges its package.json states),
 *                                             found by Node's resolution from package/lib/ upwards
 *   .cache/neuroglancer/package.json          the small manifest that npm installs those from
 *   .cache/neuroglancer/installed.json        what was installed (written last: its presence means "done")
 *
 * `npm install neuroglancer` itself fails here: one dependency (ikonate, icons for the browser UI) is fetched
 * from GitHub, which this machine cannot reach. It is skipped; nothing the harness loads imports it.
 *
 * Idempotent: when installed.json names the same version and every dependency resolves, it says so and exits 0.
 * NEUROGLANCER_CACHE names another folder. Exit status: 0 installed (or already there); 1 the registry could not
 * be reached or an install step failed (the message says which).
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

export const NEUROGLANCER_VERSION = "2.41.2";
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const CACHE = process.env.NEUROGLANCER_CACHE ?? path.join(ROOT, ".cache", "neuroglancer");
const PKG = path.join(CACHE, "package");
const DONE = path.join(CACHE, "installed.json");
const force = process.argv.includes("--force");

const say = (line) => process.stdout.write(`install-neuroglancer: ${line}\n`);
function fail(message) {
  process.stderr.write(`install-neuroglancer: FAILED: ${message}\n`);
  process.exit(1);
}

function npm(args, cwd) {
  const r = spawnSync("npm", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
  if (r.error) fail(`could not run npm (${r.error.message}); is Node's npm on PATH?`);
  return r;
}

/** A failed npm call: the registry's fault (unreachable) or another. */
function npmFailed(what, r) {
  const text = `${r.stderr ?? ""}\n${r.stdout ?? ""}`;
  const lines = text.trim().split("\n");
  const errors = lines.filter((l) => l.startsWith("npm error") && !/^npm error\s+at /.test(l));
  const tail = (errors.length > 0 ? errors.slice(0, 6) : lines.slice(-8)).join("\n");
  if (
    /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|network|socket hang up|request to .* failed/i.test(
      text,
    )
  ) {
    fail(`${what}: the npm registry cannot be reached (no network?). npm said:\n${tail}`);
  }
  fail(`${what} failed (exit ${r.status}). npm said:\n${tail}`);
}

function alreadyInstalled() {
  if (force || !fs.existsSync(DONE)) return null;
  try {
    const done = JSON.parse(fs.readFileSync(DONE, "utf8"));
    const pkg = JSON.parse(fs.readFileSync(path.join(PKG, "package.json"), "utf8"));
    if (done.neuroglancer !== NEUROGLANCER_VERSION || pkg.version !== NEUROGLANCER_VERSION) return null;
    for (const name of Object.keys(done.dependencies ?? {})) {
      if (!fs.existsSync(path.join(CACHE, "node_modules", name, "package.json"))) return null;
    }
    return done;
  } catch {
    return null;
  }
}

function main() {
  const done = alreadyInstalled();
  if (done) {
    say(
      `neuroglancer@${NEUROGLANCER_VERSION} already installed in ${path.relative(ROOT, CACHE) || CACHE} (${Object.keys(done.dependencies).length} dependencies; skipped: ${done.skipped.map((s) => s.name).join(", ") || "none"}); --force reinstalls`,
    );
    return;
  }
  fs.mkdirSync(CACHE, { recursive: true });

  // 1. The package itself: npm pack (no install, no dependency resolution), then extract.
  const tarball = path.join(CACHE, `neuroglancer-${NEUROGLANCER_VERSION}.tgz`);
  if (!fs.existsSync(tarball) || force) {
    say(`npm pack neuroglancer@${NEUROGLANCER_VERSION} into ${path.relative(ROOT, CACHE)}`);
    const r = npm(
      ["pack", `neuroglancer@${NEUROGLANCER_VERSION}`, "--pack-destination", CACHE, "--loglevel=error"],
      CACHE,
    );
    if (r.status !== 0 || !fs.existsSync(tarball)) npmFailed(`npm pack neuroglancer@${NEUROGLANCER_VERSION}`, r);
  } else {
    say(`reusing ${path.relative(ROOT, tarball)}`);
  }
  fs.rmSync(PKG, { recursive: true, force: true });
  const tar = spawnSync("tar", ["-xzf", tarball, "-C", CACHE], { encoding: "utf8" });
  if (tar.error || tar.status !== 0) fail(`could not extract ${tarball}: ${tar.error?.message ?? tar.stderr}`);
  const manifest = JSON.parse(fs.readFileSync(path.join(PKG, "package.json"), "utf8"));
  if (manifest.version !== NEUROGLANCER_VERSION)
    fail(`the tarball holds neuroglancer ${manifest.version}, not ${NEUROGLANCER_VERSION}`);
  say(`extracted neuroglancer ${manifest.version} into ${path.relative(ROOT, PKG)}`);

  // 2. Its registry dependencies, as its package.json states them; not those fetched from a git host.
  const dependencies = {};
  const skipped = [];
  for (const [name, spec] of Object.entries(manifest.dependencies ?? {})) {
    if (/^(github:|git\+|git:|https?:|[\w.-]+\/[\w.-]+(#.*)?$)/.test(spec))
      skipped.push({ name, spec, why: "not from the npm registry" });
    else dependencies[name] = spec;
  }
  fs.writeFileSync(
    path.join(CACHE, "package.json"),
    `${JSON.stringify({ name: "neuroglancer-harness-deps", private: true, description: `registry dependencies of neuroglancer@${NEUROGLANCER_VERSION} (written by scripts/neuroglancer/install.mjs)`, dependencies }, null, 2)}\n`,
  );
  say(
    `npm install ${Object.entries(dependencies)
      .map(([n, s]) => `${n}@${s}`)
      .join(" ")}`,
  );
  for (const s of skipped) say(`skipped ${s.name}@${s.spec} (${s.why})`);
  const r = npm(["install", "--ignore-scripts", "--no-audit", "--no-fund", "--omit=dev", "--loglevel=error"], CACHE);
  if (r.status !== 0) npmFailed("npm install of its dependencies", r);

  const installed = {};
  for (const name of Object.keys(dependencies)) {
    installed[name] = JSON.parse(
      fs.readFileSync(path.join(CACHE, "node_modules", name, "package.json"), "utf8"),
    ).version;
  }
  fs.writeFileSync(
    DONE,
    `${JSON.stringify({ neuroglancer: NEUROGLANCER_VERSION, dependencies: installed, skipped }, null, 2)}\n`,
  );
  say(
    `installed: ${Object.entries(installed)
      .map(([n, v]) => `${n} ${v}`)
      .join(", ")}`,
  );
  say(`done; run: node scripts/neuroglancer/read_urls.mjs FILE (or inputs on standard input)`);
}

main();

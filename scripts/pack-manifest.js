#!/usr/bin/env node
/**
 * node scripts/pack-manifest.js strip|restore: the package.json that `npm pack` (and `npm publish`) puts in the
 * tarball has no `prepare` script, so that installing the tarball runs, and warns of, no install-time script.
 *
 * A clone needs `prepare`: `npm ci` builds the package with it, and so does npm for a git dependency (pacote runs
 * `prepare`, and only it, in the cloned directory). npm reads the files to pack after `prepack`, so `prepack` strips
 * the script from package.json (keeping the original in .build/package.json.orig) and `postpack` puts it back, as
 * the pinst tool does for husky's postinstall.
 */
const fs = require("node:fs");
const path = require("node:path");

const root = path.join(__dirname, "..");
const manifest = path.join(root, "package.json");
const saved = path.join(root, ".build", "package.json.orig");

const what = process.argv[2];
if (what === "strip") {
  const text = fs.readFileSync(manifest, "utf8");
  fs.mkdirSync(path.dirname(saved), { recursive: true });
  fs.writeFileSync(saved, text);
  const pkg = JSON.parse(text);
  // And the pack hooks themselves: the tarball is not packed again. (npm runs postpack from the manifest it read first.)
  for (const s of ["prepare", "prepack", "postpack"]) delete pkg.scripts[s];
  fs.writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (what === "restore") {
  if (fs.existsSync(saved)) {
    fs.writeFileSync(manifest, fs.readFileSync(saved, "utf8"));
    fs.rmSync(saved);
  }
} else {
  process.stderr.write("usage: node scripts/pack-manifest.js strip|restore\n");
  process.exit(2);
}

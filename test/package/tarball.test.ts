/**
 * The package as a user installs it: `npm pack` (its build, `prepare`, not run: dist/ is built already; its
 * manifest step, `prepack` and `postpack`, run as npm runs them), the tarball installed into an empty project, and
 * used from CommonJS, ESM, TypeScript (`tsc --strict`, moduleResolution node16 and bundler) and the bin. It checks
 * that `files` ships what the code loads, and that nothing runs, or needs a build step, at install time.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.join(__dirname, "../..");
const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, npm_config_audit: "false", npm_config_fund: "false" },
  });

let project = "";
let tarball = "";
/** What `npm install` of the tarball printed. */
let installOutput = "";
const MANIFEST = path.join(ROOT, "package.json");
const manifestBefore = fs.readFileSync(MANIFEST, "utf8");

beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "url-pipeline-pack-"));
  // npm pack runs prepare (the build), prepack and postpack; here the last two, which write the tarball's manifest.
  const scripts = (JSON.parse(manifestBefore) as { scripts: Record<string, string> }).scripts;
  let packed: { filename: string }[];
  execFileSync("sh", ["-c", scripts.prepack!], { cwd: ROOT });
  try {
    packed = JSON.parse(run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir], ROOT));
  } finally {
    execFileSync("sh", ["-c", scripts.postpack!], { cwd: ROOT });
  }
  tarball = path.join(dir, packed[0]!.filename);
  project = path.join(dir, "project");
  fs.mkdirSync(project);
  fs.writeFileSync(
    path.join(project, "package.json"),
    JSON.stringify({ name: "try-url-pipeline", version: "1.0.0", private: true }),
  );
  // Scripts allowed: a package with an install-time script would run it, and npm would say so.
  const r = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--offline", tarball], {
    cwd: project,
    encoding: "utf8",
  });
  installOutput = r.stdout + r.stderr;
  expect(r.status).toBe(0);
}, 120_000);

afterAll(() => {
  if (tarball) fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
});

test("no install-time script: the packed manifest has none, the install says nothing of one, the clone's is kept", () => {
  const installed = JSON.parse(fs.readFileSync(path.join(project, "node_modules/url-pipeline/package.json"), "utf8"));
  const scripts = Object.keys(installed.scripts ?? {});
  for (const s of ["preinstall", "install", "postinstall", "prepare", "prepack", "postpack"]) {
    expect([s, scripts.includes(s)]).toEqual([s, false]);
  }
  expect(installOutput).not.toMatch(/script/i);
  // The clone keeps prepare (npm ci builds with it; so does npm for a git dependency), restored after packing.
  expect(fs.readFileSync(MANIFEST, "utf8")).toBe(manifestBefore);
  expect(JSON.parse(manifestBefore).scripts.prepare).toBe("npm run -s build");
});

test("the tarball holds what the README links to and the license", () => {
  const installed = path.join(project, "node_modules/url-pipeline");
  for (const f of [
    "README.md",
    "LICENSE",
    "CHANGELOG.md",
    "docs/decisions.md",
    "package.json",
    "dist/index.js",
    "dist/index.mjs",
    "generated/patterns.js",
  ]) {
    expect([f, fs.existsSync(path.join(installed, f))]).toEqual([f, true]);
  }
  expect(JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")).license).toBe("MIT");
  expect(fs.readFileSync(path.join(installed, "LICENSE"), "utf8")).toMatch(/^MIT License/);
});

test("CommonJS: require", () => {
  fs.writeFileSync(
    path.join(project, "a.cjs"),
    [
      'const { parse, validate, normalize } = require("url-pipeline");',
      'const v0 = require("url-pipeline/validate/url-pipeline-v0");',
      'console.log(JSON.stringify([parse("s3://bucket/a.zip|zip:x/").subUrls.map((s) => s.scheme), validate("s3://b").valid,',
      '  normalize("FILE:///a|ZIP"), v0.canParse("file:///db/|ocdbt://v1/"), JSON.parse(JSON.stringify(parse("gs://bucket/x|byte-range:1-2"))).subUrls[1].end.value]));',
    ].join("\n"),
  );
  expect(JSON.parse(run(process.execPath, ["a.cjs"], project))).toEqual([
    ["s3", "zip"],
    false,
    "file:///a|zip:",
    true,
    "2",
  ]);
});

test("the conformance suites and their schema: url-pipeline/conformance/*.json, and the conform command runs them", () => {
  fs.writeFileSync(
    path.join(project, "c.cjs"),
    [
      'const zep8 = require("url-pipeline/conformance/zep8.json");',
      'const v0 = require("url-pipeline/conformance/url-pipeline-v0.json");',
      'const schema = require("url-pipeline/conformance/schema.json");',
      "console.log(JSON.stringify([zep8.dialect, v0.dialect, zep8.cases.length > 1000, v0.cases.length > 1000, schema.title]));",
    ].join("\n"),
  );
  expect(JSON.parse(run(process.execPath, ["c.cjs"], project))).toEqual([
    "zep8",
    "url-pipeline-v0",
    true,
    true,
    "URL pipeline conformance suite",
  ]);
  // An adapter that implements nothing: every case unsupported, exit 0.
  fs.writeFileSync(
    path.join(project, "none.cjs"),
    'require("readline").createInterface({ input: process.stdin }).on("line", (l) => console.log(JSON.stringify({ id: JSON.parse(l).id, unsupported: true })));\n',
  );
  const out = run(
    path.join(project, "node_modules", ".bin", "url-pipeline"),
    ["conform", "--dialect", "zep8", "--", process.execPath, "none.cjs"],
    project,
  );
  expect(out.split("\n")[0]).toMatch(
    /^url-pipeline conform: \d+ cases: 0 agree, 0 differ, 0 known differences, \d+ unsupported$/,
  );
});

test("ESM: import", () => {
  fs.writeFileSync(
    path.join(project, "a.mjs"),
    [
      'import urlPipeline, { parse, kind } from "url-pipeline";',
      'import { validate } from "url-pipeline/validate";',
      'import { canParse } from "url-pipeline/validate/zep8";',
      'console.log(JSON.stringify([parse("file:///a/|zarr3:").subUrls.length, kind("file:///a/|zarr3:"), typeof urlPipeline.parse,',
      '  validate("file:///db/|ocdbt:@v1/", { dialect: "zep8" }).valid, canParse("file:///db/|ocdbt:@v1/")]));',
    ].join("\n"),
  );
  expect(JSON.parse(run(process.execPath, ["a.mjs"], project))).toEqual([
    2,
    "array-or-array-group",
    "function",
    true,
    true,
  ]);
});

test.each(["node16", "bundler", "node10"])(
  "TypeScript, tsc --strict, moduleResolution %s",
  (resolution) => {
    const dir = path.join(project, `ts-${resolution}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, "index.ts"),
      [
        'import { parse, validate, type SubUrl, type Pipeline } from "url-pipeline";',
        'import { canParse } from "url-pipeline/validate/url-pipeline-v0";',
        'const p: Pipeline = parse("s3://bucket/a.zip|zip:x/");',
        'const names: string[] = p.subUrls.map((s: SubUrl) => (s.scheme === "s3" ? s.bucket.value : s.scheme));',
        'const r = validate("s3://b");',
        "const offset: number = r.valid ? -1 : r.error.offset;",
        'const ok: boolean = canParse("memory:");',
        "export { names, offset, ok };",
      ].join("\n"),
    );
    fs.writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "ES2022",
          skipLibCheck: false,
          types: [],
          // node10, TypeScript's default for CommonJS: the subpaths' types through typesVersions.
          module: resolution === "node16" ? "node16" : resolution === "node10" ? "commonjs" : "esnext",
          moduleResolution: resolution,
          ...(resolution === "node10" ? { ignoreDeprecations: "6.0" } : {}),
        },
        files: ["index.ts"],
      }),
    );
    let out = "";
    try {
      run(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", dir], dir);
    } catch (e) {
      out = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(out).toBe("");
  },
  60_000,
);

test("TypeScript in an ES module project (nodenext): a subpath is read as the ES module it is, so a default import Node refuses is an error", () => {
  const dir = path.join(project, "ts-esm");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  fs.writeFileSync(
    path.join(dir, "good.ts"),
    'import { canParse } from "url-pipeline/validate/url-pipeline-v0";\nexport const ok: boolean = canParse("memory:");\n',
  );
  fs.writeFileSync(
    path.join(dir, "bad.ts"),
    'import v0 from "url-pipeline/validate/url-pipeline-v0";\nexport const ok: boolean = v0.canParse("memory:");\n',
  );
  const tsc = (file: string) => {
    fs.writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "ES2022",
          types: [],
          module: "nodenext",
          moduleResolution: "nodenext",
        },
        files: [file],
      }),
    );
    try {
      run(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", dir], dir);
      return "";
    } catch (e) {
      return String((e as { stdout?: string }).stdout ?? e);
    }
  };
  expect(tsc("good.ts")).toBe("");
  expect(tsc("bad.ts")).toMatch(/has no default export/);
}, 60_000);

test("the bin", () => {
  const bin = path.join(project, "node_modules/.bin/url-pipeline");
  expect(run(bin, ["normalize", "S3://bucket/a|ZIP"], project)).toBe("s3://bucket/a|zip:\n");
  expect(run(bin, ["check", "--json", "s3://bucket/a|zip:"], project)).toContain('"valid":true');
});

/**
 * A new scheme is one ABNF file plus one line in each dialect's file list (docs/grammar-versions.md, "Adding a
 * scheme"). This test does it as a maintainer would, in a copy of the repository: it adds `trial-xz` (an adapter
 * with no body, modelled on gzip) and `trial-tar` (an adapter with a path, modelled on zip), runs the build (generate, then tsc
 * of src/), and checks that parse, format, normalize, kind, build, hints and completion all handle both, without
 * a line of src/ changed. A scheme whose body has fields of its own, and no action, stops the build with a message
 * that names the grammar file and the files to add the action to.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { buildDialect, dialectActionRules } from "../../../scripts/generate";
import { missingCustomAction } from "../../../scripts/grammar/shapes";

const ROOT = path.resolve(__dirname, "../../..");
const ACTION_RULES: string[] = JSON.parse(
  fs.readFileSync(path.join(ROOT, "src/actions/action-rules.json"), "utf8"),
).rules;

const XZ = `; @scheme   trial-xz
; @version  0
; @role     adapter
; @base     file
; @result   file
; @dialects url-pipeline-v0 zep8
;
; A trial scheme: a compressed file, modelled on gzip.

adapter-sub-url =/ trial-xz-sub-url

trial-xz-sub-url = trial-xz-scheme [ ":" ]
trial-xz-scheme  = "trial-xz"
`;

const TAR = `; @scheme   trial-tar
; @version  0
; @role     adapter
; @base     file
; @result   directory if the path is empty or ends with "/", else file-or-directory
; @dialects url-pipeline-v0 zep8
;
; A trial scheme: an archive, modelled on zip.

adapter-sub-url =/ trial-tar-sub-url

trial-tar-sub-url = trial-tar-scheme [ ":" trial-tar-path ]
trial-tar-scheme  = "trial-tar"
trial-tar-path    = path-absolute / path-rootless / path-empty
`;

/** A copy of what the build reads, with node_modules linked, and `files` added to grammar/ and both dialect lists. */
function copyWith(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "url-pipeline-bump-"));
  for (const part of ["grammar", "scripts", "src", "generated", "package.json", "tsconfig.json"]) {
    fs.cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  for (const [name, text] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, "grammar/schemes", name), text);
    for (const dialect of ["url-pipeline-v0", "zep8"]) {
      const manifest = path.join(dir, "grammar/dialects", `${dialect}.json`);
      const json = JSON.parse(fs.readFileSync(manifest, "utf8")) as { files: { path: string }[] };
      json.files.push({ path: `schemes/${name}` });
      fs.writeFileSync(manifest, `${JSON.stringify(json, null, 2)}\n`);
    }
  }
  return dir;
}

const tsc = path.join(ROOT, "node_modules/typescript/bin/tsc");

describe("adding a scheme: one ABNF file and one line per dialect", () => {
  let dir: string;
  let out: Record<string, unknown>;
  beforeAll(() => {
    dir = copyWith({ "trial-xz.abnf": XZ, "trial-tar.abnf": TAR });
    const run = (args: string[]) =>
      execFileSync(process.execPath, args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    run([tsc, "-p", "scripts/tsconfig.json"]);
    run([".build/scripts/generate.js"]);
    run([tsc, "-p", "src/tsconfig.json"]);
    // Everything a user calls, on the built library of the copy; one JSON answer per question.
    const probe = `
      const u = require("./dist");
      const answers = {};
      for (const dialect of ["url-pipeline-v0", "zep8"]) {
        const o = { dialect };
        const t = u.parse("s3://bucket/a.tar|TRIAL-TAR:dir/x.xz|Trial-XZ", o);
        answers[dialect] = {
          schemes: u.schemesOf(t),
          tarPath: t.subUrls[1].path.value,
          format: u.format(t),
          normalize: u.normalize("s3://bucket/a.tar|TRIAL-TAR:dir/x.xz|Trial-XZ:", o),
          kinds: [u.kind("s3://bucket/a.tar|trial-tar:d/", o), u.kind("s3://bucket/a.tar|trial-tar:f|trial-xz", o)],
          baseKindError: (() => { try { u.kind("s3://bucket/d/|trial-xz", o); return null; } catch (e) { return e.code; } })(),
          built: u.build.pipeline([u.build.s3({ bucket: "bucket", path: "a.tar" }), u.build.adapter("trial-tar", { path: "a b" }), u.build.adapter("trial-xz")], o).raw,
          hint: u.validate("s3://bucket/a.tar|trial-tarr:x", o).hints.map((h) => h.replacement),
          completion: u.complete("s3://bucket/a|tri", o).map((c) => c.label),
          registry: u.DIALECTS[dialect].meta.schemes.filter((s) => s.scheme.startsWith("trial-")).map((s) => [s.scheme, s.role, s.shape, s.version]),
        };
      }
      process.stdout.write(JSON.stringify(answers));`;
    out = JSON.parse(run(["-e", probe]));
  }, 240_000);
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test.each(["url-pipeline-v0", "zep8"])(
    "%s: parse, format, normalize, kind, build, hints, completion and the registry know both",
    (dialect) => {
      expect(out[dialect]).toEqual({
        schemes: ["s3", "trial-tar", "trial-xz"],
        tarPath: "dir/x.xz",
        format: "s3://bucket/a.tar|TRIAL-TAR:dir/x.xz|Trial-XZ",
        normalize: "s3://bucket/a.tar|trial-tar:dir/x.xz|trial-xz:",
        kinds: ["directory", "file"],
        baseKindError: "base-kind",
        built: "s3://bucket/a.tar|trial-tar:a%20b|trial-xz:",
        hint: ["s3://bucket/a.tar|trial-tar:x"],
        completion: ["trial-tar:", "trial-xz:"],
        registry: [
          ["trial-xz", "adapter", "bodiless", "0"],
          ["trial-tar", "adapter", "path", "0"],
        ],
      });
    },
  );
});

describe("a scheme with a body of its own needs its action, and the build says where", () => {
  test("no action for lz4-sub-url: generate fails naming the grammar file and the files to add the action to", () => {
    const lz4 = XZ.replace(/trial-xz/g, "lz4").replace('lz4-scheme [ ":" ]', 'lz4-scheme ":" 1*DIGIT');
    const dir = copyWith({ "lz4.abnf": lz4 });
    try {
      const build = buildDialect("zep8", path.join(dir, "grammar"));
      expect(build.schemes.find((s) => s.scheme === "lz4")!.shape).toBe("custom");
      expect(() => dialectActionRules(build, ACTION_RULES)).toThrow(
        'grammar/schemes/lz4.abnf: scheme "lz4" (lz4-sub-url) has a body of its own (shape "custom"), and no action builds its tree: ' +
          'add "lz4-sub-url" to src/actions/action-rules.json, an action for it in src/actions/sub-urls.ts listed in src/actions/index.ts, ' +
          "and its node type in src/tree/nodes.ts. With them: each rule of the body whose value the action reads (lz4-bucket, lz4-path, ...) " +
          "in action-rules.json too, what each action builds in HandWrittenValues (src/actions/types.ts), and the node type in " +
          "RootSubUrl or AdapterSubUrl (src/tree/nodes.ts) and in OwnSubUrls (src/tree/schemes.ts); then npm run build",
      );
      // A root has no generic shape: the message does not offer one.
      const root = { ...build.schemes.find((s) => s.scheme === "lz4")!, role: "root" as const };
      expect(missingCustomAction(root, new Set(ACTION_RULES))).toMatch(/a root's body always has its own action\.\)$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the shapes of today's schemes, read from their rules", () => {
    const shapes = Object.fromEntries(buildDialect("url-pipeline-v0").schemes.map((s) => [s.scheme, s.shape]));
    expect(shapes).toMatchObject({
      gzip: "bodiless",
      "neuroglancer-precomputed": "bodiless",
      zip: "path",
      zarr3: "path",
      hdf5: "path",
      s3: "bucket",
      gs: "bucket",
      http: "authority",
      "s3+https": "authority",
      file: "custom",
      memory: "custom",
      ocdbt: "custom",
      json: "custom",
      "byte-range": "custom",
    });
  });
});

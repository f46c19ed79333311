/**
 * The compatibility guard (scripts/compare/guard.ts): grammar/ against every released grammar, exactly. The first
 * test is the guard itself, run by npm test; the others change a copy of the grammar as a maintainer might.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describeProblems, guardGrammar, listReleases, type ChangesFile } from "../../../scripts/compare/guard";
import { releaseGrammar, snapshotGrammar } from "../../../scripts/grammar/release";
import { SUMS, writeReleaseSums } from "../../../scripts/grammar/release-sums";

const GRAMMAR = path.resolve(__dirname, "../../../grammar");
const CHANGES = JSON.parse(fs.readFileSync(path.join(GRAMMAR, "changes.json"), "utf8")) as ChangesFile;

test("grammar/ keeps every string and meaning of every released grammar, but for the changes recorded", () => {
  expect(listReleases(path.join(GRAMMAR, "releases"))).toContain("0.1.0");
  const problems = guardGrammar(GRAMMAR, path.join(GRAMMAR, "releases"), CHANGES);
  // On failure, the report says what broke and what to do.
  expect(describeProblems(problems)).toBe("");
}, 60_000);

describe("a change to a copy of grammar/, released as 9.9.9", () => {
  let dir: string;
  const releases = () => path.join(dir, "releases");
  // The changes are made to a scheme of the test's own, released with the copy, so that a real scheme's grammar
  // may change without these tests noticing.
  const TAR = path.join("schemes", "trial-tar.abnf");
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "url-pipeline-guard-"));
    fs.cpSync(GRAMMAR, dir, { recursive: true, filter: (f) => !f.startsWith(path.join(GRAMMAR, "releases")) });
    fs.writeFileSync(
      path.join(dir, TAR),
      [
        "; @scheme   trial-tar",
        "; @version  0",
        "; @role     adapter",
        "; @base     file",
        '; @result   directory if the path is empty or ends with "/", else file-or-directory',
        "; @dialects url-pipeline-v0 zep8",
        "",
        "adapter-sub-url =/ trial-tar-sub-url",
        "",
        'trial-tar-sub-url = trial-tar-scheme [ ":" trial-tar-path ]',
        'trial-tar-scheme  = "trial-tar"',
        "trial-tar-path    = path-absolute / path-rootless / path-empty",
        "",
      ].join("\n"),
    );
    for (const dialect of ["url-pipeline-v0", "zep8"]) {
      const manifest = path.join(dir, "dialects", `${dialect}.json`);
      const json = JSON.parse(fs.readFileSync(manifest, "utf8")) as { files: { path: string }[] };
      json.files.push({ path: "schemes/trial-tar.abnf" });
      fs.writeFileSync(manifest, JSON.stringify(json));
    }
    snapshotGrammar(dir, "9.9.9");
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const editTar = (from: RegExp, to: string) => {
    const file = path.join(dir, TAR);
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(from, to));
  };
  /** trial-tar: paths may no longer start with "/" (trial-tar:/a was valid). */
  const narrowTar = () => editTar(/^(trial-tar-path\s*=\s*)path-absolute \/ /m, "$1");
  const bumpTar = () => editTar(/^; @version {2}0$/m, "; @version  1");
  const entry = (dialect: string, schemeVersion: string) => ({
    since: "9.9.9",
    dialect,
    rule: "trial-tar-path",
    scheme: "trial-tar",
    schemeVersion,
    reason: "no leading slash",
  });

  test("a kept release edited afterwards: the guard names each file, against the release's SHA256SUMS", () => {
    const kept = path.join(releases(), "9.9.9");
    fs.appendFileSync(path.join(kept, TAR), "; a comment\n");
    fs.writeFileSync(path.join(kept, "schemes/extra.abnf"), "");
    fs.rmSync(path.join(kept, "schemes/gzip.abnf"));
    expect(guardGrammar(dir, releases(), { changes: [] })).toEqual([
      {
        release: "9.9.9",
        dialect: "(all)",
        startRule: "(all)",
        removed: [],
        reinterpreted: [],
        unrecorded: [
          "grammar/releases/9.9.9/schemes/extra.abnf was added after the release: a kept release is not changed (git checkout it)",
          "grammar/releases/9.9.9/schemes/trial-tar.abnf was edited after the release: a kept release is not changed (git checkout it)",
          "grammar/releases/9.9.9/schemes/gzip.abnf was removed after the release (git checkout it)",
        ],
      },
    ]);
    fs.rmSync(path.join(kept, SUMS));
    expect(guardGrammar(dir, releases(), { changes: [] })[0]!.unrecorded).toEqual([
      "grammar/releases/9.9.9/SHA256SUMS is missing: a kept release lists its files' sums (npm run grammar:release writes them)",
    ]);
  });

  test("grammar:release keeps grammar/ as package.json's version only, and only while it keeps every earlier promise", () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), "url-pipeline-release-"));
    try {
      fs.cpSync(dir, path.join(repo, "grammar"), { recursive: true });
      fs.writeFileSync(path.join(repo, "grammar", "changes.json"), JSON.stringify({ changes: [] }));
      fs.writeFileSync(path.join(repo, "package.json"), JSON.stringify({ version: "9.9.10" }));
      expect(() => releaseGrammar(repo, "9.9.11")).toThrow(
        "package.json's version is 9.9.10: a grammar is kept as the package version it is published with",
      );
      const tar = path.join(repo, "grammar", TAR);
      fs.writeFileSync(tar, fs.readFileSync(tar, "utf8").replace(/^(trial-tar-path\s*=\s*)path-absolute \/ /m, "$1"));
      expect(() => releaseGrammar(repo, "9.9.10")).toThrow(
        /^grammar\/ breaks an earlier release's promise, so it is not kept:\ngrammar\/ breaks the compatibility promise of release 9\.9\.9/,
      );
      expect(fs.existsSync(path.join(repo, "grammar", "releases", "9.9.10"))).toBe(false);
    } finally {
      fs.rmSync(repo, { recursive: true, force: true });
    }
  });

  test("unchanged: nothing to report", () => {
    expect(guardGrammar(dir, releases(), { changes: [] })).toEqual([]);
  });

  test("adding strings keeps the promise", () => {
    editTar(/^trial-tar-scheme\s*=\s*"trial-tar"$/m, 'trial-tar-scheme = "trial-tar" / "trial-tarfile"');
    expect(guardGrammar(dir, releases(), { changes: [] })).toEqual([]);
  });

  test("a removal, not recorded: the strings lost and the rule to record, per dialect and start rule", () => {
    narrowTar();
    const problems = guardGrammar(dir, releases(), { changes: [] });
    expect(problems.map((p) => [p.dialect, p.startRule])).toEqual([
      ["url-pipeline-v0", "absolute-url-pipeline"],
      ["zep8", "absolute-url-pipeline"],
      ["zep8", "relative-url-pipeline"],
    ]);
    expect(problems[0]!.removed[0]).toMatch(/\|trial-tar:\/$/);
    expect(problems[0]!.unrecorded).toEqual([
      "trial-tar-path (changed, grammar/schemes/trial-tar.abnf): not recorded in grammar/changes.json",
    ]);
    expect(describeProblems(problems)).toMatch(
      /^grammar\/ breaks the compatibility promise of release 9\.9\.9, dialect url-pipeline-v0, start rule absolute-url-pipeline:\n {2}valid in 9\.9\.9, invalid now: ".*\|trial-tar:\/"/,
    );
  });

  test("recorded, but the scheme's version not bumped: the guard says which header to bump", () => {
    narrowTar();
    const problems = guardGrammar(dir, releases(), { changes: [entry("url-pipeline-v0", "0"), entry("zep8", "0")] });
    expect(problems[0]!.unrecorded).toEqual([
      'trial-tar-path (changed, grammar/schemes/trial-tar.abnf): the scheme trial-tar is still version 0, as released in 9.9.9: bump "; @version" in grammar/schemes/trial-tar.abnf, and give the new version as the entry\'s "schemeVersion"',
    ]);
  });

  test("recorded with the new version before the bump: the guard still says to bump, not to name the old version", () => {
    narrowTar();
    const problems = guardGrammar(dir, releases(), { changes: [entry("url-pipeline-v0", "1"), entry("zep8", "1")] });
    expect(problems[0]!.unrecorded).toEqual([
      expect.stringContaining('the scheme trial-tar is still version 0, as released in 9.9.9: bump "; @version"'),
    ]);
  });

  test("recorded with the wrong version, or no reason: each said", () => {
    narrowTar();
    bumpTar();
    const [p] = guardGrammar(dir, releases(), { changes: [{ ...entry("url-pipeline-v0", "2"), reason: " " }] });
    expect(p!.unrecorded).toEqual([
      "trial-tar-path (changed, grammar/schemes/trial-tar.abnf): its entry in grammar/changes.json gives no reason",
      'trial-tar-path (changed, grammar/schemes/trial-tar.abnf): its entry must name the scheme "trial-tar" and its version now, "1"',
    ]);
  });

  test("recorded and bumped, for each dialect: the promise is kept", () => {
    narrowTar();
    bumpTar();
    expect(guardGrammar(dir, releases(), { changes: [entry("url-pipeline-v0", "1")] }).map((p) => p.dialect)).toEqual([
      "zep8",
      "zep8",
    ]);
    expect(guardGrammar(dir, releases(), { changes: [entry("url-pipeline-v0", "1"), entry("zep8", "1")] })).toEqual([]);
  });

  test("a reinterpretation: released, v0's ocdbt:@v1 as before D40 (a path), now a version", () => {
    // The release as it was before D40: a rootless ocdbt: path may start with "@".
    const released = path.join(releases(), "9.9.9/url-pipeline-v0/ocdbt.abnf");
    const before = fs.readFileSync(released, "utf8");
    fs.writeFileSync(released, before.replace(/^ocdbt-rootless\s*=.*$/m, "ocdbt-rootless = path-rootless"));
    writeReleaseSums(path.join(releases(), "9.9.9")); // the release as it was kept then
    // Now: "@" begins a version, as in ZEP 8.
    const v0 = path.join(dir, "url-pipeline-v0/ocdbt.abnf");
    const text = fs.readFileSync(v0, "utf8");
    const changed = text.replace(
      /^ocdbt-body\s*=.*$/m,
      'ocdbt-body = ( "//" / "@" ) ocdbt-version ocdbt-version-path / ocdbt-path',
    );
    expect([fs.readFileSync(released, "utf8") !== before, changed !== text]).toEqual([true, true]);
    fs.writeFileSync(v0, changed);
    const problems = guardGrammar(dir, releases(), { changes: [] }).filter((p) => p.dialect === "url-pipeline-v0");
    expect(problems).toHaveLength(1);
    expect(problems[0]!.reinterpreted).toContain("file:/|ocdbt:@v1");
    expect(problems[0]!.unrecorded).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ocdbt-body \(changed, grammar\/url-pipeline-v0\/ocdbt\.abnf\): not recorded/),
        expect.stringMatching(/^ocdbt-rootless \(changed, grammar\/url-pipeline-v0\/ocdbt\.abnf\): not recorded/),
      ]),
    );
  });

  test("grammar:release keeps a released grammar as it was", () => {
    expect(() => snapshotGrammar(dir, "9.9.9")).toThrow(/exists: a released grammar is kept as it was/);
    expect(() => snapshotGrammar(dir, "next")).toThrow('"next" is not a version (MAJOR.MINOR.PATCH)');
    const kept = fs.readdirSync(path.join(releases(), "9.9.9")).sort();
    expect(kept).toEqual([SUMS, "arcp", "core", "dialects", "schemes", "shared", "url-pipeline-v0", "zep8"]);
  });
});

/**
 * scripts/compare/ on the real grammars: url-pipeline v0 against ZEP 8, and the command line (sources, --json, exit
 * statuses), including a grammar directory with v0's ocdbt: as it was before D40 (an unencoded leading @ read as
 * the path), which ZEP 8 reads as a version.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { compareBuilds, main, type RuleComparison } from "../../../scripts/compare/cli";
import { buildDialect } from "../../../scripts/generate";
import { validate } from "../../../src/api";

const ROOT = path.join(__dirname, "..", "..", "..");

function run(...argv: string[]): { status: number; out: string; err: string } {
  let out = "";
  let err = "";
  const status = main(
    argv,
    (s) => void (out += s),
    (s) => void (err += s),
    ROOT,
  );
  return { status, out, err };
}

describe("url-pipeline-v0 -> zep8", () => {
  let results: RuleComparison[];
  let ms: number;
  beforeAll(() => {
    const started = Date.now();
    results = compareBuilds(buildDialect("url-pipeline-v0"), buildDialect("zep8"), 5);
    ms = Date.now() - started;
  });

  test("runs in a few seconds, on the start rule both define", () => {
    expect(results.map((r) => r.rule)).toEqual(["absolute-url-pipeline"]);
    expect(ms).toBeLessThan(10_000);
  });

  test("removed: v0's vendor schemes, memory:, hdf5, and the // version spelling of ocdbt: and icechunk:", () => {
    expect(results[0]!.removed).toEqual([
      "a.a:",
      "memory:",
      "file:/|hdf5",
      "file:/|ocdbt://v1",
      "file:/|icechunk://tag.",
    ]);
    expect(results[0]!.causes).toEqual({ removed: 5, added: 3, reinterpreted: 0 });
  });

  test("added: the .. adapter and the @ version spelling", () => {
    expect(results[0]!.added).toEqual(["file:/|..", "file:/|ocdbt:@v1", "file:/|icechunk:@tag."]);
  });

  test("each witness as the package's two engines see it: syntax valid on one side, a syntax error on the other", () => {
    // The grammar's answer: the kinds (a directory before hdf5, here) are not the automata's business.
    const syntaxOk = (input: string, dialect: "url-pipeline-v0" | "zep8") => {
      const r = validate(input, { dialect, kinds: false });
      return r.valid || r.error.kind === "value";
    };
    for (const s of results[0]!.removed)
      expect([s, syntaxOk(s, "url-pipeline-v0"), syntaxOk(s, "zep8")]).toEqual([s, true, false]);
    for (const s of results[0]!.added)
      expect([s, syntaxOk(s, "zep8"), syntaxOk(s, "url-pipeline-v0")]).toEqual([s, true, false]);
  });

  test("nothing both accept is read differently (v0 refuses ocdbt:@..., D40)", () => {
    expect(results[0]!.reinterpreted).toEqual([]);
    expect(results[0]!.tags).toEqual(expect.arrayContaining(["ocdbt-version", "icechunk-ref", "s3-path", "zip-path"]));
  });

  test("rules and scheme versions", () => {
    const changed = results[0]!.changedRules;
    expect(changed.find((c) => c.rule === "ocdbt-body")).toEqual({
      rule: "ocdbt-body",
      change: "changed",
      old: {
        abnf: '"//" ocdbt-version ocdbt-version-path / ocdbt-path',
        source: expect.stringMatching(/^grammar\/url-pipeline-v0\/ocdbt\.abnf:/),
      },
      new: {
        abnf: '"@" ocdbt-version ocdbt-version-path / ocdbt-path',
        source: expect.stringMatching(/^grammar\/zep8\/ocdbt\.abnf:/),
      },
    });
    expect(changed.filter((c) => c.change === "removed").map((c) => c.rule)).toEqual(
      expect.arrayContaining(["memory-sub-url", "hdf5-sub-url", "nonstandard-sub-url"]),
    );
    expect(results[0]!.schemeVersions).toEqual(
      expect.arrayContaining([
        { scheme: "ocdbt", old: "0", new: "zep8-2025-11" },
        { scheme: "memory", old: "0", new: null },
        { scheme: "..", old: null, new: "zep8-2025-11" },
      ]),
    );
  });
});

describe("the command", () => {
  let dir: string;
  beforeAll(() => {
    // grammar/ with v0's ocdbt: path as it was before D40: a rootless path may start with "@".
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "compare-test-"));
    fs.cpSync(path.join(ROOT, "grammar"), path.join(dir, "grammar"), { recursive: true });
    const file = path.join(dir, "grammar", "url-pipeline-v0", "ocdbt.abnf");
    const text = fs.readFileSync(file, "utf8");
    // ocdbt-rootless becomes RFC 3986's path-rootless: its first segment may start with "@".
    fs.writeFileSync(file, text.replace('( unreserved / pct-encoded / sub-delims / ":" ) *pchar', "1*pchar"));
    expect(fs.readFileSync(file, "utf8")).not.toBe(text);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("v0 before D40 against zep8: ocdbt:@v1 is a path in one and a version in the other", () => {
    const r = run(`${dir}/grammar#url-pipeline-v0`, "zep8", "--json");
    expect(r.status).toBe(1);
    const lines = r.out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as RuleComparison);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.reinterpreted[0]).toEqual({
      input: "file:/|ocdbt:@v1",
      old: [],
      new: [{ tag: "ocdbt-version", text: "v1" }],
    });
    // Against today's v0, the same change is a removal: D40 refuses what was accepted.
    const d40 = run(dir, "url-pipeline-v0", "--dialect", "url-pipeline-v0", "--json");
    expect(d40.status).toBe(1);
    expect((JSON.parse(d40.out) as RuleComparison).removed).toEqual(["file:/|ocdbt:@"]);
  });

  test("the readable report", () => {
    const r = run("url-pipeline-v0", "zep8");
    expect(r.status).toBe(1);
    expect(r.out).toContain('removed (valid under OLD, not NEW): 5 places\n    "a.a:"\n    "memory:"');
    expect(run("url-pipeline-v0", "zep8", "--limit", "2").out).toContain(
      'removed (valid under OLD, not NEW): 5 places, the 2 shortest shown\n    "a.a:"\n    "memory:"\n  added',
    );
    expect(r.out).toContain("value checks (ports <= 65535");
    expect(r.out).toContain("    ocdbt: 0 -> zep8-2025-11");
  });

  test("the example of docs/grammar-versions.md is what the command prints (but for the lines it shortens and the time)", () => {
    const readme = fs.readFileSync(path.join(ROOT, "docs", "grammar-versions.md"), "utf8");
    // The whole report (the page shows an excerpt of it first, cut with "...").
    const block = /\$ npm run -s grammar:compare -- url-pipeline-v0 zep8\n(OLD [\s\S]*?)```/.exec(readme)![1]!;
    const out = run("url-pipeline-v0", "zep8")
      .out.split("\n")
      .map((l) => l.trimEnd());
    const shown = block.split("\n").filter((l) => l !== "" && !l.includes("...") && !/\d+ ms\)$/.test(l));
    expect(shown.length).toBeGreaterThan(20);
    for (const line of shown) expect([line, out.includes(line.trimEnd())]).toEqual([line, true]);
  });

  test("nothing removed or reinterpreted: exit 0, both start rules of zep8", () => {
    const r = run("rev:HEAD#zep8", "zep8", "--json");
    expect([r.status, r.err]).toEqual([0, ""]);
    expect(
      r.out
        .trim()
        .split("\n")
        .map((l) => (JSON.parse(l) as RuleComparison).rule),
    ).toEqual(["absolute-url-pipeline", "relative-url-pipeline"]);
    expect(run("zep8", "url-pipeline-v0").status).toBe(1);
  });

  test("no SOURCE: rev:HEAD against grammar/, one report per dialect; a dialect named on one side is the other's too", () => {
    const all = run("--json");
    expect([all.status, all.err]).toEqual([0, ""]);
    // url-pipeline v0 has one pipeline start rule, zep8 two.
    expect(
      all.out
        .trim()
        .split("\n")
        .map((l) => (JSON.parse(l) as RuleComparison).rule),
    ).toEqual(["absolute-url-pipeline", "absolute-url-pipeline", "relative-url-pipeline"]);
    const text = run();
    expect(text.out.match(/^OLD .*$/gm)).toEqual([
      "OLD rev:HEAD#url-pipeline-v0 (url-pipeline-v0)  ->  NEW grammar#url-pipeline-v0 (url-pipeline-v0)",
      "OLD rev:HEAD#zep8 (zep8)  ->  NEW grammar#zep8 (zep8)",
    ]);
    expect(run("rev:HEAD", "zep8").out).toMatch(/^OLD rev:HEAD#zep8 \(zep8\) {2}-> {2}NEW zep8 \(zep8\)$/m);
  });

  test("a breaking report says what to do next", () => {
    expect(run("url-pipeline-v0", "zep8").out).toMatch(
      /NOT compatible: strings removed or reinterpreted\. To release the change: record each changed rule in grammar\/changes\.json and bump its scheme's "; @version" \(docs\/grammar-versions\.md; npm run grammar:guard checks it\) \(\d+ ms\)\n$/,
    );
  });

  test.each([
    [["zep8"], /expected OLD and NEW/],
    [["zep8", "nope"], /"nope" is neither a dialect/],
    [["rev:no-such-revision#zep8", "zep8"], /git archive failed/],
    [["zep8", "zep8", "--limit", "x"], /--limit must be/],
    [["zep8", "zep8", "--frobnicate"], /unknown option --frobnicate/],
  ])("usage error %j: exit 2", (argv, message) => {
    const r = run(...argv);
    expect([r.status, r.out]).toEqual([2, ""]);
    expect(r.err).toMatch(message);
  });
});

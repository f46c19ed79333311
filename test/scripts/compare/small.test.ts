/**
 * scripts/compare/: on small grammars whose differences are known, the comparison finds exactly them, with the
 * expected shortest witnesses, and each witness is checked against the independent ABNF matcher of the PEG tests.
 */
import { buildComparisonDfas } from "../../../scripts/compare/automata";
import { compareDfas, shortestOnlyIn } from "../../../scripts/compare/product";
import { diffRules } from "../../../scripts/compare/rules-diff";
import { loadAbnf } from "../../../scripts/grammar/load";
import { mergeFiles } from "../../../scripts/grammar/merge";
import { accepts, byPreference, componentsOf } from "../../../scripts/compare/witnesses";
import { buildDfa } from "../../../scripts/dfa/build";
import type { RuleSet } from "../../../scripts/grammar/ir";
import { abnfAccepts, rulesOf } from "../peg/helpers";
import { allStrings } from "../dfa/helpers";

const compare = (oldAbnf: string, newAbnf: string, tags: string[] = [], limit = 5) => {
  const oldRules = rulesOf(oldAbnf);
  const newRules = rulesOf(newAbnf);
  const dfas = buildComparisonDfas(oldRules, newRules, "top", tags);
  return { oldRules, newRules, dfas, diff: compareDfas(dfas, limit) };
};

/** Every string over `alphabet` up to `max` long that `a` accepts and `b` does not, by the ABNF matcher. */
const onlyIn = (a: RuleSet, b: RuleSet, alphabet: string, max: number) =>
  allStrings(alphabet, max).filter((s) => abnfAccepts(a, "top", s) && !abnfAccepts(b, "top", s));

describe("removed and added strings", () => {
  const v1 = 'top = scheme ":" 1*ALPHA\nscheme = "zip" / "tar"';
  const v2 = 'top = scheme ":" 1*ALPHA\nscheme = "zip"';

  test("a removed alternative gives exactly its shortest string", () => {
    const { diff } = compare(v1, v2);
    expect(diff).toEqual({
      removed: ["tar:a"],
      added: [],
      reinterpreted: [],
      causes: { removed: 1, added: 0, reinterpreted: 0 },
    });
  });

  test("the same alternative, added", () => {
    const { diff } = compare(v2, v1);
    expect(diff).toEqual({
      removed: [],
      added: ["tar:a"],
      reinterpreted: [],
      causes: { removed: 0, added: 1, reinterpreted: 0 },
    });
  });

  test("identical grammars: nothing", () => {
    expect(compare(v1, v1).diff).toEqual({
      removed: [],
      added: [],
      reinterpreted: [],
      causes: { removed: 0, added: 0, reinterpreted: 0 },
    });
  });

  test("a shortened repetition: the first witness is a shortest removed string, and every witness is removed", () => {
    const { oldRules, newRules, diff } = compare('top = 1*3DIGIT [ "." ALPHA ]', 'top = 1*2DIGIT [ "." ALPHA ]');
    const brute = onlyIn(oldRules, newRules, "1a.", 5);
    expect(diff.removed[0]).toBe("111");
    expect(diff.removed[0]!.length).toBe(Math.min(...brute.map((s) => s.length)));
    for (const s of diff.removed)
      expect([s, abnfAccepts(oldRules, "top", s), abnfAccepts(newRules, "top", s)]).toEqual([s, true, false]);
    // One string per place where NEW refuses: "111.a" refuses at the same digit as "111", from the same states.
    expect(diff.removed).toEqual(["111"]);
  });

  test("one witness per cause, shortest first, ties in preference order", () => {
    // "a" and "9" leave NEW dead and OLD in the same state: one cause, and "a" is preferred.
    const { diff } = compare('top = "b2" / "-33" / "a1" / "c" / "9"', 'top = "x"', [], 10);
    expect(diff.removed).toEqual(["c", "a1", "b2", "-33"]);
    expect([...diff.removed].sort(byPreference)).toEqual(diff.removed);
    expect(diff.added).toEqual(["x"]);
  });

  test("--limit", () => {
    const two = compare('top = "b2" / "a1" / "c"', 'top = "x"', [], 2).diff;
    expect([two.removed, two.causes.removed]).toEqual([["c", "a1"], 3]);
    const none = compare('top = "b2" / "a1" / "c"', 'top = "x"', [], 0).diff;
    expect([none.removed, none.causes.removed]).toEqual([[], 3]);
  });
});

describe("reinterpreted strings: an @ prefix that moves from the path to the version (v0 before D40 vs ZEP 8 ocdbt:)", () => {
  const v0 = 'top = "o:" ( "//" ver / pth )\nver = "v" 1*DIGIT\npth = [ ( ALPHA / "@" ) *( ALPHA / DIGIT ) ]';
  const zep8 = 'top = "o:" ( "@" ver / pth )\nver = "v" 1*DIGIT\npth = [ ALPHA *( ALPHA / DIGIT ) ]';

  test("the shortest input both accept, with the components each assigns", () => {
    const { diff } = compare(v0, zep8, ["ver", "pth"]);
    expect(diff.reinterpreted).toEqual([
      { input: "o:@v1", old: [{ tag: "pth", text: "@v1" }], new: [{ tag: "ver", text: "v1" }] },
    ]);
  });

  test("and what only one side accepts, checked against the ABNF", () => {
    const { oldRules, newRules, diff } = compare(v0, zep8, ["ver", "pth"], 10);
    expect(diff.removed.slice(0, 3)).toEqual(["o:@", "o:@a", "o:@v"]);
    expect(diff.removed).toContain("o://v1");
    expect(diff.added).toEqual([]);
    for (const s of diff.removed)
      expect([s, abnfAccepts(oldRules, "top", s), abnfAccepts(newRules, "top", s)]).toEqual([s, true, false]);
  });

  test("without tags there is nothing to tell the components apart", () => {
    expect(compare(v0, zep8, []).diff.reinterpreted).toEqual([]);
  });

  test("a tag the DFA cannot record is dropped, with the build's reason, and the others still compared", () => {
    // In the first grammar "/" may begin pth or the "//" before ver: pth's span is not known when "/" is read.
    const slashy = 'top = "o:" ( "//" ver / pth )\nver = "v" 1*DIGIT\npth = [ "/" ] *( ALPHA / DIGIT / "@" )';
    const { dfas, diff } = compare(slashy, zep8, ["ver", "pth"]);
    expect(dfas.tags).toEqual(["ver"]);
    expect(dfas.dropped).toEqual([
      { tag: "pth", reason: expect.stringMatching(/may belong to no tagged rule or pth/) },
    ]);
    expect(diff.reinterpreted[0]).toEqual({ input: "o:@v1", old: [], new: [{ tag: "ver", text: "v1" }] });
  });
});

describe("non-standard schemes in witnesses", () => {
  // scripts/compare/automata.ts avoids the rule url-pipeline v0 names nonstandard-sub-url.
  const base =
    'top = root *( "|" adapter )\nroot = nonstandard-sub-url / "file:/"\nadapter = "zip:" / "gzip:"\n' +
    'nonstandard-sub-url = ALPHA "." ALPHA ":"';

  test("a difference after the root is shown after a real scheme, not a made-up one", () => {
    const { diff } = compare(base, base.replace(' / "gzip:"', ""));
    expect(diff.removed).toEqual(["file:/|gzip:"]);
  });

  test("when the non-standard schemes themselves go, one witness says so", () => {
    const without = base.replace("root = nonstandard-sub-url / ", "root = ").replace(/\nnonstandard-sub-url = .*/, "");
    const { diff } = compare(base, without);
    expect(diff.removed).toEqual(["a.a:"]);
  });

  test("shortestOnlyIn: the shortest string one DFA accepts and the others refuse", () => {
    const dfa = (abnf: string) => buildDfa(rulesOf(abnf), "top", []).dfa;
    expect(shortestOnlyIn(dfa('top = 1*3"a"'), [dfa('top = "a"'), dfa('top = "aa"')])).toBe("aaa");
    expect(shortestOnlyIn(dfa('top = "a"'), [dfa('top = 1*"a"')])).toBeNull();
  });
});

describe("helpers", () => {
  test("componentsOf and accepts", () => {
    const dfa = buildDfa(rulesOf('top = name ":" [ port ]\nname = 1*ALPHA\nport = 1*DIGIT'), "top", [
      "name",
      "port",
    ]).dfa;
    expect(componentsOf(dfa, "ab:80")).toEqual([
      { tag: "name", text: "ab" },
      { tag: "port", text: "80" },
    ]);
    expect([accepts(dfa, "ab:"), accepts(dfa, "ab"), accepts(dfa, "é:")]).toEqual([true, false, false]);
  });

  test("diffRules: added, removed and changed rules that the start rule uses", () => {
    const changes = diffRules(rulesOf('top = a\na = "x"\nb = "y"'), rulesOf('top = a / c\na = "X"\nc = "z"'), "top");
    expect(changes.map((c) => [c.change, c.rule])).toEqual([
      ["changed", "top"],
      ["added", "c"],
    ]);
  });

  test("diffRules: a rule other files add to with =/ names the addition that changed, where it is written", () => {
    const files = (zip: string) =>
      mergeFiles([
        loadAbnf('top = a\na = "x"\n', "base.abnf"),
        loadAbnf(`\na =/ ${zip}\n`, "zip.abnf"),
        loadAbnf('\na =/ "y"\n', "other.abnf"),
      ]);
    const [change] = diffRules(files('"zip"'), files('"zip" / "zap"'), "top");
    expect(change).toMatchObject({ rule: "a", change: "changed", old: { source: "base.abnf:2" } });
    expect(change!.additions).toEqual([
      { side: "old", abnf: '"zip"', source: "zip.abnf:2" },
      { side: "new", abnf: '"zip" / "zap"', source: "zip.abnf:2" },
    ]);
  });
});

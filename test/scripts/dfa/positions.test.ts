/**
 * scripts/dfa/positions.ts, the first stage: Glushkov's position automaton of one start rule, whose states are the
 * character positions of the inlined rule, with no empty moves; its language is the rule's, with ABNF semantics.
 */
import { BuildError, buildPositions } from "../../../scripts/dfa/positions";
import { abnfAccepts, rulesOf } from "../peg/helpers";
import { allStrings } from "./helpers";
import { nfaAccepts } from "./stages";

const charsOf = (set: Uint8Array) => String.fromCharCode(...[...set.keys()].filter((c) => set[c] === 1));

describe("the positions, first, last and follow of Glushkov's construction", () => {
  test('r = "a" *( "b" / "c" ) "d": three positions (a single-character alternation is one)', () => {
    const pa = buildPositions(rulesOf('r = "a" *( "b" / "c" ) "d"'), "r", []);
    expect(pa.positions.map((p) => charsOf(p.chars))).toEqual(["Aa", "BCbc", "Dd"]);
    expect(pa.first).toEqual([0]);
    expect([...pa.last]).toEqual([2]);
    expect(pa.nullable).toBe(false);
    expect(pa.follow.map((m) => [...m.keys()].sort())).toEqual([[1, 2], [1, 2], []]);
  });

  test("a bounded repetition is written out: 2*3 copies are three positions, the third optional", () => {
    const pa = buildPositions(rulesOf('r = 2*3"x"'), "r", []);
    expect(pa.positions).toHaveLength(3);
    expect(["", "x", "xx", "xxx", "xxxx"].map((s) => nfaAccepts(pa, s))).toEqual([false, false, true, true, false]);
  });

  test("a nullable rule, and an empty alternative", () => {
    const pa = buildPositions(rulesOf('r = [ "a" ] / ""'), "r", []);
    expect(pa.nullable).toBe(true);
    expect(nfaAccepts(pa, "")).toBe(true);
  });

  test("its language is the rule's, on every string up to length 5 (ABNF semantics: no PEG traps)", () => {
    const grammars: [string, string][] = [
      ['r = ( "zarr" / "zarr3" ) ":"', "zar3:"],
      ['r = *2( "a" ":" ) "a"', "a:"],
      ['r = 1*( "ab" / "a" ) "b"', "ab"],
    ];
    for (const [abnf, alphabet] of grammars) {
      const rules = rulesOf(abnf);
      const pa = buildPositions(rules, "r", []);
      for (const s of allStrings(alphabet, 5))
        expect([abnf, s, nfaAccepts(pa, s)]).toEqual([abnf, s, abnfAccepts(rules, "r", s)]);
    }
  });
});

describe("tagged rules: each position knows its tag, and each edge whether it begins an instance", () => {
  test("the second name after ':' begins a new instance; letters within a name continue it", () => {
    const pa = buildPositions(rulesOf('top = name ":" name\nname = 1*ALPHA'), "top", ["name"]);
    expect(pa.tags).toEqual(["name"]);
    // Positions: name's ALPHA (and its star copy), ":", the second name's.
    const colon = pa.positions.findIndex((p) => p.chars[0x3a] === 1);
    expect(pa.positions[colon]!.tag).toBe(0);
    const after = [...pa.follow[colon]!.entries()];
    expect(after.length).toBeGreaterThan(0);
    for (const [q, kind] of after) {
      expect(pa.positions[q]!.tag).toBe(1);
      expect(kind).toBe("begin");
    }
    const letter = pa.first[0]!;
    expect([...pa.follow[letter]!.entries()].filter(([q]) => pa.positions[q]!.tag === 1).map(([, k]) => k)).toContain(
      "continue",
    );
  });

  test("a tagged rule inside another fails, naming both", () => {
    const rules = rulesOf('top = outer\nouter = "<" inner ">"\ninner = 1*ALPHA');
    expect(() => buildPositions(rules, "top", ["outer", "inner"])).toThrow(
      /tagged rule inner is inside tagged rule outer/,
    );
  });
});

describe("what the build refuses", () => {
  test.each([
    ["an undefined start rule", "r = %x61", "nope", /start rule nope is not defined/],
    ["a non-ASCII range", "r = %xE9", "r", /rule r .*ASCII/],
  ])("%s", (_what, abnf, start, message) => {
    let error: unknown;
    try {
      buildPositions(rulesOf(abnf), start, []);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BuildError);
    expect((error as Error).message).toMatch(message);
  });
});

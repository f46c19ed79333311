/**
 * scripts/dfa/subset.ts, the second stage: character classes (characters that exactly the same positions read), and
 * the subset construction over them, whose language is the position automaton's.
 */
import { buildPositions } from "../../../scripts/dfa/positions";
import { characterClasses, determinize } from "../../../scripts/dfa/subset";
import { rulesOf } from "../peg/helpers";
import { allStrings } from "./helpers";
import { dfaAccepts, nfaAccepts } from "./stages";

describe("characterClasses", () => {
  const pa = buildPositions(rulesOf('r = 1*( ALPHA / DIGIT ) ":" 1*DIGIT'), "r", []);
  const { classOf, classCount, sample } = characterClasses(pa);

  test("characters read by the same positions share a class; class 0 holds those no position reads", () => {
    const cls = (c: string) => classOf[c.charCodeAt(0)];
    expect(cls("a")).toBe(cls("Z"));
    expect(cls("0")).toBe(cls("9"));
    expect(cls("a")).not.toBe(cls("0")); // a digit may also follow ":"
    expect(cls(":")).not.toBe(cls("a"));
    expect([cls(" "), cls("/"), cls("\u007f")]).toEqual([0, 0, 0]);
    expect(classCount).toBe(4);
  });

  test("each class has a sample character of its own", () => {
    expect(sample).toHaveLength(classCount);
    sample.forEach((c, k) => {
      expect(classOf[c]).toBe(k);
    });
  });
});

describe("determinize", () => {
  test("state 0 is dead and 1 the start; every move of the dead state stays dead", () => {
    const pa = buildPositions(rulesOf('r = "a" "b"'), "r", []);
    const dfa = determinize(pa, characterClasses(pa));
    expect(dfa.stateCount).toBeGreaterThanOrEqual(3);
    for (let c = 0; c < dfa.classCount; c++) expect(dfa.next[c]).toBe(0);
    expect(dfa.accepting[0]).toBe(0);
  });

  test("its language is the position automaton's, on every string up to length 6", () => {
    for (const [abnf, alphabet] of [
      ['r = *( "a" / "b" ) "a" 2( "a" / "b" )', "ab"],
      ['r = ( "zarr" / "zarr3" ) [ ":" ]', "zar3:"],
      ['r = 1*3DIGIT "." 1*3DIGIT / 1*( DIGIT / "." / "a" )', "1.a"],
    ] as const) {
      const pa = buildPositions(rulesOf(abnf), "r", []);
      const dfa = determinize(pa, characterClasses(pa));
      for (const s of allStrings(alphabet, 6)) {
        expect([abnf, s, dfaAccepts(dfa, s)]).toEqual([abnf, s, nfaAccepts(pa, s)]);
      }
    }
  });

  test("a state's tag is its positions' tag", () => {
    const pa = buildPositions(rulesOf('top = name ":" port\nname = 1*ALPHA\nport = 1*DIGIT'), "top", ["port", "name"]);
    const dfa = determinize(pa, characterClasses(pa));
    const tagAfter = (s: string) => {
      let st = 1;
      for (const ch of s) st = dfa.next[st * dfa.classCount + dfa.classOf[ch.charCodeAt(0)]!]!;
      return dfa.tags[dfa.tagOf[st]! - 1] ?? null;
    };
    expect([tagAfter("ab"), tagAfter("ab:"), tagAfter("ab:8")]).toEqual(["name", null, "port"]);
  });
});

/**
 * scripts/dfa/minimize.ts, the third stage: Moore's partition refinement, keeping tags apart, numbered breadth-first
 * from the start; every state but the dead one can still reach a match.
 */
import { minimize } from "../../../scripts/dfa/minimize";
import { BuildError, buildPositions } from "../../../scripts/dfa/positions";
import { characterClasses, determinize, type Dfa } from "../../../scripts/dfa/subset";
import { rulesOf } from "../peg/helpers";
import { allStrings } from "./helpers";
import { dfaAccepts } from "./stages";

const dfaOf = (abnf: string, tagged: string[] = [], start = "r") => {
  const pa = buildPositions(rulesOf(abnf), start, tagged);
  return determinize(pa, characterClasses(pa));
};

test("the same language, in no more states; a minimal DFA is its own minimization", () => {
  for (const [abnf, alphabet] of [
    ['r = *( "a" / "b" ) "a" 2( "a" / "b" )', "ab"],
    ['r = "ab" / "ac" / "b" *"c"', "abc"],
  ] as const) {
    const raw = dfaOf(abnf);
    const min = minimize(raw);
    expect(min.stateCount).toBeLessThanOrEqual(raw.stateCount);
    for (const s of allStrings(alphabet, 6)) expect([s, dfaAccepts(min, s)]).toEqual([s, dfaAccepts(raw, s)]);
    const again = minimize(min);
    expect(again.stateCount).toBe(min.stateCount);
    expect([...again.next]).toEqual([...min.next]);
  }
});

test("equivalent states merge: *( a / b ) ( a / b ) needs the dead state, the start and one accepting state", () => {
  expect(minimize(dfaOf('r = *( "a" / "b" ) ( "a" / "b" )')).stateCount).toBe(3);
});

test("states that differ only in their tag stay apart", () => {
  // x is read inside tag one or tag two; merged, the span of each could not be recorded.
  const tagged = minimize(dfaOf('top = ( one / two ) ";"\none = "1" "x"\ntwo = "2" "x"', ["one", "two"], "top"));
  const untagged = minimize(dfaOf('top = ( one / two ) ";"\none = "1" "x"\ntwo = "2" "x"', [], "top"));
  expect(tagged.stateCount).toBeGreaterThan(untagged.stateCount);
});

test("breadth-first numbering: the dead state 0, the start 1, then in the order the start reaches them", () => {
  const min = minimize(dfaOf('r = "a" "b" "c"'));
  const k = min.classCount;
  const step = (s: number, ch: string) => min.next[s * k + min.classOf[ch.charCodeAt(0)]!]!;
  expect([step(1, "a"), step(2, "b"), step(3, "c")]).toEqual([2, 3, 4]);
});

test("a state that cannot reach a match fails the build", () => {
  // A hand-made DFA: state 2 is reached on class 1 and loops on itself, never accepting.
  const dfa: Dfa = {
    startRule: "r",
    tags: [],
    classOf: new Uint8Array(128),
    classCount: 2,
    stateCount: 4,
    next: Uint16Array.from([0, 0, 3, 2, 2, 2, 0, 0]),
    accepting: Uint8Array.from([0, 0, 0, 1]),
    tagOf: new Uint8Array(4),
  };
  expect(() => minimize(dfa)).toThrow(BuildError);
});

/**
 * scripts/dfa/emit.ts, the last stage: the tables as a standalone module (sets of classes written once, per state
 * its pairs of set and next state, in base 36), which src/dfa/automaton.ts decodes into the same moves.
 */
import { emitDfaModule, exportName } from "../../../scripts/dfa/emit";
import { minimize } from "../../../scripts/dfa/minimize";
import { buildPositions } from "../../../scripts/dfa/positions";
import { characterClasses, determinize, type Dfa } from "../../../scripts/dfa/subset";
import type { DfaTables } from "../../../generated/url-pipeline-v0/dfa";
import { decode } from "../../../src/dfa/automaton";
import { ACCEPTING, TAG_MASK } from "../../../src/dfa/scan";
import { rulesOf } from "../peg/helpers";

const dfaOf = (abnf: string, start: string, tagged: string[] = []): Dfa => {
  const pa = buildPositions(rulesOf(abnf), start, tagged);
  return minimize(determinize(pa, characterClasses(pa)));
};

function load(js: string): Record<string, DfaTables> {
  const exports: Record<string, DfaTables> = {};
  new Function("exports", js)(exports);
  return exports;
}

test("exportName: a start rule's name in camel case", () => {
  expect([exportName("absolute-url-pipeline"), exportName("relative-url-pipeline"), exportName("r")]).toEqual([
    "absoluteUrlPipeline",
    "relativeUrlPipeline",
    "r",
  ]);
});

test("decoding the module gives every move, tag and accepting state of every start rule", () => {
  const grammar = 'top = name ":" port\nname = 1*ALPHA\nport = 1*DIGIT\nother = 1*( "x" / "y" ) "z"';
  const dfas = [dfaOf(grammar, "top", ["name", "port"]), dfaOf(grammar, "other")];
  const { js, dts, bytes } = emitDfaModule(dfas, "// test\n");
  expect(js.startsWith("// test\n")).toBe(true);
  expect(dts).toContain("export declare const top: DfaTables;");
  expect(dts).toContain("export declare const other: DfaTables;");
  const exports = load(js);
  for (const dfa of dfas) {
    expect(bytes.get(dfa.startRule)).toBeGreaterThan(0);
    const a = decode(exports[exportName(dfa.startRule)]!, "url-pipeline-v0");
    expect(a.tags).toEqual(dfa.tags);
    for (let s = 1; s < dfa.stateCount; s++) {
      expect((a.states[s]! & ACCEPTING) !== 0).toBe(dfa.accepting[s] === 1);
      expect(a.states[s]! & TAG_MASK).toBe(dfa.tagOf[s]);
      for (let c = 0; c < 128; c++) {
        const moved = a.table[s * 128 + c]! >> 7;
        const target = dfa.next[s * dfa.classCount + dfa.classOf[c]!]!;
        expect([s, c, moved & (a.table instanceof Uint16Array ? 0xff : 0x7fffff)]).toEqual([s, c, target]);
      }
    }
  }
});

test("a set of classes that two start rules both move on is written once, for both", () => {
  const sets = (js: string) => Number(/\/\/ (\d+) sets of character classes/.exec(js)![1]);
  const a = dfaOf('r = 1*( "a" / "b" ) ";"', "r");
  const b = dfaOf('s = ";" 1*( "a" / "b" )', "s");
  const apart = sets(emitDfaModule([a], "").js) + sets(emitDfaModule([b], "").js);
  expect(sets(emitDfaModule([a, b], "").js)).toBeLessThan(apart);
});

test('a set or a state named for the first time in order is one mark ("*", "+"); the second rule counts on', () => {
  // r: 1 -"a"-> 2 -"b"-> 3, each set and each next state new, in order; s reads "a" (r's set) then "c" (new).
  const r = dfaOf('r = "a" "b"', "r");
  const s = dfaOf('s = "a" "c"', "s");
  const exports = load(emitDfaModule([r, s], "").js);
  expect(exports.r!.moves).toBe("*+ *+ ");
  expect(exports.r!.firstNewMask).toBe(0);
  // s's classes are its own (a, c); its sets are numbered after r's two.
  expect(exports.s!.firstNewMask).toBe(2);
  expect(exports.s!.moves).toMatch(/^(\*|0[01])\+ (\*|0[01])\+ $/);
  for (const [dfa, text] of [
    [r, "ab"],
    [s, "ac"],
  ] as const) {
    const a = decode(exports[dfa.startRule]!, "url-pipeline-v0");
    let row = 128;
    for (const ch of text) row = a.table[row + ch.charCodeAt(0)]! & (a.tagChange - 1);
    expect((a.states[row / 128]! & ACCEPTING) !== 0).toBe(true);
  }
});

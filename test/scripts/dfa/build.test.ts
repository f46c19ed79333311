/**
 * scripts/dfa/: the minimal DFA of a rule accepts exactly what the ABNF accepts (ABNF semantics, where the PEG
 * traps of the Peggy build do not arise), dies exactly at the longest viable prefix, records the spans of tagged
 * rules, and the build refuses what the run time could not do right.
 */
import { buildDfa } from "../../../scripts/dfa/build";
import { emitDfaModule, exportName } from "../../../scripts/dfa/emit";
import type { DfaTables } from "../../../generated/url-pipeline-v0/dfa";
import { decode } from "../../../src/dfa/automaton";
import { BuildError } from "../../../scripts/dfa/positions";
import { lastRun, scan } from "../../../src/dfa/scan";
import { abnfAccepts, ends, rulesOf } from "../peg/helpers";
import { allStrings, automatonOf } from "./helpers";

/** The longest prefix of `input` that some string of the rule begins with, by brute force over extensions. */
function longestViablePrefix(viable: (prefix: string) => boolean, input: string): number {
  let n = 0;
  while (n < input.length && viable(input.slice(0, n + 1))) n++;
  return n;
}

describe("the DFA accepts exactly the ABNF language", () => {
  const cases: [string, string, string, number][] = [
    // The PEG traps: an ordered choice or a greedy repetition would refuse some of these; a DFA cannot.
    ["dec-octet order", 'octet = "25" %x30-35 / "2" %x30-34 DIGIT / "1" 2DIGIT / %x31-39 DIGIT / DIGIT', "0125", 4],
    ["literal prefixes", 'schemes = ( "zarr" / "zarr3" ) ":"', "zar3:", 6],
    ["h16 repetitions", 'v6 = *2( 1*2HEXDIG ":" ) 1*2HEXDIG', "0F:", 7],
    ["IPv4 vs reg-name", 'host = 1*3DIGIT "." 1*3DIGIT / 1*( DIGIT / "." / "a" )', "19.a", 6],
  ];
  test.each(cases)("%s", (_what, abnf, alphabet, max) => {
    const rules = rulesOf(abnf);
    const rule = [...rules.values()].at(-1)!.name;
    const a = automatonOf(rules, rule);
    const memo = new Map<string, boolean>();
    const viable = (p: string): boolean => {
      let v = memo.get(p);
      if (v === undefined)
        memo.set(p, (v = allStrings(alphabet, max - p.length).some((rest) => abnfAccepts(rules, rule, p + rest))));
      return v;
    };
    for (const input of allStrings(alphabet, max)) {
      const accepted = abnfAccepts(rules, rule, input);
      const death = scan(a, input);
      expect([input, death === -1]).toEqual([input, accepted]);
      if (!accepted && input.length <= 3) expect([input, death]).toEqual([input, longestViablePrefix(viable, input)]);
    }
  });

  test("case-insensitive strings fold ASCII only; %s strings do not fold", () => {
    const rules = rulesOf('r = "k" %s"v"');
    const a = automatonOf(rules, "r");
    expect(["kv", "Kv", "kV", "\u212Av"].map((s) => scan(a, s))).toEqual([-1, -1, 1, 0]);
  });

  test("a non-ASCII character is where the run dies, as a UTF-16 offset", () => {
    const a = automatonOf(rulesOf("r = 1*ALPHA"), "r");
    expect(scan(a, "ab\u00e9c")).toBe(2);
    expect(scan(a, "ab\ud800")).toBe(2);
    expect(scan(a, "ab")).toBe(-1);
    expect(scan(a, "")).toBe(0);
  });
});

describe("tagged rules", () => {
  const rules = rulesOf('top = name [ ":" port ] *( "/" seg )\nname = 1*ALPHA\nport = *DIGIT\nseg = *ALPHA');

  test("the spans of each tagged rule, in order; an empty match records none", () => {
    const a = automatonOf(rules, "top", ["port", "name"]);
    const spansOf = (input: string) => {
      expect(scan(a, input)).toBe(-1);
      const { spans, spanCount } = lastRun;
      return Array.from({ length: spanCount }, (_, i) => [
        a.tags[spans[3 * i]! - 1],
        spans[3 * i + 1],
        spans[3 * i + 2],
      ]);
    };
    expect(spansOf("ab:80/x")).toEqual([
      ["name", 0, 2],
      ["port", 3, 5],
    ]);
    expect(spansOf("ab:/x")).toEqual([["name", 0, 2]]);
    expect(spansOf("abc")).toEqual([["name", 0, 3]]);
  });

  test("a tag that depends on what follows fails the build, naming the rules and an input", () => {
    const ambiguous = rulesOf('top = a / b\na = 1*ALPHA "1"\nb = 1*ALPHA "2"');
    expect(() => buildDfa(ambiguous, "top", ["a"])).toThrow(BuildError);
    expect(() => buildDfa(ambiguous, "top", ["a"])).toThrow(
      /after "A" the last character may belong to a or no tagged rule/,
    );
  });

  test("two instances of a tag back to back fail the build", () => {
    const adjacent = rulesOf("top = 1*seg\nseg = 1*ALPHA");
    expect(() => buildDfa(adjacent, "top", ["seg"])).toThrow(/a new seg may begin directly after another/);
  });

  test("nested tagged rules fail the build", () => {
    const nested = rulesOf('top = outer\nouter = "<" inner ">"\ninner = 1*ALPHA');
    expect(() => buildDfa(nested, "top", ["outer", "inner"])).toThrow(/tagged rule inner is inside tagged rule outer/);
  });
});

describe("minimization", () => {
  test("equivalent states merge: a*(a|b) over a, b has the two states it needs plus the dead one", () => {
    const rules = rulesOf('r = *( "a" / "b" ) ( "a" / "b" )');
    const { dfa, subsetStates } = buildDfa(rules, "r", []);
    expect(dfa.stateCount).toBe(3);
    expect(subsetStates).toBeGreaterThanOrEqual(dfa.stateCount);
  });

  test("a non-ASCII grammar fails the build with the rule's name", () => {
    expect(() => buildDfa(rulesOf("r = %xE9"), "r", [])).toThrow(/rule r .*ASCII/);
  });

  test("ends() and the DFA agree on a grammar with every operator", () => {
    const rules = rulesOf('r = 2*3( "x" / %x30-31 ) [ "-" ] *2"y" ""');
    const a = automatonOf(rules, "r");
    for (const input of allStrings("x01-y", 6)) {
      expect([input, scan(a, input) === -1]).toEqual([
        input,
        ends(rules, { type: "ref", name: "r" }, input, 0).has(input.length),
      ]);
    }
  });
});

describe("the emitted tables (scripts/dfa/emit.ts)", () => {
  // Two start rules over one alphabet: each state moves to one next state on all letters, or to none.
  const rules = rulesOf('r = 1*ALPHA "." 1*ALPHA\ns = 1*ALPHA ":" 1*ALPHA\nALPHA = %x41-5A / %x61-7A');
  const dfas = ["r", "s"].map((rule) => buildDfa(rules, rule, []).dfa);
  const { js } = emitDfaModule(dfas, "// test");
  const exports: Record<string, DfaTables> = {};
  new Function("exports", js)(exports);

  test("a set of character classes is written once for every state and start rule that moves on it", () => {
    const { r, s } = exports as { r: DfaTables; s: DfaTables };
    expect(r.masks).toBe(s.masks);
    const sets = Buffer.from(r.masks, "base64").length / r.maskBytes;
    const pairs = [r, s].reduce((n, t) => n + [...t.moves.matchAll(/(\*|[0-9a-z]{2})(\+|[0-9a-z]{2})/g)].length, 0);
    expect(r.maskBytes % 3).toBe(0); // each set its own base64 text
    expect(sets).toBeLessThan(pairs);
    // The letters' class, and the separator's ("." in r, ":" in s: class numbers are each automaton's own, and
    // these two share theirs).
    const [dot, colon] = [".", ":"].map((ch) => ch.charCodeAt(0));
    expect(dfas[0]!.classOf[dot!]).toBe(dfas[1]!.classOf[colon!]);
    expect(sets).toBe(2);
  });

  test("decoded, the tables move as the DFA does, on every ASCII character from every state", () => {
    for (const dfa of dfas) {
      const a = decode(exports[exportName(dfa.startRule)]!, "url-pipeline-v0");
      for (let s = 1; s < dfa.stateCount; s++) {
        for (let c = 0; c < 128; c++) {
          const want = dfa.next[s * dfa.classCount + dfa.classOf[c]!]!;
          expect([s, c, (a.table[s * 128 + c]! & (a.tagChange - 1)) / 128]).toEqual([s, c, want]);
        }
      }
    }
  });
});

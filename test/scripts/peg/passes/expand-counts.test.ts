import fc from "fast-check";
import type * as peggy from "peggy";
import { loadAbnf } from "../../../../scripts/grammar/load";
import { mergeFiles } from "../../../../scripts/grammar/merge";
import { formatExpr, lookup } from "../../../../scripts/grammar/ir";
import { emitTypes } from "../../../../scripts/peg/emit-types";
import { expandCounts } from "../../../../scripts/peg/passes/expand-counts";
import { ValueModel } from "../../../../scripts/peg/values";
import { abnfAccepts, accepts, guardsOnly, naive, rulesOf, withPasses } from "../helpers";

// RFC 3986 IPv6address, cut down to the repetition that matters: [ *4( h16 ":" ) h16 ] "::" ...
const IPV6 = 'v6 = [ *4( h16 ":" ) h16 ] "::" [ h16 ]\nh16 = 1*4HEXDIG\n';

describe("expandCounts: RFC 3986 IPv6address-style repetition, end to end", () => {
  test('1:2::3 — *4( h16 ":" ) must leave one h16 for after the repetition', () => {
    const rules = rulesOf(IPV6);
    expect(abnfAccepts(rules, "v6", "1:2::3")).toBe(true);
    // Naive PEG: *4( h16 ":" ) takes "1:2:", the h16 after it finds ":", the optional group gives up,
    // and "::" does not match "1".
    expect(accepts(naive(rules), "v6", "1:2::3")).toBe(false);
    // Follow guards alone cannot help: there is no alternation to guard, only a greedy repetition.
    expect(accepts(guardsOnly(rules), "v6", "1:2::3")).toBe(false);
    // Expanded into counts 4 / 3 / 2 / 1 / 0, each guarded, the PEG finds the count the ABNF uses.
    const peg = withPasses(rules);
    for (const s of ["1:2::3", "1::", "1:2:3:4:5::6", "a:b:c::", "ffff::1", "::", "::1"]) {
      expect([s, accepts(peg, "v6", s)]).toEqual([s, true]);
    }
    for (const s of ["1:2:3:4:5:6::", "1:2:3", ":::", "12345::", "1:2::3:4"]) {
      expect([s, abnfAccepts(rules, "v6", s), accepts(peg, "v6", s)]).toEqual([s, false, false]);
    }
  });

  test("the passes accept exactly what the ABNF accepts on random h16 / colon strings", () => {
    const rules = rulesOf(IPV6);
    const peg = withPasses(rules);
    const part = fc.constantFrom("1", "ab", "fff", "1234", "12345", ":", "::", "g");
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (parts) => {
        const s = parts.join("");
        expect([s, accepts(peg, "v6", s)]).toEqual([s, abnfAccepts(rules, "v6", s)]);
      }),
      { numRuns: 500 },
    );
  });
});

describe("expandCounts: the rewrite", () => {
  test("a bounded repetition whose item may also follow it becomes counts, most first", () => {
    const rules = rulesOf(IPV6);
    const { rules: out, notes, errors } = expandCounts(rules);
    expect(errors).toEqual([]);
    expect(formatExpr(lookup(out, "v6")!.expr)).toBe(
      '[ ( 4( h16 ":" ) / 3( h16 ":" ) / 2( h16 ":" ) / 1( h16 ":" ) / 0( h16 ":" ) ) h16 ] "::" [ h16 ]',
    );
    expect(notes).toEqual([{ rule: "v6", note: 'expanded *4( h16 ":" ) into counts 4 down to 0' }]);
  });

  test("counts go down to the repetition's minimum", () => {
    const { rules: out } = expandCounts(rulesOf('r = 2*4"a" "a"\n'));
    const expr = lookup(out, "r")!.expr;
    expect(expr.type === "seq" && expr.items[0]).toEqual({
      type: "alt",
      items: [4, 3, 2].map((k) => ({
        type: "rep",
        min: k,
        max: k,
        item: { type: "literal", text: "a", caseSensitive: false },
      })),
    });
  });

  test("an optional part before what could also start it: [ x ] x", () => {
    const rules = rulesOf('r = [ "a" ] "a" "b"\n');
    const { rules: out, notes } = expandCounts(rules);
    expect(formatExpr(lookup(out, "r")!.expr)).toBe('( 1"a" / 0"a" ) "a" "b"');
    expect(notes).toEqual([{ rule: "r", note: 'expanded [ "a" ] into counts 1 down to 0' }]);
    expect(accepts(naive(rules), "r", "ab")).toBe(false);
    expect(accepts(withPasses(rules), "r", "ab")).toBe(true);
    expect(accepts(withPasses(rules), "r", "aab")).toBe(true);
  });

  test("a conflict with what follows the rule where it is used fails the build", () => {
    // 1*3DIGIT is last in `num` and conflicts with the DIGIT after num in `top`; one FOLLOW set for all uses of
    // num (end of input included: any rule may be a start rule) cannot settle the count, so the build refuses.
    for (const abnf of ['top = num DIGIT "."\nnum = 1*3DIGIT\n', "top = num DIGIT\nnum = 1*3DIGIT\n"]) {
      const rules = rulesOf(abnf);
      expect(abnfAccepts(rules, "top", `12${abnf.includes('"."') ? "." : ""}`)).toBe(true);
      const { errors } = expandCounts(rules);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/in "num", 1\*3DIGIT can take characters that may follow "num" where it is used/);
    }
  });

  test("nested conflicting repetitions are both expanded", () => {
    const { rules: out, notes } = expandCounts(rulesOf('r = *2( *2"a" "a" ) "a"\n'));
    expect(notes.map((n) => n.note)).toEqual([
      'expanded *2"a" into counts 2 down to 0',
      'expanded *2( *2"a" "a" ) into counts 2 down to 0',
    ]);
    expect(formatExpr(lookup(out, "r")!.expr)).toBe(
      '( 2( ( 2"a" / 1"a" / 0"a" ) "a" ) / 1( ( 2"a" / 1"a" / 0"a" ) "a" ) / 0( ( 2"a" / 1"a" / 0"a" ) "a" ) ) "a"',
    );
  });

  test("repetitions without a conflict, and exact counts, are left alone (the same rule objects)", () => {
    const rules = rulesOf('r = *4DIGIT "." 3ALPHA 2DIGIT *ALPHA\n');
    const { rules: out, notes, errors } = expandCounts(rules);
    expect(notes).toEqual([]);
    expect(errors).toEqual([]);
    for (const [key, rule] of rules) expect(out.get(key)).toBe(rule);
  });

  test("an unbounded repetition with the conflict is an error naming the rule and where it is", () => {
    const rules = mergeFiles([loadAbnf('\nr = *"a" "a"\n', "grammar/x.abnf")]);
    const { errors } = expandCounts(rules);
    expect(errors).toEqual([
      'grammar/x.abnf:2: in "r", *"a" can take characters that may also follow it, and has no upper bound to expand',
    ]);
  });

  test("the unbounded conflict is reported in the rule holding the repetition", () => {
    const { errors } = expandCounts(rulesOf('top = name "s"\nname = 1*ALPHA\nok = *DIGIT\n'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^x\.abnf:2: in "name", 1\*ALPHA can take characters/);
  });

  // An option [ x ] is expanded to the counts 1 and 0; they must keep the option's value: x's, or null.
  test("an expanded optional part inside an action rule keeps its value shape (v or null)", () => {
    const rules = rulesOf('top = [ num "." ] num\nnum = 1*DIGIT\n');
    const values = new ValueModel(rules, ["top", "num"]);
    expect(emitTypes(rules, values, "")).toContain('"top": [([V["num"], string] | null), V["num"]];');
    expect(expandCounts(rules).notes).toHaveLength(1); // the optional part is expanded
    const peg = withPasses(rules, ["top", "num"]);
    const actions = { top: (m: unknown) => m, num: (m: string) => Number(m) };
    expect(peg.parse("1.2", { startRule: "top", actions } as peggy.ParserOptions)).toEqual([[1, "."], 2]);
    expect(peg.parse("2", { startRule: "top", actions } as peggy.ParserOptions)).toEqual([null, 2]);
  });
});

/**
 * scripts/peg/passes/single-char-classes.ts: a text rule that always matches exactly one character becomes one
 * class, and nothing a parse returns or reports changes: the same values, the same error offsets and the same
 * expected lists, on every input tried.
 */
import fc from "fast-check";
import type * as peggy from "peggy";
import { chars, union } from "../../../../scripts/peg/charset";
import { peggyName } from "../../../../scripts/peg/emit-peggy";
import { addFollowGuards } from "../../../../scripts/peg/passes/follow-guards";
import { foldSingleCharRules } from "../../../../scripts/peg/passes/single-char-classes";
import type { PegRule } from "../../../../scripts/peg/peg-ir";
import { ValueModel } from "../../../../scripts/peg/values";
import { compile, rulesOf } from "../helpers";

// RFC 3986's path characters, an action rule, and choices of several lengths.
const GRAMMAR = rulesOf(
  'path = *( "/" segment )\n' +
    "segment = *pchar\n" +
    'pchar = unreserved / pct-encoded / sub-delims / ":" / "@"\n' +
    'pct-encoded = "%" HEXDIG HEXDIG\n' +
    'unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"\n' +
    'sub-delims = "!" / "$" / "&" / "\'" / "(" / ")" / "*" / "+" / "," / ";" / "="\n' +
    'letter = "x" / "Y" / %s"z"\n' +
    "port = 1*DIGIT\n" +
    "digit-action = DIGIT\n" +
    'either = ( "a" / "ab" ) "b"\n' +
    'first = "a" / "a" "b"\n',
);

function folded(actionRules: string[] = []): Map<string, PegRule> {
  const guarded = addFollowGuards(GRAMMAR).rules;
  const { rules } = foldSingleCharRules(guarded, new ValueModel(GRAMMAR, actionRules));
  return new Map(rules.map((r) => [r.name, r]));
}

describe("foldSingleCharRules: which rules become a class", () => {
  const rules = folded(["digit-action"]);

  test("ALPHA, DIGIT, HEXDIG, unreserved, sub-delims: the union of their characters", () => {
    expect(rules.get("unreserved")!.expr).toEqual({
      type: "class",
      set: [
        chars(0x2d, 0x2e),
        chars(0x30, 0x39),
        chars(0x41, 0x5a),
        chars(0x5f),
        chars(0x61, 0x7a),
        chars(0x7e),
      ].reduce(union),
    });
    expect(rules.get("HEXDIG")!.expr).toEqual({
      type: "class",
      set: [chars(0x30, 0x39), chars(0x41, 0x46), chars(0x61, 0x66)].reduce(union),
    });
    for (const name of ["ALPHA", "DIGIT", "sub-delims"]) expect(rules.get(name)!.expr.type).toBe("class");
  });

  test("a case-insensitive letter is both its cases; a %s letter only itself (RFC 5234 2.3, RFC 7405)", () => {
    expect(rules.get("letter")!.expr).toEqual({
      type: "class",
      set: [chars(0x58), chars(0x59), chars(0x78), chars(0x79), chars(0x7a)].reduce(union),
    });
  });

  test("left alone: more than one character, an action rule, a choice with more than one length", () => {
    for (const name of ["pchar", "pct-encoded", "segment", "port", "digit-action", "either", "first"]) {
      expect([name, rules.get(name)!.expr.type]).not.toEqual([name, "class"]);
    }
  });
});

describe("foldSingleCharRules: the same parser, to the user", () => {
  const before = compile(addFollowGuards(GRAMMAR).rules, GRAMMAR);
  const after = compile([...folded().values()], GRAMMAR);

  /** The value, or the error's offset, expected list and found character. */
  const outcome = (parser: peggy.Parser, rule: string, input: string): unknown => {
    try {
      return { value: parser.parse(input, { startRule: peggyName(rule) }) };
    } catch (e) {
      if (!(e instanceof parser.SyntaxError)) throw e;
      return { offset: e.location.start.offset, expected: e.expected, found: e.found, message: e.message };
    }
  };

  test.each(["path", "segment", "pchar", "unreserved", "HEXDIG", "letter"])("start rule %s: random inputs", (rule) => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."/aZ09-._~%Ff!$(=:@ xyzYé|"), maxLength: 14 }), (s) => {
        expect([s, outcome(after, rule, s)]).toEqual([s, outcome(before, rule, s)]);
      }),
      { numRuns: 600 },
    );
  });

  test("every one-character input, for each folded rule", () => {
    for (const rule of ["ALPHA", "DIGIT", "HEXDIG", "unreserved", "sub-delims", "letter"]) {
      for (let c = 0; c < 0x180; c++) {
        const s = String.fromCharCode(c);
        expect([rule, c, outcome(after, rule, s)]).toEqual([rule, c, outcome(before, rule, s)]);
      }
    }
  });
});

/**
 * scripts/patterns/regex.ts: an ABNF rule as an anchored regular expression.
 */
import { loadAbnf } from "../../../scripts/grammar/load";
import type { RuleSet } from "../../../scripts/grammar/ir";
import { emitPatternsModule, rulePattern } from "../../../scripts/patterns/regex";

function rules(abnf: string): RuleSet {
  const set: RuleSet = new Map();
  for (const r of loadAbnf(abnf, "t.abnf").rules) set.set(r.name.toLowerCase(), r);
  return set;
}

const re = (abnf: string, name = "a") => new RegExp(rulePattern(rules(abnf), name).source);

test("an alternation a rule reference stands for keeps its group inside a sequence", () => {
  const r = re('a = b "." b\nb = "1" / "22"\n');
  expect(["1.1", "22.1", "1.22", "22.22"].every((s) => r.test(s))).toBe(true);
  expect(["1", "22.", ".1", "1.2"].some((s) => r.test(s))).toBe(false);
});

test("quoted strings are case-insensitive, %s strings and %x values are not (RFC 5234 2.3, RFC 7405)", () => {
  expect(["ab", "AB", "aB"].every((s) => re('a = "ab"\n').test(s))).toBe(true);
  expect(re('a = %s"ab"\n').test("AB")).toBe(false);
  expect(re("a = %x61\n").test("A")).toBe(false);
});

test("repetitions: counts, ranges, options; the longest match", () => {
  const set = rules('a = 2*3"x" [ "-" ] *1"y"\n');
  const r = new RegExp(rulePattern(set, "a").source);
  expect(["xx", "xxx", "xx-", "xxx-y", "xxy"].every((s) => r.test(s))).toBe(true);
  expect(["x", "xxxx", "xx--", "xxyy"].some((s) => r.test(s))).toBe(false);
  expect(rulePattern(set, "a").maxLength).toBe(5);
});

test("characters that mean something in a regular expression are escaped", () => {
  const r = re('a = "." "*" "(" "]" "\\" "^" "$" "|" "+" "?" "{" "-"\n');
  expect(r.test(".*(]\\^$|+?{-")).toBe(true);
  expect(r.test("x*(]\\^$|+?{-")).toBe(false);
});

test("a rule that reaches itself, or has no longest match, is refused", () => {
  expect(() => rulePattern(rules('a = "x" [ a ]\n'), "a")).toThrow(/reaches itself|no longest match/);
  expect(() => rulePattern(rules('a = *"x"\n'), "a")).toThrow("a has no longest match: it cannot be a value pattern");
});

test("dialects that define a pattern's rule differently fail the build, naming both files", () => {
  const one = rules('IPv6address = "1"\nIPv4address = "2"\n');
  const two = rules('IPv6address = "3"\nIPv4address = "2"\n');
  expect(() =>
    emitPatternsModule(
      new Map([
        ["d1", one],
        ["d2", two],
      ]),
      "",
    ),
  ).toThrow(
    "value pattern IPv6address: dialects d1 (t.abnf) and d2 (t.abnf) define it differently; a value pattern must mean one thing",
  );
  expect(
    emitPatternsModule(
      new Map([
        ["d1", one],
        ["d2", one],
      ]),
      "// h\n",
    ).js,
  ).toContain("exports.IPv6address = { pattern: /^(?:1)$/, maxLength: 1 };");
});

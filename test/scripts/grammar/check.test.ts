import { checkRules } from "../../../scripts/grammar/check";
import { loadAbnf } from "../../../scripts/grammar/load";
import { mergeFiles } from "../../../scripts/grammar/merge";

const rulesOf = (...texts: string[]) => mergeFiles(texts.map((t, i) => loadAbnf(t, `f${i}.abnf`)));
/** What a recursion's problem says to do. */
const REMEDY =
  '. The build needs every rule non-recursive (the pipeline grammars are regular: one DFA per start rule): write the recursion as a repetition, e.g. "a = b [ "/" a ]" as "a = b *( "/" b )"';

describe("checkRules", () => {
  test("a sound grammar has no problems (references are case-insensitive)", () => {
    const rules = rulesOf('top = A "/" b\na = "x"\n', "B = 1*DIGIT\nDIGIT = %x30-39\n");
    expect(checkRules(rules, ["top"])).toEqual([]);
    expect(checkRules(rules, ["TOP"])).toEqual([]);
  });

  test("a reference to an undefined rule is reported at the rule using it", () => {
    const rules = rulesOf('top = a\n\na = "x" missing / other\n');
    expect(checkRules(rules, ["top"])).toEqual([
      'f0.abnf:3: "a" uses undefined rule "missing"',
      'f0.abnf:3: "a" uses undefined rule "other"',
    ]);
  });

  test('a reference that another file\'s "=/" added is reported at that "=/"', () => {
    const rules = rulesOf('top = a\na = "x"\n', '\na =/ "y"\n\na =/ typo\n');
    expect(checkRules(rules, ["top"])).toEqual(['f1.abnf:4: "a" uses undefined rule "typo"']);
  });

  test("an undefined root is reported", () => {
    expect(checkRules(rulesOf('top = "x"\n'), ["top", "nope"])).toEqual(['root "nope" is not defined']);
  });

  test("a rule no root reaches is reported as unused, including rules only unused rules use", () => {
    const rules = rulesOf('top = a\na = "x"\nstray = b\nb = "y"\n');
    expect(checkRules(rules, ["top"])).toEqual([
      'f0.abnf:3: rule "stray" is unused (no root reaches it)',
      'f0.abnf:4: rule "b" is unused (no root reaches it)',
    ]);
    // Another root makes them reachable.
    expect(checkRules(rules, ["top", "stray"])).toEqual([]);
  });

  test("direct recursion is reported", () => {
    const rules = rulesOf('list = "x" [ "," list ]\n');
    expect(checkRules(rules, ["list"])).toEqual([`f0.abnf:1: rules are recursive: list -> list${REMEDY}`]);
  });

  test("indirect recursion is reported with the cycle", () => {
    const rules = rulesOf('top = "<" a ">"\na = "(" b ")"\nb = "x" / c\nc = "[" A "]"\n');
    expect(checkRules(rules, ["top"])).toEqual([`f0.abnf:2: rules are recursive: a -> b -> c -> a${REMEDY}`]);
  });

  test("a rule used twice (a diamond) is not recursion", () => {
    const rules = rulesOf('top = a b\na = c\nb = c\nc = "x"\n');
    expect(checkRules(rules, ["top"])).toEqual([]);
  });

  test("all kinds of problems are reported together", () => {
    const rules = rulesOf('top = top2 missing\ntop2 = "x" top\nlone = "z"\n');
    expect(checkRules(rules, ["top"])).toEqual([
      'f0.abnf:1: "top" uses undefined rule "missing"',
      'f0.abnf:3: rule "lone" is unused (no root reaches it)',
      `f0.abnf:1: rules are recursive: top -> top2 -> top${REMEDY}`,
    ]);
  });
});

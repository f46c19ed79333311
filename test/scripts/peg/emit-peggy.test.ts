import * as peggy from "peggy";
import { loadAbnf } from "../../../scripts/grammar/load";
import { mergeFiles } from "../../../scripts/grammar/merge";
import type { RuleSet } from "../../../scripts/grammar/ir";
import { END, chars, union } from "../../../scripts/peg/charset";
import { emitPeggy, emitPeggyGrammar, ownPeggyName, peggyName } from "../../../scripts/peg/emit-peggy";
import { Analysis } from "../../../scripts/peg/first-follow";
import type { PegExpr, PegRule } from "../../../scripts/peg/peg-ir";
import { ValueModel } from "../../../scripts/peg/values";

const CORE = "ALPHA = %x41-5A / %x61-7A\nDIGIT = %x30-39\n";
const rulesOf = (text: string): RuleSet => mergeFiles([loadAbnf(CORE, "core.abnf"), loadAbnf(text, "x.abnf")]);
const asPeg = (rules: RuleSet): PegRule[] =>
  [...rules.values()].map((r) => ({ name: r.name, expr: r.expr, abnf: r.expr }));
function emit(rules: RuleSet, actionRules: string[] = [], pegRules = asPeg(rules)): string {
  return emitPeggy(pegRules, new ValueModel(rules, actionRules), new Analysis(rules), "// HEADER");
}
const build = (grammar: string) => peggy.generate(grammar, { allowedStartRules: ["*"] });
/** The Peggy rule (with its comment) for one ABNF rule. */
const ruleText = (grammar: string, name: string) => {
  const start = grammar.indexOf(`\n// ${name} = `);
  const end = grammar.indexOf("\n// ", start + 1);
  return grammar.slice(start + 1, end < 0 ? undefined : end).trim();
};

describe("emitPeggy: grammar text", () => {
  test("header, then the per-parse initializer, then one commented rule per ABNF rule", () => {
    const rules = rulesOf('my-rule = "a" DIGIT\n');
    const g = emit(rules);
    expect(g.startsWith("// HEADER\n{\n  const actions = options.actions;\n}\n")).toBe(true);
    expect(ruleText(g, "my-rule")).toBe('// my-rule = "a" DIGIT\nmy_rule\n  = $(([aA] DIGIT))');
    expect(g.match(/^\/\/ \S+ = /gm)).toHaveLength(3);
  });

  test("peggyName turns ABNF names into Peggy identifiers", () => {
    expect(peggyName("IPv4address")).toBe("IPv4address");
    expect(peggyName("path-abempty")).toBe("path_abempty");
    expect(peggyName("s3-http-sub-url")).toBe("s3_http_sub_url");
  });

  test("terminals: a case-insensitive letter is the class of its two ASCII cases, other characters are escaped", () => {
    const rules = rulesOf('r = "zarr" %s"Zarr" "://" %x22.5C %x7F %xE9 %x7F-FF\n');
    expect(ruleText(emit(rules), "r")).toContain(
      // Literals go one character at a time, so that a partial match still marks how far the input matched.
      '$((([zZ] [aA] [rR] [rR]) ("Z" "a" "r" "r") (":" "/" "/") ("\\u0022" "\\u005c") "\\u007f" "\\u00e9" [\\u007f-\\u00ff]))',
    );
    const parser = build(emit(rules));
    expect(parser.parse('ZARRZarr://"\\\x7f\u00e9\u00ff', { startRule: "r" })).toBe('ZARRZarr://"\\\x7f\u00e9\u00ff');
    expect(() => parser.parse('zarrzarr://"\\\x7f\u00e9\u00ff', { startRule: "r" })).toThrow();
  });

  test('RFC 5234 2.3 folds ASCII letters only: U+212A KELVIN SIGN is not "k" (toLowerCase() says it is)', () => {
    const parser = build(emit(rulesOf('r = "ok"\n')));
    expect("\u212A".toLowerCase()).toBe("k");
    expect(parser.parse("oK", { startRule: "r" })).toBe("oK");
    expect(() => parser.parse("o\u212A", { startRule: "r" })).toThrow();
  });

  test("repetitions use Peggy's operators and counts", () => {
    const rules = rulesOf('r = *"a" 1*"b" [ "c" ] 3"d" 2*5"e" 2*"f"\n');
    expect(ruleText(emit(rules), "r")).toContain("$(([aA]* [bB]+ [cC]? [dD]|3| [eE]|2..5| [fF]|2..|))");
  });

  test("one-character text rules get their ABNF name as display name, for error messages", () => {
    const rules = rulesOf('top = 2DIGIT "-" word\nword = 1*ALPHA\n');
    const g = emit(rules);
    expect(g).toContain('\nDIGIT "DIGIT"\n');
    expect(g).toContain('\nALPHA "ALPHA"\n');
    expect(g).toContain("\nword\n"); // more than one character: no display name
    expect(g).toContain("\ntop\n");
    const parser = build(g);
    expect(() => parser.parse("1x-ab", { startRule: "top" })).toThrow('Expected DIGIT but "x" found.');
    expect(() => parser.parse("12-", { startRule: "top" })).toThrow("Expected ALPHA but end of input found.");
  });

  test("text rules return the text they matched", () => {
    const parser = build(emit(rulesOf('top = 1*DIGIT [ "." 1*DIGIT ] *( "e" ALPHA )\n')));
    expect(parser.parse("12.5eXeY", { startRule: "top" })).toBe("12.5eXeY");
    expect(parser.parse("12.5EX", { startRule: "top" })).toBe("12.5EX");
  });

  test("a range outside the BMP is refused (the abnf package gives UTF-16 surrogates, which work)", () => {
    const rules = rulesOf("r = %x1F600-1F64F\n");
    expect(build(emit(rules)).parse("\u{1F642}", { startRule: "r" })).toBe("\u{1F642}");
    const astral = asPeg(rules).map((r) =>
      r.name === "r" ? { ...r, expr: { type: "range" as const, first: 0x1f600, last: 0x1f64f } } : r,
    );
    expect(() => emit(rules, [], astral)).toThrow("%x1f600-1f64f: only the BMP is supported");
  });
});

describe("emitPeggy: what the passes add", () => {
  test("a guard becomes @(alternative) followed by a lookahead, and keeps the alternative's value", () => {
    const rules = rulesOf('top = a "/"\na = "x" / "xy"\n');
    const guarded: PegExpr = {
      type: "alt",
      items: [
        { type: "guard", item: { type: "literal", text: "x", caseSensitive: false }, follow: union(chars(0x2f), END) },
        { type: "literal", text: "xy", caseSensitive: false },
      ],
    };
    const pegRules = asPeg(rules).map((r) => (r.name === "a" ? { ...r, expr: guarded } : r));
    const g = emit(rules, [], pegRules);
    expect(ruleText(g, "a")).toBe('// a = "x" / "xy"\na\n  = $(((@[xX] follow_guard_0) / ([xX] [yY])))');
    const parser = build(g);
    expect(parser.parse("xy/", { startRule: "top" })).toBe("xy/");
    expect(parser.parse("x/", { startRule: "top" })).toBe("x/");
    // Without the guard the same rules reject "xy/": "x" is taken and "/" does not match "y".
    expect(() => build(emit(rules)).parse("xy/", { startRule: "top" })).toThrow();
  });

  test("an expanded count of zero is an empty match: text in text rules, [] where values are built", () => {
    const rules = rulesOf('top = *2( n "," ) n\nn = 1*DIGIT\n');
    const item: PegExpr = {
      type: "seq",
      items: [
        { type: "ref", name: "n" },
        { type: "literal", text: ",", caseSensitive: true },
      ],
    };
    const expanded: PegExpr = {
      type: "seq",
      items: [
        { type: "alt", items: [2, 1, 0].map((k): PegExpr => ({ type: "rep", min: k, max: k, item })) },
        { type: "ref", name: "n" },
      ],
    };
    const pegRules = asPeg(rules).map((r) => (r.name === "top" ? { ...r, expr: expanded } : r));
    const asText = emit(rules, [], pegRules);
    expect(ruleText(asText, "top")).toContain('(n ",")|1| / ""');
    expect(build(asText).parse("7", { startRule: "top" })).toBe("7");

    const withValues = emit(rules, ["top", "n"], pegRules);
    expect(ruleText(withValues, "top")).toContain('("" { return []; })');
    const parser = build(withValues);
    expect(parser.parse("7", { startRule: "top" })).toEqual([[], "7"]);
    expect(parser.parse("1,7", { startRule: "top" })).toEqual([[["1", ","]], "7"]);
    expect(parser.parse("1,2,7", { startRule: "top" })).toEqual([
      [
        ["1", ","],
        ["2", ","],
      ],
      "7",
    ]);
  });
});

describe("emitPeggyGrammar: one grammar for several dialects", () => {
  // Two dialects: "item" differs, so "list" (which refers to it) is each one's own; "num" and "word" are shared;
  // "extra" is in one dialect only, and written once under its plain name.
  const one = rulesOf('list = item *( "," item )\nitem = num / word\nnum = 1*DIGIT\nword = 1*ALPHA\n');
  const two = rulesOf('list = item *( "," item )\nitem = num\nnum = 1*DIGIT\nword = 1*ALPHA\nextra = word "!"\n');
  const dialect = (name: string, rules: RuleSet) => ({
    name,
    rules: asPeg(rules),
    values: new ValueModel(rules, []),
    analysis: new Analysis(rules),
  });
  const grammar = emitPeggyGrammar([dialect("d-one", one), dialect("two", two)], "// HEADER");

  test("a rule that differs, and every rule that refers to it, is each dialect's own; the others are written once", () => {
    expect(grammar.ownRules).toEqual(
      new Map([
        ["d-one", ["list", "item"]],
        ["two", ["list", "item"]],
      ]),
    );
    expect(ownPeggyName("d-one", "list")).toBe("d_one$list");
    expect(grammar.text.match(/^num$/gm)).toHaveLength(1);
    expect(grammar.text.match(/^extra$/gm)).toHaveLength(1);
    expect(grammar.text).toContain("\n// two: item = num\ntwo$item\n  = $(num)\n");
    expect(grammar.text).toContain("// d-one: list = ");
    expect(grammar.text).toMatch(/^d_one\$list\n {2}= \$\(\(d_one\$item /m);
  });

  test("each dialect's start rules accept what its own grammar accepts", () => {
    const parser = build(grammar.text);
    expect(parser.parse("1,ab", { startRule: "d_one$list" })).toBe("1,ab");
    expect(() => parser.parse("1,ab", { startRule: "two$list" })).toThrow();
    expect(parser.parse("1,2", { startRule: "two$list" })).toBe("1,2");
    expect(parser.parse("ab!", { startRule: "extra" })).toBe("ab!");
  });

  test("for one dialect, it is emitPeggy: every rule under its plain name", () => {
    const alone = emitPeggyGrammar([dialect("d-one", one)], "// HEADER");
    expect(alone.ownRules).toEqual(new Map([["d-one", []]]));
    expect(alone.text).toBe(emit(one));
  });
});

describe("emitPeggy: values for the semantic actions", () => {
  const GRAMMAR =
    'pair = key "=" val\nkey = 1*ALPHA\nval = 1*DIGIT\n' +
    'choice = val / key / "#" key\n' +
    'list = val *( "," val ) [ ";" key ] [ "!" val ]\n' +
    'nested = "(" list ")"\n';
  const rules = rulesOf(GRAMMAR);
  const g = emit(rules, ["pair", "val", "choice", "nested"]);
  const parser = build(g);
  const calls: unknown[][] = [];
  const actions = {
    pair: (m: unknown, span: { start: number; end: number }, text: string) => ({ pair: m, span, text }),
    val: (m: string) => Number(m),
    choice: (m: unknown) => ({ choice: m }),
    nested: (m: unknown, _loc: unknown, text: string) => {
      calls.push([m, text]);
      return "N";
    },
  };
  const parse = (rule: string, input: string, withActions = true) =>
    parser.parse(input, { startRule: peggyName(rule), ...(withActions ? { actions } : {}) } as peggy.ParserOptions);

  test("an action rule calls its action with the match, its span (start and end offsets only) and text()", () => {
    expect(ruleText(g, "pair")).toContain(
      '{ if (!actions) return m; const t = text(); const s = offset(); return actions["pair"](m, { start: s, end: s + t.length }, t); }',
    );
    expect(parse("pair", "ab=12")).toEqual({ pair: ["ab", "=", 12], span: { start: 0, end: 5 }, text: "ab=12" });
  });

  test("without options.actions the parser only recognizes and returns raw matches", () => {
    expect(parse("pair", "ab=12", false)).toEqual(["ab", "=", "12"]);
    expect(parse("val", "12", false)).toBe("12");
  });

  test("an action rule whose body is an alternation tags each alternative: rule name, or #N inline", () => {
    expect(parse("choice", "12")).toEqual({ choice: { rule: "val", value: 12 } });
    expect(parse("choice", "ab")).toEqual({ choice: { rule: "key", value: "ab" } });
    expect(parse("choice", "#ab")).toEqual({ choice: { rule: "#2", value: "#ab" } });
  });

  test("a structural rule (no action, one below) returns its parts' values", () => {
    // An absent optional part is null when it holds an action rule, and "" when it is text.
    expect(parse("list", "1")).toEqual([1, [], "", null]);
    expect(parse("list", "1,22,3;x!5")).toEqual([
      1,
      [
        [",", 22],
        [",", 3],
      ],
      ";x",
      ["!", 5],
    ]);
    expect(parse("nested", "(4,5)")).toBe("N");
    expect(calls).toEqual([[["(", [4, [[",", 5]], "", null], ")"], "(4,5)"]]);
  });

  test("text rules and text parts stay text inside action rules", () => {
    expect(ruleText(g, "key")).toBe("// key = 1*ALPHA\nkey\n  = $(ALPHA+)");
    expect(ruleText(g, "pair")).toContain('m:(key $("=") val)');
  });

  test("a pass that changes the alternatives of a tagged action rule is caught", () => {
    const pegRules = asPeg(rules).map((r) =>
      r.name === "choice"
        ? {
            ...r,
            expr: {
              type: "alt" as const,
              items: [
                { type: "ref" as const, name: "val" },
                { type: "ref" as const, name: "key" },
              ],
            },
          }
        : r,
    );
    expect(() => emit(rules, ["choice", "val"], pegRules)).toThrow(
      'rule "choice": a pass changed the alternatives of an action rule',
    );
  });
});

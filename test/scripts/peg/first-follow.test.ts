import { loadAbnf } from "../../../scripts/grammar/load";
import { mergeFiles } from "../../../scripts/grammar/merge";
import { formatExpr, lookup, type Expr, type RuleSet } from "../../../scripts/grammar/ir";
import { END, chars, union, type CharSet } from "../../../scripts/peg/charset";
import { Analysis, walkWithFollow } from "../../../scripts/peg/first-follow";

const CORE = "ALPHA = %x41-5A / %x61-7A\nDIGIT = %x30-39\n";
const rulesOf = (text: string): RuleSet => mergeFiles([loadAbnf(CORE, "core.abnf"), loadAbnf(text, "x.abnf")]);
const c = (ch: string) => chars(ch.charCodeAt(0));
const sets = (...parts: (string | CharSet)[]) =>
  parts.reduce<CharSet>((acc, p) => union(acc, typeof p === "string" ? c(p) : p), { ranges: [], end: false });
const DIGITS = chars(0x30, 0x39);
const LETTERS = union(chars(0x41, 0x5a), chars(0x61, 0x7a));
const ref = (name: string): Expr => ({ type: "ref", name });
const exprOf = (rules: RuleSet, name: string) => lookup(rules, name)!.expr;

describe("Analysis.first", () => {
  const rules = rulesOf(
    `${[
      'lit = "ab"',
      'cs = %s"Ab"',
      'seq = [ "-" ] *"+" DIGIT ALPHA',
      'alt = "x" / DIGIT / *"y"',
      "optall = *DIGIT [ ALPHA ]",
      'rep = 1*( "." / ALPHA )',
      "empty = 0<prose>",
      "uses = seq",
      "Top = lit cs seq alt optall rep empty uses",
    ].join("\n")}\n`,
  );
  const a = new Analysis(rules);

  test("terminals", () => {
    expect(a.first(exprOf(rules, "lit"))).toEqual({ set: sets("A", "a"), nullable: false });
    expect(a.first(exprOf(rules, "cs"))).toEqual({ set: c("A"), nullable: false });
    expect(a.first(exprOf(rules, "DIGIT"))).toEqual({ set: DIGITS, nullable: false });
    expect(a.first(exprOf(rules, "empty"))).toEqual({ set: { ranges: [], end: false }, nullable: true });
  });

  test("a sequence's FIRST runs through nullable items up to the first that is not", () => {
    expect(a.first(exprOf(rules, "seq"))).toEqual({ set: sets("+", "-", DIGITS), nullable: false });
    expect(a.first(exprOf(rules, "optall"))).toEqual({ set: sets(DIGITS, LETTERS), nullable: true });
  });

  test("an alternation's FIRST is the union; nullable if any alternative is", () => {
    expect(a.first(exprOf(rules, "alt"))).toEqual({ set: sets("X", "Y", "x", "y", DIGITS), nullable: true });
  });

  test("repetitions are nullable when their minimum is 0", () => {
    expect(a.first(exprOf(rules, "rep"))).toEqual({ set: sets(".", LETTERS), nullable: false });
    expect(a.first({ type: "rep", min: 0, max: 3, item: ref("DIGIT") })).toEqual({ set: DIGITS, nullable: true });
  });

  test("references resolve case-insensitively, and FIRST is cached per rule", () => {
    expect(a.first(ref("USES"))).toEqual(a.first(exprOf(rules, "seq")));
    expect(a.first(ref("uses"))).toBe(a.first(ref("Uses")));
    expect(() => a.first(ref("missing"))).toThrow('undefined rule "missing"');
  });
});

describe("Analysis.length", () => {
  const rules = rulesOf(
    `${[
      "one = ALPHA",
      'word = "abc"',
      'opt = [ "xy" ] DIGIT',
      "many = 1*DIGIT",
      'bounded = 2*4( "ab" / DIGIT )',
      'alt = "a" / "bcd"',
      "none = 0<p>",
      "e = *( 0<p> )",
      "top = one word opt many bounded alt none e",
    ].join("\n")}\n`,
  );
  const a = new Analysis(rules);
  test.each([
    ["one", [1, 1]],
    ["word", [3, 3]],
    ["opt", [1, 3]],
    ["many", [1, null]],
    ["bounded", [2, 8]],
    ["alt", [1, 3]],
    ["none", [0, 0]],
    ["e", [0, 0]], // a repetition of the empty string is still empty, unbounded or not
    ["top", [9, null]],
  ])("%s", (name, expected) => {
    expect(a.length(ref(name))).toEqual(expected);
  });
});

describe("FOLLOW sets", () => {
  test("end of input follows every rule; uses add what comes after them", () => {
    const rules = rulesOf(
      'top = host [ ":" port ] "/" path\nhost = 1*ALPHA\nport = *DIGIT\npath = *( ALPHA / "/" )\nunused = "q"\n',
    );
    const a = new Analysis(rules);
    expect(a.followOf("unused")).toEqual(END);
    expect(a.followOf("top")).toEqual(END);
    // host is followed by ":" or, when the port part is absent, "/".
    expect(a.followOf("host")).toEqual(sets(":", "/", END));
    // port is followed by "/".
    expect(a.followOf("PORT")).toEqual(sets("/", END));
    // path ends top, so it gets top's FOLLOW: only end of input.
    expect(a.followOf("path")).toEqual(END);
    // ALPHA: another ALPHA or "/" inside path, ":" "/" after host, and host's letters.
    expect(a.followOf("ALPHA")).toEqual(sets(LETTERS, ":", "/", END));
    expect(a.followOf("DIGIT")).toEqual(sets(DIGITS, "/", END));
    expect(a.followOf("no-such-rule")).toEqual(END);
  });

  test("FOLLOW flows through rules that end other rules, to a fixpoint", () => {
    // c ends b, b ends a, a is followed by "!" in top: "!" reaches c.
    const rules = rulesOf('top = a "!"\na = "x" b\nb = "y" [ c ]\nc = "z"\n');
    const a = new Analysis(rules);
    expect(a.followOf("a")).toEqual(sets("!", END));
    expect(a.followOf("b")).toEqual(sets("!", END));
    expect(a.followOf("c")).toEqual(sets("!", END));
  });

  test("what follows a repetition's item includes the item's own FIRST, unless it repeats at most once", () => {
    const rules = rulesOf('top = *( x ) "." [ y ] ";" 1*3( z )\nx = "a"\ny = "b"\nz = "c"\n');
    const a = new Analysis(rules);
    expect(a.followOf("x")).toEqual(sets("A", "a", ".", END));
    expect(a.followOf("y")).toEqual(sets(";", END));
    expect(a.followOf("z")).toEqual(sets("C", "c", END));
  });
});

describe("walkWithFollow", () => {
  test("visits every node, parents first, with what may follow it", () => {
    const rules = rulesOf('top = "a" [ "b" ] ( "c" / DIGIT ) *"d"\n');
    const a = new Analysis(rules);
    const seen: [string, CharSet][] = [];
    walkWithFollow(a, exprOf(rules, "top"), END, (node, follow) => seen.push([formatExpr(node, true), follow]));
    expect(seen).toEqual([
      ['( "a" [ "b" ] ( "c" / DIGIT ) *"d" )', END],
      ['"a"', sets("B", "b", "C", "c", DIGITS)],
      ['[ "b" ]', sets("C", "c", DIGITS)],
      ['"b"', sets("C", "c", DIGITS)],
      ['( "c" / DIGIT )', sets("D", "d", END)],
      ['"c"', sets("D", "d", END)],
      ["DIGIT", sets("D", "d", END)],
      ['*"d"', END],
      ['"d"', sets("D", "d", END)],
    ]);
  });

  test("does not descend into referenced rules", () => {
    const rules = rulesOf('top = inner "!"\ninner = "x" "y"\n');
    const names: string[] = [];
    walkWithFollow(new Analysis(rules), exprOf(rules, "top"), END, (node) => names.push(formatExpr(node, true)));
    expect(names).toEqual(['( inner "!" )', "inner", '"!"']);
  });
});

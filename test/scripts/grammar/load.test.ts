import { loadAbnf } from "../../../scripts/grammar/load";
import type { Expr } from "../../../scripts/grammar/ir";

const lit = (text: string, caseSensitive: boolean): Expr => ({ type: "literal", text, caseSensitive });
const ref = (name: string): Expr => ({ type: "ref", name });

function ruleExpr(text: string, name: string): Expr {
  const loaded = loadAbnf(text, "x.abnf");
  const rule = loaded.rules.find((r) => r.name === name);
  if (!rule) throw new Error(`no rule ${name} in ${loaded.rules.map((r) => r.name).join(", ")}`);
  return rule.expr;
}

describe("loadAbnf: ABNF operators to IR", () => {
  test("terminals: quoted strings are case-insensitive only when they contain letters", () => {
    expect(ruleExpr('r = "abc"\n', "r")).toEqual(lit("abc", false));
    expect(ruleExpr('r = "://"\n', "r")).toEqual(lit("://", true));
    expect(ruleExpr('r = %s"Abc"\n', "r")).toEqual(lit("Abc", true));
    expect(ruleExpr("r = %x41.42\n", "r")).toEqual(lit("AB", true));
  });

  test("value ranges, single values and references", () => {
    expect(ruleExpr("r = %x30-39\n", "r")).toEqual({ type: "range", first: 0x30, last: 0x39 });
    expect(ruleExpr("r = %d65-90\n", "r")).toEqual({ type: "range", first: 65, last: 90 });
    expect(ruleExpr("r = other\nother = %x41\n", "r")).toEqual(ref("other"));
  });

  test("concatenation, alternation and groups", () => {
    expect(ruleExpr('r = "a" ( b / "c" ) d\nb = "b"\nd = "d"\n', "r")).toEqual({
      type: "seq",
      items: [lit("a", false), { type: "alt", items: [ref("b"), lit("c", false)] }, ref("d")],
    });
  });

  test("repetitions: n*m, [ ], exact counts, 1*1 is the item itself", () => {
    const a = lit("a", false);
    expect(ruleExpr('r = *"a"\n', "r")).toEqual({ type: "rep", min: 0, max: null, item: a });
    expect(ruleExpr('r = 1*4"a"\n', "r")).toEqual({ type: "rep", min: 1, max: 4, item: a });
    expect(ruleExpr('r = 3"a"\n', "r")).toEqual({ type: "rep", min: 3, max: 3, item: a });
    expect(ruleExpr('r = [ "a" ]\n', "r")).toEqual({ type: "rep", min: 0, max: 1, item: a });
    expect(ruleExpr('r = 1*1"a"\n', "r")).toEqual(a);
  });

  test("rules keep their source line and definition order", () => {
    const loaded = loadAbnf('; comment\nfirst = "1"\n\nsecond = "2"\n       / "3"\nthird = "4"\n', "g.abnf");
    expect(loaded.file).toBe("g.abnf");
    expect(loaded.rules.map((r) => [r.name, r.source.file, r.source.line])).toEqual([
      ["first", "g.abnf", 2],
      ["second", "g.abnf", 4],
      ["third", "g.abnf", 6],
    ]);
  });

  test("CRLF line ends and a missing final newline are accepted", () => {
    const loaded = loadAbnf('a = "x"\r\nb = "y"', "crlf.abnf");
    expect(loaded.rules.map((r) => r.name)).toEqual(["a", "b"]);
    expect(loaded.rules[1]!.expr).toEqual(lit("y", false));
  });

  test("syntax errors name the file", () => {
    expect(() => loadAbnf("r = = x\n", "bad.abnf")).toThrow(/^bad\.abnf: /);
  });

  test("a rule defined twice in one file is an error", () => {
    expect(() => loadAbnf('a = "x"\na = "y"\n', "dup.abnf")).toThrow(/dup\.abnf: .*Duplicate rule/);
  });
});

describe("loadAbnf: prose and # lists", () => {
  test("prose <...> is refused, with file and line", () => {
    expect(() => loadAbnf('a = "x"\nb = <some prose>\n', "prose.abnf")).toThrow(
      /prose\.abnf:2: prose <some prose> cannot be turned into a parser/,
    );
  });

  test("prose nested in a larger expression is refused too", () => {
    expect(() => loadAbnf('b = "x" [ <anything> ]\n', "p.abnf")).toThrow(/p\.abnf:1: prose <anything>/);
  });

  test("RFC 3986 path-empty = 0<pchar> is the empty string, not an error", () => {
    expect(ruleExpr("path-empty = 0<pchar>\n", "path-empty")).toEqual({ type: "empty" });
    // Any repetition of zero is empty, whatever the item.
    expect(ruleExpr('z = 0"a"\n', "z")).toEqual({ type: "empty" });
  });

  test('RFC 7230 "#" lists are refused', () => {
    expect(() => loadAbnf('elem = "e"\nlist = 1#elem\n', "list.abnf")).toThrow(
      /list\.abnf:2: "#" lists \(RFC 7230\) are not RFC 5234 ABNF/,
    );
  });
});

describe('loadAbnf: "=/" extensions', () => {
  test('"NAME =/" lines become extensions of NAME, not rules, in file order with their lines', () => {
    const loaded = loadAbnf(
      'root-sub-url =/ s3-sub-url\ns3-sub-url = "s3:" path\npath = *%x61-7A\nroot-sub-url=/ "mem:"\n  / "tmp:"\n',
      "s3.abnf",
    );
    expect(loaded.rules.map((r) => r.name)).toEqual(["s3-sub-url", "path"]);
    expect(loaded.extensions).toEqual([
      { name: "root-sub-url", expr: ref("s3-sub-url"), line: 1 },
      { name: "root-sub-url", expr: { type: "alt", items: [lit("mem:", false), lit("tmp:", false)] }, line: 4 },
    ]);
  });

  test('"=/" for a rule that the same file defines is still an extension (merge appends it)', () => {
    const loaded = loadAbnf('a = "x"\na =/ "y"\n', "same.abnf");
    expect(loaded.rules).toEqual([{ name: "a", expr: lit("x", false), source: { file: "same.abnf", line: 1 } }]);
    expect(loaded.extensions).toEqual([{ name: "a", expr: lit("y", false), line: 2 }]);
  });

  test('"=/" in a continuation line or a comment is left alone', () => {
    // Only a line that starts with a rule name starts a rule (RFC 5234 3.3).
    const loaded = loadAbnf('a = "x" ; b =/ "y"\n    / "z"\n', "c.abnf");
    expect(loaded.extensions).toEqual([]);
    expect(loaded.rules[0]!.expr).toEqual({ type: "alt", items: [lit("x", false), lit("z", false)] });
  });
});

describe("loadAbnf: header", () => {
  test("the leading comment block, without the ';' markers, up to the first other line", () => {
    const loaded = loadAbnf('; @scheme zip\n;@role adapter\n;\n;   indented\na = "x"\n; not header\n', "h.abnf");
    expect(loaded.header).toEqual(["@scheme zip", "@role adapter", "", "  indented"]);
  });

  test("a file that does not start with a comment has no header", () => {
    expect(loadAbnf('\n; late\na = "x"\n', "h.abnf").header).toEqual([]);
  });
});

describe("loadAbnf: rename", () => {
  const text = "Host = IPv4 / name\nIPv4 = 4%x30-39\nname = *%x61-7A\nuser = host\nroot =/ host\n";

  test("renames definitions, references and extensions, case-insensitively", () => {
    const loaded = loadAbnf(text, "r.abnf", { host: "pipeline-host", ipv4: "pipeline-ipv4" });
    expect(loaded.rules.map((r) => r.name)).toEqual(["pipeline-host", "pipeline-ipv4", "name", "user"]);
    expect(loaded.rules[0]!.expr).toEqual({ type: "alt", items: [ref("pipeline-ipv4"), ref("name")] });
    expect(loaded.rules[3]!.expr).toEqual(ref("pipeline-host"));
    expect(loaded.extensions).toEqual([{ name: "root", expr: ref("pipeline-host"), line: 5 }]);
  });

  test("a rename naming a rule the file does not define is an error listing it", () => {
    expect(() => loadAbnf(text, "r.abnf", { host: "h2", nosuch: "x", other: "y" })).toThrow(
      'r.abnf: "rename" names rules this file does not define: nosuch, other',
    );
  });

  test("a rule that is only referenced (not defined) cannot be renamed", () => {
    expect(() => loadAbnf("a = b\n", "r.abnf", { b: "c" })).toThrow(/does not define: b/);
  });
});

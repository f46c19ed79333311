import { assemble, lex, loadOracleGrammar, type Manifest } from "./load";
import { Matcher } from "./matcher";

const grammarOf = (files: Record<string, string>, extra: Partial<Manifest> = {}) =>
  assemble({ name: "t", files: Object.keys(files).map((path) => ({ path })), ...extra }, (f) => files[f]!);

describe("lex: ABNF text as tokens, without comments", () => {
  test("a repeat prefix stays with its element; %s and %i stay with their string", () => {
    expect(lex('a = 1*4HEXDIG *( "x" ) 2DIGIT %s"v" %i"w"').map((t) => `${t.kind}:${t.text}`)).toEqual([
      "name:a",
      "op:=",
      "repeat:1*4",
      "name:HEXDIG",
      "repeat:*",
      "op:(",
      'quoted:"x"',
      "op:)",
      "repeat:2",
      "name:DIGIT",
      'quoted:%s"v"',
      'quoted:%i"w"',
    ]);
  });

  test('numeric values keep their hex letters ("%x4A-5F" has no rule name "A")', () => {
    expect(lex("a = %x4A-5F %x41.42 %d13 %b01").map((t) => t.text)).toEqual([
      "a",
      "=",
      "%x4A-5F",
      "%x41.42",
      "%d13",
      "%b01",
    ]);
  });

  test('a ";" inside a quoted string or prose is not a comment', () => {
    expect(lex('a = ";" <x ; y> ; comment "z"\n  / "b"').map((t) => t.text)).toEqual([
      "a",
      "=",
      '";"',
      "<x ; y>",
      "/",
      '"b"',
    ]);
  });
});

describe("assemble: a manifest's files as one grammar", () => {
  test('"=/" adds to a rule of an earlier file (RFC 5234 3.3)', () => {
    const g = grammarOf({ "a.abnf": 'top = "x"\n', "b.abnf": 'top =/ "y"\n' });
    const m = new Matcher(g);
    expect(["x", "y", "z"].map((s) => m.accepts("top", s))).toEqual([true, true, false]);
  });

  test('an "assembled" rule is made of its "=/" alternatives alone', () => {
    const g = grammarOf(
      { "a.abnf": "top = sub\n", "b.abnf": 'sub =/ "p"\n', "c.abnf": 'sub =/ "q"\n' },
      { assembled: ["sub"] },
    );
    const m = new Matcher(g);
    expect(["p", "q", ""].map((s) => m.accepts("top", s))).toEqual([true, true, false]);
  });

  test('"=/" to a rule that nobody defines is an error', () => {
    expect(() => grammarOf({ "a.abnf": 'sub =/ "p"\n' })).toThrow("adds to a rule nobody defines");
  });

  test("a rule defined twice the same way (names and quoted strings compared without case) is kept once", () => {
    const g = grammarOf({ "a.abnf": 'r = "ab" / DIGIT\nDIGIT = %x30-39\n', "b.abnf": 'R = "AB" / digit ; again\n' });
    expect(new Matcher(g).accepts("r", "aB")).toBe(true);
  });

  test("a rule defined twice differently is an error", () => {
    expect(() => grammarOf({ "a.abnf": 'r = "a"\n', "b.abnf": 'r = "b"\n' })).toThrow(
      "r is defined differently in a.abnf and b.abnf",
    );
  });

  test("rename applies to one file's definitions and references", () => {
    const files: Record<string, string> = {
      "a.abnf": 'host = "h"\ntop = host\n',
      "b.abnf": 'host = "p" / port\nport = "1"\n',
    };
    const g = assemble(
      {
        name: "t",
        files: [{ path: "a.abnf" }, { path: "b.abnf", rename: { HOST: "pipeline-host" } }],
      },
      (f) => files[f]!,
    );
    const m = new Matcher(g);
    expect([
      m.accepts("host", "h"),
      m.accepts("pipeline-host", "p"),
      m.accepts("pipeline-host", "1"),
      m.accepts("host", "p"),
    ]).toEqual([true, true, true, false]);
  });
});

describe("loadOracleGrammar: the dialects in grammar/", () => {
  test.each(["url-pipeline-v0", "zep8"])("%s loads, with its renamed and assembled rules", (dialect) => {
    const g = loadOracleGrammar(dialect);
    const m = new Matcher(g);
    expect(m.accepts("absolute-url-pipeline", "s3://bucket/a.zip|zip:path/|zarr3:")).toBe(true);
    expect(g.rules.has("ROOT-SUB-URL") && g.rules.has("ADAPTER-SUB-URL")).toBe(true);
    // Both dialects load v0's simplified host rules under other names (docs/decisions.md D2).
    // v0: ipv6address = "[" 3*( HEXDIG / ":" / "." ) "]", looser than RFC 3986's IP-literal.
    expect([
      m.accepts("pipeline-host", "[...]"),
      m.accepts("host", "[...]"),
      m.accepts("pipeline-host", "999.1.1.1"),
    ]).toEqual([true, false, true]);
  });
});

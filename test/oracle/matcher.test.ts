import { assemble } from "./load";
import { Matcher } from "./matcher";
import { loadOracleGrammar } from "./load";

const matcherOf = (text: string) =>
  new Matcher(
    assemble({ name: "t", files: [{ path: "x.abnf" }] }, () => `DIGIT = %x30-39\nALPHA = %x41-5A / %x61-7A\n${text}`),
  );

describe("Matcher.accepts: ABNF semantics, every alternative and every count", () => {
  test("an alternative that is a prefix of a later one does not hide it (PEG's ordered choice would)", () => {
    const m = matcherOf('r = ( "a" / "ab" ) "c"\n');
    expect(["ac", "abc", "ab"].map((s) => m.accepts("r", s))).toEqual([true, true, false]);
  });

  test("a repetition gives back what the rest needs (PEG's greedy repetition would not)", () => {
    const m = matcherOf('r = *ALPHA "z"\n');
    expect(["abz", "z", "zz", "ab"].map((s) => m.accepts("r", s))).toEqual([true, true, true, false]);
  });

  test("bounded counts: 1*3 takes one to three, 2 takes exactly two", () => {
    const m = matcherOf("r = 1*3DIGIT\ns = 2DIGIT\n");
    expect(["", "1", "123", "1234"].map((x) => m.accepts("r", x))).toEqual([false, true, true, false]);
    expect(["1", "12", "123"].map((x) => m.accepts("s", x))).toEqual([false, true, false]);
  });

  test("a repetition of something that can be empty ends", () => {
    const m = matcherOf('r = *( *DIGIT ) "x"\n');
    expect(["12x", "x", "12"].map((x) => m.accepts("r", x))).toEqual([true, true, false]);
  });

  test("0<x> is the empty string (RFC 3986 path-empty)", () => {
    const m = matcherOf("r = 0DIGIT\n");
    expect([m.accepts("r", ""), m.accepts("r", "1")]).toEqual([true, false]);
  });

  test('quoted strings fold ASCII letters only (RFC 5234 2.3); %s"..." is exact (RFC 7405)', () => {
    const m = matcherOf('r = "ok"\ns = %s"ok"\n');
    expect(["ok", "OK", "oK", "o\u212A"].map((x) => m.accepts("r", x))).toEqual([true, true, true, false]);
    expect(["ok", "OK"].map((x) => m.accepts("s", x))).toEqual([true, false]);
  });

  test("an unknown rule is an error, not a rejection", () => {
    expect(() => matcherOf('r = "a"\n').accepts("nope", "a")).toThrow('rule "nope" is not defined');
  });
});

describe("Matcher.longestViablePrefix: where a parser reporting the longest viable prefix puts its error", () => {
  const m = matcherOf('r = "http" [ "s" ] "://" 1*ALPHA\n');
  test.each([
    ["htt", 3], // all of it can still be continued
    ["htx", 2],
    ["https:/x", 7],
    ["http://", 7],
    ["http://a1", 8],
    ["x", 0],
  ])("%j: %d", (input, offset) => {
    expect(m.longestViablePrefix("r", input)).toBe(offset);
  });

  test("viable: a string that can be continued, and one that cannot", () => {
    expect([m.viable("r", "https"), m.viable("r", "httpss")]).toEqual([true, false]);
  });
});

describe("the RFC 3986 traps, read the ABNF way", () => {
  const m = new Matcher(loadOracleGrammar("url-pipeline-v0"));
  test.each([
    ["dec-octet", "25", true],
    ["dec-octet", "255", true],
    ["dec-octet", "256", false],
    ["dec-octet", "01", false],
    ["IPv4address", "1.2.3.4", true],
    ["IPv4address", "1.2.3", false],
    ["host", "1.2.3", true],
    ["host", "1.2.3.400", true],
    ["host", "[::1]", true],
    ["IPv6address", "::", true],
    ["IPv6address", "1:2:3:4:5:6:7::", true],
    ["IPv6address", "::1.2.3.4", true],
    ["IPv6address", "1:2:3:4:5:6:1.2.3.4", true],
    ["IPv6address", "1:2:3:4:5:6:7:8:9", false],
    ["IPv6address", "1::2::3", false],
  ])("%s %j: %s", (rule, input, ok) => {
    expect(m.accepts(rule, input)).toBe(ok);
  });
});

import fc from "fast-check";
import { lookup, type RuleSet } from "../../../../scripts/grammar/ir";
import { chars, union, END } from "../../../../scripts/peg/charset";
import { addFollowGuards } from "../../../../scripts/peg/passes/follow-guards";
import type { PegExpr } from "../../../../scripts/peg/peg-ir";
import { abnfAccepts, accepts, naive, rulesOf, withPasses } from "../helpers";

/** The trap: ABNF accepts `input`, the naive PEG rejects it, the PEG after the passes accepts it. */
function expectTrapFixed(rules: RuleSet, rule: string, input: string) {
  expect(abnfAccepts(rules, rule, input)).toBe(true);
  expect(accepts(naive(rules), rule, input)).toBe(false);
  expect(accepts(withPasses(rules), rule, input)).toBe(true);
}

/** Random strings over `alphabet`: the PEG after the passes accepts exactly what the ABNF accepts. */
function expectAgreesWithAbnf(rules: RuleSet, rule: string, alphabet: string, numRuns = 400) {
  const parser = withPasses(rules);
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 12 }), (s) => {
      expect([s, accepts(parser, rule, s)]).toEqual([s, abnfAccepts(rules, rule, s)]);
    }),
    { numRuns },
  );
}

const findGuards = (e: PegExpr): Extract<PegExpr, { type: "guard" }>[] => {
  switch (e.type) {
    case "guard":
      return [e, ...findGuards(e.item)];
    case "seq":
    case "alt":
      return e.items.flatMap(findGuards);
    case "rep":
      return findGuards(e.item);
    default:
      return [];
  }
};

// ---- the grammars of the traps ----

const DEC_OCTET = 'dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35\n';
const IPV4_HOST =
  "host = IPv4address / reg-name\n" +
  'IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet\n' +
  DEC_OCTET +
  'reg-name = *( ALPHA / DIGIT / "." / "-" )\n';
const LOCALHOST = 'target = ( "localhost" / host ) "/" segment\nhost = 1*ALPHA\nsegment = *ALPHA\n';
const ZARR = 'pipeline = a *( "|" a )\na = "zarr" [ ":" p ] / "zarr3" [ ":" p ] / "x"\np = *ALPHA\n';

describe("addFollowGuards: which alternatives get a guard", () => {
  test("an alternative whose FIRST overlaps a later one's is guarded with the alternation's FOLLOW", () => {
    const rules = rulesOf('top = a "/"\na = "ab" / "abc" / "x"\n');
    const { rules: out, notes } = addFollowGuards(rules);
    const a = out.find((r) => r.name === "a")!;
    expect(a.expr.type).toBe("alt");
    const items = (a.expr as Extract<PegExpr, { type: "alt" }>).items;
    // "ab" overlaps "abc" (both start with a/A): guarded. "abc" does not overlap "x": not guarded. Last: never.
    expect(items[0]).toEqual({
      type: "guard",
      item: { type: "literal", text: "ab", caseSensitive: false },
      follow: union(chars(0x2f), END),
    });
    expect(items[1]).toEqual({ type: "literal", text: "abc", caseSensitive: false });
    expect(items[2]).toEqual({ type: "literal", text: "x", caseSensitive: false });
    expect(notes).toEqual([{ rule: "a", note: 'guarded alternative "ab"' }]);
  });

  test("an alternative that can match nothing is guarded even without a FIRST overlap", () => {
    const rules = rulesOf('top = a "/"\na = *"x" / "y"\n');
    const a = addFollowGuards(rules).rules.find((r) => r.name === "a")!;
    const items = (a.expr as Extract<PegExpr, { type: "alt" }>).items;
    expect(items[0]!.type).toBe("guard");
    expect(items[1]!.type).toBe("literal");
  });

  test("alternatives that one character tells apart get no guard, and the rule keeps its ABNF", () => {
    const rules = rulesOf('top = "a" 1*DIGIT / "b" / ALPHA ALPHA\n');
    const { rules: out, notes } = addFollowGuards(rules);
    const top = out.find((r) => r.name === "top")!;
    // "a" and "b" overlap ALPHA, so those two are guarded; DIGIT / ALPHA in CORE are not.
    expect(notes.map((n) => n.rule)).toEqual(["top", "top"]);
    expect(top.abnf).toBe(lookup(rules, "top")!.expr);
    expect(out.find((r) => r.name === "DIGIT")!.expr).toEqual(lookup(rules, "DIGIT")!.expr);
    expect(findGuards(out.find((r) => r.name === "ALPHA")!.expr)).toEqual([]);
  });

  test("every rule comes out, in order, named as defined", () => {
    const rules = rulesOf(ZARR);
    expect(addFollowGuards(rules).rules.map((r) => r.name)).toEqual([...rules.values()].map((r) => r.name));
  });

  test("the guard inside a repetition also admits what starts the next round", () => {
    // In top = *b, what follows b is another b or the end of input.
    const rules = rulesOf('top = *b\nb = "x" / "xy"\n');
    const b = addFollowGuards(rules).rules.find((r) => r.name === "b")!;
    const [guard] = findGuards(b.expr);
    // FOLLOW(b) = FIRST(b) (another round) + end of input.
    expect(guard!.follow).toEqual(union(union(chars(0x58), chars(0x78)), END));
  });

  test("the dec-octet guards admit exactly '.' and the end", () => {
    const rules = rulesOf(IPV4_HOST);
    const out = addFollowGuards(rules).rules;
    const guards = findGuards(out.find((r) => r.name === "dec-octet")!.expr);
    // DIGIT, %x31-39 DIGIT and "2" %x30-34 DIGIT overlap a later alternative; "1" 2DIGIT and the last do not.
    expect(guards.map((g) => g.item)).toEqual([
      { type: "ref", name: "DIGIT" },
      {
        type: "seq",
        items: [
          { type: "range", first: 0x31, last: 0x39 },
          { type: "ref", name: "DIGIT" },
        ],
      },
      {
        type: "seq",
        items: [
          { type: "literal", text: "2", caseSensitive: true },
          { type: "range", first: 0x30, last: 0x34 },
          { type: "ref", name: "DIGIT" },
        ],
      },
    ]);
    for (const g of guards) expect(g.follow).toEqual(union(chars(0x2e), END));
    // And IPv4address is guarded within host, with FOLLOW(host) = end of input.
    expect(findGuards(out.find((r) => r.name === "host")!.expr).map((g) => g.follow)).toEqual([END]);
  });
});

describe("PEG traps, end to end (ABNF -> passes -> emitPeggy -> peggy)", () => {
  test("RFC 3986 dec-octet, shortest alternative first, in a dotted quad before a reg-name alternative", () => {
    const rules = rulesOf(IPV4_HOST);
    // "25": DIGIT matches "2" and PEG commits; IPv4address then ends at "1.2.3.2" and host leaves "5".
    expectTrapFixed(rules, "host", "1.2.3.25");
    // "256" is not an octet: the ABNF host is a reg-name; naive PEG commits to IPv4address "1.2.3.25".
    expectTrapFixed(rules, "host", "1.2.3.256");
    expectTrapFixed(rules, "host", "1.2.3.199");
    // When the dotted quad fails before its end, the naive PEG falls back to reg-name and is right by luck.
    expect(accepts(naive(rules), "host", "10.200.30.255")).toBe(true);
    const peg = withPasses(rules);
    // And each string is matched by the right alternative.
    expect(accepts(peg, "IPv4address", "1.2.3.25")).toBe(true);
    expect(accepts(peg, "IPv4address", "1.2.3.256")).toBe(false);
    expect(accepts(peg, "reg-name", "1.2.3.256")).toBe(true);
    for (const octet of ["0", "9", "10", "99", "100", "199", "200", "249", "250", "255"]) {
      expect(accepts(peg, "dec-octet", octet)).toBe(true);
    }
    for (const octet of ["256", "300", "01", ""]) expect(accepts(peg, "dec-octet", octet)).toBe(false);
  });

  test("host = IPv4address / reg-name with 1.2.3.4a", () => {
    const rules = rulesOf(IPV4_HOST);
    expectTrapFixed(rules, "host", "1.2.3.4a");
    expectTrapFixed(rules, "host", "1.2.3.4.5");
    const peg = withPasses(rules);
    expect(accepts(peg, "host", "1.2.3.4")).toBe(true);
    expect(accepts(peg, "host", "")).toBe(true);
    expect(accepts(peg, "host", "1.2.3.4/")).toBe(false);
  });

  test('"localhost" / host followed by "/" with localhosts/x', () => {
    const rules = rulesOf(LOCALHOST);
    expectTrapFixed(rules, "target", "localhosts/x");
    expectTrapFixed(rules, "target", "LOCALHOSTS/"); // quoted strings are case-insensitive
    const peg = withPasses(rules);
    expect(accepts(peg, "target", "localhost/x")).toBe(true);
    expect(accepts(peg, "target", "localhost")).toBe(false);
    expect(accepts(peg, "target", "/x")).toBe(false);
  });

  test('prefix literals "zarr" / "zarr3" inside pipeline = a *( "|" a ) with x|zarr3:', () => {
    const rules = rulesOf(ZARR);
    // Naive: a = "zarr" matches in "zarr3:", *( "|" a ) stops at "3", pipeline leaves "3:".
    expectTrapFixed(rules, "pipeline", "x|zarr3:");
    expectTrapFixed(rules, "pipeline", "zarr3|zarr");
    expectTrapFixed(rules, "pipeline", "zarr3:abc|x");
    const peg = withPasses(rules);
    expect(accepts(peg, "pipeline", "x|zarr:abc|zarr")).toBe(true);
    expect(accepts(peg, "pipeline", "x|zarr4:")).toBe(false);
    expect(accepts(peg, "pipeline", "x|")).toBe(false);
  });

  test("the passes accept exactly what the ABNF accepts on random strings (all four grammars)", () => {
    expectAgreesWithAbnf(rulesOf(IPV4_HOST), "host", "01256.a");
    expectAgreesWithAbnf(rulesOf(LOCALHOST), "target", "lochst/");
    expectAgreesWithAbnf(rulesOf(ZARR), "pipeline", "zar3:|xb");
    expectAgreesWithAbnf(rulesOf(IPV4_HOST), "IPv4address", "01259.");
  });

  // A later alternative that can match nothing competes with whatever may follow the alternation.
  test('a later alternative that can match nothing: r = x "a" "b", x = "a" / y, y = *"b", input "ab"', () => {
    const rules = rulesOf('r = x "a" "b"\nx = "a" / y\ny = *"b"\n');
    expect(abnfAccepts(rules, "r", "ab")).toBe(true);
    expect(accepts(withPasses(rules), "r", "ab")).toBe(true);
  });
});

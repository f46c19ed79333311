import * as peggy from "peggy";
import {
  EMPTY,
  END,
  chars,
  equal,
  firstOfLiteral,
  intersects,
  toPeggyClass,
  toPeggyLookahead,
  union,
  type CharSet,
} from "../../../scripts/peg/charset";

const code = (c: string) => c.charCodeAt(0);
const set = (ranges: [number, number][], end = false): CharSet => ({ ranges, end });

describe("chars / firstOfLiteral", () => {
  test("chars makes one range, a single character by default", () => {
    expect(chars(0x30, 0x39)).toEqual(set([[0x30, 0x39]]));
    expect(chars(0x41)).toEqual(set([[0x41, 0x41]]));
  });

  test("a case-sensitive literal starts with its first character only", () => {
    expect(firstOfLiteral("Zarr", true)).toEqual(chars(code("Z")));
  });

  test("a case-insensitive literal starts with either case of its first letter", () => {
    expect(firstOfLiteral("zarr", false)).toEqual(
      set([
        [code("Z"), code("Z")],
        [code("z"), code("z")],
      ]),
    );
    expect(firstOfLiteral("Zarr", false)).toEqual(firstOfLiteral("zARR", false));
  });

  test("a literal starting with a non-letter has one first character either way", () => {
    expect(firstOfLiteral("3a", false)).toEqual(chars(code("3")));
    expect(firstOfLiteral("://", true)).toEqual(chars(code(":")));
  });

  test("the empty literal starts with nothing", () => {
    expect(firstOfLiteral("", false)).toEqual(EMPTY);
  });
});

describe("union", () => {
  test("sorts, merges overlapping and adjacent ranges, keeps disjoint ones apart", () => {
    expect(union(chars(0x61, 0x66), chars(0x30, 0x39))).toEqual(
      set([
        [0x30, 0x39],
        [0x61, 0x66],
      ]),
    );
    expect(union(chars(0x30, 0x35), chars(0x33, 0x39))).toEqual(chars(0x30, 0x39));
    expect(union(chars(0x30, 0x34), chars(0x35, 0x39))).toEqual(chars(0x30, 0x39)); // adjacent
    expect(union(chars(0x30, 0x34), chars(0x36, 0x39))).toEqual(
      set([
        [0x30, 0x34],
        [0x36, 0x39],
      ]),
    ); // gap of one
    expect(union(chars(0x30, 0x39), chars(0x32))).toEqual(chars(0x30, 0x39)); // contained
  });

  test("a range that spans several merges them all", () => {
    const a = union(union(chars(1), chars(5)), chars(9));
    expect(union(a, chars(0, 10))).toEqual(chars(0, 10));
  });

  test("end of input is kept from either side", () => {
    expect(union(chars(0x2f), END)).toEqual(set([[0x2f, 0x2f]], true));
    expect(union(END, EMPTY)).toEqual(END);
    expect(union(EMPTY, EMPTY)).toEqual(EMPTY);
  });

  test("does not modify its arguments", () => {
    const a = set([[0x30, 0x34]]);
    const b = set([[0x35, 0x39]]);
    union(a, b);
    expect(a).toEqual(set([[0x30, 0x34]]));
    expect(b).toEqual(set([[0x35, 0x39]]));
  });
});

describe("intersects / equal", () => {
  test("overlapping ranges intersect, touching-but-disjoint ones do not", () => {
    expect(intersects(chars(0x30, 0x39), chars(0x39, 0x40))).toBe(true);
    expect(intersects(chars(0x30, 0x39), chars(0x3a, 0x40))).toBe(false);
    expect(intersects(union(chars(1), chars(9)), chars(5, 9))).toBe(true);
  });

  test("end of input intersects only end of input", () => {
    expect(intersects(END, END)).toBe(true);
    expect(intersects(END, chars(0, 0xffff))).toBe(false);
    expect(intersects(union(chars(0x61), END), union(chars(0x62), END))).toBe(true);
    expect(intersects(EMPTY, EMPTY)).toBe(false);
  });

  test("equal compares ranges and the end flag", () => {
    expect(equal(union(chars(1, 3), chars(4, 6)), chars(1, 6))).toBe(true);
    expect(equal(chars(1, 6), union(chars(1, 6), END))).toBe(false);
    expect(equal(chars(1, 6), chars(1, 7))).toBe(false);
    expect(equal(chars(1), union(chars(1), chars(3)))).toBe(false);
    expect(equal(EMPTY, EMPTY)).toBe(true);
  });
});

describe("Peggy output", () => {
  test("toPeggyClass writes letters and digits as is, everything else as \\u escapes", () => {
    expect(toPeggyClass(union(chars(0x30, 0x39), chars(code("a"))))).toBe("[0-9a]");
    expect(toPeggyClass(union(chars(code("-")), chars(code("]"))))).toBe("[\\u002d\\u005d]");
    expect(toPeggyClass(chars(0x5c))).toBe("[\\u005c]");
  });

  test("toPeggyLookahead: characters, end, both; the empty set is refused", () => {
    expect(toPeggyLookahead(chars(code("/")))).toBe("&[\\u002f]");
    expect(toPeggyLookahead(END)).toBe("!.");
    expect(toPeggyLookahead(union(chars(code("/")), END))).toBe("&([\\u002f] / !.)");
    expect(() => toPeggyLookahead(EMPTY)).toThrow(/empty set/);
  });

  test("the lookaheads mean what they say in a compiled Peggy parser", () => {
    const sets: Record<string, CharSet> = {
      slash: chars(code("/")),
      end: END,
      both: union(union(chars(code("/")), chars(code("-"), code("."))), END),
      tricky: union(chars(code("]")), chars(code("^"))),
    };
    const grammar = Object.entries(sets)
      .map(([name, s]) => `${name} = "x" ${toPeggyLookahead(s)} .*`)
      .join("\n");
    const parser = peggy.generate(grammar, { allowedStartRules: ["*"] });
    const ok = (rule: string, input: string) => {
      try {
        parser.parse(input, { startRule: rule });
        return true;
      } catch {
        return false;
      }
    };
    expect([ok("slash", "x/"), ok("slash", "x"), ok("slash", "xa")]).toEqual([true, false, false]);
    expect([ok("end", "x"), ok("end", "x/")]).toEqual([true, false]);
    expect([ok("both", "x"), ok("both", "x/"), ok("both", "x-"), ok("both", "x."), ok("both", "x0")]).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect([ok("tricky", "x]"), ok("tricky", "x^"), ok("tricky", "x\\"), ok("tricky", "x")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

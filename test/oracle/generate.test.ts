import fc from "fast-check";
import { applyEdit, Generator } from "./generate";
import { loadOracleGrammar } from "./load";
import { Matcher } from "./matcher";

describe.each(["url-pipeline-v0", "zep8"])("Generator over %s", (dialect) => {
  const grammar = loadOracleGrammar(dialect);
  const gen = new Generator(grammar);
  const matcher = new Matcher(grammar);

  test("every string derived from a rule matches it (the generator and the oracle agree)", () => {
    for (const key of grammar.rules.keys()) {
      for (const s of fc.sample(gen.positive(key), { seed: 1, numRuns: 5 })) {
        if (!matcher.accepts(key, s)) throw new Error(`${key}: generated ${JSON.stringify(s)}, which does not match`);
      }
    }
  });

  test("deep alternatives come up: compressed IPv6 forms, IPv4 parts, and all adapters", () => {
    const ipv6 = fc.sample(gen.positive("IPv6address"), { seed: 2, numRuns: 200 });
    expect(ipv6.some((s) => s.startsWith("::"))).toBe(true);
    expect(ipv6.some((s) => /::./.test(s) && !s.startsWith("::"))).toBe(true);
    expect(ipv6.some((s) => /\d+\.\d+\.\d+\.\d+$/.test(s))).toBe(true);
    const adapters = new Set(
      fc
        .sample(gen.positive("adapter-sub-url"), { seed: 3, numRuns: 400 })
        .map((s) => /^[^:]*/.exec(s)![0].toLowerCase()),
    );
    for (const scheme of ["zip", "zarr", "zarr3", "ocdbt", "icechunk", "gzip", "byte-range"])
      expect(adapters).toContain(scheme);
  });

  test("IPv4-like host names come up: reg-names of digits and dots that are not IPv4 addresses", () => {
    const hosts = fc.sample(gen.strings("host"), { seed: 5, numRuns: 400 });
    const lookalikes = hosts.filter(
      (s) => /^[0-9.]*\.[0-9.]*$/.test(s) && matcher.accepts("reg-name", s) && !matcher.accepts("IPv4address", s),
    );
    expect(lookalikes.length).toBeGreaterThan(5);
  });

  test("a good share of mutated strings no longer match", () => {
    const mutated = fc.sample(gen.mutated("absolute-url-pipeline"), { seed: 4, numRuns: 300 });
    const rejected = mutated.filter((s) => !matcher.accepts("absolute-url-pipeline", s)).length;
    expect(rejected).toBeGreaterThan(60);
    expect(rejected).toBeLessThan(300);
  });
});

describe("applyEdit", () => {
  test.each([
    ["insert", 1, "|", "a|bc"],
    ["delete", 1, "", "ac"],
    ["replace", 1, "%", "a%c"],
    ["double", 1, "", "abbc"],
    ["swapcase", 1, "", "aBc"],
    ["insert", 7, "x", "abcx"], // positions wrap around the length + 1 places: 7 % 4 = 3
  ])("%s at %d", (op, at, ch, out) => {
    expect(applyEdit("abc", op, at, ch)).toBe(out);
  });

  test("lookalike: the next letter that has one becomes it", () => {
    expect(applyEdit("zip:a|icechunk", "lookalike", 0, "")).toBe("z\u0131p:a|icechunk");
    expect(applyEdit("zip:a|icechunk", "lookalike", 8, "")).toBe("zip:a|icechun\u212A");
    expect(applyEdit("zarr", "lookalike", 0, "")).toBe("zarr");
  });
});

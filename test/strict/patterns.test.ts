/**
 * src/strict/patterns.ts: the generated RFC 3986 IPv6address and IPv4address expressions, against the RFC 3986
 * vectors of JSON-Schema-Test-Suite (test/fixtures/rfc3986) and against the generated parser's own rule, on
 * strings derived from the ABNF and on near misses.
 */
import fc from "fast-check";
import { validate } from "../../src/api";
import { IPv4address, IPv6address } from "../../generated/patterns";
import { isIpv4Address, isIpv6Address } from "../../src/strict/patterns";
import ipv4 from "../fixtures/rfc3986/ipv4.json";
import ipv6 from "../fixtures/rfc3986/ipv6.json";
import { Generator } from "../oracle/generate";
import { loadOracleGrammar } from "../oracle/load";

type Group = { tests: { description: string; data: unknown; valid: boolean }[] };
const strings = (groups: Group[]) =>
  groups.flatMap((g) =>
    g.tests.filter((t) => typeof t.data === "string").map((t) => [t.data as string, t.valid, t.description] as const),
  );

describe("the JSON-Schema-Test-Suite vectors", () => {
  test.each(strings(ipv6 as Group[]))("IPv6 %j -> %s (%s)", (data, valid) => {
    expect(isIpv6Address(data)).toBe(valid);
  });
  test.each(strings(ipv4 as Group[]))("IPv4 %j -> %s (%s)", (data, valid) => {
    expect(isIpv4Address(data)).toBe(valid);
  });
});

describe("the same language as the generated parser's rule", () => {
  const grammar = loadOracleGrammar("url-pipeline-v0");
  const gen = new Generator(grammar);
  const nearMiss = (s: string) =>
    fc
      .tuple(
        fc.nat(s.length),
        fc.constantFrom("", ":", "::", ".", "0", "f", "g", "256", "1.2.3.4", "[", ":0:"),
        fc.boolean(),
      )
      .map(([i, x, cut]) => (cut ? s.slice(0, i) + x + s.slice(i + 1) : s.slice(0, i) + x + s.slice(i)));
  test.each([
    ["IPv6address", isIpv6Address],
    ["IPv4address", isIpv4Address],
  ] as const)("%s", (rule, is) => {
    fc.assert(
      fc.property(
        gen.positive(rule).chain((s) => fc.oneof(fc.constant(s), nearMiss(s))),
        (s) => {
          expect(is(s)).toBe(validate(s, { rule }).valid);
        },
      ),
      { seed: 20261124, numRuns: 1500 },
    );
  });
  test("text longer than the longest address is refused without a match (45 and 15 characters)", () => {
    expect(IPv6address.maxLength).toBe(45);
    expect(IPv4address.maxLength).toBe(15);
    expect(isIpv6Address("1111:2222:3333:4444:5555:6666:255.255.255.255")).toBe(true); // 45, the longest
    expect(isIpv6Address("1111:2222:3333:4444:5555:6666:255.255.255.255 ")).toBe(false);
    expect(isIpv6Address(":".repeat(100_000))).toBe(false);
    expect(isIpv4Address("255.255.255.255")).toBe(true);
    expect(isIpv4Address("0255.255.255.25")).toBe(false);
  });
});

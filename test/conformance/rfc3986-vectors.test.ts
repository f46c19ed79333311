/**
 * Public RFC 3986 vectors against the RFC 3986 rules of each dialect (`options.rule`):
 * JSON-Schema-Test-Suite `uri`, `uri-reference`, `ipv4`, `ipv6` (which say they follow RFC 3986 strictly), and
 * the examples transcribed from RFC 3986 itself. The adapter maps each suite to its ABNF rule and skips only
 * non-string data (the suites also test JSON Schema's handling of numbers and objects). Every string vector
 * runs: none is skipped.
 */
import { validate, type DialectName } from "../../src";
import ipv4 from "../fixtures/rfc3986/ipv4.json";
import ipv6 from "../fixtures/rfc3986/ipv6.json";
import rfc from "../fixtures/rfc3986/rfc3986-examples.json";
import uriReference from "../fixtures/rfc3986/uri-reference.json";
import uri from "../fixtures/rfc3986/uri.json";

interface Group {
  description: string;
  tests: { description: string; data: unknown; valid: boolean }[];
}

const SUITES: [string, Group[]][] = [
  ["URI", uri],
  ["URI-reference", uriReference],
  ["IPv4address", ipv4],
  ["IPv6address", ipv6],
];

const vectors = SUITES.flatMap(([rule, groups]) =>
  groups.flatMap((g) =>
    g.tests
      .filter((t): t is { description: string; data: string; valid: boolean } => typeof t.data === "string")
      .map((t) => ({ rule, data: t.data, valid: t.valid, description: t.description })),
  ),
);

const dialects: DialectName[] = ["url-pipeline-v0", "zep8"];

describe.each(dialects)("%s", (dialect) => {
  test("the suites have vectors", () => {
    expect(vectors.length).toBeGreaterThan(120);
  });

  test.each(vectors)("$rule $data -> $valid ($description)", ({ rule, data, valid }) => {
    expect(validate(data, { dialect, rule }).valid).toBe(valid);
  });

  describe("RFC 3986 text", () => {
    test.each(rfc.valid_uri_examples_1_1_2)("section 1.1.2: %s is a URI", (example) => {
      expect(validate(example, { dialect, rule: "URI" }).valid).toBe(true);
    });
    const refs = [...rfc.resolution.normal_5_4_1, ...rfc.resolution.abnormal_5_4_2];
    test.each(refs)("section 5.4: reference $ref is a URI-reference, $expected a URI", ({ ref, expected }) => {
      expect(validate(ref, { dialect, rule: "URI-reference" }).valid).toBe(true);
      expect(validate(expected, { dialect, rule: "URI" }).valid).toBe(true);
    });
    test("section 5.4: the base is a URI", () => {
      expect(validate(rfc.resolution.base, { dialect, rule: "URI" }).valid).toBe(true);
    });
  });
});

test("rule names are case-insensitive, as in ABNF (RFC 5234 2.1)", () => {
  expect(validate("::1", { rule: "ipv6ADDRESS" }).valid).toBe(true);
  expect(validate("1.2.3.4", { rule: "ipv4address" }).valid).toBe(true);
});

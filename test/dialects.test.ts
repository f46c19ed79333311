/**
 * src/dialects.ts: each dialect's metadata as the package reads it. A scheme's rules, and its file when it is
 * grammar/schemes/NAME.abnf, are not in generated/DIALECT/dialect.json: the package makes them from the scheme's
 * name and shape, which must give what the build found in the grammar (scripts/grammar/shapes.ts, scheme-files.ts).
 */
import { buildDialect } from "../scripts/generate";
import { DIALECTS, dialectNames, hasVendorSchemes } from "../src/dialects";

test.each(dialectNames())(
  "%s: every scheme's rules and file are the build's, and its rules are rules of the grammar",
  (dialect) => {
    const built = buildDialect(dialect).schemes;
    const { schemes, rules } = DIALECTS[dialect].meta;
    expect(schemes.map((s) => [s.scheme, s.rules, s.file])).toEqual(built.map((s) => [s.scheme, s.rules, s.file]));
    for (const s of schemes) for (const rule of Object.values(s.rules)) expect(rules).toContain(rule);
    expect(schemes.find((s) => s.scheme === "s3+http")!.rules).toEqual({ subUrl: "s3-http-sub-url" });
  },
);

test.each(dialectNames())("%s: the rules, read from the parser's start rules, are the grammar's", (dialect) => {
  const built = [...buildDialect(dialect).rules.values()].map((r) => r.name);
  expect([...DIALECTS[dialect].meta.rules].sort()).toEqual([...built].sort());
  // Case-insensitive names (RFC 5234 2.1), and what the DFA engine answers without the parser.
  expect(DIALECTS[dialect].ruleNames.get("ipv6address")).toBe("IPv6address");
});

test.each(dialectNames())("%s: hasVendorSchemes(), read without the parser, says what the rules say", (dialect) => {
  const { meta } = DIALECTS[dialect];
  expect(hasVendorSchemes(meta)).toBe(meta.rules.includes("nonstandard-sub-url"));
  expect(hasVendorSchemes(meta)).toBe(dialect === "url-pipeline-v0");
});

/**
 * src/parse.ts runs the generated parser in Peggy's library mode (the only mode it has: scripts/peg/lean-parser.ts),
 * which returns where the parse stopped instead of throwing. The syntax errors it builds from that must be the ones
 * the SyntaxError of Peggy's own parser of the same grammar describes: the same offset, expectations and found
 * text, in every case Peggy's peg$throw distinguishes.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as peggy from "peggy";
import { ownPeggyName, peggyName } from "../scripts/peg/emit-peggy";
import { DIALECTS, peggyStartRule } from "../src/dialects";
import { describeExpectations, type Expectation } from "../src/messages/expectations";
import { validate } from "../src/api";
import { canParse, parse, parseWithParser } from "../src/parse";
import { UrlPipelineSyntaxError } from "../src/errors";

const examples = (
  JSON.parse(fs.readFileSync(path.join(__dirname, "fixtures/spec/url-pipeline-v0.json"), "utf8")) as {
    examples: { url: string }[];
  }
).examples.map((e) => e.url);

/** Inputs that stop matching in many ways: examples, their prefixes, and each with a character changed or added. */
const inputs = [
  ...examples,
  ...examples.slice(0, 30).flatMap((s) => [...s].map((_, i) => s.slice(0, i))),
  ...examples
    .slice(0, 30)
    .flatMap((s) => [`${s}x`, `${s} `, `${s}|`, s.replace(":", "#"), s.replace("/", "\u{1F600}")]),
  "1.2.3.4x",
  "1.2.3.45a",
  "::1]",
  "[::1",
  "v1.x",
  "2023-02-28T00:00:00Zx",
  "",
  "\ud800",
  "a\ud83d\ude00",
];
const rules = [
  "absolute-url-pipeline",
  "URI",
  "URI-reference",
  "IPv4address",
  "IPv6address",
  "host",
  "scheme",
  "port",
  "dec-octet",
  "segment",
];

interface PeggyError {
  location: { start: { offset: number } };
  expected: Expectation[];
  found: string | null;
}

/** Peggy's own parser of generated/grammar.peggy, as Peggy writes it (it throws its SyntaxError). */
const peggyParser = (() => {
  const source = peggy.generate(fs.readFileSync(path.join(__dirname, "../generated/grammar.peggy"), "utf8"), {
    output: "source",
    format: "commonjs",
    allowedStartRules: ["*"],
  });
  const module = {
    exports: {} as { parse(input: string, options: object): unknown; SyntaxError: new (...args: never[]) => unknown },
  };
  new Function("module", "exports", "require", source)(module, module.exports, require);
  return module.exports;
})();

function thrownBy(run: () => unknown, type: new (...args: never[]) => unknown): PeggyError | null {
  try {
    run();
    return null;
  } catch (e) {
    if (!(e instanceof type)) throw e;
    return e as PeggyError;
  }
}

test.each(Object.keys(DIALECTS) as (keyof typeof DIALECTS)[])(
  "%s: the parser engine's syntax errors say what Peggy's thrown SyntaxError says",
  (name) => {
    const dialect = DIALECTS[name];
    /** How each failed parse ended, by the cases of Peggy's peg$throw. */
    const seen = new Set<string>();
    for (const rule of rules) {
      if (!dialect.meta.rules.includes(rule)) continue;
      const startRule = peggyStartRule(dialect.meta, rule);
      for (const input of inputs) {
        const thrown = thrownBy(
          () => peggyParser.parse(input, { startRule, actions: dialect.actions }),
          peggyParser.SyntaxError,
        );
        // The parser engine (parseWithParser): for a pipeline rule, parse() and validate() take a refused input's
        // message from the DFA's state instead (test/differential/engines.ts compares the two).
        let r: { valid: true } | { valid: false; error: UrlPipelineSyntaxError };
        try {
          parseWithParser(input, { dialect: name, rule, maxLength: Infinity, maxSubUrls: Infinity });
          r = { valid: true };
        } catch (e) {
          if (!(e instanceof UrlPipelineSyntaxError)) throw e;
          r = { valid: false, error: e };
        }
        if (thrown === null) {
          if (!r.valid) expect(r.error.kind).toBe("value");
          continue;
        }
        expect(r.valid).toBe(false);
        if (r.valid) continue;
        expect({
          input,
          rule,
          kind: r.error.kind,
          offset: r.error.offset,
          expected: r.error.expected,
          found: r.error.found,
        }).toEqual({
          input,
          rule,
          kind: "syntax",
          offset: thrown.location.start.offset,
          expected: describeExpectations(thrown.expected, dialect.meta),
          found: thrown.found,
        });
        const lib = dialect.parser.parse(input, { startRule: startRule as "ALPHA", peg$library: true }) as {
          peg$result: unknown;
          peg$FAILED: unknown;
          peg$currPos: number;
          peg$maxFailPos: number;
        };
        seen.add(
          lib.peg$result === lib.peg$FAILED
            ? "no match"
            : lib.peg$currPos > lib.peg$maxFailPos
              ? "prefix, past the farthest failure"
              : lib.peg$currPos === lib.peg$maxFailPos
                ? "prefix, at the farthest failure"
                : "prefix, before the farthest failure",
        );
      }
    }
    expect([...seen].sort()).toEqual([
      "no match",
      "prefix, at the farthest failure",
      "prefix, before the farthest failure",
      "prefix, past the farthest failure",
    ]);
  },
  120_000,
);

/** The parser's start rules: every rule of generated/grammar.peggy that parse() accepts as one. */
const startRules = (() => {
  const grammar = fs.readFileSync(path.join(__dirname, "../generated/grammar.peggy"), "utf8");
  const parser = DIALECTS["url-pipeline-v0"].parser;
  const rules = [...grammar.matchAll(/^([A-Za-z_][\w$]*)(?: "[^"]*")?\n {2}= /gm)].map((m) => m[1]!);
  return rules.filter((startRule) => {
    try {
      parser.parse("", { startRule: startRule as "ALPHA", peg$library: true });
      return true;
    } catch (e) {
      if (/Can't start parsing from rule/.test(String(e))) return false;
      throw e;
    }
  });
})();

test.each(Object.keys(DIALECTS) as (keyof typeof DIALECTS)[])(
  "%s: every rule of the metadata is a start rule of the parser, its own or shared",
  (name) => {
    const dialect = DIALECTS[name];
    for (const rule of dialect.meta.rules) {
      const own = dialect.meta.ownRules.includes(rule);
      expect(peggyStartRule(dialect.meta, rule)).toBe(own ? ownPeggyName(name, rule) : peggyName(rule));
      expect(startRules).toContain(peggyStartRule(dialect.meta, rule));
    }
    expect(dialect.meta.ownRules.every((r) => dialect.meta.rules.includes(r))).toBe(true);
    expect(dialect.meta.rules.length).toBeGreaterThan(100);
  },
);

test("the parser has no start rule but the dialects' rules; most rules are shared", () => {
  const parser = DIALECTS["url-pipeline-v0"].parser;
  expect(DIALECTS.zep8.parser).toBe(parser);
  const named = new Set(Object.values(DIALECTS).flatMap((d) => d.meta.rules.map((r) => peggyStartRule(d.meta, r))));
  // The lookahead guards the build adds (scripts/peg/passes/follow-guards.ts) are start rules without an ABNF name.
  expect(startRules.filter((r) => !named.has(r))).toEqual([]);
  expect(startRules.length).toBeGreaterThan(150);
  // The lookahead guards the build adds (scripts/peg/passes/follow-guards.ts) are rules, but no start rules.
  expect(() => parser.parse("", { startRule: "follow_guard_0" as "ALPHA", peg$library: true })).toThrow(
    /Can't start parsing from rule/,
  );
  // A dialect's own functions are those whose grammar differs (its pipelines and sub-URL choices, ocdbt, icechunk).
  for (const d of Object.values(DIALECTS)) {
    expect(d.meta.ownRules).toContain("absolute-url-pipeline");
    expect(d.meta.ownRules).not.toContain("URI");
    expect(d.meta.ownRules.length).toBeLessThan(d.meta.rules.length / 10);
  }
});

test.each([42, null, undefined, {}])(
  "a non-string input (%p): parse and validate throw a TypeError naming themselves; canParse is false",
  (input) => {
    const type = input === null ? "object" : typeof input;
    expect(() => parse(input as never)).toThrow(new TypeError(`parse() takes a string, not ${type}`));
    expect(() => validate(input as never)).toThrow(new TypeError(`validate() takes a string, not ${type}`));
    expect(canParse(input as never)).toBe(false);
  },
);

test("the generated parser runs in library mode only: without it, an Error that says so", () => {
  const dialect = DIALECTS["url-pipeline-v0"];
  const startRule = peggyStartRule(dialect.meta, "absolute-url-pipeline") as "ALPHA";
  expect(() => dialect.parser.parse("s3://bucket/a", { startRule })).toThrow(/runs in Peggy's library mode only/);
  expect(dialect.parser.parse("s3://bucket/a", { startRule, peg$library: true })).toMatchObject({
    peg$success: true,
    peg$currPos: 13,
  });
});

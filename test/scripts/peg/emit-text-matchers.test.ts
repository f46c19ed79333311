/**
 * scripts/peg/emit-text-matchers.ts: the text rules' matchers parse as Peggy's own code of the same grammar does.
 * For each start rule and input: the same value or failure, the same end position, the same farthest failure and
 * the same expectations (Peggy's objects, in Peggy's order), with expectations recorded and without. On small
 * grammars with each construct, and on every rule of the real grammar (generated/grammar.peggy) with inputs the
 * ABNF derives and mutations of them.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import * as peggy from "peggy";
import { emitPeggyGrammar, type PeggyDialect } from "../../../scripts/peg/emit-peggy";
import { emitTextMatchers } from "../../../scripts/peg/emit-text-matchers";
import { Analysis } from "../../../scripts/peg/first-follow";
import { leanParser } from "../../../scripts/peg/lean-parser";
import { expandCounts } from "../../../scripts/peg/passes/expand-counts";
import { addFollowGuards } from "../../../scripts/peg/passes/follow-guards";
import { foldSingleCharRules } from "../../../scripts/peg/passes/single-char-classes";
import { ValueModel } from "../../../scripts/peg/values";
import { DIALECTS } from "../../../src/dialects";
import type { DialectName } from "../../../src/tree/nodes";
import { Generator } from "../../oracle/generate";
import { loadOracleGrammar } from "../../oracle/load";
import { rulesOf } from "./helpers";

interface Parser {
  parse(input: string, options?: Record<string, unknown>): unknown;
  StartRules: string[];
}

function load(source: string): Parser {
  const module = { exports: {} as Parser };
  new Function("module", "exports", "require", source)(module, module.exports, require);
  return module.exports;
}

/** What a parse in library mode says, with the failure marker as a flag (silent: expectations off). */
function record(parser: Parser, input: string, startRule: string, silent: boolean): unknown {
  const r = parser.parse(input, { startRule, peg$library: true, ...(silent ? { peg$silentFails: 1 } : {}) }) as Record<
    string,
    unknown
  >;
  const failed = r.peg$result === r.peg$FAILED;
  return {
    result: failed ? "FAILED" : r.peg$result,
    currPos: r.peg$currPos,
    maxFailPos: r.peg$maxFailPos,
    expected: r.peg$maxFailExpected,
  };
}

/** A small grammar through the build's passes, as Peggy's plain parser and as the lean parser with matchers. */
function parsersOf(abnf: string, actionRules: string[] = []) {
  const rules = rulesOf(abnf);
  const expanded = expandCounts(rules);
  const values = new ValueModel(rules, actionRules);
  const classed = foldSingleCharRules(addFollowGuards(expanded.rules).rules, values).rules;
  const dialect: PeggyDialect = { name: "d", rules: classed, values, analysis: new Analysis(rules) };
  const grammar = emitPeggyGrammar([dialect], "// test");
  const source = peggy.generate(grammar.text, { output: "source", format: "commonjs", allowedStartRules: ["*"] });
  const matchers = emitTextMatchers(grammar.emitted);
  const leanSource = leanParser(source, matchers);
  return {
    plain: load(source),
    lean: load(leanSource),
    leanSource,
    matchers,
    names: grammar.emitted.map((r) => r.name),
  };
}

function agree(plain: Parser, lean: Parser, rule: string, input: string): void {
  for (const silent of [false, true]) {
    expect({ rule, input, silent, ...(record(lean, input, rule, silent) as object) }).toEqual({
      rule,
      input,
      silent,
      ...(record(plain, input, rule, silent) as object),
    });
  }
}

/** Every string of up to `n` characters over `alphabet`. */
function allStrings(alphabet: string, n: number): string[] {
  let level = [""];
  const out = [""];
  for (let i = 0; i < n; i++) {
    level = level.flatMap((s) => [...alphabet].map((c) => s + c));
    out.push(...level);
  }
  return out;
}

describe("emitTextMatchers: small grammars, every string up to five characters", () => {
  const cases: [string, string, string][] = [
    ["literals, case-insensitive and not", 'r = "ab" %s"Ab" "a"\n', "abAB"],
    [
      "a choice of one-character tests, which Peggy merges into a class",
      'r = "b" / "a" / DIGIT / "c" / %x30-31 / "z" / "x" "y"\n',
      "abcz0x9y",
    ],
    ["a nested choice that collapses into one class", 'r = ( "a" / "b" ) / "c" / "d" "e"\n', "abcde"],
    ["a letter that folds, in a merged choice", 'r = "Z" / "y" / %s"q"\n', "zZyYqQ"],
    ["repetitions and their counts", 'r = 2*3"a" *"b" 1*2( "c" "d" ) [ "e" ]\n', "abcde"],
    [
      "follow guards: zarr before zarr3, an alternative that is a prefix of a later one",
      'r = ( "ab" / "abc" ) "!"\ns = x "/" / x\nx = "a" / "ab"\n',
      "abc!/",
    ],
    [
      "a one-character rule with a display name, and rules that refer to it",
      'r = 1*h\nh = DIGIT / "a" / "b"\n',
      "ab1x",
    ],
    ["an option expanded into counts", 'r = *2( "a" "," ) "a"\n', "a,b"],
  ];
  test.each(cases)("%s", (_name, abnf, alphabet) => {
    const { plain, lean, matchers, names } = parsersOf(abnf);
    expect(matchers.rules.length).toBeGreaterThan(0);
    for (const rule of names)
      for (const input of allStrings(alphabet, alphabet.length > 5 ? 4 : 5)) agree(plain, lean, rule, input);
  });

  test("a rule that refers to an action rule keeps Peggy's code; one beyond ASCII too", () => {
    const { matchers, lean, plain } = parsersOf('t = a "x"\na = "a"\nu = %xE9 "u"\nv = "v"\n', ["a"]);
    expect(matchers.rules.sort()).toEqual(["ALPHA", "DIGIT", "HEXDIG", "v"]);
    for (const input of ["ax", "a", "éu", "v"]) for (const rule of ["t", "u", "v"]) agree(plain, lean, rule, input);
  });

  test("the matchers replace Peggy's code of the text rules, and the constants only that code used are gone", () => {
    const { lean, leanSource } = parsersOf('r = "ab" / DIGIT\n');
    expect(leanSource).toMatch(
      /^function peg\$parser\(\) \{\n {2}return peg\$matched\(peg\$m_r\(peg\$currPos\)\);\n\}$/m,
    );
    expect(leanSource).not.toMatch(/^const peg\$[cer]\d+ =/m);
    expect(record(lean, "ab", "r", false)).toMatchObject({ result: "ab", currPos: 2 });
    expect(record(lean, "7", "r", false)).toMatchObject({ result: "7", currPos: 1 });
  });
});

describe("emitTextMatchers: every rule of the real grammar, as Peggy builds generated/grammar.peggy", () => {
  const dir = path.join(__dirname, "../../../generated");
  const plain = load(
    peggy.generate(fs.readFileSync(path.join(dir, "grammar.peggy"), "utf8"), {
      output: "source",
      format: "commonjs",
      allowedStartRules: ["*"],
    }),
  );
  const lean = load(fs.readFileSync(path.join(dir, "parser.js"), "utf8"));
  const RUNS = Number(process.env.MATCHER_RUNS ?? 150);

  test.each(Object.keys(DIALECTS) as DialectName[])(
    "%s: inputs each rule derives, mutated, and their prefixes",
    (dialect) => {
      const d = DIALECTS[dialect];
      const gen = new Generator(loadOracleGrammar(dialect));
      let compared = 0;
      for (const rule of d.meta.rules) {
        const startRule = d.startRules.get(rule)!;
        const inputs = fc.sample(gen.strings(rule), { numRuns: RUNS, seed: 20261125 });
        for (const input of [...inputs, ...inputs.slice(0, 3).flatMap((s) => [...s].map((_, i) => s.slice(0, i)))]) {
          agree(plain, lean, startRule, input);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(d.meta.rules.length * RUNS);
    },
    120_000,
  );
});

import * as peggy from "peggy";
import * as ts from "typescript";
import { loadAbnf } from "../../../scripts/grammar/load";
import { mergeFiles } from "../../../scripts/grammar/merge";
import type { RuleSet } from "../../../scripts/grammar/ir";
import { emitPeggy } from "../../../scripts/peg/emit-peggy";
import { emitTypes } from "../../../scripts/peg/emit-types";
import { Analysis } from "../../../scripts/peg/first-follow";
import { ValueModel } from "../../../scripts/peg/values";

const CORE = "ALPHA = %x41-5A / %x61-7A\nDIGIT = %x30-39\n";
const rulesOf = (text: string): RuleSet => mergeFiles([loadAbnf(CORE, "core.abnf"), loadAbnf(text, "x.abnf")]);

const GRAMMAR = `${[
  "pair = key x", // action rule with an action rule inside
  'x = "=" 1*DIGIT', // action rule that is all text
  'choice = x / key / "#" key', // action rule whose body is an alternation
  'list = x *( "," x ) [ ";" x ] [ "!" key ] 2*3x', // repetitions and optional parts
  'wrapped = "(" inner ")"', // a structural rule inside an action rule
  "inner = x / key",
  "Mixed = ( x / key / DIGIT ) Key", // an alternation of an action rule and text, and a case-different reference
  "key = 1*ALPHA",
].join("\n")}\n`;
const ACTIONS = ["pair", "x", "choice", "list", "wrapped", "mixed", "not-in-this-dialect"];

const rules = rulesOf(GRAMMAR);
const values = new ValueModel(rules, ACTIONS);
const out = emitTypes(rules, values, "// HEADER");
/** The type emitted for one action rule's match. */
const matchOf = (name: string) => {
  const m = new RegExp(`^  ${JSON.stringify(name)}: (.*);$`, "m").exec(out);
  if (!m) throw new Error(`no match type for ${name} in\n${out}`);
  return m[1];
};

describe("emitTypes", () => {
  test("starts with the header and lists exactly the action rules the dialect defines", () => {
    expect(out.startsWith("// HEADER\n")).toBe(true);
    expect(out).toContain(
      'export type ActionRule =\n  | "pair"\n  | "x"\n  | "choice"\n  | "list"\n  | "wrapped"\n  | "Mixed";',
    );
    expect(out).not.toContain("not-in-this-dialect");
    expect(out).not.toMatch(/^ {2}"(key|inner|ALPHA|DIGIT)":/m);
  });

  test("an action rule with an action rule inside: a tuple with V[...] for the inner one", () => {
    expect(matchOf("pair")).toBe('[string, V["x"]]');
  });

  test("an action rule that is all text: string", () => {
    expect(matchOf("x")).toBe("string");
  });

  test("an action rule whose body is an alternation: tagged { rule; value } union, #N for inline alternatives", () => {
    expect(matchOf("choice")).toBe(
      '{ rule: "x"; value: V["x"] } | { rule: "key"; value: string } | { rule: "#2"; value: string }',
    );
  });

  test("repetitions are arrays, [ optional ] parts are T | null, and text parts stay string", () => {
    expect(matchOf("list")).toBe('[V["x"], Array<[string, V["x"]]>, ([string, V["x"]] | null), string, Array<V["x"]>]');
  });

  test("a structural rule is written out in place", () => {
    expect(matchOf("wrapped")).toBe('[string, ((V["x"] | string)), string]');
  });

  test("alternatives of the same type are listed once; references use the defined spelling", () => {
    expect(matchOf("Mixed")).toBe('[(V["x"] | string), string]');
  });

  test("the Actions type maps each action rule to (match, span, text) => V[rule]", () => {
    expect(out).toContain("[R in ActionRule]: (match: ActionMatches<V>[R], span: MatchSpan, text: string) => V[R];");
    expect(out).toContain("export interface MatchSpan {\n  start: number;\n  end: number;\n}");
    expect(out).toContain("export interface ActionMatches<V extends Record<ActionRule, unknown>> {");
  });

  test("the output type-checks, and actions written against it type-check too", () => {
    // The emitted declarations and code using them, in one module (no module resolution needed).
    const usage = `
      type V = { pair: number; x: number; choice: string; list: number; wrapped: boolean; Mixed: null };
      export const actions: Actions<V> = {
        pair: ([k, v]) => k.length + v,
        x: (m, span, text) => Number(m.slice(1)) + span.start + span.end + text.length,
        choice: (m) => (m.rule === "x" ? String(m.value + 1) : m.value.toUpperCase()),
        list: ([first, rest, opt, key, tail]) => first + rest.length + (opt ? opt[1] : 0) + key.length + tail.length,
        wrapped: ([open, inner]) => open === "(" && inner !== "",
        Mixed: () => null,
      };
      // @ts-expect-error: a match of the wrong shape is refused
      export const wrong: Actions<V>["pair"] = (m: [number, number]) => 0;
    `;
    const files = new Map([["/m/usage.ts", `${out}\n${usage}`]]);
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      lib: ["lib.es5.d.ts"],
      types: [],
      target: ts.ScriptTarget.ES2015,
    };
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    const getSourceFile = host.getSourceFile.bind(host);
    host.fileExists = (f) => files.has(f) || ts.sys.fileExists(f);
    host.readFile = (f) => files.get(f) ?? readFile(f);
    host.getSourceFile = (f, lang, ...rest) =>
      files.has(f) ? ts.createSourceFile(f, files.get(f)!, lang, true) : getSourceFile(f, lang, ...rest);
    const program = ts.createProgram(["/m/usage.ts"], options, host);
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(diagnostics).toEqual([]);
  });

  test("the types describe what the generated parser passes to the actions", () => {
    const parser = peggy.generate(
      emitPeggy(
        [...rules.values()].map((r) => ({ name: r.name, expr: r.expr, abnf: r.expr })),
        values,
        new Analysis(rules),
        "",
      ),
      { allowedStartRules: ["*"] },
    );
    const seen: Record<string, unknown[]> = {};
    const record = (name: string) => (m: unknown) => {
      (seen[name] ??= []).push(m);
      return name.toUpperCase();
    };
    const actions = Object.fromEntries(["pair", "x", "choice", "list", "wrapped", "Mixed"].map((n) => [n, record(n)]));
    const parse = (rule: string, input: string) =>
      parser.parse(input, { startRule: rule, actions } as peggy.ParserOptions);
    parse("pair", "ab=1");
    parse("choice", "=2");
    parse("choice", "cd");
    parse("choice", "#ef");
    parse("list", "=1,=2;=3!gh=4=5");
    parse("list", "=1=4=5");
    parse("wrapped", "(=6)");
    parse("Mixed", "7k");
    // [string, V["x"]]
    expect(seen.pair).toEqual([["ab", "X"]]);
    // tagged union
    expect(seen.choice).toEqual([
      { rule: "x", value: "X" },
      { rule: "key", value: "cd" },
      { rule: "#2", value: "#ef" },
    ]);
    // [V["x"], Array<[string, V["x"]]>, ([string, V["x"]] | null), string, Array<V["x"]>]
    expect(seen.list).toEqual([
      ["X", [[",", "X"]], [";", "X"], "!gh", ["X", "X"]],
      ["X", [], null, "", ["X", "X"]],
    ]);
    // [string, ((V["x"] | string)), string]
    expect(seen.wrapped).toEqual([["(", "X", ")"]]);
    // [(V["x"] | string), string]
    expect(seen.Mixed).toEqual([["7", "k"]]);
  });
});

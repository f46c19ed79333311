/**
 * scripts/peg/lean-parser.ts: Peggy's parser with its functions, tables and state at module level, in library mode
 * only, gives the same records as Peggy's own in library mode (values, where a parse stopped, what it expected
 * there), keeps parses apart when one runs inside another, and refuses an output shape it does not know.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as peggy from "peggy";
import * as ts from "typescript";
import { LeanParserError, LIBRARY_ONLY, leanParser, leanParserTypes } from "../../../scripts/peg/lean-parser";
import { urlPipelineV0Actions } from "../../../src/actions";
import { DIALECTS } from "../../../src/dialects";

interface Parser {
  parse(input: string, options?: Record<string, unknown>): unknown;
}

/** Loads CommonJS parser source as a module of its own. */
function load(source: string): Parser {
  const module = { exports: {} as Parser };
  new Function("module", "exports", "require", source)(module, module.exports, require);
  return module.exports;
}

const sourceOf = (grammar: string, options: { cache?: boolean } = {}): string =>
  peggy.generate(grammar, { output: "source", format: "commonjs", allowedStartRules: ["*"], ...options });

/**
 * A list of numbers, words and parenthesized lists; `<...>` hands its text to options.reparse (an action that
 * parses); the initializer reads options, as the generated grammars' does.
 */
const GRAMMAR = `
{
  const actions = options.actions;
}
list = head:item tail:("," @item)* { return actions ? actions.list([head, ...tail], offset(), text()) : [head, ...tail]; }
item "item" = num / word / group / nested
num = d:$[0-9]+ { return Number(d); }
word = $[a-z]i+
group = "(" @list ")"
nested = "<" t:$[^>]* ">" { return options.reparse ? options.reparse(t) : t; }
`;

const INPUTS = [
  "1",
  "1,ab,(2,CD)",
  "",
  "1,",
  "1,,",
  "(1",
  "1)",
  "x y",
  "12a",
  "(1,(2,(3",
  "\u{1F600}",
  "a\n(1,\n,",
  "<1,2>",
  "<(>",
];

/**
 * Everything a parse in library mode says: its record (value, where it stopped, what it expected at the farthest
 * failure, success), with the failure marker as a flag; Peggy's record also has peg$throw, which the lean parser's
 * has not. Or what the call threw: an action's error, an unknown start rule.
 */
function outcome(parser: Parser, input: string, options: Record<string, unknown> = {}): unknown {
  try {
    const r = parser.parse(input, { ...options, peg$library: true }) as Record<string, unknown>;
    const { peg$FAILED, peg$throw: _throw, ...rest } = r;
    const failed = rest.peg$result === peg$FAILED;
    if (failed) delete rest.peg$result;
    return { ...rest, failed };
  } catch (e) {
    return { other: String(e) };
  }
}

describe("leanParser: the same parser as Peggy's", () => {
  const plain = load(sourceOf(GRAMMAR));
  const lean = load(leanParser(sourceOf(GRAMMAR)));
  const actions = { list: (items: unknown[], at: number, text: string) => ({ items, at, text }) };

  test.each(["list", "item", "num", "word", "group"])(
    "start rule %s: values and errors, with and without actions",
    (startRule) => {
      for (const input of INPUTS) {
        for (const options of [{ startRule }, { startRule, actions }]) {
          expect(outcome(lean, input, options)).toEqual(outcome(plain, input, options));
        }
      }
    },
  );

  test("the record says where a parse stopped: a prefix matched, a failure", () => {
    expect(outcome(lean, "12a")).toEqual({
      peg$result: [12],
      peg$currPos: 2,
      peg$maxFailExpected: expect.any(Array),
      peg$maxFailPos: 2,
      peg$success: false,
      failed: false,
    });
    expect(outcome(lean, "1,,")).toMatchObject({
      failed: false,
      peg$currPos: 1,
      peg$maxFailPos: 2,
      peg$success: false,
    });
    expect((outcome(lean, "1,,") as { peg$maxFailExpected: unknown }).peg$maxFailExpected).toEqual([
      { type: "other", description: "item" },
    ]);
  });

  test("without library mode: an Error that says the parser has no other", () => {
    expect(() => lean.parse("1,2")).toThrow(LIBRARY_ONLY);
    expect(() => lean.parse("1,2", { peg$library: false })).toThrow(LIBRARY_ONLY);
    // The refusal leaves no parse running.
    expect(outcome(lean, "1,2")).toEqual(outcome(plain, "1,2"));
  });

  test("the options Peggy reads per call: unknown start rule, grammarSource, peg$currPos, peg$silentFails", () => {
    for (const options of [
      { startRule: "nope" },
      { grammarSource: "g.txt" },
      { peg$currPos: 2 },
      { peg$silentFails: 1 },
    ]) {
      for (const input of ["1,(2", "ab,1", "1,,"])
        expect(outcome(lean, input, options)).toEqual(outcome(plain, input, options));
    }
  });

  test("with Peggy's result cache (another per-call variable), results are the same", () => {
    const cachedPlain = load(sourceOf(GRAMMAR, { cache: true }));
    const cachedLean = load(leanParser(sourceOf(GRAMMAR, { cache: true })));
    for (const input of INPUTS) expect(outcome(cachedLean, input)).toEqual(outcome(cachedPlain, input));
  });

  test("a parse keeps nothing from the one before: an error after a success, a success after an error", () => {
    const sequence = ["1,(2", "1,2", "(((", "ab", "", "ab,(c)"];
    expect(sequence.map((s) => outcome(lean, s, { actions }))).toEqual(
      sequence.map((s) => outcome(plain, s, { actions })),
    );
  });

  test("an action that throws leaves the parser usable", () => {
    const boom = {
      list: () => {
        throw new Error("boom");
      },
    };
    expect(outcome(lean, "1,2", { actions: boom })).toEqual({ other: "Error: boom" });
    expect(outcome(lean, "1,(2", { actions })).toEqual(outcome(plain, "1,(2", { actions }));
    expect(outcome(lean, "1,2", { actions })).toEqual(outcome(plain, "1,2", { actions }));
  });
});

describe("leanParser: ASCII classes as tables, one-character tests as calls", () => {
  const source = leanParser(sourceOf(GRAMMAR));

  test("[0-9] and [a-z]i become 128-bit tables; [^>], which matches beyond ASCII, keeps its regular expression", () => {
    expect(source).toContain("new Uint32Array([0, 67043328, 0, 0])"); // "0"-"9": bits 48-57
    expect(source).toContain("new Uint32Array([0, 0, 134217726, 134217726])"); // "A"-"Z" and "a"-"z"
    const kept = /const (peg\$r\d+) = \/\^\[\^>\]\/;/.exec(source)?.[1];
    expect(kept).toBeDefined();
    // Only that one is still a regular expression, tested as Peggy wrote it.
    expect([...source.matchAll(/^const (peg\$r\d+) = \//gm)].map((m) => m[1])).toEqual([kept]);
    expect(new Set([...source.matchAll(/(peg\$r\d+)\.test\(/g)].map((m) => m[1]))).toEqual(new Set([kept]));
  });

  test("each one-character test is a call of peg$matchClass or peg$matchChar; Peggy's seven-line form is gone", () => {
    expect(source).toMatch(/= peg\$matchChar\(44, peg\$c\d+, peg\$e\d+\);/); // ","
    expect(source).toMatch(/= peg\$matchClass\(peg\$r\d+, peg\$e\d+\);/);
    expect(source).not.toMatch(
      /if \(input\.charCodeAt\(peg\$currPos\) === \d+\) \{\n\s*s\d+ = peg\$c\d+;\n\s*peg\$currPos\+\+;/,
    );
    expect(source).not.toMatch(/if \(peg\$inClass\(peg\$r\d+, s\d+\)\)/);
  });

  test("every UTF-16 code unit: the same answer as Peggy's parser, for each rule with a class", () => {
    const plain = load(sourceOf(GRAMMAR));
    const lean = load(source);
    for (const startRule of ["num", "word", "nested"]) {
      for (let c = 0; c <= 0xffff; c += c < 0x200 ? 1 : 97) {
        const input = startRule === "nested" ? `<${String.fromCharCode(c)}>` : String.fromCharCode(c);
        expect([startRule, c, outcome(lean, input, { startRule })]).toEqual([
          startRule,
          c,
          outcome(plain, input, { startRule }),
        ]);
      }
    }
  });
});

describe("leanParser: a parse inside a parse (re-entrancy)", () => {
  const plain = load(sourceOf(GRAMMAR));
  const lean = load(leanParser(sourceOf(GRAMMAR)));
  const actions = { list: (items: unknown[], at: number, text: string) => ({ items, at, text }) };

  /** `<...>` parses its text again with the same parser, as an action calling parse() would. */
  function withReparse(parser: Parser, inner: Record<string, unknown>) {
    return {
      actions,
      reparse: (t: string) => {
        return { inner: t, result: outcome(parser, t, inner) };
      },
    };
  }

  test.each([
    ["a valid inner input", "1,<2,(3)>,x"],
    ["an invalid inner input (the inner parse throws, the action catches)", "1,<2,,>,x"],
    ["then an error in the outer input after the inner parse", "1,<(2>,(x"],
    ["nested twice", "<1,<2>>"],
  ])("%s: both parses give what they give alone", (_what, input) => {
    for (const inner of [{}, { actions }, { startRule: "item" }]) {
      expect(outcome(lean, input, withReparse(lean, inner))).toEqual(outcome(plain, input, withReparse(plain, inner)));
    }
  });

  test("the outer parse's offsets and text are its own after the inner parse", () => {
    const r = (
      lean.parse("7,<1,2,3,4,5>,8", { ...withReparse(lean, { actions }), peg$library: true }) as {
        peg$result: { items: unknown[]; at: number; text: string };
      }
    ).peg$result;
    expect(r.at).toBe(0);
    expect(r.text).toBe("7,<1,2,3,4,5>,8");
    expect(r.items).toHaveLength(3);
    expect(r.items[2]).toBe(8);
  });

  test("an inner parse that fails leaves the outer error where the outer input stops matching", () => {
    const e = outcome(lean, "1,<2,,>,,", withReparse(lean, {})) as { peg$maxFailPos: number };
    expect(e.peg$maxFailPos).toBe(8);
    expect(e).toEqual(outcome(plain, "1,<2,,>,,", withReparse(plain, {})));
  });
});

describe("leanParser: the output", () => {
  const source = sourceOf(GRAMMAR);
  const lean = leanParser(source);
  const file = ts.createSourceFile("p.js", lean, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const topFunctions = file.statements.filter(ts.isFunctionDeclaration).map((f) => f.name!.text);

  test("rule functions, helpers and tables are at module level; peg$parse declares no function", () => {
    expect(topFunctions).toEqual(
      expect.arrayContaining(["peg$parselist", "peg$parseitem", "peg$f0", "text", "peg$fail", "peg$parse"]),
    );
    const parseFn = file.statements.find(
      (s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === "peg$parse",
    )!;
    expect(parseFn.body!.statements.some(ts.isFunctionDeclaration)).toBe(false);
    const constants = file.statements
      .filter(ts.isVariableStatement)
      .map((s) => s.declarationList.declarations[0]!.name.getText(file));
    expect(constants).toEqual(
      expect.arrayContaining(["peg$FAILED", "peg$startRuleFunctions", "peg$c0", "peg$r0", "peg$e0"]),
    );
  });

  test("no SyntaxError, and no function nothing calls: Peggy's error and location helpers are gone", () => {
    expect(lean).not.toMatch(/peg\$SyntaxError|function peg\$throw|peg\$computeLocation|peg\$buildStructuredError/);
    for (const gone of ["location", "expected", "error", "range", "peg$getUnicode", "peg$computePosDetails"])
      expect(topFunctions).not.toContain(gone);
    // text() and offset() stay: the actions call them.
    expect(topFunctions).toEqual(expect.arrayContaining(["text", "offset"]));
  });

  test("the per-call state is set by peg$begin, the initializer's declaration included, and cleared after", () => {
    const begin = lean.slice(lean.indexOf("function peg$begin("), lean.indexOf("function peg$save("));
    expect(begin).toContain("  peg$currPos = options.peg$currPos | 0;\n");
    // Peggy's line and column cache and grammarSource are not: nothing reads them in library mode.
    expect(lean).not.toMatch(/peg\$posDetailsCache|peg\$source\b/);
    expect(begin).toContain("  actions = options.actions;\n");
    expect(lean).toMatch(/^let peg\$maxFailExpected;$/m);
    expect(lean).toMatch(/^const peg\$idle = \[(undefined, )+undefined\];$/m);
  });

  test("deterministic; and the module exports parse and StartRules (not Peggy's SyntaxError), the start rules written once", () => {
    expect(leanParser(source)).toBe(lean);
    expect(Object.keys(load(source))).toEqual(["StartRules", "SyntaxError", "parse"]);
    expect(Object.keys(load(lean))).toEqual(["StartRules", "parse"]);
    expect((load(lean) as unknown as { StartRules: string[] }).StartRules).toEqual(
      (load(source) as unknown as { StartRules: string[] }).StartRules,
    );
    expect(lean).toContain("StartRules: Object.keys(peg$startRuleFunctions),");
    // The start rules are still Peggy's: each one, and no other.
    for (const startRule of ["list", "item", "num", "word", "group", "nested"])
      expect(outcome(load(lean), "1", { startRule })).not.toHaveProperty("other");
    expect(outcome(load(lean), "1", { startRule: "nope" })).toEqual(outcome(load(source), "1", { startRule: "nope" }));
  });

  test("generated/ holds a lean parser", () => {
    const text = fs.readFileSync(path.join(__dirname, "../../../generated/parser.js"), "utf8");
    expect(text).toContain("scripts/peg/lean-parser.ts (version ");
    expect(text).toMatch(/^function peg\$parseURI\(\) \{$/m);
    expect(text).toMatch(/^function peg\$parsezep8\$absolute_url_pipeline\(\) \{$/m);
  });
});

describe("leanParser: the real grammar, as Peggy builds it and as the build writes it", () => {
  const dir = path.join(__dirname, "../../../generated");
  const plain = load(
    peggy.generate(fs.readFileSync(path.join(dir, "grammar.peggy"), "utf8"), {
      output: "source",
      format: "commonjs",
      allowedStartRules: ["*"],
    }),
  );
  const lean = load(fs.readFileSync(path.join(dir, "parser.js"), "utf8"));
  const pipeline = DIALECTS["url-pipeline-v0"].startRules.get("absolute-url-pipeline")!;
  const zep8Pipeline = DIALECTS.zep8.startRules.get("absolute-url-pipeline")!;
  const examples = (
    JSON.parse(fs.readFileSync(path.join(__dirname, "../../fixtures/spec/url-pipeline-v0.json"), "utf8")) as {
      examples: { url: string }[];
    }
  ).examples.map((e) => e.url);

  test("every spec example and every prefix of the first 20: the same trees and the same failures", () => {
    const inputs = [...examples, ...examples.slice(0, 20).flatMap((s) => [...s].map((_, i) => s.slice(0, i)))];
    for (const input of inputs) {
      for (const options of [
        { startRule: pipeline },
        { startRule: pipeline, actions: urlPipelineV0Actions },
        { startRule: zep8Pipeline },
      ]) {
        expect(outcome(lean, input, options)).toEqual(outcome(plain, input, options));
      }
      expect(outcome(lean, input, { startRule: "URI_reference" })).toEqual(
        outcome(plain, input, { startRule: "URI_reference" }),
      );
    }
  }, 60_000);
});

describe("leanParser: an output shape it does not know fails the build, naming what is missing", () => {
  const source = sourceOf(GRAMMAR);
  const fails = (code: string, message: string | RegExp) => {
    expect(() => leanParser(code)).toThrow(LeanParserError);
    expect(() => leanParser(code)).toThrow(message);
  };

  test("no peg$parse, or one with other parameters", () => {
    fails(source.replace(/function peg\$parse\(/g, "function peg$run("), "no top-level function peg$parse");
    fails(
      source.replace("function peg$parse(input, options)", "function peg$parse(text, options)"),
      "peg$parse takes (text, options), not (input, options)",
    );
  });

  test("a per-call variable or a helper that is not declared", () => {
    fails(
      source.replace("let peg$silentFails = options.peg$silentFails | 0;", ""),
      "does not declare the per-call variable peg$silentFails",
    );
    fails(source.replace(/let peg\$maxFailPos = peg\$currPos;/, ""), "the per-call variable peg$maxFailPos");
    fails(
      source.replace("function peg$fail(expected)", "function peg$failed(expected)"),
      "the constant or function peg$fail",
    );
  });

  test("an epilogue other than Peggy 5.1's", () => {
    fails(
      source.replace("peg$result = peg$startRuleFunction();", "peg$result = peg$startRuleFunction(0);"),
      "no statement peg$result = peg$startRuleFunction(); in peg$parse",
    );
    fails(source.replace("peg$throw: peg$success ? undefined : peg$throw,", "peg$throw,"), "the end of peg$parse");
  });

  test("statements it cannot move: a return before the epilogue, two names in one declaration", () => {
    fails(
      source.replace("  let peg$result;\n", "  let peg$result;\n  if (input === '') return null;\n  return 1;\n"),
      "peg$parse returns before its epilogue",
    );
    fails(source.replace("  let peg$result;\n", "  let peg$result, peg$other;\n"), "more than one name");
  });

  test("names it adds that are already taken (so it never runs twice on its own output)", () => {
    fails(leanParser(source), "already uses the name peg$running");
    fails(
      sourceOf(`{{ const peg$currPos = 1; }}\n${GRAMMAR}`),
      "module-level code outside peg$parse already declares peg$currPos",
    );
  });
});

describe("leanParserTypes: the parser's .d.ts without what the lean parser does not export", () => {
  test("generated/parser.d.ts: SyntaxError and SourceText are gone; the expectation types and parse stay", () => {
    const text = fs.readFileSync(path.join(__dirname, "../../../generated/parser.d.ts"), "utf8");
    expect(text).not.toMatch(/class SyntaxError|interface SourceText/);
    expect(text).toMatch(/^export type Expectation =/m);
    expect(text).toMatch(/^export declare const parse: typeof ParseFunction;$/m);
  });

  test("a .d.ts without them is not the shape it knows", () => {
    expect(() => leanParserTypes("export declare const parse: unknown;\n")).toThrow("declares no SyntaxError");
  });
});

/**
 * Rewrites the parser.js Peggy writes so that one set of rule functions, tables and state serves every call.
 *
 * Peggy 5 declares everything inside `peg$parse(input, options)`: its constant tables, its action functions,
 * its ~280 rule functions and its state. Each call re-creates all of them, and V8 keeps re-optimizing the new
 * closures; on a 40-character pipeline that set-up is most of the time. Here the body of `peg$parse` is split:
 *
 * - function declarations and constant tables move to module level, unchanged;
 * - the per-call state (every `let`, and every declaration whose value depends on the call, such as
 *   `peg$source = options.grammarSource`) becomes module-level `let`s that `peg$begin()` sets at the start of
 *   each call, running Peggy's own statements in their order;
 * - the epilogue (run the start rule, return or throw) becomes the new `peg$parse`, which clears the state when it
 *   ends (a finished parse keeps no reference to its input, options or result).
 *
 * A character class Peggy tests with a regular expression (`peg$r0.test(input.charAt(peg$currPos))`) is
 * tested against a 128-bit table instead, when it matches only ASCII characters (checked here over every UTF-16
 * code unit): no regular expression runs per character, and what matches is unchanged. Each test of one
 * character, of such a class or a one-character literal, becomes a call of peg$matchClass or peg$matchChar.
 *
 * Given the text rules' matchers (emit-text-matchers.ts), the function of each such rule becomes a call of its
 * matcher, which matches and records expectations as Peggy's code for it did, on positions alone; the constants
 * only Peggy's code of those rules used are dropped.
 *
 * A parse started while another one runs (an action that parses) saves the running parse's state and restores
 * it when it ends, so each parse sees only its own.
 *
 * The parser runs in Peggy's library mode only (`options.peg$library`): it returns Peggy's record of where the
 * parse stopped and what it expected there, without `peg$throw`, and a call without that option is an Error. The
 * package builds its own errors from the record (src/parse.ts), so Peggy's SyntaxError, its message builder and
 * the line and column computation are not written, nor any function nothing calls any more.
 *
 * The transform reads Peggy's output with the TypeScript parser and fails, naming what it did not find, when
 * the output's shape is not the one it was written for (Peggy 5.1): it never writes a parser it cannot vouch for.
 */
import * as ts from "typescript";
import { asciiWords } from "./charset";
import { MATCHER_NAMES, type TextMatchers } from "./emit-text-matchers";

/** Part of the generated files' inputs hash: bump it whenever the transform's output changes. */
export const LEAN_PARSER_VERSION = 5;

/** The per-call state Peggy 5.1 declares; each must be found among the per-call declarations. */
const REQUIRED_STATE = [
  "peg$source",
  "peg$startRuleFunction",
  "peg$currPos",
  "peg$savedPos",
  "peg$posDetailsCache",
  "peg$maxFailPos",
  "peg$maxFailExpected",
  "peg$silentFails",
  "peg$result",
];

/** What must move to module level: the functions the epilogue and the actions call, and the failure marker. */
const REQUIRED_HOISTED = [
  "peg$FAILED",
  "peg$startRuleFunctions",
  "text",
  "offset",
  "peg$fail",
  "peg$getUnicode",
  "peg$endExpectation",
  "peg$computeLocation",
  "peg$buildStructuredError",
];

/**
 * Functions a constant table may call: Peggy's expectation constructors, which only build an object from their
 * arguments. Any other call in a declaration makes it per-call (safe, only slower).
 */
const PURE_CALLS = new Set([
  "peg$literalExpectation",
  "peg$classExpectation",
  "peg$anyExpectation",
  "peg$endExpectation",
  "peg$otherExpectation",
]);

/**
 * Object literals that may be shared by every call: the failure marker (compared by identity, never changed) and
 * the start rule table (read only). Any other array or object literal may be a per-call cache that the parse
 * changes (as peg$posDetailsCache is), so it is made afresh for each call.
 */
const SHARED_OBJECTS = new Set(["peg$FAILED", "peg$startRuleFunctions"]);

/** Names the transform adds; Peggy's output must not already use them. */
const ADDED_NAMES = [
  "peg$running",
  "peg$begin",
  "peg$save",
  "peg$restore",
  "peg$idle",
  "peg$input",
  "peg$options",
  "peg$outer",
  "peg$state",
  "peg$inClass",
  "peg$words",
  "peg$char",
  "peg$code",
  "peg$matchClass",
  "peg$matchChar",
  "peg$class",
  "peg$expected",
  "peg$text",
  "peg$matched",
  "peg$end",
  ...MATCHER_NAMES,
];

/** Peggy 5.1's epilogue of peg$parse, whitespace-collapsed: the transform rewrites exactly this and nothing else. */
const EPILOGUE = [
  "peg$result = peg$startRuleFunction();",
  "const peg$success = (peg$result !== peg$FAILED && peg$currPos === input.length);",
  "function peg$throw() {",
  "if (peg$result !== peg$FAILED && peg$currPos < input.length) {",
  "peg$fail(peg$endExpectation());",
  "}",
  "throw peg$buildStructuredError(",
  "peg$maxFailExpected,",
  "peg$maxFailPos < input.length ? peg$getUnicode(peg$maxFailPos) : null,",
  "peg$maxFailPos < input.length",
  "? peg$computeLocation(peg$maxFailPos, peg$maxFailPos + 1)",
  ": peg$computeLocation(peg$maxFailPos, peg$maxFailPos)",
  ");",
  "}",
  "if (options.peg$library) {",
  "return /** @type {any} */ ({",
  "peg$result,",
  "peg$currPos,",
  "peg$FAILED,",
  "peg$maxFailExpected,",
  "peg$maxFailPos,",
  "peg$success,",
  "peg$throw: peg$success ? undefined : peg$throw,",
  "});",
  "}",
  "if (peg$success) {",
  "return peg$result;",
  "} else {",
  "peg$throw();",
  "}",
].join(" ");

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

/** Thrown when Peggy's output is not the shape the transform knows; the message says what was missing. */
export class LeanParserError extends Error {
  constructor(what: string) {
    super(`lean-parser: ${what} (the transform was written for Peggy 5.1's output; see scripts/peg/lean-parser.ts)`);
    this.name = "LeanParserError";
  }
}

/**
 * Returns parser.js with peg$parse's contents at module level; throws LeanParserError on an unknown shape.
 *
 * With `matchers` (emit-text-matchers.ts), each of their rules' functions is replaced by a call of its matcher,
 * which matches and records expectations as Peggy's code did, and the constants only that code used are dropped.
 */
/** What the transform reads of Peggy's parser: its source, and its peg$parse split into state, hoisted and per-call. */
interface PegParse {
  code: string;
  file: ts.SourceFile;
  parseFn: ts.FunctionDeclaration;
  split: ReturnType<typeof splitBody>;
}

export function leanParser(code: string, matchers?: TextMatchers): string {
  const parse = readPegParse(code, matchers);
  // Written twice when the first writing shows per-call variables that only their reset and save touch (Peggy's
  // line and column cache, its grammarSource, once the functions that read them are gone): then without them.
  const first = writeLean(parse, matchers, new Set());
  const counts = identifierCounts(first);
  const unread = new Set(parse.split.state.filter((n) => n.startsWith("peg$") && counts.get(n) === 4));
  return unread.size === 0 ? first : writeLean(parse, matchers, unread);
}

/**
 * Peggy's peg$parse, checked for the shape the transform rewrites (its parameters, its epilogue, the state and
 * functions it must declare, no name the transform adds already in use), and split.
 */
function readPegParse(code: string, matchers: TextMatchers | undefined): PegParse {
  const file = ts.createSourceFile("parser.js", code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  for (const name of ADDED_NAMES) {
    if (new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(code)) {
      throw new LeanParserError(`the parser already uses the name ${name}, which the transform adds`);
    }
  }
  if (matchers && /peg\$m_/.test(code))
    throw new LeanParserError("the parser already uses names peg$m_..., which the transform adds");
  const parseFn = file.statements.find(
    (s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === "peg$parse",
  );
  if (!parseFn?.body) throw new LeanParserError("no top-level function peg$parse");
  const params = parseFn.parameters.map((p) => p.name.getText(file));
  if (params.join(",") !== "input,options") {
    throw new LeanParserError(`peg$parse takes (${params.join(", ")}), not (input, options)`);
  }

  const body = [...parseFn.body.statements];
  const epilogueAt = body.findIndex((s) => collapse(s.getText(file)) === "peg$result = peg$startRuleFunction();");
  if (epilogueAt < 0) throw new LeanParserError("no statement peg$result = peg$startRuleFunction(); in peg$parse");
  const epilogue = collapse(
    body
      .slice(epilogueAt)
      .map((s) => s.getText(file))
      .join(" "),
  );
  if (epilogue !== EPILOGUE) {
    throw new LeanParserError(
      `the end of peg$parse (from peg$result = peg$startRuleFunction();) is not the one expected:\n${epilogue}`,
    );
  }
  const split = splitBody(body.slice(0, epilogueAt), file);
  const missing = [
    ...REQUIRED_STATE.filter((n) => !split.state.includes(n)).map((n) => `the per-call variable ${n}`),
    ...REQUIRED_HOISTED.filter((n) => !split.hoistedNames.has(n)).map((n) => `the constant or function ${n}`),
  ];
  if (missing.length > 0) throw new LeanParserError(`peg$parse does not declare ${missing.join(", ")}`);

  // Module-level code outside peg$parse (a grammar's {{ }} initializer) must not collide with the new names.
  const outside = new Set(file.statements.filter((s) => s !== parseFn).flatMap((s) => declaredNames(s)));
  for (const name of ["input", "options", ...split.state, ...split.hoistedNames]) {
    if (outside.has(name)) throw new LeanParserError(`module-level code outside peg$parse already declares ${name}`);
  }
  return { code, file, parseFn, split };
}

/**
 * The parser with peg$parse's contents at module level: the state as module variables (but `unread`), the hoisted
 * constants and functions as Peggy wrote them, peg$begin() for the per-call statements, the one-character helpers,
 * the text rules' matchers, and a library-mode peg$parse that saves and restores a running parse's state. Then the
 * rewrites of the whole file: unread exports dropped, ASCII class tables, one call per one-character match, the
 * text rules' matchers used, uncalled functions dropped.
 */
function writeLean(parse: PegParse, matchers: TextMatchers | undefined, unread: ReadonlySet<string>): string {
  const { code, file, parseFn, split } = parse;
  const state = ["input", "options", ...split.state.filter((n) => !unread.has(n))];
  const lean = [
    `// scripts/peg/lean-parser.ts (version ${LEAN_PARSER_VERSION}) moved the contents of Peggy's peg$parse to`,
    "// module level, so that one set of rule functions and tables serves every call; peg$begin() resets the state.",
    "",
    "// The state of the parse running now; undefined between parses.",
    ...state.map((n) => `let ${n};`),
    "",
    ...split.hoisted.map((s, i, all) => {
      // Their text as Peggy wrote it (comments included), a blank line around each function.
      const text = dedent(s.getFullText(file).replace(/^\n+/, ""));
      return ts.isFunctionDeclaration(s) || (i > 0 && ts.isFunctionDeclaration(all[i - 1]!)) ? `\n${text}` : text;
    }),
    "",
    "// Peggy's per-call statements, in their order.",
    "function peg$begin(peg$input, peg$options) {",
    "  input = peg$input;",
    "  options = peg$options;",
    ...split.perCall.filter((_, i) => !unread.has(split.perCallSets[i] ?? "")).map((s) => `  ${s}`),
    "}",
    "",
    "// One character: of an ASCII class (its table) or a literal; its value, or peg$FAILED and the expectation",
    "// recorded, as Peggy's inline code for them does.",
    "function peg$matchClass(peg$class, peg$expected) {",
    "  const peg$char = input.charAt(peg$currPos);",
    "  if (peg$inClass(peg$class, peg$char)) {",
    "    peg$currPos++;",
    "    return peg$char;",
    "  }",
    "  if (peg$silentFails === 0) peg$fail(peg$expected);",
    "  return peg$FAILED;",
    "}",
    "",
    "function peg$matchChar(peg$code, peg$text, peg$expected) {",
    "  if (input.charCodeAt(peg$currPos) === peg$code) {",
    "    peg$currPos++;",
    "    return peg$text;",
    "  }",
    "  if (peg$silentFails === 0) peg$fail(peg$expected);",
    "  return peg$FAILED;",
    "}",
    "",
    "// A character class that matches only ASCII, as four 32-bit words: whether the one-character string",
    '// peg$char ("" at the end of the input) is in it.',
    "function peg$inClass(peg$words, peg$char) {",
    "  const peg$code = peg$char.charCodeAt(0);",
    "  return peg$code < 128 && ((peg$words[peg$code >> 5] >>> (peg$code & 31)) & 1) === 1;",
    "}",
    "",
    ...(matchers
      ? [
          "// A text rule's value from its matcher's end (or -1): the text matched, or peg$FAILED.",
          "function peg$matched(peg$end) {",
          "  if (peg$end < 0) return peg$FAILED;",
          "  const peg$text = input.substring(peg$currPos, peg$end);",
          "  peg$currPos = peg$end;",
          "  return peg$text;",
          "}",
          "",
          matchers.code,
        ]
      : []),
    "function peg$save() {",
    `  return [${state.join(", ")}];`,
    "}",
    "",
    "function peg$restore(peg$state) {",
    ...state.map((n, i) => `  ${n} = peg$state[${i}];`),
    "}",
    "",
    "// The state between parses: nothing, so that a finished parse keeps no reference to what it was given.",
    `const peg$idle = [${state.map(() => "undefined").join(", ")}];`,
    "",
    "// Whether a parse is running: a parse started from inside another (an action that parses) saves the",
    "// running parse's state and gives it back when it ends.",
    "let peg$running = false;",
    "",
    "// Library mode only: Peggy's record of the parse, without peg$throw (the caller makes its own error).",
    "function peg$parse(peg$input, peg$options) {",
    "  if (!(peg$options && peg$options.peg$library)) {",
    `    throw new Error(${JSON.stringify(LIBRARY_ONLY)});`,
    "  }",
    "  const peg$outer = peg$running ? peg$save() : peg$idle;",
    "  peg$running = true;",
    "  try {",
    "    peg$begin(peg$input, peg$options);",
    "    peg$result = peg$startRuleFunction();",
    "    return /** @type {any} */ ({",
    "      peg$result,",
    "      peg$currPos,",
    "      peg$FAILED,",
    "      peg$maxFailExpected,",
    "      peg$maxFailPos,",
    "      peg$success: peg$result !== peg$FAILED && peg$currPos === input.length,",
    "    });",
    "  } finally {",
    "    peg$restore(peg$outer);",
    "    peg$running = peg$outer !== peg$idle;",
    "  }",
    "}",
  ].join("\n");
  const moved = code.slice(0, parseFn.getStart(file)) + lean + code.slice(parseFn.getEnd());
  const out = oneCharacterMatches(asciiClassTables(withoutUnreadExports(moved)));
  return withoutUncalledFunctions(matchers ? matchedRules(out, matchers.rules) : out);
}

/**
 * How often each name occurs as an identifier that is not a property name (for a per-call variable: its
 * declaration, its reset in peg$begin, peg$save and peg$restore make 4). Not scope-aware: for the transform's own
 * `peg$` names.
 */
function identifierCounts(code: string): Map<string, number> {
  const counts = new Map<string, number>();
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && !isPropertyName(n)) counts.set(n.text, (counts.get(n.text) ?? 0) + 1);
    ts.forEachChild(n, visit);
  };
  visit(ts.createSourceFile("parser.js", code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS));
  return counts;
}

/**
 * The .d.ts Peggy writes for the parser, without what the lean parser does not export: SyntaxError (and its
 * SourceText).
 */
export function leanParserTypes(dts: string): string {
  const file = ts.createSourceFile("parser.d.ts", dts, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  const declares = (s: ts.Statement, name: string) =>
    ((ts.isClassDeclaration(s) || ts.isInterfaceDeclaration(s)) && s.name?.text === name) ||
    (ts.isVariableStatement(s) && s.declarationList.declarations.some((d) => d.name.getText(file) === name));
  for (const name of ["SyntaxError", "SourceText"]) {
    const s = file.statements.find((x) => declares(x, name));
    if (!s) throw new LeanParserError(`the parser's .d.ts declares no ${name}`);
    edits.push({ start: s.getFullStart(), end: s.getEnd(), text: "" });
  }
  return applyEdits(dts, edits);
}

/** What a call without `peg$library: true` throws. */
export const LIBRARY_ONLY =
  "this parser runs in Peggy's library mode only: call parse(input, { peg$library: true, ... }) " +
  "and read the record it returns (scripts/peg/lean-parser.ts)";

/**
 * Drops the exports the package does not read, Peggy's SyntaxError class (nothing throws it in library mode), and
 * writes StartRules, the list of the allowed start rules, as the keys of peg$startRuleFunctions, which holds them
 * already (Peggy writes every name a second time; src/dialects.ts reads the dialects' rules from it).
 */
function withoutUnreadExports(code: string): string {
  const file = ts.createSourceFile("parser.js", code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const cls = file.statements.find((s) => ts.isClassDeclaration(s) && s.name?.text === "peg$SyntaxError");
  if (!cls) throw new LeanParserError("no top-level class peg$SyntaxError");
  const edits = [{ start: cls.getFullStart(), end: cls.getEnd(), text: "" }];
  for (const [name, line, text] of [
    ["SyntaxError", /^ {2}SyntaxError: peg\$SyntaxError,\n/m, ""],
    ["StartRules", /^ {2}StartRules: \[[^\n]*\],\n/m, "  StartRules: Object.keys(peg$startRuleFunctions),\n"],
  ] as const) {
    const exported = line.exec(code);
    if (!exported) throw new LeanParserError(`module.exports has no ${name} as Peggy 5.1 writes it`);
    edits.push({ start: exported.index, end: exported.index + exported[0].length, text });
  }
  return applyEdits(code, edits);
}

/**
 * Drops each module-level function that no code reaches (Peggy's error and location helpers, once peg$throw is
 * gone): the functions the rest of the module refers to, and those they refer to, are kept. References are
 * resolved by TypeScript's checker, so a parameter or a local of the same name (Peggy's helpers have parameters
 * named `location` and `expected`), a name in a comment or a string, or a property `x.error`, is none.
 */
function withoutUncalledFunctions(code: string): string {
  const file = ts.createSourceFile("parser.js", code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const options: ts.CompilerOptions = { allowJs: true, noLib: true, noResolve: true, types: [] };
  const host = ts.createCompilerHost(options);
  host.getSourceFile = (name) => (name === "parser.js" ? file : undefined);
  host.fileExists = (name) => name === "parser.js";
  host.readFile = (name) => (name === "parser.js" ? code : undefined);
  const checker = ts.createProgram(["parser.js"], options, host).getTypeChecker();
  const functions = new Map<ts.Symbol, ts.FunctionDeclaration>();
  for (const s of file.statements) {
    const symbol = ts.isFunctionDeclaration(s) && s.name ? checker.getSymbolAtLocation(s.name) : undefined;
    if (symbol) functions.set(symbol, s as ts.FunctionDeclaration);
  }
  // The module-level functions each function refers to; "" for the code outside every function.
  const edges = new Map<ts.FunctionDeclaration | "", Set<ts.FunctionDeclaration>>();
  const visit = (n: ts.Node, from: ts.FunctionDeclaration | ""): void => {
    if (ts.isIdentifier(n) && !(ts.isFunctionDeclaration(n.parent) && n.parent.name === n)) {
      const to = functions.get(checker.getSymbolAtLocation(n)!);
      if (to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
    ts.forEachChild(n, (c) => visit(c, ts.isFunctionDeclaration(n) && n.parent === file ? n : from));
  };
  visit(file, "");
  const reached = new Set<ts.FunctionDeclaration>();
  const reach = (from: ts.FunctionDeclaration | ""): void => {
    for (const f of edges.get(from) ?? []) {
      if (reached.has(f)) continue;
      reached.add(f);
      reach(f);
    }
  };
  reach("");
  const unreached = [...functions.values()].filter((f) => !reached.has(f));
  const out = applyEdits(
    code,
    unreached.map((f) => ({ start: f.getFullStart(), end: f.getEnd(), text: "" })),
  );
  if (uses(out, "peg$SyntaxError") > 0) throw new LeanParserError("peg$SyntaxError is still used after it was dropped");
  return out;
}

/** How often `name` occurs as a whole name in `code`. */
function uses(code: string, name: string): number {
  return code.match(new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g"))?.length ?? 0;
}

/**
 * Replaces each rule's function by a call of its matcher, then drops the constants (peg$cN, peg$eN, peg$rN) that
 * nothing uses any more.
 */
function matchedRules(code: string, rules: readonly string[]): string {
  const file = ts.createSourceFile("parser.js", code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const functions = new Map(file.statements.filter(ts.isFunctionDeclaration).map((f) => [f.name?.text, f]));
  const edits: { start: number; end: number; text: string }[] = [];
  for (const name of rules) {
    const f = functions.get(`peg$parse${name}`);
    if (!f?.body) throw new LeanParserError(`no function peg$parse${name} to replace by its matcher`);
    edits.push({
      start: f.body.getStart(file),
      end: f.body.getEnd(),
      text: `{\n  return peg$matched(peg$m_${name}(peg$currPos));\n}`,
    });
  }
  const out = applyEdits(code, edits);
  // Peggy's constants refer to no other constant, so one pass finds every one left unused.
  const now = ts.createSourceFile("parser.js", out, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const unused: { start: number; end: number; text: string }[] = [];
  for (const s of now.statements) {
    if (!ts.isVariableStatement(s)) continue;
    const d = s.declarationList.declarations[0];
    if (!d || !ts.isIdentifier(d.name) || !/^peg\$[cer]\d+$/.test(d.name.text)) continue;
    if (uses(out, d.name.text) === 1) unused.push({ start: s.getFullStart(), end: s.getEnd(), text: "" });
  }
  return applyEdits(out, unused);
}

function applyEdits(code: string, edits: { start: number; end: number; text: string }[]): string {
  let out = code;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/**
 * Replaces each `const peg$rN = /^[...]/;` that matches only ASCII characters by its 128-bit table, and each
 * `peg$rN.test(x)` by `peg$inClass(peg$rN, x)`. Which characters a class matches is found by running the
 * regular expression itself on every UTF-16 code unit, so the table cannot differ from it; a class that
 * matches any code unit above 0x7F keeps its regular expression.
 */
function asciiClassTables(code: string): string {
  const declaration = /^const (peg\$r\d+) = (\/\^\[(?:[^\]\\\n]|\\.)*\]\/i?);$/gm;
  const tables = new Map<string, number[]>();
  for (const [, name, literal] of code.matchAll(declaration)) {
    const body = literal!.slice(1, literal!.lastIndexOf("/"));
    const regexp = new RegExp(body, literal!.endsWith("i") ? "i" : "");
    const matched: number[] = [];
    for (let c = 0; c <= 0xffff && (matched.length === 0 || matched[matched.length - 1]! < 128); c++) {
      if (regexp.test(String.fromCharCode(c))) matched.push(c);
    }
    if (matched.every((c) => c < 128)) tables.set(name!, asciiWords(matched));
  }
  if (tables.size === 0) return code;
  let out = code.replace(declaration, (whole, name: string) => {
    const words = tables.get(name);
    return words ? `const ${name} = new Uint32Array([${words.join(", ")}]);` : whole;
  });
  out = out.replace(/(peg\$r\d+)\.test\(/g, (whole, name: string) =>
    tables.has(name) ? `peg$inClass(${name}, ` : whole,
  );
  for (const name of tables.keys()) {
    // The declaration and its tests are the only uses Peggy 5.1 makes of a class constant.
    const tests = out.split(`peg$inClass(${name}, `).length - 1;
    if (uses(out, name) !== tests + 1)
      throw new LeanParserError(`the class ${name} is used other than by ${name}.test(...)`);
  }
  return out;
}

/**
 * Peggy writes out each test of one character (an ASCII class, or a one-character literal) as seven lines: match,
 * advance, or fail and record the expectation. This writes each as a call of peg$matchClass or peg$matchChar,
 * which do exactly that: the parser is a fifth smaller, and as fast (V8 inlines the small functions). Only the
 * exact shape Peggy 5.1 writes is replaced; anything else is left as it is.
 */
function oneCharacterMatches(code: string): string {
  const fail = (v: string, e: string) =>
    `\\1\\} else \\{\\n\\1  ${v} = peg\\$FAILED;\\n\\1  if \\(peg\\$silentFails === 0\\) \\{ peg\\$fail\\(${e}\\); \\}\\n\\1\\}\\n`;
  const classTest = new RegExp(
    "^( *)(s\\d+) = input\\.charAt\\(peg\\$currPos\\);\\n" +
      "\\1if \\(peg\\$inClass\\((peg\\$r\\d+), \\2\\)\\) \\{\\n\\1  peg\\$currPos\\+\\+;\\n" +
      fail("\\2", "(peg\\$e\\d+)"),
    "gm",
  );
  const charTest = new RegExp(
    "^( *)if \\(input\\.charCodeAt\\(peg\\$currPos\\) === (\\d+)\\) \\{\\n\\1  (s\\d+) = (peg\\$c\\d+);\\n\\1  peg\\$currPos\\+\\+;\\n" +
      fail("\\3", "(peg\\$e\\d+)"),
    "gm",
  );
  return code
    .replace(
      classTest,
      (_m, indent: string, v: string, table: string, e: string) => `${indent}${v} = peg$matchClass(${table}, ${e});\n`,
    )
    .replace(
      charTest,
      (_m, indent: string, c: string, v: string, text: string, e: string) =>
        `${indent}${v} = peg$matchChar(${c}, ${text}, ${e});\n`,
    );
}

interface Split {
  /** Declarations and functions that move to module level unchanged, in their order. */
  hoisted: ts.Statement[];
  hoistedNames: Set<string>;
  /** Names of the per-call variables, in their order. */
  state: string[];
  /** peg$begin's statements (declarations of per-call variables turned into assignments), in their order. */
  perCall: string[];
  /** For each of perCall, the per-call variable it sets, if it is such an assignment. */
  perCallSets: (string | undefined)[];
}

/** Sorts the statements of peg$parse before its epilogue into what moves to module level and what runs per call. */
function splitBody(statements: ts.Statement[], file: ts.SourceFile): Split {
  const perCallNames = new Set(["input", "options"]);
  const split: Split = { hoisted: [], hoistedNames: new Set(), state: [], perCall: [], perCallSets: [] };
  for (const s of statements) {
    if (ts.isFunctionDeclaration(s) && s.name) {
      split.hoisted.push(s);
      split.hoistedNames.add(s.name.text);
    } else if (ts.isVariableStatement(s)) {
      const list = s.declarationList;
      const [decl] = list.declarations;
      if (list.declarations.length !== 1 || !decl || !ts.isIdentifier(decl.name)) {
        throw new LeanParserError(
          `peg$parse declares more than one name, or a pattern, in one statement: ${s.getText(file)}`,
        );
      }
      const name = decl.name.text;
      const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
      const init = decl.initializer && skipParentheses(decl.initializer);
      const container = init !== undefined && (ts.isArrayLiteralExpression(init) || ts.isObjectLiteralExpression(init));
      if (isConst && init && (!container || SHARED_OBJECTS.has(name)) && isConstant(init, perCallNames)) {
        split.hoisted.push(s);
        split.hoistedNames.add(name);
      } else {
        perCallNames.add(name);
        split.state.push(name);
        split.perCall.push(`${name} = ${decl.initializer ? decl.initializer.getText(file) : "undefined"};`);
        split.perCallSets.push(name);
      }
    } else if (ts.isReturnStatement(s)) {
      throw new LeanParserError(`peg$parse returns before its epilogue: ${s.getText(file)}`);
    } else {
      split.perCall.push(s.getText(file));
      split.perCallSets.push(undefined);
    }
  }
  return split;
}

/** Whether an initializer has the same value in every call: it reads no per-call name and calls nothing impure. */
function isConstant(expr: ts.Expression, perCallNames: Set<string>): boolean {
  let constant = true;
  const visit = (n: ts.Node): void => {
    if (!constant) return;
    if (ts.isCallExpression(n)) {
      if (!ts.isIdentifier(n.expression) || !PURE_CALLS.has(n.expression.text)) constant = false;
    } else if (ts.isNewExpression(n) || ts.isTaggedTemplateExpression(n) || ts.isFunctionLike(n)) {
      constant = false;
    } else if (ts.isIdentifier(n) && perCallNames.has(n.text) && !isPropertyName(n)) {
      constant = false;
    }
    ts.forEachChild(n, visit);
  };
  visit(expr);
  return constant;
}

/** `x` in `a.x` or `{ x: 1 }`: a name, not a reference to a variable. */
function isPropertyName(n: ts.Identifier): boolean {
  const p = n.parent;
  return (ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isPropertyAssignment(p) && p.name === n);
}

function declaredNames(s: ts.Statement): string[] {
  if (ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) return s.name ? [s.name.text] : [];
  if (ts.isVariableStatement(s)) {
    return s.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  }
  return [];
}

function skipParentheses(e: ts.Expression): ts.Expression {
  return ts.isParenthesizedExpression(e) ? skipParentheses(e.expression) : e;
}

/**
 * Takes away the two spaces of peg$parse's body from each line, unless the text could hold a string that spans
 * lines (a template literal or a line continuation), whose content the indentation is part of.
 */
function dedent(text: string): string {
  return /`|\\\r?\n/.test(text) ? text : text.replace(/^ {2}/gm, "");
}

/**
 * npm run generate: grammar/*.abnf -> generated/DIALECT/{matches.d.ts, rules.json, dialect.json, rule-analysis.json,
 * dfa.js, dfa.d.ts}, and one parser for every dialect: generated/{grammar.peggy, parser.js, parser.d.ts}.
 *
 *   node .build/scripts/generate.js           write generated/
 *   node .build/scripts/generate.js --check   compare with generated/ and fail if anything differs (CI)
 *
 * Steps, each its own module: load each ABNF file (grammar/load.ts), merge the dialect's files
 * (grammar/merge.ts), refuse undefined, unused or recursive rules (grammar/check.ts), make PEG accept what the
 * ABNF accepts (peg/passes/*), then write the match types; write one Peggy grammar for all dialects (the rules
 * they share once), run Peggy, move the contents of its parse function to module level and put the text rules'
 * matchers in place of Peggy's code for them (peg/lean-parser.ts, peg/emit-text-matchers.ts). From the same merged
 * rules, build the minimal DFA of each pipeline start rule (dfa/*) and write its tables.
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { buildDfa } from "./dfa/build";
import { DFA_START_RULES, STATE_BUDGET } from "./dfa/config";
import { emitDfaModule } from "./dfa/emit";
import { emitPatternsModule } from "./patterns/regex";
import { BuildError } from "./dfa/positions";
import type { Dfa } from "./dfa/subset";
import { checkRules } from "./grammar/check";
import { lookup } from "./grammar/ir";
import { readSchemeHeader } from "./grammar/headers";
import { loadAbnf } from "./grammar/load";
import { listDialects, readManifest, type DialectManifest } from "./grammar/manifest";
import { checkSchemeFiles } from "./grammar/scheme-files";
import { mergeFiles } from "./grammar/merge";
import type { Expr, RuleSet } from "./grammar/ir";
import { emitPeggyGrammar, ownPeggyName, peggyName, type PeggyDialect, type PeggyGrammar } from "./peg/emit-peggy";
import { emitTextMatchers } from "./peg/emit-text-matchers";
import { emitTypes } from "./peg/emit-types";
import { Analysis } from "./peg/first-follow";
import { LEAN_PARSER_VERSION, leanParser, leanParserTypes } from "./peg/lean-parser";
import { expandCounts } from "./peg/passes/expand-counts";
import { addFollowGuards } from "./peg/passes/follow-guards";
import { foldSingleCharRules } from "./peg/passes/single-char-classes";
import type { PassNote } from "./peg/peg-ir";
import { ValueModel } from "./peg/values";
import { genericActionRules, missingCustomAction, schemeInfo, type SchemeInfo } from "./grammar/shapes";
import { emitSchemeTypes } from "./grammar/scheme-types";
import { repositoryRoot } from "./root";

const ROOT = repositoryRoot();
const GRAMMAR = path.join(ROOT, "grammar");
const ACTION_RULES = path.join(ROOT, "src", "actions", "action-rules.json");
const TAGGED_RULES = path.join(ROOT, "src", "strict", "tagged-rules.json");
const DISPLAY_NAMES = path.join(ROOT, "src", "messages", "display-names.json");

export interface DialectBuild {
  manifest: DialectManifest;
  rules: RuleSet;
  schemes: SchemeInfo[];
  notes: PassNote[];
  /** Input hash: every file the output depends on. */
  hash: string;
}

/** Loads, merges and checks one dialect's grammar. Throws with every problem found. */
export function buildDialect(dialect: string, grammarDir = GRAMMAR): DialectBuild {
  const manifest = readManifest(grammarDir, dialect);
  const hash = createHash("sha256");
  hash.update(JSON.stringify(manifest));
  const loaded = manifest.files.map((f) => {
    const text = fs.readFileSync(path.join(grammarDir, f.path), "utf8");
    hash.update(`\0${f.path}\0${text}`);
    return loadAbnf(text, `grammar/${f.path}`, f.rename);
  });
  const rules = mergeFiles(loaded, manifest.assembled);
  const problems = checkRules(rules, [manifest.defaultRule, ...manifest.roots]);
  if (problems.length > 0) throw new Error(`dialect ${dialect}:\n  ${problems.join("\n  ")}`);
  const schemes: SchemeInfo[] = [];
  for (const f of loaded) {
    const header = readSchemeHeader(f.header, f.file);
    if (!header) continue;
    if (!header.dialects.includes(dialect))
      throw new Error(`${f.file}: loaded by ${dialect} but "@dialects" does not list it`);
    const other = schemes.find((s) => s.scheme === header.scheme);
    if (other)
      throw new Error(
        `${f.file}: "@scheme ${header.scheme}" is ${other.file}'s too: a scheme is one file in a dialect`,
      );
    schemes.push(schemeInfo(header, rules));
  }
  return { manifest, rules, schemes, notes: [], hash: hash.digest("hex") };
}

export interface Output {
  /** Path relative to the repository root -> content. */
  files: Map<string, string>;
  notes: Map<string, PassNote[]>;
  /** One line per DFA: its sizes. */
  report: string[];
}

/**
 * The DFA of each pipeline start rule the dialect defines. A failure names the grammar (the rule and an input
 * that shows the problem) and what to change.
 */
export function buildDialectDfas(build: DialectBuild, tagged: readonly string[], report: string[]): Dfa[] {
  const dialect = build.manifest.name;
  const dfas: Dfa[] = [];
  for (const rule of DFA_START_RULES) {
    if (!lookup(build.rules, rule)) continue;
    let built: ReturnType<typeof buildDfa>;
    try {
      built = buildDfa(build.rules, rule, tagged);
    } catch (e) {
      if (!(e instanceof BuildError)) throw e;
      throw new Error(
        `dialect ${dialect} (grammar/dialects/${dialect}.json), DFA of ${rule}: ${e.message}. ` +
          `The rules named are in ${filesOfRulesIn(e.message, build.rules)}: change the grammar there, or the tagged ` +
          `rules in src/strict/tagged-rules.json.`,
      );
    }
    const { dfa } = built;
    if (dfa.stateCount > STATE_BUDGET) {
      throw new Error(
        `dialect ${dialect}, DFA of ${rule}: ${dfa.stateCount} states, over the budget of ${STATE_BUDGET} ` +
          `(scripts/dfa/config.ts). A grammar change made the automaton larger: check grammar/ for the cause, or raise the budget knowingly.`,
      );
    }
    report.push(
      `${dialect} ${rule}: ${built.positions} positions, ${built.subsetStates} subset states, ` +
        `${dfa.stateCount} minimal states, ${dfa.classCount} character classes, ${dfa.stateCount * dfa.classCount + 128 + dfa.stateCount} table bytes`,
    );
    dfas.push(dfa);
  }
  return dfas;
}

/** The grammar files that define the rules a message names ("grammar/schemes/file.abnf (file-hier-part), ..."). */
export function filesOfRulesIn(message: string, rules: RuleSet): string {
  const files = new Map<string, string[]>();
  for (const word of new Set(message.match(/[A-Za-z][A-Za-z0-9-]*/g) ?? [])) {
    const r = lookup(rules, word);
    if (!r || word !== r.name) continue;
    const names = files.get(r.source.file) ?? [];
    files.set(r.source.file, [...names, r.name]);
  }
  return [...files].map(([file, names]) => `${file} (${names.join(", ")})`).join(", ") || "grammar/";
}

/**
 * A dialect's action rules: the hand-written ones (src/actions/action-rules.json) and those its schemes' shapes
 * give a generic action. Throws, naming the grammar file, when a scheme of another shape has no action.
 */
export function dialectActionRules(build: DialectBuild, handWritten: readonly string[]): string[] {
  const listed = new Set(handWritten);
  const problems = build.schemes.map((h) => missingCustomAction(h, listed)).filter((p): p is string => p !== null);
  if (problems.length > 0) throw new Error(problems.join("\n"));
  return [...new Set([...handWritten, ...build.schemes.flatMap(genericActionRules)])];
}

/** What every dialect's generation reads besides grammar/: the hand-written lists of src/. */
interface SourceLists {
  handWrittenActions: string[];
  taggedRules: string[];
  displayNamed: Set<string>;
  peggyVersion: string;
}

function readSourceLists(): SourceLists {
  return {
    handWrittenActions: (JSON.parse(fs.readFileSync(ACTION_RULES, "utf8")) as { rules: string[] }).rules,
    taggedRules: (JSON.parse(fs.readFileSync(TAGGED_RULES, "utf8")) as { rules: string[] }).rules,
    displayNamed: new Set(Object.keys(JSON.parse(fs.readFileSync(DISPLAY_NAMES, "utf8")) as Record<string, string>)),
    peggyVersion: (require("peggy/package.json") as { version: string }).version,
  };
}

/** The header of a generated file: where it comes from, and the hash of its inputs. */
function generatedHeader(comment: string, from: string, inputs: string): string {
  return (
    `${comment} Generated by scripts/generate.ts from ${from}. Do not edit: change grammar/ and run npm run generate.\n` +
    `${comment} Inputs sha256: ${inputs}\n`
  );
}

/** One dialect's generation: what goes into the one parser, and its metadata before the parser is written. */
interface DialectOutput {
  build: DialectBuild;
  peggy: PeggyDialect;
  json: ReturnType<typeof dialectJson>;
  /** The hash of the parser's inputs from this dialect. */
  inputHash: string;
}

/**
 * A dialect's files but the parser's (matches.d.ts, rules.json, rule-analysis.json, dfa.js, dfa.d.ts), and its
 * rules made ready for the PEG (the passes of scripts/peg/passes/).
 */
function generateDialect(
  dialect: string,
  lists: SourceLists,
  files: Map<string, string>,
  notes: Map<string, PassNote[]>,
  report: string[],
): DialectOutput {
  const build = buildDialect(dialect);
  const actionRules = dialectActionRules(build, lists.handWrittenActions);
  const actionHash = createHash("sha256").update(JSON.stringify(actionRules)).digest("hex");
  const inputHash = createHash("sha256")
    .update(build.hash)
    .update(actionHash)
    .update(lists.peggyVersion)
    .update(`lean-parser ${LEAN_PARSER_VERSION}`)
    .digest("hex");
  const from = `grammar/ (dialect ${dialect})`;

  const expanded = expandCounts(build.rules);
  if (expanded.errors.length > 0) throw new Error(`dialect ${dialect}:\n  ${expanded.errors.join("\n  ")}`);
  const guarded = addFollowGuards(expanded.rules);
  const values = new ValueModel(build.rules, actionRules);
  const classed = foldSingleCharRules(guarded.rules, values);
  notes.set(dialect, [...expanded.notes, ...guarded.notes, ...classed.notes]);
  const analysis = new Analysis(build.rules);
  const dir = `generated/${dialect}`;

  files.set(`${dir}/matches.d.ts`, emitTypes(build.rules, values, generatedHeader("//", from, inputHash)));
  files.set(`${dir}/rules.json`, `${JSON.stringify(rulesJson(build.rules), null, 1)}\n`);
  const ruleAnalysis = ruleAnalysisJson(build.rules, analysis);
  files.set(`${dir}/rule-analysis.json`, `${JSON.stringify(ruleAnalysis, null, 1)}\n`);

  const dfaHash = createHash("sha256").update(build.hash).update(JSON.stringify(lists.taggedRules)).digest("hex");
  const dfaModule = emitDfaModule(
    buildDialectDfas(build, lists.taggedRules, report),
    generatedHeader("//", from, dfaHash),
  );
  files.set(`${dir}/dfa.js`, dfaModule.js);
  files.set(`${dir}/dfa.d.ts`, dfaModule.dts);
  return {
    build,
    peggy: { name: dialect, rules: classed.rules, values, analysis },
    json: dialectJson(build, ruleAnalysis, lists.displayNamed),
    inputHash,
  };
}

/**
 * Each dialect's dialect.json, once the one parser has named the rules that are each dialect's own: the dialect's
 * rules are the parser's start rules (its own, "DIALECT$rule", and the shared ones) but its `absentRules`
 * (src/dialects.ts reads them from the parser: a page that bundles both dialects would carry every name twice).
 */
function writeDialectJsons(outputs: DialectOutput[], grammar: PeggyGrammar, files: Map<string, string>): void {
  for (const { build, json } of outputs) {
    const dialect = build.manifest.name;
    const { rules, ...rest } = json;
    const ownRules = grammar.ownRules.get(dialect)!;
    const mine = new Set(rules.filter((r) => !ownRules.includes(r)).map(peggyName));
    const absentRules = grammar.emitted
      .map((r) => r.name)
      .filter((n) => !n.includes("$") && !mine.has(n))
      .map((n) => n.replace(/_/g, "-"));
    files.set(`generated/${dialect}/dialect.json`, `${JSON.stringify({ ...rest, ownRules, absentRules }, null, 1)}\n`);
  }
}

/**
 * Peggy's CLI on the grammar, in a temporary directory: the parser and its .d.ts, with the directory's name
 * scrubbed. Every rule of every dialect is a start rule (parse() takes any ABNF rule); the lookahead guards are not.
 */
function runPeggy(grammar: PeggyGrammar, builds: DialectBuild[]): { js: string; dts: string } {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "url-pipeline-gen-"));
  try {
    const grammarFile = path.join(tmp, "grammar.peggy");
    const parserFile = path.join(tmp, "parser.js");
    fs.writeFileSync(grammarFile, grammar.text);
    const defaultStartRules = builds.map((b) => {
      const rule = b.manifest.defaultRule;
      return grammar.ownRules.get(b.manifest.name)!.includes(rule)
        ? ownPeggyName(b.manifest.name, rule)
        : peggyName(rule);
    });
    const startRules = grammar.emitted.map((r) => r.name);
    execFileSync(
      process.execPath,
      [
        require.resolve("peggy/bin/peggy.js"),
        "--format",
        "commonjs",
        "--allowed-start-rules",
        startRules.join(","),
        "--dts",
        "--return-types",
        JSON.stringify(Object.fromEntries(defaultStartRules.map((r) => [r, "unknown"]))),
        "-o",
        parserFile,
        grammarFile,
      ],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    const scrub = (s: string) =>
      s
        .split(tmp + path.sep)
        .join("")
        .split(tmp)
        .join("");
    return {
      js: scrub(fs.readFileSync(parserFile, "utf8")),
      dts: scrub(fs.readFileSync(parserFile.replace(/\.js$/, ".d.ts"), "utf8")),
    };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The one parser of every dialect: the Peggy grammar (the rules the dialects share written once,
 * scripts/peg/emit-peggy.ts), Peggy's parser, and the lean parser made from it (its rule functions and state moved
 * out of parse(), the text rules' code written from the grammar: peg/emit-text-matchers.ts).
 */
function generateParser(outputs: DialectOutput[], lists: SourceLists, files: Map<string, string>): void {
  const hash = createHash("sha256").update(lists.peggyVersion).update(`lean-parser ${LEAN_PARSER_VERSION}`);
  for (const o of outputs) hash.update(`\0${o.build.manifest.name}\0${o.inputHash}`);
  const header = generatedHeader("//", "grammar/ (every dialect)", hash.digest("hex"));
  const grammar = emitPeggyGrammar(
    outputs.map((o) => o.peggy),
    header,
  );
  files.set("generated/grammar.peggy", grammar.text);
  writeDialectJsons(outputs, grammar, files);
  const peggy = runPeggy(
    grammar,
    outputs.map((o) => o.build),
  );
  files.set("generated/parser.js", header + leanParser(peggy.js, emitTextMatchers(grammar.emitted)));
  files.set("generated/parser.d.ts", header + leanParserTypes(peggy.dts));
}

/** The regular expressions of the rules src/strict checks with a pattern (generated/patterns.js), every dialect. */
function generatePatterns(builds: DialectBuild[], files: Map<string, string>): void {
  const ruleSets = new Map(builds.map((b) => [b.manifest.name, b.rules] as const));
  const hash = createHash("sha256");
  for (const [d, rules] of ruleSets) hash.update(d).update(JSON.stringify(rulesJson(rules)));
  const patterns = emitPatternsModule(ruleSets, generatedHeader("//", "grammar/ (every dialect)", hash.digest("hex")));
  files.set("generated/patterns.js", patterns.js);
  files.set("generated/patterns.d.ts", patterns.dts);
}

/**
 * Everything generated/ holds, from grammar/: the scheme files checked against the manifests, then each dialect
 * (generateDialect), the one parser (generateParser), the patterns, and the schemes' literal types.
 */
export function generateAll(): Output {
  const lists = readSourceLists();
  const files = new Map<string, string>();
  const notes = new Map<string, PassNote[]>();
  const report: string[] = [];
  const dialects = listDialects(GRAMMAR);
  const misplaced = checkSchemeFiles(
    GRAMMAR,
    dialects.map((d) => readManifest(GRAMMAR, d)),
  );
  if (misplaced.length > 0) throw new Error(misplaced.join("\n"));
  const outputs = dialects.map((d) => generateDialect(d, lists, files, notes, report));
  const builds = outputs.map((o) => o.build);
  generateParser(outputs, lists, files);
  generatePatterns(builds, files);
  files.set(
    "generated/schemes.d.ts",
    emitSchemeTypes(
      builds,
      "// Generated by scripts/generate.ts from the headers of grammar/ (every dialect). Do not edit: change grammar/ and run npm run generate.\n",
    ),
  );
  return { files, notes, report };
}

/** The merged ABNF of a dialect, as data: for tests (the ABNF oracle) and tools that read the grammar. */
function rulesJson(rules: RuleSet): { name: string; source: string; expr: Expr }[] {
  return [...rules.values()].map((r) => ({ name: r.name, source: `${r.source.file}:${r.source.line}`, expr: r.expr }));
}

/** What scripts/peg/first-follow.ts finds for every rule. */
interface RuleAnalysis {
  /** Whether a rule can match the empty string. */
  nullable: Record<string, boolean>;
  /** The characters that can start each rule (its FIRST set, UTF-16 ranges), and whether it is always one character long. */
  first: Record<string, { ranges: readonly (readonly [number, number])[]; oneChar: boolean }>;
}

/**
 * generated/DIALECT/rule-analysis.json, for tests and tools only: the package does not ship it and the library
 * does not read it, so a browser bundle does not carry FIRST sets for 300 rules that no message names.
 */
function ruleAnalysisJson(rules: RuleSet, analysis: Analysis): RuleAnalysis {
  return {
    nullable: Object.fromEntries(
      [...rules.values()].map((r) => [r.name, analysis.first({ type: "ref", name: r.name }).nullable]),
    ),
    first: Object.fromEntries(
      [...rules.values()].map((r) => {
        const ref = { type: "ref" as const, name: r.name };
        const [lo, hi] = analysis.length(ref);
        return [r.name, { ranges: analysis.first(ref).set.ranges, oneChar: lo === 1 && hi === 1 }];
      }),
    ),
  };
}

function dialectJson(build: DialectBuild, ruleAnalysis: RuleAnalysis, displayNamed: ReadonlySet<string>) {
  const { manifest } = build;
  return {
    name: manifest.name,
    title: manifest.title,
    version: manifest.version,
    source: manifest.source,
    defaultRule: manifest.defaultRule,
    // Not the inputs' hash, which the other generated files carry in their headers: the page's script carries this
    // file, and 64 hex digits do not compress.
    /**
     * The ABNF rule names, each a start rule of the parser: as names alone, because the parser's name for one is
     * the same with "_" for "-" (peggyName; src/dialects.ts peggyStartRule), and a table of both cost a browser
     * bundle 1.1 KB after gzip.
     */
    rules: [...build.rules.values()].map((r) => r.name),
    /**
     * Set when the one parser is written (generateAll): the rules whose parser function is this dialect's own,
     * `DIALECT$rule` (ownPeggyName); every other rule's function is shared by the dialects and named `rule`.
     */
    ownRules: [] as string[],
    // Each scheme's header, with "@result-DIALECT" (if any) as this dialect's `dialectResult`. Not what follows from
    // its name, which src/dialects.ts adds (test/dialects.test.ts holds the two to one): its rules (from its name and
    // shape), nor its file when it is grammar/schemes/NAME.abnf (scripts/grammar/scheme-files.ts holds every file
    // there to its name).
    schemes: build.schemes.map(({ resultIn, rules: _rules, file, ...s }) => ({
      ...s,
      ...(file === `grammar/schemes/${s.scheme}.abnf` ? {} : { file }),
      ...(resultIn[manifest.name] === undefined ? {} : { dialectResult: resultIn[manifest.name] }),
    })),
    /**
     * The FIRST sets that error messages name expected characters by (src/messages/expectations.ts): those of the
     * one-character rules and of the rules src/messages/display-names.json names. Only these: the others are
     * in rule-analysis.json.
     */
    first: Object.fromEntries(
      Object.entries(ruleAnalysis.first).filter(([name, f]) => f.oneChar || displayNamed.has(name)),
    ),
  };
}

function main(): void {
  const check = process.argv.includes("--check");
  const { files, notes, report } = generateAll();
  if (!check) for (const line of report) console.log(`dfa: ${line}`);
  const stale: string[] = [];
  for (const [rel, content] of files) {
    const abs = path.join(ROOT, rel);
    const current = fs.existsSync(abs) ? fs.readFileSync(abs, "utf8") : null;
    if (current === content) continue;
    if (check) stale.push(rel);
    else {
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(abs, content);
      console.log(`wrote ${rel}`);
    }
  }
  if (process.argv.includes("--verbose")) {
    for (const [dialect, list] of notes) for (const n of list) console.log(`${dialect}: ${n.rule}: ${n.note}`);
  }
  if (stale.length > 0) {
    console.error(`generated/ is stale (run npm run generate and commit the result):\n  ${stale.join("\n  ")}`);
    process.exit(1);
  }
}

if (require.main === module) {
  try {
    main();
  } catch (e) {
    console.error(`generate: ${(e as Error).message}`);
    process.exit(1);
  }
}

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
import { emitPeggyGrammar, ownPeggyName, peggyName, type PeggyDialect } from "./peg/emit-peggy";
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

/** The repository root: the nearest folder up with a package.json (this runs from .build/scripts/ or scripts/). */
const ROOT = (() => {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${__dirname}`);
    dir = up;
  }
  return dir;
})();
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

export function generateAll(): Output {
  const handWrittenActions = (JSON.parse(fs.readFileSync(ACTION_RULES, "utf8")) as { rules: string[] }).rules;
  const taggedRules = (JSON.parse(fs.readFileSync(TAGGED_RULES, "utf8")) as { rules: string[] }).rules;
  const displayNamed = new Set(
    Object.keys(JSON.parse(fs.readFileSync(DISPLAY_NAMES, "utf8")) as Record<string, string>),
  );
  const peggyVersion = (require("peggy/package.json") as { version: string }).version;
  const files = new Map<string, string>();
  const notes = new Map<string, PassNote[]>();
  const report: string[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "url-pipeline-gen-"));
  const ruleSets = new Map<string, RuleSet>();
  const builds: DialectBuild[] = [];
  const peggyDialects: PeggyDialect[] = [];
  const parserHash = createHash("sha256").update(peggyVersion).update(`lean-parser ${LEAN_PARSER_VERSION}`);
  const dialectJsons = new Map<string, ReturnType<typeof dialectJson>>();
  try {
    const misplaced = checkSchemeFiles(
      GRAMMAR,
      listDialects(GRAMMAR).map((d) => readManifest(GRAMMAR, d)),
    );
    if (misplaced.length > 0) throw new Error(misplaced.join("\n"));
    for (const dialect of listDialects(GRAMMAR)) {
      const build = buildDialect(dialect);
      ruleSets.set(dialect, build.rules);
      builds.push(build);
      const actionRules = dialectActionRules(build, handWrittenActions);
      const actionHash = createHash("sha256").update(JSON.stringify(actionRules)).digest("hex");
      const inputHash = createHash("sha256")
        .update(build.hash)
        .update(actionHash)
        .update(peggyVersion)
        .update(`lean-parser ${LEAN_PARSER_VERSION}`)
        .digest("hex");
      parserHash.update(`\0${dialect}\0${inputHash}`);
      const header = (c: string) =>
        `${c} Generated by scripts/generate.ts from grammar/ (dialect ${dialect}). Do not edit: change grammar/ and run npm run generate.\n` +
        `${c} Inputs sha256: ${inputHash}\n`;

      const expanded = expandCounts(build.rules);
      if (expanded.errors.length > 0) throw new Error(`dialect ${dialect}:\n  ${expanded.errors.join("\n  ")}`);
      const guarded = addFollowGuards(expanded.rules);
      const values = new ValueModel(build.rules, actionRules);
      const classed = foldSingleCharRules(guarded.rules, values);
      notes.set(dialect, [...expanded.notes, ...guarded.notes, ...classed.notes]);
      const analysis = new Analysis(build.rules);
      const dir = `generated/${dialect}`;
      peggyDialects.push({ name: dialect, rules: classed.rules, values, analysis });

      files.set(`${dir}/matches.d.ts`, emitTypes(build.rules, values, header("//")));
      files.set(`${dir}/rules.json`, `${JSON.stringify(rulesJson(build.rules), null, 1)}\n`);
      const ruleAnalysis = ruleAnalysisJson(build.rules, analysis);
      dialectJsons.set(dialect, dialectJson(build, ruleAnalysis, displayNamed));
      files.set(`${dir}/rule-analysis.json`, `${JSON.stringify(ruleAnalysis, null, 1)}\n`);

      const dfaHash = createHash("sha256").update(build.hash).update(JSON.stringify(taggedRules)).digest("hex");
      const dfaHeader = (c: string) =>
        `${c} Generated by scripts/generate.ts from grammar/ (dialect ${dialect}). Do not edit: change grammar/ and run npm run generate.\n` +
        `${c} Inputs sha256: ${dfaHash}\n`;
      const dfaModule = emitDfaModule(buildDialectDfas(build, taggedRules, report), dfaHeader("//"));
      files.set(`${dir}/dfa.js`, dfaModule.js);
      files.set(`${dir}/dfa.d.ts`, dfaModule.dts);
    }

    // One parser for every dialect: the rules they share are written once (scripts/peg/emit-peggy.ts).
    const parserInputs = parserHash.digest("hex");
    const parserHeader = (c: string) =>
      `${c} Generated by scripts/generate.ts from grammar/ (every dialect). Do not edit: change grammar/ and run npm run generate.\n` +
      `${c} Inputs sha256: ${parserInputs}\n`;
    const grammar = emitPeggyGrammar(peggyDialects, parserHeader("//"));
    files.set("generated/grammar.peggy", grammar.text);
    for (const [dialect, { rules, ...json }] of dialectJsons) {
      const ownRules = grammar.ownRules.get(dialect)!;
      // The dialect's rules are the parser's start rules (its own, "DIALECT$rule", and the shared ones) but these:
      // src/dialects.ts reads them from the parser (a page that bundles both would carry every name twice).
      const mine = new Set(rules.filter((r) => !ownRules.includes(r)).map(peggyName));
      const absentRules = grammar.emitted
        .map((r) => r.name)
        .filter((n) => !n.includes("$") && !mine.has(n))
        .map((n) => n.replace(/_/g, "-"));
      files.set(
        `generated/${dialect}/dialect.json`,
        `${JSON.stringify({ ...json, ownRules, absentRules }, null, 1)}\n`,
      );
    }
    // Peggy's CLI writes the parser and its .d.ts; run it on a temporary copy, then read both back.
    const grammarFile = path.join(tmp, "grammar.peggy");
    const parserFile = path.join(tmp, "parser.js");
    fs.writeFileSync(grammarFile, grammar.text);
    const defaultStartRules = builds.map((b) => {
      const rule = b.manifest.defaultRule;
      return grammar.ownRules.get(b.manifest.name)!.includes(rule)
        ? ownPeggyName(b.manifest.name, rule)
        : peggyName(rule);
    });
    // Every rule of every dialect is a start rule (parse() takes any ABNF rule); the lookahead guards are not.
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
    // Peggy declares its rule functions and state inside parse(), anew for every call; move them out, and write
    // the text rules' code from the grammar (peg/emit-text-matchers.ts).
    const matchers = emitTextMatchers(grammar.emitted);
    files.set(
      "generated/parser.js",
      parserHeader("//") + leanParser(scrub(fs.readFileSync(parserFile, "utf8")), matchers),
    );
    files.set(
      "generated/parser.d.ts",
      parserHeader("//") + leanParserTypes(scrub(fs.readFileSync(parserFile.replace(/\.js$/, ".d.ts"), "utf8"))),
    );

    const patternHash = createHash("sha256");
    for (const [d, rules] of ruleSets) patternHash.update(d).update(JSON.stringify(rulesJson(rules)));
    const patterns = emitPatternsModule(
      ruleSets,
      "// Generated by scripts/generate.ts from grammar/ (every dialect). Do not edit: change grammar/ and run npm run generate.\n" +
        `// Inputs sha256: ${patternHash.digest("hex")}\n`,
    );
    files.set("generated/patterns.js", patterns.js);
    files.set("generated/patterns.d.ts", patterns.dts);
    files.set(
      "generated/schemes.d.ts",
      emitSchemeTypes(
        builds,
        "// Generated by scripts/generate.ts from the headers of grammar/ (every dialect). Do not edit: change grammar/ and run npm run generate.\n",
      ),
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
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

/**
 * npm run grammar:compare -- [OLD NEW] [--dialect D] [--limit N] [--json] [--corpus FILE]
 *
 * Without OLD and NEW: rev:HEAD and grammar/ (what the working tree changed since the last commit). Without a
 * dialect named (--dialect, `#DIALECT`, or a SOURCE that is a dialect's name): every dialect, one report each.
 *
 * Compares two grammars exactly, on the minimal DFAs of each start rule both define (absolute-url-pipeline, and
 * relative-url-pipeline): the strings valid under OLD and not NEW (removed), under NEW only (added), valid under
 * both with different components (reinterpreted), the rules that changed and the schemes' versions. OLD and NEW are
 * SOURCEs (source.ts): a dialect of grammar/, a grammar directory, or rev:REV, each with an optional #DIALECT.
 *
 * The DFAs decide syntax only: the value checks (a port at most 65535, bucket names, real dates, byte ranges in
 * order, UTF-8) are not part of the comparison.
 *
 * --corpus FILE: also every input of FILE through the library built from each side (corpus.ts): the inputs whose
 * verdict, error offset or code, tree or canonical form differ.
 *
 * Exit status: 0 when nothing is removed or reinterpreted (nor, with --corpus, a valid input of the corpus made
 * invalid or read differently), 1 otherwise, 2 on a usage error or a failure.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { DFA_START_RULES } from "../dfa/config";
import { buildDialect, type DialectBuild } from "../generate";
import { listDialects } from "../grammar/manifest";
import { lookup } from "../grammar/ir";
import { buildComparisonDfas } from "./automata";
import { compareDfas, type Reinterpretation } from "./product";
import { diffRules, diffSchemeVersions, type RuleChange, type SchemeVersionChange } from "./rules-diff";
import { corpusAnswers, diffCorpus, formatCorpus, isBreaking, readCorpus, type CorpusChange } from "./corpus";
import { repositoryRoot } from "../root";
import { resolveSource, UsageError, type GrammarSource } from "./source";
import type { Component } from "./witnesses";

const USAGE = `usage: npm run grammar:compare -- [OLD NEW] [--dialect D] [--limit N] [--json] [--corpus FILE]
  OLD, NEW: a dialect of grammar/ (url-pipeline-v0, zep8), a grammar directory, or rev:REV (grammar/ at a git
  revision), each optionally followed by #DIALECT (rev:HEAD~1#zep8); --dialect D for those without one. Without
  a dialect named anywhere: every dialect, one report each. Without OLD and NEW: rev:HEAD and grammar/.
  --limit N: at most N strings of each kind per start rule (default 5). --json: one JSON object per start rule, one per line.
  --corpus FILE: also run each line of FILE through the library built from each side (about 20 s a side), and list
  the inputs whose verdict, error offset or code, tree or canonical form differ (--json: one more line, {"corpus": [...]}).`;

export interface RuleComparison {
  rule: string;
  removed: string[];
  added: string[];
  reinterpreted: Reinterpretation[];
  /** How many places each kind has (product.ts): more than listed when --limit cut the list. */
  causes: { removed: number; added: number; reinterpreted: number };
  changedRules: RuleChange[];
  schemeVersions: SchemeVersionChange[];
  /** The tags the reinterpretation search compared, and those it could not use. */
  tags: string[];
  droppedTags: { tag: string; reason: string }[];
}

/** The package's tagged rules (src/strict/tagged-rules.json), from this checkout. */
function packageTags(): string[] {
  const file = path.join(__dirname, "..", "..", "..", "src", "strict", "tagged-rules.json");
  const fallback = path.join(__dirname, "..", "..", "src", "strict", "tagged-rules.json");
  const json = JSON.parse(fs.readFileSync(fs.existsSync(file) ? file : fallback, "utf8")) as { rules: string[] };
  return json.rules;
}

export function compareBuilds(
  oldBuild: DialectBuild,
  newBuild: DialectBuild,
  limit: number,
  tags = packageTags(),
): RuleComparison[] {
  const schemeVersions = diffSchemeVersions(oldBuild.schemes, newBuild.schemes);
  return DFA_START_RULES.filter((r) => lookup(oldBuild.rules, r) && lookup(newBuild.rules, r)).map((rule) => {
    const dfas = buildComparisonDfas(oldBuild.rules, newBuild.rules, rule, tags);
    return {
      rule,
      ...compareDfas(dfas, limit),
      changedRules: diffRules(oldBuild.rules, newBuild.rules, rule),
      schemeVersions,
      tags: dfas.tags,
      droppedTags: dfas.dropped,
    };
  });
}

const show = (s: string) => JSON.stringify(s);
const components = (list: Component[]) =>
  list.length === 0 ? "(none)" : list.map((c) => `${c.tag} ${show(c.text)}`).join(", ");

export function formatReport(
  oldSrc: GrammarSource,
  newSrc: GrammarSource,
  results: RuleComparison[],
  ms: number,
): string {
  const out: string[] = [
    `OLD ${oldSrc.label} (${oldSrc.dialect})  ->  NEW ${newSrc.label} (${newSrc.dialect})`,
    "Exact for the syntax (the DFAs of each start rule); the value checks (ports <= 65535, bucket names, dates,",
    "byte ranges, UTF-8) are not compared. Each list: the shortest string for each place where the grammars part,",
    "shortest first.",
  ];
  for (const r of results) {
    out.push("", `${r.rule}:`);
    const places = (n: number, shown: number) =>
      n === 0 ? "none" : `${n} place${n === 1 ? "" : "s"}${shown < n ? `, the ${shown} shortest shown` : ""}`;
    const list = (title: string, items: string[], n: number) => {
      out.push(`  ${title}: ${places(n, items.length)}`);
      for (const s of items) out.push(`    ${show(s)}`);
    };
    list("removed (valid under OLD, not NEW)", r.removed, r.causes.removed);
    list("added (valid under NEW only)", r.added, r.causes.added);
    out.push(
      `  reinterpreted (valid under both, other components): ${places(r.causes.reinterpreted, r.reinterpreted.length)}`,
    );
    for (const x of r.reinterpreted)
      out.push(`    ${show(x.input)}`, `      OLD: ${components(x.old)}`, `      NEW: ${components(x.new)}`);
    out.push(`  components compared (tags): ${r.tags.join(", ")}`);
    if (r.droppedTags.length > 0)
      out.push(`  tags left out (the DFA cannot record them): ${r.droppedTags.map((d) => d.tag).join(", ")}`);
    const count = (c: string) => r.changedRules.filter((x) => x.change === c).length;
    out.push(`  rules: ${count("changed")} changed, ${count("added")} added, ${count("removed")} removed`);
    for (const c of r.changedRules) {
      out.push(`    ${c.change} ${c.rule}`);
      if (c.old) out.push(`      - ${c.rule} = ${c.old.abnf}   (${c.old.source})`);
      if (c.new) out.push(`      + ${c.rule} = ${c.new.abnf}   (${c.new.source})`);
      for (const a of c.additions ?? [])
        out.push(`      ${a.side === "old" ? "-" : "+"} ${c.rule} =/ ${a.abnf}   (${a.source})`);
    }
    out.push(`  scheme versions: ${r.schemeVersions.length === 0 ? "unchanged" : ""}`);
    for (const v of r.schemeVersions) out.push(`    ${v.scheme}: ${v.old ?? "(none)"} -> ${v.new ?? "(none)"}`);
  }
  const breaking = results.some((r) => r.removed.length > 0 || r.reinterpreted.length > 0);
  const next =
    "To release the change: record each changed rule in grammar/changes.json and bump its scheme's " +
    '"; @version" (docs/grammar-versions.md; npm run grammar:guard checks it)';
  out.push(
    "",
    `${breaking ? `NOT compatible: strings removed or reinterpreted. ${next}` : "compatible: nothing removed or reinterpreted"} (${ms} ms)`,
  );
  return `${out.join("\n")}\n`;
}

interface Options {
  sources: string[];
  dialect?: string;
  limit: number;
  json: boolean;
  corpus?: string;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { sources: [], limit: 5, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--json") o.json = true;
    else if (a === "--dialect" || a === "--limit" || a === "--corpus") {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      if (a === "--dialect") o.dialect = v;
      else if (a === "--corpus") {
        if (!fs.existsSync(v) || !fs.statSync(v).isFile()) throw new UsageError(`--corpus ${v}: no such file`);
        o.corpus = v;
      } else {
        if (!/^\d+$/.test(v)) throw new UsageError(`--limit must be a non-negative integer, not "${v}"`);
        o.limit = Number(v);
      }
    } else if (a === "--help" || a === "-h") throw new UsageError("");
    else if (a.startsWith("--")) throw new UsageError(`unknown option ${a}`);
    else o.sources.push(a);
  }
  if (o.sources.length !== 0 && o.sources.length !== 2) {
    throw new UsageError(
      `expected OLD and NEW (or neither: rev:HEAD and grammar/), got ${o.sources.length} argument(s)`,
    );
  }
  return o;
}

/**
 * The dialects to compare: --dialect's; else the one a SOURCE names (`zep8`, `rev:HEAD#zep8`), for both sides;
 * else every dialect of this checkout's grammar/, one report each (`npm run grammar:compare` alone: what the
 * working tree changed since the last commit, in every dialect).
 */
function dialectsToCompare(o: Options, root: string): (string | undefined)[] {
  const dialects = listDialects(path.join(root, "grammar"));
  const named = o.sources.map((s) =>
    s.includes("#") ? s.slice(s.lastIndexOf("#") + 1) : dialects.includes(s) ? s : undefined,
  );
  const one = o.dialect ?? named.find((d) => d !== undefined);
  return one !== undefined ? [one] : dialects;
}

/** Runs the command; returns the exit status. */
export function main(
  argv: string[],
  write: (s: string) => void = (s) => process.stdout.write(s),
  error: (s: string) => void = (s) => process.stderr.write(s),
  root = repositoryRoot(),
): number {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "grammar-compare-"));
  try {
    const o = parseArgs(argv);
    // By default the working tree's grammar/ against the last commit's, named as from here.
    if (o.sources.length === 0)
      o.sources = ["rev:HEAD", path.relative(process.cwd(), path.join(root, "grammar")) || "."];
    const inputs = o.corpus === undefined ? [] : readCorpus(o.corpus);
    const load = (s: GrammarSource) => {
      try {
        return buildDialect(s.dialect, s.dir);
      } catch (e) {
        throw new UsageError(`${s.label}: the grammar does not build: ${(e as Error).message}`);
      }
    };
    let breaking = false;
    for (const dialect of dialectsToCompare(o, root)) {
      const started = Date.now();
      const [oldSrc, newSrc] = o.sources.map((s) => resolveSource(s, dialect, root, tmp)) as [
        GrammarSource,
        GrammarSource,
      ];
      const results = compareBuilds(load(oldSrc), load(newSrc), o.limit);
      if (results.length === 0)
        throw new UsageError(`${oldSrc.label} and ${newSrc.label} define no start rule in common`);
      let corpus: CorpusChange[] = [];
      if (o.corpus !== undefined) {
        const progress = (step: string) => error(`grammar:compare: ${step}\n`);
        corpus = diffCorpus(
          inputs,
          corpusAnswers(oldSrc, inputs, root, tmp, progress),
          corpusAnswers(newSrc, inputs, root, tmp, progress),
        );
      }
      if (o.json) {
        for (const r of results) write(`${JSON.stringify(r)}\n`);
        if (o.corpus !== undefined)
          write(`${JSON.stringify({ corpus: corpus.map((c) => ({ ...c, breaking: isBreaking(c) })) })}\n`);
      } else {
        const report = formatReport(oldSrc, newSrc, results, Date.now() - started);
        write(o.corpus === undefined ? report : report + formatCorpus(corpus, inputs.length));
      }
      breaking ||= results.some((r) => r.removed.length > 0 || r.reinterpreted.length > 0) || corpus.some(isBreaking);
    }
    return breaking ? 1 : 0;
  } catch (e) {
    if (!(e instanceof UsageError)) {
      error(`grammar:compare: ${(e as Error).stack ?? e}\n`);
      return 2;
    }
    error(e.message ? `grammar:compare: ${e.message}\n${USAGE}\n` : `${USAGE}\n`);
    return 2;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

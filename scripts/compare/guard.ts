/**
 * The grammar's compatibility guard. The url-pipeline spec (Version 0) promises: "Any URL pipeline that is valid
 * under the current specification will remain valid, with the same interpretation, under any future version".
 * So a grammar change may add strings, but a string valid under a released grammar that becomes invalid (removed)
 * or reads differently (reinterpreted) breaks the promise, unless the change is recorded: in grammar/changes.json,
 * naming each rule that changed, the new version of the scheme whose file defines it (a scheme's "; @version"
 * header must then differ from the released one's), and the reason.
 *
 * The released grammars are kept as snapshots, grammar/releases/VERSION/ (written by `npm run grammar:release --
 * VERSION`). The decision is exact: it is grammar:compare's (product automata over the minimal DFAs), not a sample.
 * When a start rule has removals or reinterpretations, every rule that changed under it must be recorded, since
 * any of them may be the cause: over-asking, never under-asking.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { buildDialect } from "../generate";
import { listDialects } from "../grammar/manifest";
import { alteredReleaseFiles } from "../grammar/release-sums";
import { compareBuilds, type RuleComparison } from "./cli";

/** One entry of grammar/changes.json. */
export interface RecordedChange {
  /** The release whose grammar the change departs from (a folder of grammar/releases/). */
  since: string;
  dialect: string;
  /** The ABNF rule that changed. */
  rule: string;
  /** The scheme whose file defines the rule, and the version its "; @version" header now has; null for a rule of no scheme. */
  scheme: string | null;
  schemeVersion: string | null;
  reason: string;
}

export interface ChangesFile {
  about?: string;
  changes: RecordedChange[];
}

export interface GuardProblem {
  release: string;
  dialect: string;
  startRule: string;
  /** What breaks the promise: up to three strings of each kind. */
  removed: string[];
  reinterpreted: string[];
  /** Each changed rule under the start rule that the changes file does not (correctly) record, with why. */
  unrecorded: string[];
}

/** The release snapshots: the folders of `releasesDir`, each a grammar directory (with dialects/). */
export function listReleases(releasesDir: string): string[] {
  if (!fs.existsSync(releasesDir)) return [];
  return fs
    .readdirSync(releasesDir)
    .filter((d) => fs.existsSync(path.join(releasesDir, d, "dialects")))
    .sort();
}

/** Checks the grammar in `grammarDir` against every release in `releasesDir`; [] when the promise holds. */
export function guardGrammar(grammarDir: string, releasesDir: string, changes: ChangesFile): GuardProblem[] {
  const problems: GuardProblem[] = [];
  const current = listDialects(grammarDir);
  for (const release of listReleases(releasesDir)) {
    const releasedDir = path.join(releasesDir, release);
    const altered = alteredReleaseFiles(releasedDir);
    if (altered.length > 0) {
      // A kept release compared after an edit would pass whatever the edit let through.
      problems.push({
        release,
        dialect: "(all)",
        startRule: "(all)",
        removed: [],
        reinterpreted: [],
        unrecorded: altered,
      });
      continue;
    }
    for (const dialect of listDialects(releasedDir)) {
      if (!current.includes(dialect)) {
        problems.push({
          release,
          dialect,
          startRule: "(all)",
          removed: [],
          reinterpreted: [],
          unrecorded: [`the dialect ${dialect} was released in ${release} and is gone from grammar/dialects/`],
        });
        continue;
      }
      const oldBuild = buildDialect(dialect, releasedDir);
      const newBuild = buildDialect(dialect, grammarDir);
      for (const c of compareBuilds(oldBuild, newBuild, 3)) {
        if (c.removed.length === 0 && c.reinterpreted.length === 0) continue;
        const unrecorded = unrecordedChanges(c, release, dialect, newBuild.schemes, oldBuild.schemes, changes.changes);
        if (unrecorded.length === 0) continue;
        problems.push({
          release,
          dialect,
          startRule: c.rule,
          removed: c.removed,
          reinterpreted: c.reinterpreted.map((r) => r.input),
          unrecorded,
        });
      }
    }
  }
  return problems;
}

type Schemes = readonly { scheme: string; version: string; file: string }[];

function unrecordedChanges(
  c: RuleComparison,
  release: string,
  dialect: string,
  now: Schemes,
  then: Schemes,
  changes: RecordedChange[],
): string[] {
  const out: string[] = [];
  for (const change of c.changedRules) {
    // A rule other files add to with "=/" changed where an addition did: that file's scheme is the one concerned.
    const file = (change.additions?.[0] ?? change.new ?? change.old)!.source.replace(/:\d+$/, "");
    const scheme = now.find((s) => s.file === file) ?? then.find((s) => s.file === file) ?? null;
    const entry = changes.find((e) => e.since === release && e.dialect === dialect && e.rule === change.rule);
    const where = `${change.rule} (${change.change}, ${file})`;
    if (!entry) {
      out.push(`${where}: not recorded in grammar/changes.json`);
      continue;
    }
    if (!entry.reason.trim()) out.push(`${where}: its entry in grammar/changes.json gives no reason`);
    if (scheme === null) continue;
    const released = then.find((s) => s.scheme === scheme.scheme)?.version ?? null;
    const current = now.find((s) => s.scheme === scheme.scheme)?.version ?? null;
    // The bump first: until it is made, "its version now" is the released one, which the entry must not name.
    if (released === current) {
      out.push(
        `${where}: the scheme ${scheme.scheme} is still version ${current}, as released in ${release}: bump "; @version" in ${scheme.file}, ` +
          `and give the new version as the entry's "schemeVersion"`,
      );
    } else if (entry.scheme !== scheme.scheme || entry.schemeVersion !== current) {
      out.push(`${where}: its entry must name the scheme "${scheme.scheme}" and its version now, "${current}"`);
    }
  }
  return out;
}

/** The report of the problems, for the test and the command line. */
export function describeProblems(problems: GuardProblem[]): string {
  return problems
    .map((p) =>
      [
        `grammar/ breaks the compatibility promise of release ${p.release}, dialect ${p.dialect}, start rule ${p.startRule}:`,
        ...(p.removed.length > 0
          ? [`  valid in ${p.release}, invalid now: ${p.removed.map((s) => JSON.stringify(s)).join(", ")}`]
          : []),
        ...(p.reinterpreted.length > 0
          ? [`  valid in both, read differently now: ${p.reinterpreted.map((s) => JSON.stringify(s)).join(", ")}`]
          : []),
        ...p.unrecorded.map((u) => `  ${u}`),
        `  Undo the change, or record each rule in grammar/changes.json (since, dialect, rule, scheme, schemeVersion, reason) ` +
          `and bump the scheme's "; @version" (docs/grammar-versions.md).`,
      ].join("\n"),
    )
    .join("\n");
}

/** npm run grammar:guard: exit 0 when the promise holds, 1 with the report otherwise. */
function main(): void {
  const root = path.resolve(__dirname, "..", "..", "..");
  const grammar = path.join(root, "grammar");
  const changes = JSON.parse(fs.readFileSync(path.join(grammar, "changes.json"), "utf8")) as ChangesFile;
  const problems = guardGrammar(grammar, path.join(grammar, "releases"), changes);
  if (problems.length > 0) {
    console.error(describeProblems(problems));
    process.exit(1);
  }
  console.log(
    `grammar/ keeps every release's strings and meanings (${listReleases(path.join(grammar, "releases")).join(", ") || "no releases"}).`,
  );
}

if (require.main === module) main();

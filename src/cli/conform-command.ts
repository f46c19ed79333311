/**
 * `url-pipeline conform [--dialect D] [--suite FILE] [--expect FILE] -- COMMAND [ARGS ...]`: runs the conformance
 * suite against another implementation, through its adapter COMMAND (./conform-run.ts has the protocol; the suite's
 * format is docs/conformance.md). Prints a summary, then every difference grouped by what its case rests on (the
 * spec sentence, example or decision its `why` names), with that citation once per group.
 *
 * It reads its own command line (main.ts hands it over before parseArguments): what follows "--" belongs to
 * COMMAND, options included.
 *
 * Exit status: 0 every answered case agrees, or differs as the --expect file lists; 1 some case differs; 2 a usage
 * error, a suite or --expect file that cannot be read, or an adapter that cannot start, dies or leaves the protocol.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { dialectNames } from "../dialects";
import { UsageError } from "./arguments";
import { AdapterFailure, type ConformCase, type Outcome, runCases } from "./conform-run";
import { USAGE_HINT } from "./usage";

export interface ConformIo {
  stdout(s: string): unknown;
  stderr(s: string): void;
}

/** A suite file, as far as the harness reads it. */
interface SuiteFile {
  dialect?: string;
  citations?: Record<string, { section: string; text: string }>;
  cases: ConformCase[];
}

/** The suites shipped with the package: generated/conformance/DIALECT.json (two folders up from dist/cli/ and src/cli/). */
export function defaultSuite(dialect: string): string {
  return join(__dirname, "..", "..", "generated", "conformance", `${dialect}.json`);
}

interface ConformArgs {
  dialect: string | null;
  suites: string[];
  expect: string | null;
  command: string;
  args: string[];
  help: boolean;
}

function parseConformArguments(argv: readonly string[]): ConformArgs {
  const end = argv.indexOf("--");
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({
      args: end < 0 ? [...argv] : argv.slice(0, end),
      options: OPTIONS,
      strict: true,
      allowPositionals: true,
    });
  } catch (e) {
    throw new UsageError(`conform: ${((e as Error).message ?? String(e)).split("\n", 1)[0]}`);
  }
  const { values, positionals } = parsed;
  const help = values.help === true;
  const [command, ...args] = end < 0 ? [] : argv.slice(end + 1);
  if (!help) {
    if (positionals.length > 0)
      throw new UsageError(`conform runs the COMMAND after "--": write conform -- ${positionals.join(" ")}`);
    if (command === undefined || command === "")
      throw new UsageError('conform needs a COMMAND after "--" (the implementation\'s adapter)');
  }
  const dialect = values.dialect ?? null;
  if (dialect !== null && !(dialectNames() as string[]).includes(dialect)) {
    throw new UsageError(`unknown dialect "${dialect.slice(0, 40)}": the dialects are ${dialectNames().join(", ")}`);
  }
  return { dialect, suites: values.suite ?? [], expect: values.expect ?? null, command: command ?? "", args, help };
}

const OPTIONS = {
  dialect: { type: "string" },
  suite: { type: "string", multiple: true },
  expect: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** A file the run needs and cannot read: exit status 2, with what is wrong. */
class InputError extends Error {}

function readJson(file: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new InputError(`cannot read the ${what} ${file}: ${(e as Error).message}`);
  }
}

function readSuite(file: string): SuiteFile {
  const suite = readJson(file, "suite") as SuiteFile;
  if (typeof suite !== "object" || suite === null || !Array.isArray(suite.cases))
    throw new InputError(`the suite ${file} has no "cases" array`);
  return suite;
}

/**
 * The ids of the known differences: a JSON array of ids (or of {"id", "note"?}), or an object whose keys are ids
 * (each value a note).
 */
function readExpected(file: string): Set<string> {
  const json = readJson(file, "--expect file");
  if (Array.isArray(json))
    return new Set(json.map((e) => (typeof e === "string" ? e : String((e as { id?: unknown }).id))));
  if (typeof json === "object" && json !== null) return new Set(Object.keys(json));
  throw new InputError(`the --expect file ${file} is neither an array of ids nor an object keyed by id`);
}

export interface ConformReport {
  outcomes: Outcome[];
  citations: Map<string, { section: string; text: string }>;
}

/** Reads the suites (--suite, or the package's own for --dialect or every dialect), keeping --dialect's cases. */
function suiteCases(a: ConformArgs): { cases: ConformCase[]; citations: ConformReport["citations"] } {
  const files =
    a.suites.length > 0 ? a.suites : a.dialect ? [defaultSuite(a.dialect)] : dialectNames().map(defaultSuite);
  const cases: ConformCase[] = [];
  const citations: ConformReport["citations"] = new Map();
  for (const file of files) {
    const suite = readSuite(file);
    for (const [k, v] of Object.entries(suite.citations ?? {})) citations.set(k, v);
    for (const c of suite.cases) if (a.dialect === null || c.dialect === a.dialect) cases.push(c);
  }
  return { cases, citations };
}

export async function conformCommand(argv: readonly string[], io: ConformIo, usage: string): Promise<number> {
  let a: ConformArgs;
  try {
    a = parseConformArguments(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`url-pipeline: ${e.message}\n${USAGE_HINT}`);
    return 2;
  }
  if (a.help) {
    io.stdout(usage);
    return 0;
  }
  let outcomes: Outcome[];
  let citations: ConformReport["citations"];
  let expected: Set<string>;
  try {
    const read = suiteCases(a);
    citations = read.citations;
    expected = a.expect === null ? new Set() : readExpected(a.expect);
    outcomes = await runCases(read.cases, a.command, a.args, {
      stderr: (line) => io.stderr(`${a.command}: ${line}\n`),
    });
  } catch (e) {
    if (!(e instanceof InputError) && !(e instanceof AdapterFailure)) throw e;
    io.stderr(`url-pipeline conform: ${e.message}\n`);
    return 2;
  }
  const report = conformReport(outcomes, citations, expected);
  io.stdout(report.text);
  return report.failed ? 1 : 0;
}

/** How one case is shown in a report: its id, op, question, and what differs. */
function caseLine(o: Outcome): string {
  const c = o.case;
  const clip = (s: string) => JSON.stringify(s.length > 100 ? `${s.slice(0, 100)}...` : s);
  const question = c.base !== undefined ? `${clip(c.base)} + ${clip(c.input)}` : clip(c.input);
  return `  ${c.id} ${c.op} ${question}: ${o.difference}`;
}

/**
 * The report's text: a summary line per dialect and op, then the differences grouped by their cases' `why` (the
 * largest group first), each group headed by its citation, and the known differences that now agree.
 */
export function conformReport(
  outcomes: readonly Outcome[],
  citations: ConformReport["citations"],
  expected: ReadonlySet<string>,
): { text: string; failed: boolean } {
  const lines: string[] = [];
  const tally = new Map<string, Record<string, number>>();
  for (const o of outcomes) {
    const key = `${o.case.dialect} ${o.case.op}`;
    const t = tally.get(key) ?? { agrees: 0, differs: 0, known: 0, unsupported: 0 };
    const known = o.verdict === "differs" && expected.has(o.case.id);
    t[known ? "known" : o.verdict] = (t[known ? "known" : o.verdict] ?? 0) + 1;
    tally.set(key, t);
  }
  const differing = outcomes.filter((o) => o.verdict === "differs" && !expected.has(o.case.id));
  const known = outcomes.filter((o) => o.verdict === "differs" && expected.has(o.case.id)).length;
  const unsupported = outcomes.filter((o) => o.verdict === "unsupported").length;
  const agree = outcomes.filter((o) => o.verdict === "agrees").length;
  lines.push(
    `url-pipeline conform: ${outcomes.length} cases: ${agree} agree, ${differing.length} differ, ${known} known differences, ${unsupported} unsupported`,
  );
  for (const [key, t] of [...tally].sort(([x], [y]) => x.localeCompare(y))) {
    lines.push(`  ${key}: ${t.agrees} agree, ${t.differs} differ, ${t.known} known, ${t.unsupported} unsupported`);
  }
  const groups = new Map<string, Outcome[]>();
  for (const o of differing) groups.set(o.case.why, [...(groups.get(o.case.why) ?? []), o]);
  for (const [why, group] of [...groups].sort(([x, a], [y, b]) => b.length - a.length || x.localeCompare(y))) {
    const citation = citations.get(why);
    lines.push(
      "",
      `${citation?.section ?? why} (${why}): ${group.length} ${group.length === 1 ? "difference" : "differences"}`,
    );
    if (citation) lines.push(`  "${citation.text}"`);
    for (const o of group) lines.push(caseLine(o));
  }
  const stale = outcomes.filter((o) => o.verdict === "agrees" && expected.has(o.case.id)).map((o) => o.case.id);
  if (stale.length > 0) lines.push("", `listed in --expect but agreeing now (${stale.length}): ${stale.join(", ")}`);
  return { text: `${lines.join("\n")}\n`, failed: differing.length > 0 };
}

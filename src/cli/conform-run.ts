/**
 * The conformance protocol (docs/conformance.md): starts an implementation's adapter, sends it each case as one JSON
 * object per line on its standard input, reads one answer per line from its standard output, and compares each
 * answer with the case's expected one. Cases are sent as the adapter takes them (waiting for its standard input to
 * drain) while its answers are read as they come, so neither side waits on the other however large the suite;
 * its standard input ends after the last case, so an adapter may also read every case before it answers.
 *
 * Requests: {"id", "op", "dialect", "input", "base"?}. Answers: {"id", "valid", "offset"?} (validate),
 * {"id", "output"} (normalize, kind, resolve, parse; null when refused), {"id", "unsupported": true} (an op the
 * adapter does not implement). A missing offset is not compared.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** A case of a suite (generated/conformance/DIALECT.json): the question and the expected answer. */
export interface ConformCase {
  id: string;
  op: string;
  dialect: string;
  input: string;
  base?: string;
  valid?: boolean;
  offset?: number;
  kind?: string;
  code?: string;
  output?: unknown;
  why: string;
}

/** What an adapter answered. */
export interface ConformAnswer {
  id: string;
  valid?: unknown;
  offset?: unknown;
  output?: unknown;
  unsupported?: unknown;
  /** Anything else the adapter says (a refusal's message, say): kept for reports, never compared. */
  [other: string]: unknown;
}

export type Verdict = "agrees" | "differs" | "unsupported";

export interface Outcome {
  case: ConformCase;
  answer: ConformAnswer;
  verdict: Verdict;
  /** What differs, in a sentence (verdict "differs"). */
  difference?: string;
}

/** The adapter could not be run to the end: it did not start, died, or answered outside the protocol. */
export class AdapterFailure extends Error {}

/** The request of a case: the question alone, never the expected answer. */
export function request(c: ConformCase): string {
  const q: Record<string, string> = { id: c.id, op: c.op, dialect: c.dialect };
  if (c.base !== undefined) q.base = c.base;
  q.input = c.input;
  return `${JSON.stringify(q)}\n`;
}

/** Whether the answer agrees with the case, and if not, what differs. */
export function compare(c: ConformCase, a: ConformAnswer): Omit<Outcome, "case" | "answer"> {
  if (a.unsupported === true) return { verdict: "unsupported" };
  if (c.op === "validate") {
    if (typeof a.valid !== "boolean") return { verdict: "differs", difference: "the answer has no boolean valid" };
    if (a.valid !== c.valid)
      return {
        verdict: "differs",
        difference: `expected ${expectedVerdict(c)}, got ${a.valid ? "valid" : answeredRefusal(a)}`,
      };
    // A missing offset is not compared: an implementation may know only the verdict.
    if (!c.valid && a.offset !== undefined && a.offset !== null && a.offset !== c.offset) {
      return { verdict: "differs", difference: `expected ${expectedVerdict(c)}, got ${answeredRefusal(a)}` };
    }
    return { verdict: "agrees" };
  }
  if (!("output" in a)) return { verdict: "differs", difference: "the answer has no output" };
  if (sameJson(a.output, c.output ?? null)) return { verdict: "agrees" };
  return {
    verdict: "differs",
    difference: `expected ${showOutput(c.output ?? null, c.code)}, got ${showOutput(a.output, undefined)}`,
  };
}

function expectedVerdict(c: ConformCase): string {
  return c.valid ? "valid" : `invalid at offset ${c.offset} (${c.code})`;
}

function answeredRefusal(a: ConformAnswer): string {
  return typeof a.offset === "number" ? `invalid at offset ${a.offset}` : "invalid";
}

function showOutput(output: unknown, code: string | undefined): string {
  if (output === null) return code ? `a refusal (${code})` : "a refusal";
  return JSON.stringify(output);
}

/** Deep equality of JSON values; object keys in any order. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** How long an adapter may take to exit once every case is answered and its standard input has ended. */
const EXIT_GRACE_MS = 5000;

export interface RunOptions {
  /** Where the adapter's standard error goes (a line at a time); by default, nowhere. */
  stderr?: (line: string) => void;
  /** The adapter's working directory. */
  cwd?: string;
}

/**
 * Runs `command` with `args` over `cases` and returns each case's outcome, in the cases' order. Throws
 * AdapterFailure when the adapter cannot be started, ends before answering every case, or writes a line that is not
 * an answer to a case it was sent (not JSON, no id, an unknown id, a second answer).
 */
export function runCases(
  cases: readonly ConformCase[],
  command: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<Outcome[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"], cwd: options.cwd });
    const byId = new Map(cases.map((c) => [c.id, c]));
    const answers = new Map<string, ConformAnswer>();
    let settled = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      child.kill();
      reject(new AdapterFailure(message));
    };
    const show = `"${[command, ...args].join(" ")}"`;
    child.on("error", (e) => fail(`cannot run ${show}: ${e.message}`));
    // Writes after the adapter is gone fail with EPIPE; its exit is the failure to report.
    child.stdin.on("error", () => {});
    const stderr = createInterface({ input: child.stderr, crlfDelay: Infinity });
    stderr.on("line", (line) => options.stderr?.(line));
    const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
    lines.on("line", (line) => {
      if (settled || line.trim() === "") return;
      let a: ConformAnswer;
      try {
        a = JSON.parse(line) as ConformAnswer;
      } catch {
        return fail(`${show} wrote a line that is not JSON: ${line.slice(0, 200)}`);
      }
      if (typeof a !== "object" || a === null || typeof a.id !== "string")
        return fail(`${show} wrote an answer without an "id": ${line.slice(0, 200)}`);
      if (!byId.has(a.id)) return fail(`${show} answered the id ${JSON.stringify(a.id)}, which it was not sent`);
      if (answers.has(a.id)) return fail(`${show} answered ${JSON.stringify(a.id)} twice`);
      answers.set(a.id, a);
      if (answers.size === cases.length) finishing();
    });
    // Every case answered: an adapter that does not exit once its standard input has ended is stopped.
    const finishing = () => setTimeout(() => child.kill(), EXIT_GRACE_MS).unref();
    child.on("close", (code, signal) => {
      if (settled) return;
      if (answers.size < cases.length) {
        const how = signal ? `was killed by ${signal}` : `exited with status ${code}`;
        return fail(`${show} ${how} after answering ${answers.size} of ${cases.length} cases`);
      }
      settled = true;
      resolve(
        cases.map((c) => {
          const answer = answers.get(c.id)!;
          return { case: c, answer, ...compare(c, answer) };
        }),
      );
    });
    if (cases.length === 0) finishing();
    void send(child.stdin, cases, () => settled);
  });
}

/** Writes each request, waiting for the pipe to drain when it is full; stops when the run is over. */
async function send(
  stdin: NodeJS.WritableStream & { writableNeedDrain?: boolean; destroyed?: boolean },
  cases: readonly ConformCase[],
  over: () => boolean,
): Promise<void> {
  let batch = "";
  for (const c of cases) {
    if (over() || stdin.destroyed) return;
    batch += request(c);
    if (batch.length < 1 << 14) continue;
    const more = stdin.write(batch);
    batch = "";
    if (!more) await drained(stdin);
  }
  // The end of its standard input tells the adapter there is no more (one that answers at the end needs it).
  if (!over() && !stdin.destroyed) stdin.end(batch);
}

function drained(stdin: NodeJS.WritableStream & { destroyed?: boolean }): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stdin.off("drain", done);
      stdin.off("close", done);
      stdin.off("error", done);
      resolve();
    };
    stdin.on("drain", done);
    stdin.on("close", done);
    stdin.on("error", done);
  });
}

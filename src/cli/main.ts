/**
 * The url-pipeline command.
 *
 *   url-pipeline check [--dialect D] [--rule NAME] [--max-length N] [--max-sub-urls N] [--json] [--] [INPUT ...]
 *   url-pipeline parse [--dialect D] [--rule NAME] [--max-length N] [--max-sub-urls N] [--] INPUT
 *
 * Exit status: 0 all inputs valid, 1 some input invalid, 2 usage error (unknown command, option, dialect or rule,
 * bad limit) or failure (standard input unreadable, standard output closed; see bin.ts).
 */
import { getDialect, resolveRule } from "../dialects";
import { showChar } from "../errors";
import { DEFAULT_MAX_LENGTH, DEFAULT_MAX_SUB_URLS, validate, type ParseOptions } from "../parse";
import { schemesOf } from "../tree/schemes";
import type { DialectName } from "../tree/nodes";

export interface Io {
  stdout(s: string): void;
  stderr(s: string): void;
  stdin(): string;
}

export const USAGE = `usage:
  url-pipeline check [OPTIONS] [--json] [--] [INPUT ...]
      Check each INPUT (or each line of standard input) against the grammar.
      --json: one JSON object per input: {"input", "valid", "schemes"?, "error"?: {"offset", "message"}}
  url-pipeline parse [OPTIONS] [--] INPUT
      Print the syntax tree as JSON, or the error on standard error.

  --dialect D         url-pipeline-v0 (default) or zep8
  --rule NAME         an ABNF rule of the dialect (default absolute-url-pipeline), e.g. URI, IPv6address
  --max-length N      refuse inputs longer than N UTF-16 code units (default ${DEFAULT_MAX_LENGTH})
  --max-sub-urls N    refuse inputs with more than N "|"-separated sub-URLs (default ${DEFAULT_MAX_SUB_URLS})
                      N: a non-negative integer, or Infinity for no limit
exit status: 0 valid, 1 invalid (a limit exceeded included), 2 usage error or failure (unreadable standard
input, standard output closed early, an internal error; a message on standard error)
`;

class UsageError extends Error {}

interface Args {
  command: string;
  options: ParseOptions;
  json: boolean;
  inputs: string[];
}

function parseArgs(argv: string[]): Args {
  const [command, ...rest] = argv;
  if (command !== "check" && command !== "parse") {
    throw new UsageError(command === undefined ? "no command given" : `unknown command "${command}"`);
  }
  const options: ParseOptions = {};
  let json = false;
  const inputs: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const value = () => {
      const v = rest[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === "--") {
      // A loop, not push(...rest): spreading a huge argument list into a call can overflow the stack.
      for (const input of rest.slice(i + 1)) inputs.push(input);
      break;
    } else if (arg === "--dialect") options.dialect = value() as DialectName;
    else if (arg.startsWith("--dialect=")) options.dialect = arg.slice("--dialect=".length) as DialectName;
    else if (arg === "--rule") options.rule = value();
    else if (arg.startsWith("--rule=")) options.rule = arg.slice("--rule=".length);
    else if (arg === "--max-length") options.maxLength = limit(arg, value());
    else if (arg.startsWith("--max-length=")) options.maxLength = limit("--max-length", arg.slice(13));
    else if (arg === "--max-sub-urls") options.maxSubUrls = limit(arg, value());
    else if (arg.startsWith("--max-sub-urls=")) options.maxSubUrls = limit("--max-sub-urls", arg.slice(15));
    else if (arg === "--json" && command === "check") json = true;
    else if (arg.startsWith("-") && arg !== "-" && arg.length > 1) throw new UsageError(`unknown option "${arg}" for ${command}`);
    else inputs.push(arg);
  }
  try {
    resolveRule(getDialect(options.dialect), options.rule);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  return { command, options, json, inputs };
}

/** N of --max-length N / --max-sub-urls N: decimal digits or "Infinity". */
function limit(option: string, text: string): number {
  if (text === "Infinity") return Infinity;
  if (/^[0-9]+$/.test(text)) return Number(text);
  const shown = [...text.slice(0, 40)].map(showChar).join("");
  throw new UsageError(`${option} takes a non-negative integer or Infinity, not "${shown}"`);
}

export async function main(argv: string[], io: Io): Promise<number> {
  if (argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h" || argv[0] === "help")) {
    io.stdout(USAGE);
    return 0;
  }
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`url-pipeline: ${e.message}\n${USAGE}`);
    return 2;
  }
  return args.command === "check" ? check(args, io) : parseCommand(args, io);
}

/** Standard input, one input per line; the line break after the last line does not add an empty input. */
function stdinLines(io: Io): string[] {
  const text = io.stdin();
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

function check(args: Args, io: Io): number {
  const inputs = args.inputs.length > 0 ? args.inputs : stdinLines(io);
  let status = 0;
  for (const input of inputs) {
    const r = validate(input, args.options);
    if (!r.valid) status = 1;
    if (args.json) {
      // "schemes" only when there are sub-URLs: not for rules such as URI or IPv6address.
      const hasSubUrls = r.valid && (r.pipeline.type !== "rule-match" || r.pipeline.subUrl !== null);
      io.stdout(JSON.stringify(r.valid
        ? { input, valid: true, ...(hasSubUrls ? { schemes: schemesOf(r.pipeline) } : {}) }
        : { input, valid: false, error: { offset: r.error.offset, message: r.error.message } }) + "\n");
    } else if (r.valid) {
      const schemes = schemesOf(r.pipeline);
      io.stdout(`valid: ${show(input)}${schemes.length > 0 ? `  [${schemes.join(" | ")}]` : ""}\n`);
    } else {
      io.stdout(`invalid: ${r.error.format()}\n`);
    }
  }
  return status;
}

function parseCommand(args: Args, io: Io): number {
  if (args.inputs.length !== 1) {
    io.stderr(`url-pipeline: parse takes exactly one INPUT\n${USAGE}`);
    return 2;
  }
  const r = validate(args.inputs[0]!, args.options);
  if (!r.valid) {
    io.stderr(`${r.error.format()}\n`);
    return 1;
  }
  io.stdout(JSON.stringify(r.pipeline, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2) + "\n");
  return 0;
}

function show(s: string): string {
  return [...s].map(showChar).join("");
}

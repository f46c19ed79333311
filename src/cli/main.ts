/**
 * The url-pipeline command.
 *
 *   url-pipeline check [OPTIONS] [--json] [--] [INPUT ...]
 *   url-pipeline parse [OPTIONS] [--] INPUT
 *   url-pipeline normalize [--dialect D] [--] INPUT
 *   url-pipeline resolve [--dialect D] [--] BASE REFERENCE
 *   url-pipeline kind [--dialect D] [--] INPUT
 *   url-pipeline complete [--dialect D] [--json] [--] PARTIAL
 *   url-pipeline from-path --posix|--windows [--] PATH
 *   url-pipeline to-path --posix|--windows [--] URL
 *
 * Exit status: 0 all inputs valid, 1 some input invalid (or, for the other commands, an error), 2 usage error
 * (unknown command, option, dialect or rule, bad limit, wrong number of arguments) or failure (standard input
 * unreadable, standard output closed; see bin.ts).
 */
import { getDialect, resolveRule } from "../dialects";
import { completeCommand } from "./complete-command";
import { showChar, UrlPipelineSyntaxError } from "../errors";
import { FilePathError, fromPath, toPath, type PathFlavor } from "../meaning/file-path";
import { format } from "../meaning/format";
import { kind, KindError } from "../meaning/kind";
import { normalize } from "../meaning/normalize";
import { resolve, ResolveError, type DotDotPolicy, type ResolveOptions } from "../meaning/resolve";
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
      Check each INPUT (or each line of standard input) against the grammar. After each answer, one line
      "  hint: MESSAGE" per hint, then "        try: REPLACEMENT" when it has a fix (a valid input).
      --json: one JSON object per input: {"input", "valid", "schemes"?, "error"?: {"offset", "message"},
      "hints": [{"message", "replacement"?}]}
  url-pipeline parse [OPTIONS] [--] INPUT
      Print the syntax tree as JSON, or the error on standard error.
  url-pipeline normalize [OPTIONS] [--] INPUT
      Print the canonical spelling of INPUT.
  url-pipeline resolve [OPTIONS] [--dotdot P] [--above-root A] [--] BASE REFERENCE
      Print the absolute pipeline REFERENCE names, relative to BASE (ZEP 8 relative pipelines: --dialect zep8).
      --dotdot allow|forbid|N: the ".." adapters REFERENCE may have (default allow; ZEP 8: implementations
      "SHOULD place limits on where this scheme is permitted"). normalize takes it too, for INPUT's "..".
      --above-root error|clamp: a path's ".." segments that climb above the root of a sub-URL with no
      authority (zip:a and ../../b) are an error (default), or dropped as RFC 3986 5.2.4 does.
  url-pipeline kind [OPTIONS] [--] INPUT
      Print the kind of resource INPUT names: file, directory, file-or-directory, or in the dialect's words
      dataset (zep8), array, array-or-array-group, array-or-other (url-pipeline-v0); unknown after a vendor scheme.
  url-pipeline complete [--dialect D] [--json] [--] PARTIAL
      Print the ways to continue PARTIAL, best first, one per line: COMPLETION, two spaces, LABEL (KIND: DETAIL).
      --json: one JSON object: {"candidates": [{"completion", "label", "kind", "detail"?}]}. Exit 0, also with none.
  url-pipeline from-path --posix|--windows [--] PATH
      Print the file: URL of a local path (RFC 8089).
  url-pipeline to-path --posix|--windows [--] URL
      Print the local path of a file: URL.

  --dialect D         url-pipeline-v0 (default) or zep8
  --rule NAME         (check, parse) an ABNF rule of the dialect (default absolute-url-pipeline), e.g. URI
  --max-length N      (check, parse, normalize, resolve, kind) refuse inputs longer than N UTF-16 code units (default ${DEFAULT_MAX_LENGTH})
  --max-sub-urls N    refuse inputs with more than N "|"-separated sub-URLs (default ${DEFAULT_MAX_SUB_URLS})
                      N: a non-negative integer, or Infinity for no limit
exit status: 0 valid, 1 invalid or an error (a limit exceeded included; the error on standard error, except for
check, which prints one answer per input), 2 usage error or failure (unreadable standard input, standard output
closed early, an internal error; a message on standard error)
`;

/** Each command: how many INPUTs it takes (null: any number) and the options it accepts. */
const PIPELINE_OPTIONS = ["--dialect", "--max-length", "--max-sub-urls"];
const COMMANDS: Record<string, { arity: number | null; options: string[] }> = {
  check: { arity: null, options: [...PIPELINE_OPTIONS, "--rule", "--json"] },
  parse: { arity: 1, options: [...PIPELINE_OPTIONS, "--rule"] },
  normalize: { arity: 1, options: [...PIPELINE_OPTIONS, "--dotdot", "--above-root"] },
  resolve: { arity: 2, options: [...PIPELINE_OPTIONS, "--dotdot", "--above-root"] },
  kind: { arity: 1, options: PIPELINE_OPTIONS },
  complete: { arity: 1, options: ["--dialect", "--json"] },
  "from-path": { arity: 1, options: ["--posix", "--windows"] },
  "to-path": { arity: 1, options: ["--posix", "--windows"] },
};
const PATH_COMMANDS = new Set(["from-path", "to-path"]);

class UsageError extends Error {}

interface Args {
  command: string;
  options: ParseOptions;
  /** resolve, normalize: --dotdot, --above-root. */
  resolution: Pick<ResolveOptions, "dotdot" | "aboveRoot">;
  json: boolean;
  flavor: PathFlavor | null;
  inputs: string[];
}

function parseArgs(argv: string[]): Args {
  const [command, ...rest] = argv;
  const spec = command === undefined ? undefined : Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (command === undefined || spec === undefined) {
    throw new UsageError(command === undefined ? "no command given" : `unknown command "${command}"`);
  }
  const options: ParseOptions = {};
  const resolution: Args["resolution"] = {};
  let json = false;
  let flavor: PathFlavor | null = null;
  const inputs: string[] = [];
  const allowed = (flag: string) => spec.options.includes(flag);
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const flag = arg.split("=", 1)[0]!;
    const value = () => {
      const v = rest[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === "--") {
      // A loop, not push(...rest): spreading a huge argument list into a call can overflow the stack.
      for (const input of rest.slice(i + 1)) inputs.push(input);
      break;
    }
    if (arg.startsWith("-") && arg !== "-" && arg.length > 1 && !allowed(flag)) {
      throw new UsageError(`unknown option "${arg}" for ${command}`);
    }
    if (arg === "--dialect") options.dialect = value() as DialectName;
    else if (arg.startsWith("--dialect=")) options.dialect = arg.slice("--dialect=".length) as DialectName;
    else if (arg === "--rule") options.rule = value();
    else if (arg.startsWith("--rule=")) options.rule = arg.slice("--rule=".length);
    else if (arg === "--max-length") options.maxLength = limit(arg, value());
    else if (arg.startsWith("--max-length=")) options.maxLength = limit("--max-length", arg.slice(13));
    else if (arg === "--max-sub-urls") options.maxSubUrls = limit(arg, value());
    else if (arg.startsWith("--max-sub-urls=")) options.maxSubUrls = limit("--max-sub-urls", arg.slice(15));
    else if (arg === "--dotdot") resolution.dotdot = dotdotPolicy(value());
    else if (arg.startsWith("--dotdot=")) resolution.dotdot = dotdotPolicy(arg.slice("--dotdot=".length));
    else if (arg === "--above-root") resolution.aboveRoot = aboveRoot(value());
    else if (arg.startsWith("--above-root=")) resolution.aboveRoot = aboveRoot(arg.slice("--above-root=".length));
    else if (arg === "--json") json = true;
    else if (arg === "--posix" || arg === "--windows") {
      const f = arg === "--posix" ? "posix" : "windows";
      if (flavor !== null && flavor !== f) throw new UsageError(`${command} takes one of --posix and --windows`);
      flavor = f;
    } else inputs.push(arg);
  }
  if (PATH_COMMANDS.has(command) && flavor === null) throw new UsageError(`${command} needs --posix or --windows`);
  if (spec.arity !== null && inputs.length !== spec.arity) {
    const what = spec.arity === 2 ? "exactly two arguments, BASE and REFERENCE" : `exactly one ${PATH_COMMANDS.has(command) ? (command === "from-path" ? "PATH" : "URL") : "INPUT"}`;
    throw new UsageError(`${command} takes ${what}`);
  }
  if (!PATH_COMMANDS.has(command)) {
    try {
      resolveRule(getDialect(options.dialect), options.rule);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  return { command, options, resolution, json, flavor, inputs };
}

/** P of --dotdot P: allow, forbid, or the most ".." adapters a reference may have (N, or Infinity). */
function dotdotPolicy(text: string): DotDotPolicy {
  if (text === "allow" || text === "forbid") return text;
  if (text === "Infinity" || /^[0-9]+$/.test(text)) return { max: Number(text) };
  throw new UsageError(`--dotdot takes allow, forbid, or a non-negative integer N, not "${[...text.slice(0, 40)].map(showChar).join("")}"`);
}

/** A of --above-root A. */
function aboveRoot(text: string): "error" | "clamp" {
  if (text === "error" || text === "clamp") return text;
  throw new UsageError(`--above-root takes error or clamp, not "${[...text.slice(0, 40)].map(showChar).join("")}"`);
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
  switch (args.command) {
    case "check":
      return check(args, io);
    case "parse":
      return parseCommand(args, io);
    case "complete":
      return completeCommand(args.inputs[0]!, { dialect: args.options.dialect }, args.json, io);
    default:
      return meaningCommand(args, io);
  }
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
      // "hints": always, each with exactly "message" and, when there is one, "replacement".
      const hints = r.hints.map((h) => (h.replacement === undefined ? { message: h.message } : { message: h.message, replacement: h.replacement }));
      io.stdout(JSON.stringify(r.valid
        ? { input, valid: true, ...(hasSubUrls ? { schemes: schemesOf(r.pipeline) } : {}), hints }
        : { input, valid: false, error: { offset: r.error.offset, message: r.error.message }, hints }) + "\n");
    } else {
      if (r.valid) {
        const schemes = schemesOf(r.pipeline);
        io.stdout(`valid: ${show(input)}${schemes.length > 0 ? `  [${schemes.join(" | ")}]` : ""}\n`);
      } else {
        io.stdout(`invalid: ${r.error.format()}\n`);
      }
      for (const h of r.hints) {
        io.stdout(`  hint: ${show(h.message)}\n${h.replacement === undefined ? "" : `        try: ${show(h.replacement)}\n`}`);
      }
    }
  }
  return status;
}

function parseCommand(args: Args, io: Io): number {
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

/** normalize, resolve, kind, from-path, to-path: one answer on standard output, or the error on standard error. */
function meaningCommand(args: Args, io: Io): number {
  const [first, second] = args.inputs as [string, string];
  const { dialect, maxLength, maxSubUrls } = args.options;
  const options = { dialect, maxLength, maxSubUrls };
  try {
    switch (args.command) {
      case "normalize":
        io.stdout(`${normalize(first, { ...options, ...args.resolution })}\n`);
        break;
      case "resolve":
        io.stdout(`${format(resolve(first, second, { ...options, ...args.resolution }))}\n`);
        break;
      case "kind":
        io.stdout(`${kind(first, options)}\n`);
        break;
      case "from-path":
        io.stdout(`${fromPath(first, { flavor: args.flavor! })}\n`);
        break;
      case "to-path":
        io.stdout(`${toPath(first, { flavor: args.flavor! })}\n`);
        break;
    }
    return 0;
  } catch (e) {
    if (e instanceof UrlPipelineSyntaxError) io.stderr(`${e.format()}\n`);
    else if (e instanceof KindError || e instanceof ResolveError || e instanceof FilePathError) io.stderr(`url-pipeline ${args.command}: ${e.message}\n`);
    else throw e;
    return 1;
  }
}

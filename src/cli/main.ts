/**
 * The url-pipeline command.
 *
 *   url-pipeline check [OPTIONS] [--json] [--portability] [--] [INPUT ...]
 *   url-pipeline parse [OPTIONS] [--] INPUT
 *   url-pipeline normalize [OPTIONS] [--] INPUT
 *   url-pipeline resolve [OPTIONS] [--] BASE REFERENCE
 *   url-pipeline kind [OPTIONS] [--] INPUT
 *   url-pipeline complete [--dialect D] [--json] [--] PARTIAL
 *   url-pipeline schemes [--dialect D] [--json]
 *   url-pipeline from-path --posix|--windows [--] PATH
 *   url-pipeline to-path --posix|--windows [--] URL
 *   url-pipeline translate (--from S | --to S) [OPTIONS] [--json] [--] INPUT
 *   url-pipeline help [COMMAND] | COMMAND --help | --help | --version
 *
 * Arguments are read by util.parseArgs (strict: an option a command does not take is a usage error). A usage
 * error prints one line saying what is wrong, and one saying where the manual is, on standard error.
 *
 * Exit status: 0 all inputs valid, 1 some input invalid (or, for the other commands, an error), 2 usage error
 * (unknown command, option, dialect or rule, bad limit, wrong number of arguments) or failure (standard input
 * unreadable, an internal error; see bin.ts); 0 when standard output is closed early (the reader went away).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { getDialect, resolveRule } from "../dialects";
import { UrlPipelineSyntaxError } from "../errors";
import { FilePathError, fromPath, toPath, type PathFlavor } from "../meaning/file-path";
import { kind, KindError } from "../meaning/kind";
import { normalize } from "../meaning/normalize";
import { resolve, ResolveError, type DotDotPolicy, type ResolveOptions } from "../meaning/resolve";
import { validate } from "../validation";
import { DEFAULT_MAX_LENGTH, DEFAULT_MAX_SUB_URLS, type ParseOptions } from "../parse";
import type { DialectName } from "../tree/nodes";
import { TRANSLATE_SYNTAXES, type ForeignSyntax, type FsspecCompression, type TranslateOptions } from "../translate";
import { checkCommand, show, type CheckIo } from "./check-command";
import { completeCommand } from "./complete-command";
import { schemesCommand } from "./schemes-command";
import { translateCommand } from "./translate-command";

export type Io = CheckIo;

/** Each command: how many INPUTs it takes (null: any number), the options it takes, and its part of the manual. */
const PIPELINE_OPTIONS = ["dialect", "max-length", "max-sub-urls"];
const COMMANDS: Record<string, { arity: number | null; options: string[]; usage: string }> = {
  check: {
    arity: null,
    options: [...PIPELINE_OPTIONS, "rule", "json", "portability"],
    usage: `  url-pipeline check [OPTIONS] [--json] [--portability] [--] [INPUT ...]
      Check each INPUT, or each line of standard input, answering each line as it is read. Standard input is
      UTF-8: a BOM at its start is dropped, CRLF line breaks are accepted, empty lines are skipped, and a line
      that is not UTF-8 is invalid at its first byte that is not. An answer to a line of standard input starts
      with "line N: " (N counts every line). After each answer, one line "  hint: MESSAGE"
      per hint, then "        try: REPLACEMENT" when it has a fix (a valid input). A valid input's hints are
      portability advice, shown with --portability.
      --json: one JSON object per input: {"input", "line"?, "valid", "schemes"?, "error"?: {"offset", "message", "kind", "code"},
      "hints": [{"code", "message", "replacement"?}]}; kind is syntax, value or limit
      --portability: also a valid input's hints (file:/p that TensorStore refuses, a v0 version ZEP 8 readers
      drop), and how TensorStore, Neuroglancer and zarr-python read each input, one line each after
      its hints: "  IMPLEMENTATION VERSION: READS: DETAIL", READS being same, differently, refuses or unknown
      (with --json: "portability": [{"implementation", "version", "reads", "detail", "canonical"?}]). For
      pipelines: not with a --rule other than absolute-url-pipeline. The exit status is still validity's.
`,
  },
  parse: {
    arity: 1,
    options: [...PIPELINE_OPTIONS, "rule"],
    usage: `  url-pipeline parse [OPTIONS] [--] INPUT
      Print the syntax tree as JSON, or the error on standard error.
`,
  },
  normalize: {
    arity: 1,
    options: [...PIPELINE_OPTIONS, "dotdot", "above-root"],
    usage: `  url-pipeline normalize [OPTIONS] [--dotdot P] [--above-root A] [--] INPUT
      Print the canonical spelling of INPUT (--dotdot and --above-root: see resolve; for INPUT's "..").
`,
  },
  resolve: {
    arity: 2,
    options: [...PIPELINE_OPTIONS, "dotdot", "above-root"],
    usage: `  url-pipeline resolve [OPTIONS] [--dotdot P] [--above-root A] [--] BASE REFERENCE
      Print the absolute pipeline REFERENCE names, relative to BASE (ZEP 8 relative pipelines: --dialect zep8).
      --dotdot allow|forbid|N: the ".." adapters REFERENCE may have (default allow; ZEP 8: implementations
      "SHOULD place limits on where this scheme is permitted").
      --above-root error|clamp: a path's ".." segments that climb above the root of a sub-URL with no
      host or bucket (zip:a and ../../b; ocdbt:@v1/a and ../../b) are an error (default), or dropped as RFC
      3986 5.2.4 does.
`,
  },
  kind: {
    arity: 1,
    options: PIPELINE_OPTIONS,
    usage: `  url-pipeline kind [OPTIONS] [--] INPUT
      Print the kind of resource INPUT names: file, directory, file-or-directory, or in the dialect's words
      dataset (zep8), array, array-or-array-group, array-or-other (url-pipeline-v0); unknown after a vendor scheme.
`,
  },
  complete: {
    arity: 1,
    options: ["dialect", "json"],
    usage: `  url-pipeline complete [--dialect D] [--json] [--] PARTIAL
      Print the ways to continue PARTIAL, best first, one per line: COMPLETION, two spaces, LABEL (KIND: DETAIL).
      --json: one JSON object: {"candidates": [{"completion", "label", "kind", "detail"?}]}. Exit 0, also with none.
`,
  },
  schemes: {
    arity: 0,
    options: ["dialect", "json"],
    usage: `  url-pipeline schemes [--dialect D] [--json]
      Print the dialect's schemes, one per line: NAME  ROLE  BASE -> RESULT  SHAPE  vVERSION  FILE (the grammar file
      that defines it). --json: one JSON object: {"dialect", "version", "schemes": [{"scheme", "version", "role",
      "base", "result", "resultRule", "shape", "rules", "dialects", "file", "dialectResult"?}]}.
`,
  },
  "from-path": {
    arity: 1,
    options: ["posix", "windows"],
    usage: `  url-pipeline from-path --posix|--windows [--] PATH
      Print the file: URL of a local path (RFC 8089).
`,
  },
  "to-path": {
    arity: 1,
    options: ["posix", "windows"],
    usage: `  url-pipeline to-path --posix|--windows [--] URL
      Print the local path of a file: URL.
`,
  },
  translate: {
    arity: 1,
    options: [...PIPELINE_OPTIONS, "json", "from", "to", "compression", "authority", "sha256"],
    usage: `  url-pipeline translate (--from S | --to S) [OPTIONS] [--json] [--] INPUT
      Translate INPUT from syntax S to a URL pipeline (--from), or a pipeline to syntax S (--to). S: fsspec,
      gdal, jar, vfs, arcp. What is left out (a cache, a streaming mode, fsspec's compression=) is a note on
      standard error; what cannot be carried exactly is an error naming the character and its offset (exit 1).
      --compression C (--from fsspec): the compression= fsspec.open is given (gzip, zstd, infer, ...).
      --authority AUTH=PIPELINE (--from arcp, repeatable): the archive pipeline an arcp authority names.
      --sha256 HEX (--to arcp): the archive's SHA-256, for the hash-based authority ni,sha-256;...
      --json: one JSON object: {"input", "output", "notes": [{"code", "message", "offset"}], "compression"?}
      or {"input", "error": {"code", "offset", "message"}}
`,
  },
};
const PATH_COMMANDS = new Set(["from-path", "to-path"]);

/** The options several commands share ([OPTIONS] above), as the manual describes them. */
const SHARED_OPTIONS: [option: string, text: string][] = [
  ["dialect", "  --dialect D         url-pipeline-v0 (default) or zep8\n"],
  ["rule", "  --rule NAME         an ABNF rule of the dialect (default absolute-url-pipeline), e.g. URI\n"],
  [
    "max-length",
    `  --max-length N      refuse inputs longer than N UTF-16 code units (default ${DEFAULT_MAX_LENGTH})\n`,
  ],
  [
    "max-sub-urls",
    `  --max-sub-urls N    refuse inputs with more than N "|"-separated sub-URLs (default ${DEFAULT_MAX_SUB_URLS})
                      N: a non-negative integer, or Infinity for no limit\n`,
  ],
];

const EXIT_STATUS = `exit status: 0 valid, 1 invalid or an error (a limit exceeded included; the error on standard error, except for
check, which prints one answer per input), 2 usage error or failure (unreadable standard input, an internal
error; a message on standard error). Standard output closed early (the reader went away, as with | head): 0.
`;

/** Every option, for util.parseArgs; which command takes which is COMMANDS' business. */
const OPTION_TYPES = {
  dialect: { type: "string" },
  rule: { type: "string" },
  "max-length": { type: "string" },
  "max-sub-urls": { type: "string" },
  json: { type: "boolean" },
  portability: { type: "boolean" },
  dotdot: { type: "string" },
  "above-root": { type: "string" },
  posix: { type: "boolean" },
  windows: { type: "boolean" },
  from: { type: "string" },
  to: { type: "string" },
  compression: { type: "string" },
  authority: { type: "string", multiple: true },
  sha256: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsConfig["options"];

/** The whole manual: `url-pipeline help`. */
export const USAGE = `usage: url-pipeline COMMAND [OPTIONS] [--] ARGUMENT ...
       url-pipeline help [COMMAND] | COMMAND --help | --help | --version

${Object.values(COMMANDS)
  .map((c) => c.usage)
  .join("")}
${SHARED_OPTIONS.map(([option, text]) => `${text}${" ".repeat(22)}(${takers(option)})\n`).join("")}${EXIT_STATUS}`;

/** The commands that take an option, for the manual: "check, parse". */
function takers(option: string): string {
  return Object.keys(COMMANDS)
    .filter((c) => COMMANDS[c]!.options.includes(option))
    .join(", ");
}

/** A command's part of the manual: `url-pipeline help COMMAND`, `url-pipeline COMMAND --help`. */
export function commandUsage(command: string): string {
  const spec = COMMANDS[command]!;
  const options = SHARED_OPTIONS.filter(([option]) => spec.options.includes(option))
    .map(([, text]) => text)
    .join("");
  return `usage:\n${spec.usage}${options === "" ? "" : `\n${options}`}${EXIT_STATUS}`;
}

const USAGE_HINT = 'Run "url-pipeline help" (or "url-pipeline COMMAND --help") for usage.\n';

class UsageError extends Error {}

interface Args {
  command: string;
  options: ParseOptions;
  /** resolve, normalize: --dotdot, --above-root. */
  resolution: Pick<ResolveOptions, "dotdot" | "aboveRoot">;
  json: boolean;
  /** check --portability. */
  portability: boolean;
  flavor: PathFlavor | null;
  inputs: string[];
  /** --help: print the command's part of the manual instead. */
  help: boolean;
  /** translate: --from or --to, and the options of that syntax. */
  translation: TranslateOptions | null;
}

function parseArguments(argv: string[]): Args {
  const [command, ...rest] = argv;
  const spec = command === undefined ? undefined : Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (command === undefined || spec === undefined) {
    throw new UsageError(command === undefined ? "no command given" : `unknown command "${command}"`);
  }
  // What follows "--" is INPUTs, taken here: parseArgs would push them all in one call, which overflows the stack
  // for a huge argument list. (A "--" where an option wants its value is an error either way.)
  const end = rest.indexOf("--");
  let parsed: {
    values: Partial<Record<keyof typeof OPTION_TYPES, string | boolean | string[]>>;
    positionals: string[];
  };
  try {
    parsed = parseArgs({
      args: end < 0 ? rest : rest.slice(0, end),
      options: OPTION_TYPES,
      strict: true,
      allowPositionals: true,
    });
  } catch (e) {
    throw new UsageError(argumentError(e, command));
  }
  const { values, positionals: inputs } = parsed;
  // A loop, not push(...): spreading a huge argument list into a call overflows the stack too.
  if (end >= 0) for (let i = end + 1; i < rest.length; i++) inputs.push(rest[i]!);
  for (const option of Object.keys(values)) {
    if (option !== "help" && !spec.options.includes(option))
      throw new UsageError(`unknown option "--${option}" for ${command}`);
  }
  const string = (option: keyof typeof OPTION_TYPES) => values[option] as string | undefined;
  const options: ParseOptions = {};
  if (values.dialect !== undefined) options.dialect = string("dialect") as DialectName;
  if (values.rule !== undefined) options.rule = string("rule");
  if (values["max-length"] !== undefined) options.maxLength = limit("--max-length", string("max-length")!);
  if (values["max-sub-urls"] !== undefined) options.maxSubUrls = limit("--max-sub-urls", string("max-sub-urls")!);
  const resolution: Args["resolution"] = {};
  if (values.dotdot !== undefined) resolution.dotdot = dotdotPolicy(string("dotdot")!);
  if (values["above-root"] !== undefined) resolution.aboveRoot = aboveRoot(string("above-root")!);
  if (values.posix && values.windows) throw new UsageError(`${command} takes one of --posix and --windows`);
  const flavor: PathFlavor | null = values.posix ? "posix" : values.windows ? "windows" : null;
  if (values.portability && options.rule !== undefined && options.rule !== "absolute-url-pipeline") {
    throw new UsageError(`--portability reads pipelines: it takes no --rule but absolute-url-pipeline`);
  }
  const translation =
    command === "translate" && values.help !== true
      ? translateOptions(
          values as { from?: string; to?: string; compression?: string; authority?: string[]; sha256?: string },
          options,
        )
      : null;
  const args = {
    command,
    options,
    resolution,
    json: values.json === true,
    portability: values.portability === true,
    flavor,
    inputs,
    help: values.help === true,
    translation,
  };
  if (args.help) return args;
  if (PATH_COMMANDS.has(command) && flavor === null) throw new UsageError(`${command} needs --posix or --windows`);
  if (spec.arity !== null && inputs.length !== spec.arity) {
    const what =
      spec.arity === 0
        ? "no arguments"
        : spec.arity === 2
          ? "exactly two arguments, BASE and REFERENCE"
          : `exactly one ${PATH_COMMANDS.has(command) ? (command === "from-path" ? "PATH" : "URL") : "INPUT"}`;
    throw new UsageError(`${command} takes ${what}`);
  }
  if (!PATH_COMMANDS.has(command)) {
    try {
      resolveRule(getDialect(options.dialect), options.rule);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  return args;
}

/** util.parseArgs's error, in this command's words: the option, and what is wrong with it. */
function argumentError(e: unknown, command: string): string {
  const { code, message } = e as { code?: string; message?: string };
  const option = /'(-[^' ]+)/.exec(message ?? "")?.[1];
  if (option !== undefined) {
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION")
      return `unknown option "${option}" for ${command} (an INPUT that starts with "-" goes after --)`;
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
      if (/does not take an argument/.test(message!)) return `${option} takes no value`;
      if (/ambiguous/.test(message!))
        return `${option} needs a value (one that starts with "-" is written ${option}=VALUE)`;
      return `${option} needs a value`;
    }
  }
  // Worded otherwise (another Node version): its own first line, still one line.
  if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS_")) return (message ?? code).split("\n", 1)[0]!;
  throw e;
}

/** --from/--to and the options of the syntax, checked as usage. */
function translateOptions(
  v: { from?: string; to?: string; compression?: string; authority?: string[]; sha256?: string },
  options: ParseOptions,
): TranslateOptions {
  if ((v.from === undefined) === (v.to === undefined))
    throw new UsageError("translate takes one of --from S and --to S");
  const syntax = (v.from ?? v.to)!;
  if (!(TRANSLATE_SYNTAXES as readonly string[]).includes(syntax)) {
    throw new UsageError(
      `--${v.from !== undefined ? "from" : "to"} takes one of ${TRANSLATE_SYNTAXES.join(", ")}, not "${show(syntax.slice(0, 40))}"`,
    );
  }
  const only = (option: string, given: unknown, direction: "from" | "to", name: ForeignSyntax) => {
    if (given !== undefined && !(direction === "from" ? v.from === name : v.to === name)) {
      throw new UsageError(`--${option} goes with --${direction} ${name}`);
    }
  };
  only("compression", v.compression, "from", "fsspec");
  only("authority", v.authority, "from", "arcp");
  only("sha256", v.sha256, "to", "arcp");
  const common = { dialect: options.dialect, maxLength: options.maxLength, maxSubUrls: options.maxSubUrls };
  if (v.to !== undefined) {
    if (v.sha256 !== undefined && !/^[0-9A-Fa-f]{64}$/.test(v.sha256))
      throw new UsageError("--sha256 takes 64 hexadecimal digits");
    return { to: v.to as ForeignSyntax, ...common, ...(v.sha256 !== undefined ? { archiveSha256: v.sha256 } : {}) };
  }
  const compressions = ["gzip", "zstd", "bz2", "lzma", "xz", "lz4", "snappy", "zip", "infer"];
  if (v.compression !== undefined && !compressions.includes(v.compression)) {
    throw new UsageError(
      `--compression takes one of ${compressions.join(", ")}, not "${show(v.compression.slice(0, 40))}"`,
    );
  }
  const authorities: Record<string, string> = {};
  for (const a of v.authority ?? []) {
    const eq = a.indexOf("=");
    if (eq <= 0) throw new UsageError(`--authority takes AUTHORITY=PIPELINE, not "${show(a.slice(0, 40))}"`);
    authorities[a.slice(0, eq)] = a.slice(eq + 1);
  }
  return {
    from: v.from as ForeignSyntax,
    ...common,
    ...(v.compression !== undefined ? { compression: v.compression as FsspecCompression } : {}),
    ...(v.authority !== undefined ? { authorities } : {}),
  };
}

/** P of --dotdot P: allow, forbid, or the most ".." adapters a reference may have (N, or Infinity). */
function dotdotPolicy(text: string): DotDotPolicy {
  if (text === "allow" || text === "forbid") return text;
  if (text === "Infinity" || /^[0-9]+$/.test(text)) return { max: Number(text) };
  throw new UsageError(`--dotdot takes allow, forbid, or a non-negative integer N, not "${show(text.slice(0, 40))}"`);
}

/** A of --above-root A. */
function aboveRoot(text: string): "error" | "clamp" {
  if (text === "error" || text === "clamp") return text;
  throw new UsageError(`--above-root takes error or clamp, not "${show(text.slice(0, 40))}"`);
}

/** N of --max-length N / --max-sub-urls N: decimal digits or "Infinity". */
function limit(option: string, text: string): number {
  if (text === "Infinity") return Infinity;
  if (/^[0-9]+$/.test(text)) return Number(text);
  throw new UsageError(`${option} takes a non-negative integer or Infinity, not "${show(text.slice(0, 40))}"`);
}

/** The package's version, from its package.json (two folders up from dist/cli/ and from src/cli/ alike). */
function version(): string {
  return (JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as { version: string }).version;
}

export async function main(argv: string[], io: Io): Promise<number> {
  const [first, second] = argv;
  if (argv.length === 1 && (first === "--help" || first === "-h" || first === "help")) {
    io.stdout(USAGE);
    return 0;
  }
  if (argv.length === 1 && first === "--version") {
    io.stdout(`${version()}\n`);
    return 0;
  }
  let args: Args;
  try {
    if (first === "help") {
      if (argv.length > 2) throw new UsageError("help takes at most one COMMAND");
      if (!Object.hasOwn(COMMANDS, second!)) throw new UsageError(`unknown command "${second}"`);
      io.stdout(commandUsage(second!));
      return 0;
    }
    args = parseArguments(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`url-pipeline: ${e.message}\n${USAGE_HINT}`);
    return 2;
  }
  if (args.help) {
    io.stdout(commandUsage(args.command));
    return 0;
  }
  switch (args.command) {
    case "check":
      return checkCommand(args.inputs, args.options, { json: args.json, portability: args.portability }, io);
    case "parse":
      return parseCommand(args, io);
    case "complete":
      return completeCommand(args.inputs[0]!, { dialect: args.options.dialect }, args.json, io);
    case "schemes":
      return schemesCommand({ dialect: args.options.dialect }, args.json, io);
    case "translate":
      return translateCommand(args.inputs[0]!, args.translation!, args.json, io);
    default:
      return meaningCommand(args, io);
  }
}

function parseCommand(args: Args, io: Io): number {
  const r = validate(args.inputs[0]!, args.options);
  if (!r.valid) {
    io.stderr(`${r.error.format()}\n`);
    return 1;
  }
  io.stdout(`${JSON.stringify(r.pipeline, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2)}\n`);
  return 0;
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
        io.stdout(`${resolve(first, second, { ...options, ...args.resolution })}\n`);
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
    else if (e instanceof KindError || e instanceof ResolveError || e instanceof FilePathError)
      io.stderr(`url-pipeline ${args.command}: ${e.message}\n`);
    else throw e;
    return 1;
  }
}

/**
 * The command line, read: util.parseArgs (strict: an option a command does not take is a usage error), then each
 * value checked as the manual (./usage.ts) says. A usage error says what is wrong in one line and, for a mistyped
 * command or option, the nearest that exists (`unknown command "chek" (did you mean "check"?)`).
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { getDialect, resolveRule } from "../dialects";
import type { PathFlavor } from "../meaning/file-path";
import type { DotDotPolicy, ResolveOptions } from "../meaning/resolve";
import type { ParseOptions } from "../parse";
import { spellingCandidates } from "../spelling";
import type { DialectName } from "../tree/nodes";
import { TRANSLATE_SYNTAXES, type ForeignSyntax, type FsspecCompression, type TranslateOptions } from "../translate";
import { show } from "./text";
import { COMMANDS, PATH_COMMANDS, type CommandName, type CommandSpec } from "./usage";

/** Every option, for util.parseArgs; which command takes which is COMMANDS' business. */
const OPTION_TYPES = {
  dialect: { type: "string" },
  rule: { type: "string" },
  "max-length": { type: "string" },
  "max-sub-urls": { type: "string" },
  json: { type: "boolean" },
  portability: { type: "boolean" },
  summary: { type: "boolean" },
  "no-kinds": { type: "boolean" },
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

/** A usage error: the command line is not one of the manual's (exit status 2). */
export class UsageError extends Error {}

export interface Args {
  command: CommandName;
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
  /** check --summary: a last line counting the answers. */
  summary: boolean;
}

export function parseArguments(argv: string[]): Args {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError("no command given");
  if (!isCommand(command)) throw new UsageError(unknownCommand(command));
  const spec: CommandSpec = COMMANDS[command];
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
    throw new UsageError(argumentError(e, command, spec));
  }
  const { values, positionals: inputs } = parsed;
  // A loop, not push(...): spreading a huge argument list into a call overflows the stack too.
  if (end >= 0) for (let i = end + 1; i < rest.length; i++) inputs.push(rest[i]!);
  for (const option of Object.keys(values)) {
    if (option !== "help" && !spec.options.includes(option)) {
      throw new UsageError(`unknown option "--${option}" for ${command}${didYouMean(option, spec.options, "--")}`);
    }
  }
  const string = (option: keyof typeof OPTION_TYPES) => values[option] as string | undefined;
  const options: ParseOptions = {};
  if (values.dialect !== undefined) options.dialect = string("dialect") as DialectName;
  if (values.rule !== undefined) options.rule = string("rule");
  if (values["max-length"] !== undefined) options.maxLength = limit("--max-length", string("max-length")!);
  if (values["max-sub-urls"] !== undefined) options.maxSubUrls = limit("--max-sub-urls", string("max-sub-urls")!);
  if (values["no-kinds"] === true) options.kinds = false;
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
    summary: values.summary === true,
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
function argumentError(e: unknown, command: string, spec: CommandSpec): string {
  const { code, message } = e as { code?: string; message?: string };
  const option = /'(-[^' ]+)/.exec(message ?? "")?.[1];
  if (option !== undefined) {
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      const suggestion = option.startsWith("--") ? didYouMean(option.slice(2), spec.options, "--") : "";
      return suggestion !== ""
        ? `unknown option "${option}" for ${command}${suggestion}`
        : `unknown option "${option}" for ${command} (an INPUT that starts with "-" goes after --)`;
    }
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

export function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

/** `unknown command "chek" (did you mean "check"?)`. */
export function unknownCommand(name: string): string {
  return `unknown command "${show(name.slice(0, 40))}"${didYouMean(name, [...Object.keys(COMMANDS), "help"], "")}`;
}

/** ` (did you mean "--dialect"?)`, naming the nearest of `known` (ASCII case ignored); "" when none is near. */
function didYouMean(typed: string, known: readonly string[], prefix: string): string {
  const lower = typed.toLowerCase();
  // Commands and options are lower-case: "CHECK" is "check" (spellingCandidates leaves out the name itself).
  const nearest = known.includes(lower) ? lower : spellingCandidates(lower, known)[0];
  return nearest === undefined ? "" : ` (did you mean "${prefix}${nearest}"?)`;
}

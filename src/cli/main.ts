/**
 * The url-pipeline command: reads the command line (./arguments.ts, the manual in ./usage.ts) and runs the command,
 * each in a file of its own.
 *
 *   url-pipeline check [OPTIONS] [--json] [--portability] [--summary] [--] [INPUT ...]
 *   url-pipeline parse [OPTIONS] [--] INPUT
 *   url-pipeline normalize [OPTIONS] [--] INPUT
 *   url-pipeline resolve [OPTIONS] [--] BASE REFERENCE
 *   url-pipeline kind [OPTIONS] [--] INPUT
 *   url-pipeline complete [--dialect D] [--json] [--] PARTIAL
 *   url-pipeline schemes [--dialect D] [--json]
 *   url-pipeline from-path --posix|--windows [--] PATH
 *   url-pipeline to-path --posix|--windows [--] URL
 *   url-pipeline translate (--from S | --to S) [OPTIONS] [--json] [--] INPUT
 *   url-pipeline conform [--dialect D] [--suite FILE ...] [--expect FILE] -- COMMAND [ARGS ...]
 *   url-pipeline help [COMMAND] | COMMAND --help | --help | --version
 *
 * A usage error prints one line saying what is wrong, and one saying where the manual is, on standard error.
 *
 * Exit status: 0 all inputs valid, 1 some input invalid (or, for the other commands, an error), 2 usage error
 * (unknown command, option, dialect or rule, bad limit, wrong number of arguments) or failure (standard input
 * unreadable, an internal error; see bin.ts); 0 when standard output is closed early (the reader went away).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Args, isCommand, parseArguments, UsageError, unknownCommand } from "./arguments";
import { checkCommand, type CheckIo } from "./check-command";
import { completeCommand } from "./complete-command";
import { conformCommand } from "./conform-command";
import { kindCommand } from "./kind-command";
import { normalizeCommand } from "./normalize-command";
import { parseCommand } from "./parse-command";
import { fromPathCommand, toPathCommand } from "./path-commands";
import { resolveCommand } from "./resolve-command";
import { schemesCommand } from "./schemes-command";
import { translateCommand } from "./translate-command";
import { type CommandName, commandUsage, USAGE, USAGE_HINT } from "./usage";

export type Io = CheckIo;

/**
 * Each command's function: a command of the manual without one here is a compile error. conform reads its own
 * command line (what follows its "--" is another program's), so main() hands it over before parseArguments.
 */
const RUN: { readonly [C in Exclude<CommandName, "conform">]: (args: Args, io: Io) => number | Promise<number> } = {
  check: (a, io) =>
    checkCommand(a.inputs, a.options, { json: a.json, portability: a.portability, summary: a.summary }, io),
  parse: (a, io) => parseCommand(a.inputs[0]!, a.options, io),
  normalize: (a, io) => normalizeCommand(a.inputs[0]!, a.options, a.resolution, io),
  resolve: (a, io) => resolveCommand(a.inputs[0]!, a.inputs[1]!, a.options, a.resolution, io),
  kind: (a, io) => kindCommand(a.inputs[0]!, a.options, io),
  complete: (a, io) => completeCommand(a.inputs[0]!, { dialect: a.options.dialect }, a.json, io),
  schemes: (a, io) => schemesCommand({ dialect: a.options.dialect }, a.json, io),
  "from-path": (a, io) => fromPathCommand(a.inputs[0]!, a.flavor!, io),
  "to-path": (a, io) => toPathCommand(a.inputs[0]!, a.flavor!, io),
  translate: (a, io) => translateCommand(a.inputs[0]!, a.translation!, a.json, io),
};

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
  if (first === "conform") return conformCommand(argv.slice(1), io, commandUsage("conform"));
  let args: Args;
  try {
    if (first === "help") {
      if (argv.length > 2) throw new UsageError("help takes at most one COMMAND");
      if (!isCommand(second!)) throw new UsageError(unknownCommand(second!));
      io.stdout(commandUsage(second));
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
  if (args.command === "conform") throw new Error("conform is run before its arguments are parsed");
  return RUN[args.command](args, io);
}

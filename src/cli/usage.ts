/**
 * The manual of the url-pipeline command: each command's synopsis and part of the manual, the options it takes and
 * how many arguments, the options several commands share, and the exit status. `url-pipeline help [COMMAND]` prints
 * it; ./arguments.ts reads which options and arguments each command takes from it.
 */
import { DEFAULT_MAX_LENGTH, DEFAULT_MAX_SUB_URLS } from "../limits";

/** A command: how many INPUTs it takes (null: any number), the options it takes, and its part of the manual. */
export interface CommandSpec {
  arity: number | null;
  options: readonly string[];
  usage: string;
}

const PIPELINE_OPTIONS = ["dialect", "max-length", "max-sub-urls"];
export const COMMANDS = {
  check: {
    arity: null,
    options: [...PIPELINE_OPTIONS, "rule", "no-kinds", "json", "portability", "summary"],
    usage: `  url-pipeline check [OPTIONS] [--json] [--portability] [--summary] [--] [INPUT ...]
      Check each INPUT, or each line of standard input, answering each line as it is read. Standard input is
      UTF-8: a BOM at its start is dropped, CRLF line breaks are accepted, empty lines are skipped, and a line
      that is not UTF-8 is invalid at its first byte that is not. An answer to a line of standard input starts
      with "line N: " (N counts every line). After each answer, one line "  hint: MESSAGE"
      per hint, then "        try: REPLACEMENT" when it has a fix (a valid input). A valid input's hints are
      advice: what TensorStore or Neuroglancer refuse or read otherwise, with the spelling every reader reads.
      --json: one JSON object per input: {"input", "line"?, "valid", "schemes"?, "error"?: {"offset", "message", "kind", "code"},
      "hints": [{"code", "message", "replacement"?, "keepsMeaning"?}]}; kind is syntax, value, limit or kind
      --portability: also how TensorStore, Neuroglancer and zarr-python read each input, a line for each that
      has something to say, after its hints: "  IMPLEMENTATION VERSION: READS: DETAIL", READS being same,
      differently, refuses or unknown
      (with --json: "portability": [{"implementation", "version", "reads", "detail", "canonical"?}]). For
      pipelines: not with a --rule other than absolute-url-pipeline. The exit status is still validity's.
      --summary: after the answers, one line on standard error: "url-pipeline check: N inputs, V valid, I invalid".
`,
  },
  parse: {
    arity: 1,
    options: [...PIPELINE_OPTIONS, "rule", "no-kinds"],
    usage: `  url-pipeline parse [OPTIONS] [--] INPUT
      Print the syntax tree as JSON, or the error on standard error.
`,
  },
  normalize: {
    arity: 1,
    options: [...PIPELINE_OPTIONS, "no-kinds", "dotdot", "above-root"],
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
  conform: {
    arity: null,
    options: ["dialect", "suite", "expect"],
    usage: `  url-pipeline conform [--dialect D] [--suite FILE ...] [--expect FILE] -- COMMAND [ARGS ...]
      Run the conformance suite (generated/conformance/DIALECT.json, docs/conformance.md) against another
      implementation: start COMMAND, its adapter, and send it one JSON case per line on its standard input,
      {"id", "op", "dialect", "input", "base"?}; it answers one line per case, {"id", "valid", "offset"?} for
      validate, {"id", "output": STRING or null} for normalize, kind and resolve, {"id", "unsupported": true} for
      an op it does not implement. Prints a summary, then each difference grouped by the sentence, example or
      decision its case rests on. --dialect D: that dialect's suite (default: every dialect's). --suite FILE: a
      suite file instead (repeatable). --expect FILE: the ids of known differences (a JSON array, or an object
      keyed by id): they do not fail the run. Exit 0 every answered case agrees (or is known), 1 some case
      differs, 2 a usage error, an unreadable file, or an adapter that cannot start, dies or leaves the protocol.
`,
  },
} as const satisfies Record<string, CommandSpec>;

/** The command names: each has its part of the manual here and its function in main.ts's table. */
export type CommandName = keyof typeof COMMANDS;

/** The commands that read a local path or a file: URL, not a pipeline. */
export const PATH_COMMANDS: ReadonlySet<string> = new Set(["from-path", "to-path"]);

/** The options several commands share ([OPTIONS] above), as the manual describes them. */
export const SHARED_OPTIONS: [option: string, text: string][] = [
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
  [
    "no-kinds",
    `  --no-kinds          check the syntax and the values alone: not that each adapter's base is of the kind it
                      needs (s3://bucket/dir/|gzip: a directory before gzip:, which needs a file)\n`,
  ],
];

const EXIT_STATUS = `exit status: 0 valid, 1 invalid or an error (a limit exceeded included; the error on standard error, except for
check, which prints one answer per input), 2 usage error or failure (unreadable standard input, an internal
error; a message on standard error). Standard output closed early (the reader went away, as with | head): 0.
`;

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
    .filter((c) => (COMMANDS[c as CommandName].options as readonly string[]).includes(option))
    .join(", ");
}

/** A command's part of the manual: `url-pipeline help COMMAND`, `url-pipeline COMMAND --help`. */
export function commandUsage(command: CommandName): string {
  const spec: CommandSpec = COMMANDS[command];
  const options = SHARED_OPTIONS.filter(([option]) => spec.options.includes(option))
    .map(([, text]) => text)
    .join("");
  return `usage:\n${spec.usage}${options === "" ? "" : `\n${options}`}${EXIT_STATUS}`;
}

export const USAGE_HINT = 'Run "url-pipeline help" (or "url-pipeline COMMAND --help") for usage.\n';

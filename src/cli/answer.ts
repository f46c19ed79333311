/**
 * What the commands with one answer share (parse, normalize, resolve, kind, from-path, to-path): the answer on
 * standard output and exit 0, or the error on standard error and exit 1. An input that is not a valid pipeline is
 * shown as check shows it: the message, the input with a caret under the offset, and the hints (a fix where one is
 * clear). Messages name the command line's flags where they name an option (`--above-root clamp`, not
 * `options.aboveRoot: "clamp"`).
 */
import { UrlPipelineSyntaxError, type UrlPipelineError } from "../errors";
import { hintsFor } from "../hints";
import { FilePathError } from "../meaning/file-path";
import { KindError } from "../meaning/kind";
import { ResolveError } from "../meaning/rfc3986-resolve";
import type { ParseOptions } from "../parse";
import { readableHints } from "./text";
import { inFlags } from "./flags";
import type { CommandName } from "./usage";

export interface AnswerIo {
  stdout(s: string): unknown;
  stderr(s: string): void;
}

/** Writes what `compute` answers, or its error; the exit status. `options`: those the input was read with. */
export function answer(command: CommandName, io: AnswerIo, options: ParseOptions, compute: () => string): number {
  try {
    io.stdout(`${compute()}\n`);
    return 0;
  } catch (e) {
    if (e instanceof UrlPipelineSyntaxError) {
      io.stderr(`${formatInFlags(e)}\n${readableHints(hintsOf(e, options))}`);
    } else if (e instanceof KindError || e instanceof ResolveError || e instanceof FilePathError) {
      io.stderr(`url-pipeline ${command}: ${inFlags(e.message)}\n`);
    } else {
      throw e;
    }
    return 1;
  }
}

/** format(), its message in the command line's words (the input it shows stays as it is). */
export function formatInFlags(e: UrlPipelineSyntaxError): string {
  const message = inFlags(e.message);
  return message === e.message ? e.format() : message + e.format().slice(e.message.length);
}

/** The hints of an invalid input, read with the rule and dialect it was read by (a reference: the relative rule). */
function hintsOf(e: UrlPipelineSyntaxError, options: ParseOptions) {
  if (e.kind === "limit") return [];
  const { maxLength, maxSubUrls } = options;
  const error = e as UrlPipelineError;
  return hintsFor(e.input, { valid: false, error }, {
    maxLength,
    maxSubUrls,
    dialect: e.dialect,
    rule: e.rule,
  } as ParseOptions);
}

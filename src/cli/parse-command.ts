/** `url-pipeline parse [OPTIONS] [--] INPUT`: the tree as JSON (bigints as decimal strings), or the error. */
import type { ParseOptions } from "../parse";
import { validateWithoutHints } from "../parse";
import { answer, type AnswerIo } from "./answer";

export function parseCommand(input: string, options: ParseOptions, io: AnswerIo): number {
  return answer("parse", io, options, () => {
    const r = validateWithoutHints(input, options);
    if (!r.valid) throw r.error;
    return JSON.stringify(r.pipeline, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2);
  });
}

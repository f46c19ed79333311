/** `url-pipeline kind [OPTIONS] [--] INPUT`: the kind of resource INPUT names, in the dialect's words (D28). */
import { kind } from "../meaning/kind";
import type { ParseOptions } from "../parse";
import { answer, type AnswerIo } from "./answer";
import { limitsOf } from "./normalize-command";

export function kindCommand(input: string, options: ParseOptions, io: AnswerIo): number {
  return answer("kind", io, options, () => kind(input, limitsOf(options)));
}

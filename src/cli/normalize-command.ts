/** `url-pipeline normalize [OPTIONS] [--dotdot P] [--above-root A] [--] INPUT`: the canonical spelling (D24). */
import { normalize } from "../meaning/normalize";
import type { ResolveOptions } from "../meaning/resolve";
import type { ParseOptions } from "../parse";
import { answer, type AnswerIo } from "./answer";

export function normalizeCommand(
  input: string,
  options: ParseOptions,
  resolution: Pick<ResolveOptions, "dotdot" | "aboveRoot">,
  io: AnswerIo,
): number {
  return answer("normalize", io, options, () => normalize(input, { ...limitsOf(options), ...resolution }));
}

/** The options a meaning command passes on: the dialect and the limits (the rule is the pipeline rule). */
export function limitsOf(options: ParseOptions): Pick<ParseOptions, "dialect" | "maxLength" | "maxSubUrls" | "kinds"> {
  const { dialect, maxLength, maxSubUrls, kinds } = options;
  return { dialect, maxLength, maxSubUrls, kinds };
}

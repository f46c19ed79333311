/**
 * `url-pipeline resolve [OPTIONS] [--dotdot P] [--above-root A] [--] BASE REFERENCE`: the absolute pipeline
 * REFERENCE names relative to BASE (ZEP 8 relative pipelines, D26, D27).
 */
import { resolve, type ResolveOptions } from "../meaning/resolve";
import type { ParseOptions } from "../parse";
import { answer, type AnswerIo } from "./answer";
import { limitsOf } from "./normalize-command";

export function resolveCommand(
  base: string,
  reference: string,
  options: ParseOptions,
  resolution: Pick<ResolveOptions, "dotdot" | "aboveRoot">,
  io: AnswerIo,
): number {
  return answer("resolve", io, options, () => resolve(base, reference, { ...limitsOf(options), ...resolution }));
}

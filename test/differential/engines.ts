/**
 * One check that the two engines generated from the same grammar agree on an input: the DFA engine
 * (src/dfa/verdict.ts: automaton plus value checks on its spans) and the generated Peggy parser with the typed
 * actions and the tree's value checks (parse()). Same verdict, same kind of error, same offset, and for a value
 * error the same message (the parser's adds where the sub-URL is, in front). Shared by the jest test and
 * `npm run fuzz`.
 */
import type { automatonFor } from "../../src/dfa/dialects";
import type { verdict } from "../../src/dfa/verdict";
import type { parse } from "../../src/parse";
import type { DialectName } from "../../src/tree/nodes";

/** The two engines: the jest test passes src/, `npm run fuzz` the built package (dist/). */
export interface Engines {
  automatonFor: typeof automatonFor;
  verdict: typeof verdict;
  parse: typeof parse;
  UrlPipelineSyntaxError: new (...args: never[]) => Error & { kind: string; offset: number; code: string };
}

export interface EngineDisagreement {
  dialect: string;
  rule: string;
  input: string;
  dfa: string;
  parser: string;
}

const NO_LIMITS = { maxLength: Infinity, maxSubUrls: Infinity };

export function engineDisagreement(
  engines: Engines,
  dialect: DialectName,
  rule: string,
  input: string,
): EngineDisagreement | null {
  const { automatonFor, verdict, parse, UrlPipelineSyntaxError } = engines;
  const automaton = automatonFor(dialect, rule);
  if (!automaton) throw new Error(`no DFA for ${dialect} ${rule}`);
  const v = verdict(automaton, input);
  let parser: { kind: string; offset: number; message: string; code?: string };
  try {
    parse(input, { dialect, rule, ...NO_LIMITS });
    parser = { kind: "valid", offset: -1, message: "" };
  } catch (e) {
    if (!(e instanceof UrlPipelineSyntaxError)) throw e;
    parser = { kind: e.kind, offset: e.offset, message: e.message, code: e.code };
  }
  const dfa = v.kind === "valid" ? { kind: "valid", offset: -1, message: "" } : { message: "", ...v };
  const same =
    dfa.kind === parser.kind &&
    dfa.offset === parser.offset &&
    (dfa.kind !== "value" || (parser.message.endsWith(dfa.message) && (dfa as { code?: string }).code === parser.code));
  if (same) return null;
  const show = (x: { kind: string; offset: number; message: string }) =>
    x.kind === "valid" ? "valid" : `${x.kind} error at ${x.offset}${x.message ? `: ${x.message}` : ""}`;
  return { dialect, rule, input, dfa: show(dfa), parser: show(parser) };
}

/**
 * One check that the two engines generated from the same grammar agree on an input: the DFA engine
 * (src/dfa/verdict.ts: automaton plus value checks on its spans) and the generated Peggy parser with the typed
 * actions and the tree's value checks (parseWithParser()). Same verdict, same kind of error, same offset, and for
 * a value error the same message (the parser's adds where the sub-URL is, in front); for a syntax error, the error
 * parse() gives from the automaton alone (the expected list of the state the run died in) is the parser's: the
 * same message, code, expected list and found character; or, where one of the parser's lookahead guards speaks at the
 * error (its expectation is the FOLLOW set of an alternation, which may be more or less than can follow there), the
 * same but for the expected list, which the DFA's state gives exactly (src/messages/automaton-expectations.ts;
 * test/messages/automaton-expectations.test.ts checks each state's list against the parser's).
 */
import type { automatonFor } from "../../src/dfa/dialects";
import type { verdict } from "../../src/dfa/verdict";
import type { kindViolation } from "../../src/kinds";
import type { kind, KindError } from "../../src/meaning/kind";
import type { parse, parseWithParser } from "../../src/parse";
import type { DialectName, Pipeline } from "../../src/tree/nodes";

/** The two engines: the jest test passes src/, `npm run fuzz` the built package (dist/). */
export interface Engines {
  automatonFor: typeof automatonFor;
  verdict: typeof verdict;
  /** The main entry's parse(): for a refused input, the DFA engine's error, message included. */
  parse: typeof parse;
  /** The parser engine alone. */
  parseWithParser: typeof parseWithParser;
  UrlPipelineSyntaxError: new (...args: never[]) => Error & { kind: string; offset: number; code: string };
  kind: typeof kind;
  KindError: typeof KindError;
  kindViolation: typeof kindViolation;
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
  const { automatonFor, verdict, parseWithParser, UrlPipelineSyntaxError } = engines;
  const automaton = automatonFor(dialect, rule);
  if (!automaton) throw new Error(`no DFA for ${dialect} ${rule}`);
  const v = verdict(automaton, input);
  let parser: { kind: string; offset: number; message: string; code?: string; expected?: unknown; found?: unknown };
  try {
    // The grammar and the values, as the DFA's verdict reads them; the kinds are compared below.
    parseWithParser(input, { dialect, rule, ...NO_LIMITS, kinds: false });
    parser = { kind: "valid", offset: -1, message: "" };
  } catch (e) {
    if (!(e instanceof UrlPipelineSyntaxError)) throw e;
    const { expected, found } = e as unknown as { expected: unknown; found: unknown };
    parser = { kind: e.kind, offset: e.offset, message: e.message, code: e.code, expected, found };
  }
  const dfa = v.kind === "valid" ? { kind: "valid", offset: -1, message: "" } : { message: "", ...v };
  const same =
    dfa.kind === parser.kind &&
    dfa.offset === parser.offset &&
    (dfa.kind !== "value" || (parser.message.endsWith(dfa.message) && (dfa as { code?: string }).code === parser.code));
  const show = (x: { kind: string; offset: number; message: string }) =>
    x.kind === "valid" ? "valid" : `${x.kind} error at ${x.offset}${x.message ? `: ${x.message}` : ""}`;
  if (!same) return { dialect, rule, input, dfa: show(dfa), parser: show(parser) };
  if (parser.kind === "syntax") return syntaxErrorDisagreement(engines, dialect, rule, input, parser);
  if (parser.kind !== "valid" || rule !== "absolute-url-pipeline") return null;
  return kindsDisagreement(engines, dialect, rule, input);
}

/** parse()'s syntax error, made from the automaton, against the parser's: message, code, expected list, found. */
function syntaxErrorDisagreement(
  engines: Engines,
  dialect: DialectName,
  rule: string,
  input: string,
  parser: { message: string; code?: string; expected?: unknown; found?: unknown },
): EngineDisagreement | null {
  let dfa: typeof parser = { message: "(accepted)" };
  try {
    engines.parse(input, { dialect, rule, ...NO_LIMITS, kinds: false });
  } catch (e) {
    if (!(e instanceof engines.UrlPipelineSyntaxError)) throw e;
    const { expected, found } = e as unknown as { expected: unknown; found: unknown };
    dfa = { message: e.message, code: e.code, expected, found };
  }
  const show = (x: typeof parser) =>
    `${x.message} [${x.code}; expected ${JSON.stringify(x.expected)}; found ${JSON.stringify(x.found)}]`;
  if (show(dfa) === show(parser)) return null;
  // A guard of the parser's spoke: the rest of the message, the code and the found character are the parser's.
  const rest = (x: typeof parser) =>
    `${x.message.replace(/expected .*, found /s, "expected ..., found ")} [${x.code}; found ${JSON.stringify(x.found)}]`;
  return rest(dfa) === rest(parser) ? null : { dialect, rule, input, dfa: show(dfa), parser: show(parser) };
}

/** The text check of the kinds against kind() on the parser's tree, for an input the grammar accepts. */
function kindsDisagreement(
  engines: Engines,
  dialect: DialectName,
  rule: string,
  input: string,
): EngineDisagreement | null {
  const { kind, KindError, kindViolation, parseWithParser: parse } = engines;
  const text = kindViolation(input, dialect);
  let tree: { offset: number; message: string } | "none" | "unresolved";
  try {
    kind(parse(input, { dialect, ...NO_LIMITS, kinds: false }) as Pipeline);
    tree = "none";
  } catch (e) {
    if (!(e instanceof KindError)) throw e;
    // A ".." adapter: kind() waits for its resolution, and so does the verdict (nothing refused).
    tree = e.code === "unresolved-dotdot" ? "unresolved" : { offset: e.offset, message: e.message };
  }
  const expected = typeof tree === "string" ? null : tree;
  const got = text === null ? null : { offset: text.start, message: text.message };
  if (JSON.stringify(expected) === JSON.stringify(got)) return null;
  const show = (x: { offset: number; message: string } | null) =>
    x === null ? "no kind error" : `kind error at ${x.offset}: ${x.message}`;
  return { dialect, rule, input, dfa: `the text: ${show(got)}`, parser: `kind() on the tree: ${show(expected)}` };
}

/**
 * What the hint kinds share: the {@link Hint} the public API returns, the {@link Candidate} each kind proposes,
 * the {@link HintContext} it reads, and small text helpers. Nothing here parses; only the context's `check` does,
 * within the budget the index gives it.
 */
import type { HintCode } from "./codes";
import type { DialectMeta } from "../dialects";
import type { UrlPipelineError } from "../errors";
import type { ParseOptions } from "../parse";
import type { ParseResult } from "../tree/nodes";

/**
 * A hint about an input: what looks wrong (or, for a valid input, what probably does not mean what was meant),
 * and, when there is an obvious fix, the whole corrected input.
 *
 * @example
 * validate("s3://bucket/a.zip|zipp:x").hints;
 * // [{ code: "misspelt-scheme", message: '"zipp" is not an adapter scheme; did you mean "zip"?',
 * //    replacement: "s3://bucket/a.zip|zip:x", keepsMeaning: true }]
 */
export interface Hint {
  /** What kind of hint this is, stable for programs to test: one of `HINT_CODES` (src/hints/codes.ts, docs/codes.md). */
  code: HintCode;
  /** For people: one sentence, no trailing period. Its wording may change; test `code`, not this. */
  message: string;
  /**
   * The whole input, corrected. Always valid for `validate()` with the same options (dialect, rule and limits);
   * absent when no fix is obvious.
   */
  replacement?: string;
  /**
   * With a `replacement`: whether it names the resource the input names (a typo, a spelling, another syntax's way of
   * writing the same location). False when the fix moves text from one component to another, a query or a fragment
   * into a key, an adapter into a path (`s3://b/k?region=x` -> `s3://b/k%3Fregion=x`, another key): the message then
   * says what it changes, and such a hint comes after those that keep the meaning and those without a fix. A tool
   * that applies a fix without asking should apply only one that keeps the meaning.
   */
  keepsMeaning?: boolean;
}

/**
 * What `validate()` finds before hints: the tree, or the error. Of the error the hint kinds read only its kind and
 * offset, which is all the DFA engine gives for a fix they propose (parse.ts, verdictWithoutMessage).
 */
export type Checked =
  | { valid: true; pipeline: ParseResult }
  | { valid: false; error: UrlPipelineError | Pick<UrlPipelineError, "kind" | "offset"> };

/** A hint as a kind proposes it: `text` is a proposed replacement that the index still has to check. */
export interface Candidate {
  code: HintCode;
  message: string;
  text?: string;
  /** Drop the hint when `text` cannot be made valid (a guess that is only worth showing with its fix). */
  speculative?: boolean;
  /**
   * What the fix changes in what is named, when it does (`"?region=us-east-1" becomes part of the key`): the hint's
   * `keepsMeaning` is then false, and the message says so.
   */
  changes?: string;
}

/** One `|`-separated part of the input, with its offsets (end exclusive). */
export interface Part {
  text: string;
  start: number;
  end: number;
  index: number;
}

/** What a hint kind reads. `check` re-parses with the caller's options, and returns null once the budget is spent. */
export interface HintContext {
  input: string;
  result: Checked;
  meta: DialectMeta;
  /** The ABNF rule: "absolute-url-pipeline", or (zep8) "relative-url-pipeline". */
  rule: string;
  /** True for zep8's relative-url-pipeline, where a path may come first. */
  relative: boolean;
  options: ParseOptions;
  /** The `|`-separated parts of the input (computed once). */
  parts(): Part[];
  /** For an invalid input: the part the error offset is in (the first whose span holds it); else null. */
  errorPart(): Part | null;
  check(text: string, overrides?: ParseOptions): Checked | null;
  /** Lower-cased scheme names by role, from `meta.schemes`. */
  roots: ReadonlySet<string>;
  adapters: ReadonlySet<string>;
}

/** A hint kind: what it proposes for a valid input (usually nothing) and for an invalid one. */
export interface HintKind {
  name: string;
  /** Proposes no replacements: not run when repairing a replacement. */
  messageOnly?: boolean;
  /**
   * For a valid input: whether `onValid` may find anything, from the text alone. It runs on every valid input, so
   * it must be cheap (no allocation); when no kind's precheck passes, no context is even made.
   */
  validPrecheck?(input: string, meta: DialectMeta): boolean;
  onValid?(ctx: HintContext): Candidate[];
  onInvalid?(ctx: HintContext): Candidate[];
}

export function splitParts(input: string): Part[] {
  const parts: Part[] = [];
  for (let start = 0; ; ) {
    const bar = input.indexOf("|", start);
    const end = bar < 0 ? input.length : bar;
    parts.push({ text: input.slice(start, end), start, end, index: parts.length });
    if (bar < 0) return parts;
    start = bar + 1;
  }
}

/** The parts joined back with "|". */
export function joinParts(parts: readonly { text: string }[]): string {
  return parts.map((p) => p.text).join("|");
}

/** The input with `parts[index]` replaced by `text`. */
export function replacePart(parts: readonly Part[], index: number, text: string): string {
  return parts.map((p) => (p.index === index ? text : p.text)).join("|");
}

/**
 * The scheme a part starts with, as RFC 3986's `scheme` rule reads it (`ALPHA *( ALPHA / DIGIT / "+" / "-" /
 * "." )`), when it is followed by ":" or is the whole part (ZEP 8's bare adapters, `|zip`); else null.
 */
export function schemeToken(part: string): { name: string; colon: boolean } | null {
  const end = schemeNameEnd(part);
  if (end === 0) return null;
  const name = part.slice(0, end);
  if (end === part.length) return { name, colon: false };
  return part.charCodeAt(end) === 0x3a ? { name, colon: true } : null;
}

/**
 * Where the name `text` starts with at `from` ends, read as RFC 3986's `scheme` rule reads one (`ALPHA *( ALPHA /
 * DIGIT / "+" / "-" / "." )`): the index after it, or `from` when no letter starts it. No slice and no regular
 * expression: kinds that look only at inputs of some shape test it with this first, on every refused input.
 */
export function schemeNameEnd(text: string, from = 0): number {
  const first = text.charCodeAt(from) | 0x20;
  if (!(first >= 0x61 && first <= 0x7a)) return from;
  let i = from + 1;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const letter = (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
    if (!(letter || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e)) break;
  }
  return i;
}

/**
 * A piece of the input for a message: in double quotes, with a double quote in it written \", control characters
 * and lone surrogates escaped (\u0000), and cut to about 60 characters.
 */
export function quote(s: string): string {
  const cut = s.length > 60 ? `${s.slice(0, 57)}...` : s;
  // Most pieces have nothing to escape: tested once, not character by character.
  if (!TO_ESCAPE.test(cut)) return `"${cut}"`;
  let out = "";
  for (let i = 0; i < cut.length; i++) {
    const code = cut.charCodeAt(i);
    const c = cut[i]!;
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < cut.length && isLow(cut.charCodeAt(i + 1))) {
      out += c + cut[++i];
    } else if (c === '"') {
      out += '\\"';
    } else if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0) || (code >= 0xd800 && code <= 0xdfff)) {
      out += `\\u${code.toString(16).padStart(4, "0")}`;
    } else {
      out += c;
    }
  }
  return `"${out}"`;
}

/** What quote() escapes or must look at: a double quote, C0 and C1 controls, DEL, and any surrogate. */
const TO_ESCAPE = /["\x00-\x1f\x7f-\x9f\ud800-\udfff]/;

export function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

export function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** "file:, http:, https:, s3:, ..." from a set of scheme names, for messages. */
export function listSchemes(names: Iterable<string>, max = 6): string {
  const all = [...names];
  const shown = all.slice(0, max).map((n) => `${n}:`);
  return all.length > max ? `${shown.join(", ")}, ...` : shown.join(", ");
}

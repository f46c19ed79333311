/**
 * The one error `parse` throws for input that is not a valid URL pipeline (or does not match the rule asked
 * for): where the input stops matching, what the grammar expected there, what it found, and a message with a
 * caret under the spot.
 */
import type { ErrorCode, KindCode, LimitCode, ResolveCode, SyntaxCode, ValueCode } from "./codes";
import type { SubUrlContext } from "./messages/context";

export type { ErrorCode } from "./codes";

export type ErrorKind =
  /** The input does not match the grammar. */
  | "syntax"
  /** The input matches the grammar, but a value in it is out of range (a date, a port, a bucket name, UTF-8). */
  | "value"
  /**
   * The input is longer than `options.maxLength` (offset: maxLength) or has more sub-URLs than
   * `options.maxSubUrls` (offset: the "|" that begins the first sub-URL too many). Found before parsing, so it
   * says nothing about whether the input matches the grammar (decision D22).
   */
  | "limit"
  /**
   * The input matches the grammar and its values are in range, but an adapter's base is of a kind the adapter does
   * not accept, as the text alone shows (ZEP 8 "Resource kinds": "The base URL must refer to a `file` resource";
   * decision D62). `offset`: where the adapter starts.
   */
  | "kind"
  /**
   * The input is a reference that cannot be resolved against the base given with it (`parse(input, base)`: ZEP 8
   * relative pipelines; url-pipeline v0 has none). `input` is the reference.
   */
  | "resolve";

/** What an error is made of; its kind and code agree, as {@link KindAndCode} says. */
export type ErrorDetails = DetailsOfEveryKind &
  (
    | {
        kind: "syntax";
        /** The stable code; a syntax error's is found from `found` when not given. */
        code?: SyntaxCode;
      }
    | { kind: "value"; code: ValueCode }
    | { kind: "limit"; code: LimitCode }
    | { kind: "kind"; code: KindCode }
    | { kind: "resolve"; code: ResolveCode }
  );

interface DetailsOfEveryKind {
  input: string;
  offset: number;
  /** What the grammar expected at `offset`, as ABNF rule names and literals ("syntax" errors). */
  expected: string[];
  /** The text found at `offset`: one character, or null at the end of the input. */
  found: string | null;
  /** The grammar rule that was being matched: "absolute-url-pipeline" unless `options.rule` said otherwise. */
  rule: string;
  dialect: string;
  /** The message. Without one, it is built from expected and found. */
  reason?: string;
  /** The sub-URL the offset is in, for the pipeline rules; null for other rules. */
  subUrl?: SubUrlContext | null;
}

/** How `code` follows from `kind`: a syntax error has a syntax code, and so on (docs/codes.md). */
export type KindAndCode =
  | { readonly kind: "syntax"; readonly code: SyntaxCode }
  | { readonly kind: "value"; readonly code: ValueCode }
  | { readonly kind: "limit"; readonly code: LimitCode }
  | { readonly kind: "kind"; readonly code: KindCode }
  | { readonly kind: "resolve"; readonly code: ResolveCode };

/**
 * A UrlPipelineSyntaxError as the package hands it out: testing `kind` narrows `code` (`error.kind === "value"`
 * leaves `error.code` a value code). `validate()` results carry it, and `instanceof UrlPipelineSyntaxError`
 * narrows to it (TypeScript 5.3 or later; before, to the class).
 */
export type UrlPipelineError = UrlPipelineSyntaxError & KindAndCode;

/**
 * What `Error.stackTraceLimit` is set to while errors that are returned, not thrown, are made (validate()): not a
 * number, so that V8 captures no stack at all. With a limit of 0 it still prepares an empty trace, which measured
 * half of an Error's cost (about 250 of 500 ns on this project's machine); the constructor then writes `stack` as
 * V8 would with 0: "UrlPipelineSyntaxError: message".
 */
export const NO_STACK = undefined as unknown as number;

/** What every UrlPipelineSyntaxError carries, whichever copy of this module made it (a registered symbol). */
const BRAND = Symbol.for("url-pipeline.UrlPipelineSyntaxError");

export class UrlPipelineSyntaxError extends Error {
  /**
   * `instanceof UrlPipelineSyntaxError` holds for an error that any copy of this class made. The parser-free ES
   * module entries (`url-pipeline/validate/...`) are bundled with a copy of their own, so that a browser loads no
   * more; a program that imports one of them and the main entry would otherwise see their errors fail the test.
   * A subclass keeps the ordinary test.
   */
  static override [Symbol.hasInstance]<T extends UrlPipelineSyntaxError>(
    this: abstract new (
      ...args: never[]
    ) => T,
    x: unknown,
  ): x is T & KindAndCode {
    // `this` is the class tested against (a subclass included), which is the point of a static hasInstance.
    // biome-ignore lint/complexity/noThisInStatic: see above
    if ((this as unknown) !== UrlPipelineSyntaxError) {
      // biome-ignore lint/complexity/noThisInStatic: see above
      return Function.prototype[Symbol.hasInstance].call(this, x);
    }
    return typeof x === "object" && x !== null && (x as { [BRAND]?: unknown })[BRAND] === true;
  }

  override readonly name = "UrlPipelineSyntaxError";
  readonly kind: ErrorKind;
  /** What is wrong, stable for programs to test: `syntax/unexpected-character`, `value/port`, ... (docs/codes.md). */
  readonly code: ErrorCode;
  readonly input: string;
  /** 0-based offset, in UTF-16 code units, where the input stops matching. */
  readonly offset: number;
  readonly expected: readonly string[];
  readonly found: string | null;
  readonly rule: string;
  readonly dialect: string;
  /**
   * The sub-URL the error is in (0-based `index` of `count`, its `start`/`end` offsets, `raw` text and `scheme`),
   * for the pipeline rules; null for other rules and limit errors.
   */
  readonly subUrl: SubUrlContext | null;

  constructor(d: ErrorDetails) {
    super(d.reason ?? describeExpected(d.expected, d.found));
    this.kind = d.kind;
    this.code =
      d.code ??
      (d.kind === "syntax"
        ? d.found === null
          ? "syntax/unexpected-end"
          : "syntax/unexpected-character"
        : codeMissing((d as { kind: string }).kind));
    this.input = d.input;
    this.offset = d.offset;
    this.expected = d.expected;
    this.found = d.found;
    this.rule = d.rule;
    this.dialect = d.dialect;
    this.subUrl = d.subUrl ?? null;
    // Made where no stack is captured (Error.stackTraceLimit is NO_STACK: an error validate() returns, not throws):
    // `stack` is what V8 writes with a limit of 0, the first line alone.
    if (Error.stackTraceLimit === NO_STACK) (this as { stack?: string }).stack = `${this.name}: ${this.message}`;
  }

  /**
   * 1-based line of `offset` (inputs with line breaks are rare, but possible): CRLF, CR and LF each end a line.
   * Worked out when read, as {@link column}: most errors are never shown by line.
   */
  get line(): number {
    return this.input.slice(0, this.offset).split(/\r\n?|\n/).length;
  }

  /** 1-based column of `offset` in its line, in UTF-16 code units. */
  get column(): number {
    const before = this.input.slice(0, this.offset);
    return this.offset - Math.max(before.lastIndexOf("\n"), before.lastIndexOf("\r"));
  }

  /**
   * The message, where (the line and column too past the input's first line, where they say more than the offset),
   * then the input with a caret under the offset: at most {@link SHOWN} characters of it around the offset, with
   * "..." where it is cut.
   */
  format(): string {
    const { input, offset } = this;
    // At most SHOWN code units of the input, two thirds of them before the offset: what led to the error.
    const from = Math.max(0, Math.min(offset - 66, input.length - SHOWN));
    const before = (from > 0 ? "..." : "") + showText(input.slice(from, offset));
    const after = showText(input.slice(offset, from + SHOWN)) + (from + SHOWN < input.length ? "..." : "");
    const line = this.line;
    const where = line > 1 ? `, line ${line}, column ${this.column}` : "";
    return `${this.message} (offset ${offset}${where})\n  ${before}${after}\n  ${" ".repeat(before.length)}^`;
  }

  toJSON(): { kind: ErrorKind; code: ErrorCode; offset: number; message: string } {
    return { kind: this.kind, code: this.code, offset: this.offset, message: this.message };
  }
}

Object.defineProperty(UrlPipelineSyntaxError.prototype, BRAND, { value: true });

/** For JavaScript callers: the types already refuse an error of kind "value" or "limit" without a code. */
function codeMissing(kind: string): never {
  throw new Error(`internal: a ${kind} error needs its code`);
}

export function describeExpected(expected: readonly string[], found: string | null): string {
  const list =
    expected.length === 0
      ? "nothing more"
      : expected.length === 1
        ? expected[0]!
        : `${expected.slice(0, -1).join(", ")} or ${expected[expected.length - 1]}`;
  const at = found === null ? "end of input" : quoteChar(found);
  return `expected ${list}, found ${at}`;
}

/**
 * What showChar() escapes: controls (C0, DEL, C1), lone surrogates (in a /u expression a pair is one character,
 * which does not match), and the characters that show nothing or pass for a space (format characters such as
 * U+FEFF and U+200B, and every space but U+0020).
 */
export const UNSEEN = /[\0-\x1f\x7f-\x9f\ud800-\udfff\p{Cf}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u;

/** A character in double quotes, as JSON writes it, with what cannot be seen escaped: `"\\n"`, `"\\ufeff"`. */
export function quoteChar(c: string): string {
  return showText(JSON.stringify(c));
}

/** Renders one character so that it can be read in a message: `\\x0a`, `\\xa0`, `\\ufeff`, `\\ud800`, `\\u{e0001}`. */
export function showChar(c: string): string {
  if (!UNSEEN.test(c)) return c;
  const code = c.codePointAt(0)!;
  const hex = code.toString(16);
  return code < 0x100 ? `\\x${hex.padStart(2, "0")}` : code > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, "0")}`;
}

/** The most code units of the input format() shows: a long input is cut around the offset. */
const SHOWN = 100;

/** Text with each character by showChar() (a surrogate pair cut in two shows its halves escaped). */
export function showText(text: string): string {
  // Most text has nothing to escape: one test of the whole, not one per character.
  return UNSEEN.test(text) ? Array.from(text, showChar).join("") : text;
}

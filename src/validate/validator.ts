/**
 * A validator made of the DFA engine alone: no parser, no tree, no hints. It is what the `url-pipeline/validate`
 * entry points export, for browsers and anywhere size matters. It checks the syntax and the values: the main entry's
 * `validate()` with `{ kinds: false }` gives the same verdicts and offsets (the engines' differential test holds them
 * to it) with the parser's messages and hints. It does not check the kinds of the resources (an adapter's base of
 * the wrong kind, `s3://bucket/dir/|gzip`), which the main entry's verdict does by default (decision D62): the
 * table of kinds would take the bundle past its 10 KB.
 */
import { describeValue, requireOptionsObject } from "../describe-value";
import type { DfaTables } from "../../generated/url-pipeline-v0/dfa";
import { decode, type Automaton } from "../dfa/automaton";
import { accepts, type Verdict as DfaVerdict, verdict } from "../dfa/verdict";
import { accepting, lastRun, movesOf } from "../dfa/scan";
import { NO_STACK, UrlPipelineSyntaxError, type UrlPipelineError } from "../errors";
import { checkLimits, DEFAULT_MAX_LENGTH, DEFAULT_MAX_SUB_URLS, limitError, limitOption } from "../limits";
import type { DialectName } from "../tree/nodes";

export interface ValidatorOptions {
  /** "absolute-url-pipeline" (the default), or a dialect's other pipeline rule ("relative-url-pipeline" in zep8). */
  rule?: string;
  /** As in `parse()`: the longest input, in UTF-16 code units (default 65536; `Infinity`: no limit). */
  maxLength?: number;
  /** As in `parse()`: the most sub-URLs (default 1024; `Infinity`: no limit). */
  maxSubUrls?: number;
}

/**
 * valid, or the error: `kind`, `offset` (UTF-16), `message`, `format()`, as the main entry's errors. The syntax and
 * the values only: never of kind "kind" (see the module's comment).
 */
export type Verdict = { valid: true } | { valid: false; error: UrlPipelineError };

export interface Validator {
  /** Whether `input` is a valid URL pipeline; never throws for a string. */
  canParse(input: string, options?: ValidatorOptions): boolean;
  /** The verdict, with an error that says where and why for an invalid input; never throws for a string. */
  validate(input: string, options?: ValidatorOptions): Verdict;
}

const VALID: Verdict = Object.freeze({ valid: true });
/** The options of a call without them: no prototype, so that a polluted Object.prototype changes nothing. */
export const NO_OPTIONS: ValidatorOptions = Object.freeze(Object.create(null) as ValidatorOptions);

export function makeValidator(dialect: DialectName, rules: Readonly<Record<string, DfaTables>>): Validator {
  const automata = new Map<string, Automaton>();
  const automaton = (options: ValidatorOptions & { dialect?: unknown }): Automaton => {
    // A JavaScript caller may pass what the types refuse: another dialect would be validated as this one, silently.
    if (options.dialect !== undefined && options.dialect !== dialect) {
      throw new TypeError(
        `options.dialect ${describeValue(options.dialect)}: this entry is ${dialect}'s (url-pipeline/validate takes a dialect)`,
      );
    }
    const rule = options.rule;
    if (rule !== undefined && typeof rule !== "string")
      throw new TypeError(`options.rule must be a string, not ${describeValue(rule)}`);
    const name = rule ?? "absolute-url-pipeline";
    let a = automata.get(name);
    if (!a) {
      const tables = Object.hasOwn(rules, name) ? rules[name] : undefined;
      if (!tables)
        throw new TypeError(
          `unknown rule "${name}" in dialect ${dialect}: use ${Object.keys(rules)
            .map((r) => `"${r}"`)
            .join(" or ")}`,
        );
      automata.set(name, (a = decode(tables, dialect)));
    }
    return a;
  };
  const breachOf = (input: string, options: ValidatorOptions) =>
    checkLimits(
      input,
      limitOption(options.maxLength, "maxLength", DEFAULT_MAX_LENGTH),
      limitOption(options.maxSubUrls, "maxSubUrls", DEFAULT_MAX_SUB_URLS),
    );
  const limitOf = (input: string, options: ValidatorOptions, a: Automaton): UrlPipelineError | null => {
    const breach = breachOf(input, options);
    return breach ? limitError(input, breach, a.rule, dialect) : null;
  };
  return {
    canParse(input, options = NO_OPTIONS) {
      requireOptionsObject(options);
      const a = automaton(options);
      if (typeof input !== "string" || limitOf(input, options, a)) return false;
      return accepts(a, input);
    },
    validate(input, options = NO_OPTIONS) {
      requireOptionsObject(options);
      const a = automaton(options);
      if (typeof input !== "string") throw new TypeError(`validate() takes a string, not ${typeof input}`);
      // The limits first: they bound the scan's work.
      const v = breachOf(input, options) ? null : verdict(a, input);
      if (v?.kind === "valid") return VALID;
      // The error is returned, not thrown: the stack V8 would capture when it is made costs more than the message.
      const stackTraceLimit = Error.stackTraceLimit;
      Error.stackTraceLimit = NO_STACK;
      try {
        return refused(input, options, a, v);
      } finally {
        Error.stackTraceLimit = stackTraceLimit;
      }
    },
  };
  /** The refusal: of a limit (`v` null), or of the scan's verdict. */
  function refused(input: string, options: ValidatorOptions, a: Automaton, v: DfaVerdict | null): Verdict {
    if (v === null || v.kind === "valid") return { valid: false, error: limitOf(input, options, a)! };
    const found = input.slice(v.offset, v.offset + 1) || null;
    // Each kind with its code, as the details' type pairs them. A syntax error's expected list: the state the run
    // died in (the scan records it), as the main entry reads it (D67).
    const error = new UrlPipelineSyntaxError(
      v.kind === "value"
        ? {
            kind: "value",
            code: v.code,
            input,
            offset: v.offset,
            expected: [],
            found,
            rule: a.rule,
            dialect,
            reason: v.message,
          }
        : {
            kind: "syntax",
            input,
            offset: v.offset,
            expected: expectedAt(a, lastRun.deathRow),
            found,
            rule: a.rule,
            dialect,
          },
    ) as UrlPipelineError;
    return { valid: false, error };
  }
}

/**
 * What may come in the state at `row`: the characters, as one class in regular-expression style, and the end of
 * the input when the state accepts.
 */
function expectedAt(a: Automaton, row: number): string[] {
  const codes = movesOf(a, row);
  const out: string[] = [];
  if (codes.length === 1) out.push(JSON.stringify(String.fromCharCode(codes[0]!)));
  else if (codes.length > 1) out.push(`a character in [${characterClass(codes)}]`);
  if (accepting(a, row)) out.push("the end of the input");
  return out;
}

function characterClass(codes: number[]): string {
  const show = (c: number) =>
    c < 0x21 || c === 0x7f
      ? `\\x${c.toString(16).padStart(2, "0")}`
      : "\\]^-".includes(String.fromCharCode(c))
        ? `\\${String.fromCharCode(c)}`
        : String.fromCharCode(c);
  let out = "";
  for (let i = 0; i < codes.length; ) {
    let j = i;
    while (j + 1 < codes.length && codes[j + 1] === codes[j]! + 1) j++;
    out +=
      j - i >= 2
        ? `${show(codes[i]!)}-${show(codes[j]!)}`
        : codes
            .slice(i, j + 1)
            .map(show)
            .join("");
    i = j + 1;
  }
  return out;
}

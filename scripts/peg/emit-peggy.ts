import { formatExpr } from "../grammar/ir";
import { describe, encodeForMessages, equal, toPeggyClass, toPeggyLookahead, type CharSet } from "./charset";
import type { Analysis } from "./first-follow";
import type { EmittedRule } from "./emit-text-matchers";
import { prune, refsOf, type PegExpr, type PegRule } from "./peg-ir";
import type { ValueModel } from "./values";

/** Peggy rule identifier for an ABNF rule name: "-" is not allowed in Peggy identifiers. */
export function peggyName(abnfName: string): string {
  return abnfName.replace(/-/g, "_");
}

/** One dialect's rules after the passes, as {@link emitPeggyGrammar} takes them. */
export interface PeggyDialect {
  name: string;
  rules: PegRule[];
  values: ValueModel;
  analysis: Analysis;
}

/** What {@link emitPeggyGrammar} writes. */
export interface PeggyGrammar {
  text: string;
  /**
   * Dialect -> the ABNF rules that have a parser function of their own in that dialect, named by
   * {@link ownPeggyName}: those whose Peggy text differs between the dialects that define them, or that refer to
   * such a rule. Every other rule is one function that each dialect defining it shares, named by {@link peggyName}.
   */
  ownRules: Map<string, string[]>;
  /** Each rule as written, under its Peggy name, in the grammar's order (for emit-text-matchers.ts). */
  emitted: EmittedRule[];
}

/** The Peggy name of a dialect's own version of a rule: `zep8$sub_url` ("$" is in no ABNF rule name). */
export function ownPeggyName(dialect: string, abnfName: string): string {
  return `${peggyName(dialect)}$${peggyName(abnfName)}`;
}

/**
 * Writes the Peggy grammar for one dialect: {@link emitPeggyGrammar} of that dialect alone, where every rule has
 * its plain name.
 */
export function emitPeggy(rules: PegRule[], values: ValueModel, analysis: Analysis, header: string): string {
  return emitPeggyGrammar([{ name: "", rules, values, analysis }], header).text;
}

/**
 * Writes one Peggy grammar for several dialects, so that one generated parser serves them all.
 *
 * The dialects share most rules (RFC 3986's, the sub-URLs of most schemes): a rule whose Peggy text is the same in
 * every dialect that defines it, and whose references are all such rules, is written once under its plain name.
 * Each other rule is written once per dialect, under {@link ownPeggyName}. Per-dialect parsers would each carry
 * the shared rules, and gzip cannot share them between two files that are each longer than its 32 KB window.
 *
 * - Text rules return the text they matched (`$(...)`).
 * - Action rules call `options.actions[name](match, span, text())`, where span is `{ start, end }`, the match's
 *   offsets (Peggy's location() would also work out lines and columns, which no action reads); without
 *   `options.actions` the parser only recognizes (used by the differential tests) and returns the raw match.
 *   The actions come with each parse (each dialect passes its own), so a shared rule calls the right ones.
 * - Rules that always match exactly one character get the ABNF rule name as their Peggy display name, so that
 *   "expected" lists say `unreserved` rather than a character class; they cannot fail half-way, so the error
 *   offset stays exact.
 * - Guards from the follow-guards pass become `@(alternative) &[...]`, one guard rule per distinct FOLLOW set
 *   across the dialects; classes from the single-char-classes pass become Peggy classes.
 */
export function emitPeggyGrammar(dialects: readonly PeggyDialect[], header: string): PeggyGrammar {
  const guards: CharSet[] = [];
  /**
   * A guard is a named rule around the lookahead: Peggy stays silent when a lookahead fails, but records a
   * named rule's description where it fails. So a failed guard still marks how far the input matched (the
   * alternative before it did match), and the error offset is where the ABNF stops matching, not earlier.
   */
  const guardRule = (follow: CharSet): string => {
    let i = guards.findIndex((g) => equal(g, follow));
    if (i < 0) i = guards.push(follow) - 1;
    return `follow_guard_${i}`;
  };

  // Which rules are shared: the same text with plain names everywhere, and only shared rules referred to.
  const texts = new Map<string, string[]>();
  const refs = new Map<string, Set<string>>();
  for (const d of dialects) {
    for (const rule of d.rules) {
      const text = emitRule(rule, d, peggyName, guardRule);
      texts.set(rule.name, [...(texts.get(rule.name) ?? []), text]);
      refs.set(rule.name, new Set([...(refs.get(rule.name) ?? []), ...refsOf(rule.expr)]));
    }
  }
  const shared = new Set([...texts].filter(([, t]) => t.every((x) => x === t[0])).map(([name]) => name));
  prune(shared, (name) => [...refs.get(name)!].every((r) => !texts.has(r) || shared.has(r)));

  const out: string[] = [header, "{", "  const actions = options.actions;", "}", ""];
  const written = new Set<string>();
  const ownRules = new Map<string, string[]>();
  const emitted: EmittedRule[] = [];
  for (const d of dialects) {
    const own: string[] = [];
    const nameOf = (name: string) => (shared.has(name) ? peggyName(name) : ownPeggyName(d.name, name));
    for (const rule of d.rules) {
      if (!shared.has(rule.name)) own.push(rule.name);
      else if (written.has(rule.name)) continue;
      written.add(rule.name);
      const origin = shared.has(rule.name) ? "" : `${d.name}: `;
      out.push(`// ${origin}${rule.name} = ${formatExpr(rule.abnf)}`.replace(/\n/g, " "));
      // A shared rule refers only to shared rules, so its text is the one found above.
      out.push(shared.has(rule.name) ? texts.get(rule.name)![0]! : emitRule(rule, d, nameOf, guardRule));
      emitted.push({
        name: nameOf(rule.name),
        expr: rule.expr,
        text: d.values.kind(rule.name) === "text",
        display: displayName(rule, d),
        peggyRef: nameOf,
      });
    }
    ownRules.set(d.name, own);
  }
  out.push("// Lookahead guards added by scripts/peg/passes/follow-guards.ts, one per distinct FOLLOW set.");
  guards.forEach((g, i) => {
    out.push(
      `// ${describe(g)}\nfollow_guard_${i} ${JSON.stringify(encodeForMessages(g))}\n  = ${toPeggyLookahead(g)}\n`,
    );
  });
  return { text: out.join("\n"), ownRules, emitted };
}

/**
 * A rule's Peggy display name: its ABNF name for a text rule that always matches exactly one character, so that
 * "expected" lists say `unreserved` rather than a character class; none for any other.
 */
function displayName(rule: PegRule, d: PeggyDialect): string | null {
  const [min, max] = d.analysis.length({ type: "ref", name: rule.name });
  return d.values.kind(rule.name) === "text" && min === 1 && max === 1 ? rule.name : null;
}

/** One rule, `name "display"\n  = body\n`, its references named by `nameOf`. */
function emitRule(
  rule: PegRule,
  d: PeggyDialect,
  nameOf: (abnfName: string) => string,
  guardRule: (follow: CharSet) => string,
): string {
  const { values } = d;
  const emit = (e: PegExpr, v: ValueModel | null): string => emitExpr(e, v, nameOf, guardRule);
  const kind = values.kind(rule.name);
  const name = displayName(rule, d);
  const display = name === null ? "" : ` ${JSON.stringify(name)}`;
  let body: string;
  if (rule.expr.type === "class") {
    // A class is invisible in messages only inside a rule reported by its name (passes/single-char-classes.ts).
    if (!display) throw new Error(`rule "${rule.name}": a character class for a rule that has no display name`);
    // Its value is the character it matched, its text: no $( ) needed.
    body = emit(rule.expr, null);
  } else if (kind === "text") {
    body = `$(${emit(rule.expr, null)})`;
  } else {
    const tags = values.tags(rule.name);
    let inner: string;
    if (tags) {
      if (rule.expr.type !== "alt" || rule.expr.items.length !== tags.length) {
        throw new Error(`rule "${rule.name}": a pass changed the alternatives of an action rule`);
      }
      inner = `(${rule.expr.items
        .map((item, i) => `(v:${emit(item, values)} { return { rule: ${JSON.stringify(tags[i])}, value: v }; })`)
        .join("\n    / ")})`;
    } else {
      inner = emit(rule.expr, values);
    }
    body =
      kind === "action"
        ? `m:${inner}\n    { if (!actions) return m; const t = text(); const s = offset(); ` +
          `return actions[${JSON.stringify(rule.name)}](m, { start: s, end: s + t.length }, t); }`
        : inner;
  }
  return `${nameOf(rule.name)}${display}\n  = ${body}\n`;
}

/** `values` null: inside a text rule, where nothing is built. */
function emitExpr(
  e: PegExpr,
  values: ValueModel | null,
  nameOf: (abnfName: string) => string,
  guardRule: (follow: CharSet) => string,
): string {
  const emit = (x: PegExpr, v: ValueModel | null) => emitExpr(x, v, nameOf, guardRule);
  if (values?.isText(e) && e.type !== "ref") {
    return `$(${emit(e, null)})`;
  }
  switch (e.type) {
    case "literal": {
      // One character at a time: a literal that matches only in part ("htt" of "http") still marks how far the
      // input matched, as ABNF, where a quoted string is a sequence of characters (RFC 5234 2.3), would.
      // A case-insensitive letter is the class of its two ASCII cases, not Peggy's "x"i: that compares
      // input.toLowerCase(), which turns U+212A KELVIN SIGN into "k", and RFC 5234 2.3 folds ASCII only.
      const chars = [...e.text].map((c) =>
        !e.caseSensitive && /[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : peggyString(c),
      );
      return chars.length === 1 ? chars[0]! : `(${chars.join(" ")})`;
    }
    case "range":
      if (e.last > 0xffff)
        throw new Error(`%x${e.first.toString(16)}-${e.last.toString(16)}: only the BMP is supported`);
      return `[${classChar(e.first)}-${classChar(e.last)}]`;
    case "ref":
      return nameOf(e.name);
    case "empty":
      return '""';
    case "seq":
      return `(${e.items.map((x) => emit(x, values)).join(" ")})`;
    case "alt":
      return `(${e.items.map((x) => emit(x, values)).join(" / ")})`;
    case "rep": {
      const item = emit(e.item, values);
      if (e.min === 0 && e.max === null) return `${item}*`;
      if (e.min === 1 && e.max === null) return `${item}+`;
      if (e.min === 0 && e.max === 1) return `${item}?`;
      // The counts of an expanded option [ x ] are worth x's value, or null, as the option was.
      if (e.optional) return e.max === 1 ? item : values ? `("" { return null; })` : '""';
      // Peggy has no zero count; an expanded repetition's zero case is an empty match worth [].
      if (e.max === 0) return values ? `("" { return []; })` : '""';
      if (e.min === e.max) return `${item}|${e.min}|`;
      return `${item}|${e.min}..${e.max ?? ""}|`;
    }
    case "guard":
      return `(@${emit(e.item, values)} ${guardRule(e.follow)})`;
    case "class":
      if (e.set.end || e.set.ranges.length === 0)
        throw new Error("a character class must have characters, and not the end of input");
      return toPeggyClass(e.set);
  }
}

function peggyString(s: string): string {
  return `"${[...s].map((c) => (/[A-Za-z0-9 !#$%&'()*+,./:;<=>?@[\]^_`{|}~-]/.test(c) ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)).join("")}"`;
}

function classChar(c: number): string {
  return `\\u${c.toString(16).padStart(4, "0")}`;
}

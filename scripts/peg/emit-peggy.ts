import { formatExpr } from "../grammar/ir";
import { describe, encodeForMessages, equal, toPeggyClass, toPeggyLookahead, type CharSet } from "./charset";
import type { Analysis } from "./first-follow";
import type { PegExpr, PegRule } from "./peg-ir";
import type { ValueModel } from "./values";

/** Peggy rule identifier for an ABNF rule name: "-" is not allowed in Peggy identifiers. */
export function peggyName(abnfName: string): string {
  return abnfName.replace(/-/g, "_");
}

/**
 * Writes the Peggy grammar for one dialect.
 *
 * - Text rules return the text they matched (`$(...)`).
 * - Action rules call `options.actions[name](match, span, text())`, where span is `{ start, end }`, the match's
 *   offsets (Peggy's location() would also work out lines and columns, which no action reads); without
 *   `options.actions` the parser only recognizes (used by the differential tests) and returns the raw match.
 * - Rules that always match exactly one character get the ABNF rule name as their Peggy display name, so that
 *   "expected" lists say `unreserved` rather than a character class; they cannot fail half-way, so the error
 *   offset stays exact.
 * - Guards from the follow-guards pass become `@(alternative) &[...]`; classes from the single-char-classes pass
 *   become Peggy classes.
 */
export function emitPeggy(rules: PegRule[], values: ValueModel, analysis: Analysis, header: string): string {
  const out: string[] = [header, "{", "  const actions = options.actions;", "}", ""];
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
  const emit = (e: PegExpr, v: ValueModel | null): string => emitExpr(e, v, guardRule);
  for (const rule of rules) {
    const kind = values.kind(rule.name);
    const [min, max] = analysis.length({ type: "ref", name: rule.name });
    const display = kind === "text" && min === 1 && max === 1 ? ` ${JSON.stringify(rule.name)}` : "";
    out.push(`// ${rule.name} = ${formatExpr(rule.abnf)}`.replace(/\n/g, " "));
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
      body = kind === "action"
        ? `m:${inner}\n    { if (!actions) return m; const t = text(); const s = offset(); ` +
          `return actions[${JSON.stringify(rule.name)}](m, { start: s, end: s + t.length }, t); }`
        : inner;
    }
    out.push(`${peggyName(rule.name)}${display}\n  = ${body}\n`);
  }
  out.push("// Lookahead guards added by scripts/peg/passes/follow-guards.ts, one per distinct FOLLOW set.");
  guards.forEach((g, i) => out.push(`// ${describe(g)}\nfollow_guard_${i} ${JSON.stringify(encodeForMessages(g))}\n  = ${toPeggyLookahead(g)}\n`));
  return out.join("\n");
}

/** `values` null: inside a text rule, where nothing is built. */
function emitExpr(e: PegExpr, values: ValueModel | null, guardRule: (follow: CharSet) => string): string {
  const emit = (x: PegExpr, v: ValueModel | null) => emitExpr(x, v, guardRule);
  if (values && values.isText(e) && e.type !== "ref") {
    return `$(${emit(e, null)})`;
  }
  switch (e.type) {
    case "literal": {
      // One character at a time: a literal that matches only in part ("htt" of "http") still marks how far the
      // input matched, as ABNF, where a quoted string is a sequence of characters (RFC 5234 2.3), would.
      // A case-insensitive letter is the class of its two ASCII cases, not Peggy's "x"i: that compares
      // input.toLowerCase(), which turns U+212A KELVIN SIGN into "k", and RFC 5234 2.3 folds ASCII only.
      const chars = [...e.text].map((c) => (!e.caseSensitive && /[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : peggyString(c)));
      return chars.length === 1 ? chars[0]! : `(${chars.join(" ")})`;
    }
    case "range":
      if (e.last > 0xffff) throw new Error(`%x${e.first.toString(16)}-${e.last.toString(16)}: only the BMP is supported`);
      return `[${classChar(e.first)}-${classChar(e.last)}]`;
    case "ref":
      return peggyName(e.name);
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
      if (e.set.end || e.set.ranges.length === 0) throw new Error("a character class must have characters, and not the end of input");
      return toPeggyClass(e.set);
  }
}

function peggyString(s: string): string {
  return `"${[...s].map((c) => (/[A-Za-z0-9 !#$%&'()*+,./:;<=>?@[\]^_`{|}~-]/.test(c) ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)).join("")}"`;
}

function classChar(c: number): string {
  return `\\u${c.toString(16).padStart(4, "0")}`;
}

/**
 * A rule of the grammar as a JavaScript regular expression, for value checks that need a rule's language on a
 * short piece of text (an IPv6 address between brackets): smaller than a DFA for the same rule (RFC 3986's
 * IPv6address is 152 states; its expression is under 400 characters), and generated from the same ABNF.
 *
 * The expression is anchored (`^(?:...)$`), so it matches exactly the rule's language: ABNF alternation is a union,
 * and a JavaScript alternation with backtracking finds a full match whenever any alternative leads to one (no
 * back-references, no lookaround). Backtracking is bounded by the caller, which tests only text no longer than the
 * rule's longest match (`maxLength`).
 */
import { Analysis } from "../peg/first-follow";
import { forEachRef, lookup, type Expr, type RuleSet } from "../grammar/ir";

export interface RulePattern {
  rule: string;
  /** The regular expression's source, anchored. */
  source: string;
  /** The rule's longest match (UTF-16 code units); text longer than this cannot match. */
  maxLength: number;
}

/** The anchored regular expression of `name`; throws for a rule that reaches itself or has no longest match. */
export function rulePattern(rules: RuleSet, name: string): RulePattern {
  const rule = lookup(rules, name);
  if (!rule) throw new Error(`no rule ${name}`);
  refuseRecursion(rules, name, []);
  const [, hi] = new Analysis(rules).length({ type: "ref", name });
  if (hi === null || !Number.isFinite(hi))
    throw new Error(`${name} has no longest match: it cannot be a value pattern`);
  return { rule: rule.name, source: `^(?:${emit(rules, rule.expr, [rule.name.toLowerCase()])})$`, maxLength: hi };
}

function refuseRecursion(rules: RuleSet, name: string, stack: string[]): void {
  const key = name.toLowerCase();
  if (stack.includes(key)) throw new Error(`rule ${name} reaches itself: no regular expression`);
  const r = lookup(rules, name);
  if (!r) throw new Error(`no rule ${name}`);
  forEachRef(r.expr, (ref) => refuseRecursion(rules, ref, [...stack, key]));
}

/** The characters a one-character expression stands for, as [first, last] ranges; null if it is not one. */
function oneChar(rules: RuleSet, e: Expr, seen: string[]): [number, number][] | null {
  switch (e.type) {
    case "range":
      return [[e.first, e.last]];
    case "literal": {
      if (e.text.length !== 1) return null;
      const c = e.text.charCodeAt(0);
      const lower = e.text.toLowerCase().charCodeAt(0);
      const upper = e.text.toUpperCase().charCodeAt(0);
      return e.caseSensitive || lower === upper
        ? [[c, c]]
        : [
            [lower, lower],
            [upper, upper],
          ];
    }
    case "ref": {
      const key = e.name.toLowerCase();
      if (seen.includes(key)) throw new Error(`rule ${e.name} reaches itself: no regular expression`);
      const r = lookup(rules, e.name);
      if (!r) throw new Error(`no rule ${e.name}`);
      return oneChar(rules, r.expr, [...seen, key]);
    }
    case "alt": {
      const out: [number, number][] = [];
      for (const item of e.items) {
        const r = oneChar(rules, item, seen);
        if (!r) return null;
        out.push(...r);
      }
      return out;
    }
    default:
      return null;
  }
}

/**
 * A character as it stands in a regular expression: itself if it is a letter or digit or harmless, "\\." for a dot
 * (IPv4address's separator), else \xHH.
 */
function hex(c: number): string {
  const ch = String.fromCharCode(c);
  if (ch === ".") return "\\.";
  return /^[A-Za-z0-9:,'"=@!%&~_<>`;#/ -]$/.test(ch) && ch !== "-" ? ch : `\\x${c.toString(16).padStart(2, "0")}`;
}

/** `e` with its rule references followed. */
function resolved(rules: RuleSet, e: Expr): Expr {
  while (e.type === "ref") e = lookup(rules, e.name)!.expr;
  return e;
}

function charClass(ranges: [number, number][]): string {
  for (const [, last] of ranges) if (last > 0x7f) throw new Error("value patterns are ASCII");
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of sorted) {
    const top = merged[merged.length - 1];
    if (top && a <= top[1] + 1) top[1] = Math.max(top[1], b);
    else merged.push([a, b]);
  }
  if (merged.length === 1 && merged[0]![0] === merged[0]![1]) return hex(merged[0]![0]);
  // The digits as "\\d" (what the expression weighs in the validator's bundle: D64's budget).
  const written = merged.map(([a, b]) => (a === 0x30 && b === 0x39 ? "\\d" : a === b ? hex(a) : `${hex(a)}-${hex(b)}`));
  return written.length === 1 && written[0] === "\\d" ? "\\d" : `[${written.join("")}]`;
}

/** `e` as a regular expression that can take a quantifier or sit in a sequence: one atom. */
function atom(rules: RuleSet, e: Expr, seen: string[]): string {
  const one = oneChar(rules, e, seen);
  if (one) return charClass(one);
  return `(?:${emit(rules, e, seen)})`;
}

function emit(rules: RuleSet, e: Expr, seen: string[]): string {
  const one = oneChar(rules, e, seen);
  if (one) return charClass(one);
  switch (e.type) {
    case "literal":
      return [...e.text]
        .map((ch) => atom(rules, { type: "literal", text: ch, caseSensitive: e.caseSensitive }, seen))
        .join("");
    case "range":
      return charClass([[e.first, e.last]]);
    case "ref": {
      const key = e.name.toLowerCase();
      if (seen.includes(key)) throw new Error(`rule ${e.name} reaches itself: no regular expression`);
      return emit(rules, lookup(rules, e.name)!.expr, [...seen, key]);
    }
    case "seq":
      // An alternation inside a sequence needs its group, also when a rule reference stands for it.
      return e.items
        .map((item) => (resolved(rules, item).type === "alt" ? atom(rules, item, seen) : emit(rules, item, seen)))
        .join("");
    case "alt":
      return e.items.map((item) => emit(rules, item, seen)).join("|");
    case "rep": {
      const a = atom(rules, e.item, seen);
      const { min, max } = e;
      if (max === 0) return "";
      const q =
        max === null
          ? min === 0
            ? "*"
            : min === 1
              ? "+"
              : `{${min},}`
          : min === max
            ? min === 1
              ? ""
              : `{${min}}`
            : min === 0 && max === 1
              ? "?"
              : `{${min},${max}}`;
      return a + q;
    }
    case "empty":
      return "";
  }
}

/** The rules the library checks values against as regular expressions (src/strict/patterns.ts). */
export const VALUE_PATTERN_RULES = ["IPv6address", "IPv4address"] as const;

/**
 * generated/patterns.js and .d.ts: one anchored RegExp and longest length per rule. The rules are RFC 3986's, the
 * same in every dialect that has them; a dialect whose rule reads differently fails the build, naming the files.
 */
export function emitPatternsModule(byDialect: Map<string, RuleSet>, header: string): { js: string; dts: string } {
  const js = [header, '"use strict";', 'Object.defineProperty(exports, "__esModule", { value: true });'];
  const dts = [header];
  for (const name of VALUE_PATTERN_RULES) {
    const found = [...byDialect]
      .filter(([, rules]) => lookup(rules, name))
      .map(([d, rules]) => [d, rulePattern(rules, name)] as const);
    if (found.length === 0)
      throw new Error(`value pattern ${name}: no dialect defines the rule (scripts/patterns/regex.ts)`);
    const [first, ...rest] = found;
    for (const [d, p] of rest) {
      if (p.source !== first![1].source) {
        const where = (rs: RuleSet) => lookup(rs, name)!.source.file;
        throw new Error(
          `value pattern ${name}: dialects ${first![0]} (${where(byDialect.get(first![0])!)}) and ${d} ` +
            `(${where(byDialect.get(d)!)}) define it differently; a value pattern must mean one thing`,
        );
      }
    }
    const p = first![1];
    js.push(
      `// ${name}: the ABNF rule as an anchored regular expression; text longer than maxLength cannot match.`,
      `exports.${name} = { pattern: /${p.source}/, maxLength: ${p.maxLength} };`,
    );
    dts.push(
      `/** The ABNF rule ${name}: test only text of at most maxLength characters. */`,
      `export declare const ${name}: { readonly pattern: RegExp; readonly maxLength: number };`,
    );
  }
  return { js: `${js.join("\n")}\n`, dts: `${dts.join("\n")}\n` };
}

/**
 * Strings for the differential tests, made with fast-check from the same ABNF AST the oracle matches with:
 * positive cases derived from a rule, and mutations of them.
 *
 * - Alternation: every alternative equally likely, however deep it sits, so that rare forms (a compressed IPv6
 *   address with a trailing IPv4 part, `"localhost"`, a bare adapter scheme) come up as often as common ones.
 * - Repetition: min to max counts, capped at min + 3 when unbounded, so inputs stay short and the oracle fast.
 * - Case-insensitive strings: each ASCII letter in either case (RFC 5234 2.3).
 * - Mutations: insert, delete, replace or double characters, with characters that matter in URL pipelines
 *   (`| : / % [ ] @ ? # .`, digits) and some that test encoding (NUL, a lone surrogate, non-ASCII); swap a
 *   letter's case (the case-sensitive `%s"v"`, `"T"`, `"Z"`); or put a look-alike in place of a letter, one that
 *   Unicode case mapping relates to an ASCII letter though ABNF does not (U+212A KELVIN SIGN, whose
 *   `toLowerCase()` is "k"; U+017F LONG S, whose `toUpperCase()` is "S"; U+0130 and U+0131 for "i").
 */
import fc from "fast-check";
import type { Node } from "abnf";
import type { OracleGrammar } from "./load";

export const MUTATION_CHARS = [
  ..."|:/%[]@?#.",
  ..."0123456789",
  ..."aAfFkKvTZxX",
  ..."-_~+!$&'()*,;=",
  " ",
  "\u212A",
  "\u0130",
  "\u017F",
  "\u0000",
  "\t",
  "\n",
  "\uD800",
  "\u00E9",
];

export class Generator {
  private readonly cache = new Map<string, fc.Arbitrary<string>>();

  constructor(readonly grammar: OracleGrammar) {}

  /** Strings the ABNF derives from `rule`. */
  positive(rule: string): fc.Arbitrary<string> {
    const key = rule.toUpperCase();
    const hit = this.cache.get(key);
    if (hit) return hit;
    const def = this.grammar.rules.get(key);
    if (!def) throw new Error(`generator: rule "${rule}" is not defined in ${this.grammar.dialect}`);
    const arb = this.of(def);
    this.cache.set(key, arb);
    return arb;
  }

  /** A derived string with one to three edits. */
  mutated(rule: string): fc.Arbitrary<string> {
    const edit = fc.record({
      op: fc.constantFrom("insert", "delete", "replace", "double", "swapcase", "lookalike"),
      at: fc.nat(),
      ch: fc.constantFrom(...MUTATION_CHARS),
    });
    return fc
      .tuple(this.positive(rule), fc.array(edit, { minLength: 1, maxLength: 3 }))
      .map(([s, edits]) => edits.reduce((t, e) => applyEdit(t, e.op, e.at, e.ch), s));
  }

  /** Positive and mutated strings, half each. */
  strings(rule: string): fc.Arbitrary<string> {
    return fc.oneof(this.positive(rule), this.mutated(rule));
  }

  private of(node: Node): fc.Arbitrary<string> {
    switch (node.type) {
      case "caseSensitveString":
        return fc.constant(node.str);
      case "caseInsensitveString": {
        const letters = [...node.str];
        return fc
          .array(fc.boolean(), { minLength: letters.length, maxLength: letters.length })
          .map((upper) => letters.map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(""));
      }
      case "range":
        return fc.integer({ min: node.first, max: node.last }).map((cp) => String.fromCodePoint(cp));
      case "ruleref":
        return this.positive(node.name);
      case "group":
        return this.of(node.alt);
      case "alternation":
        return fc.oneof(...node.alts.map((a) => this.of(a)));
      case "concatenation":
        return fc.tuple(...node.elements.map((e) => this.of(e))).map((parts) => parts.join(""));
      case "repetition": {
        const { min, max } = node.rep;
        if (max === 0) return fc.constant("");
        return fc.array(this.of(node.el), { minLength: min, maxLength: max ?? min + 3 }).map((parts) => parts.join(""));
      }
      case "prose":
        throw new Error(`generator: prose <${node.str}> has no strings`);
    }
  }
}

const LOOKALIKES: Record<string, string> = {
  k: "\u212A",
  K: "\u212A",
  s: "\u017F",
  S: "\u017F",
  i: "\u0131",
  I: "\u0130",
};

export function applyEdit(s: string, op: string, at: number, ch: string): string {
  const i = at % (s.length + 1);
  const c = s.charAt(i);
  switch (op) {
    case "swapcase":
      return s.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + s.slice(i + 1);
    case "lookalike": {
      // The nearest letter at or after i that has a look-alike; none: unchanged.
      const j = s.slice(i).search(/[kKsSiI]/);
      return j < 0 ? s : s.slice(0, i + j) + LOOKALIKES[s.charAt(i + j)]! + s.slice(i + j + 1);
    }
    case "insert":
      return s.slice(0, i) + ch + s.slice(i);
    case "delete":
      return s.slice(0, i) + s.slice(i + 1);
    case "replace":
      return s.slice(0, i) + ch + s.slice(i + 1);
    case "double":
      return s.slice(0, i) + s.slice(i, i + 1) + s.slice(i);
    default:
      throw new Error(`unknown edit ${op}`);
  }
}

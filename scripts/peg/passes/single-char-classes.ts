import { ruleKey } from "../../grammar/ir";
import { chars, firstOfLiteral, union, type CharSet } from "../charset";
import type { PassNote, PegExpr, PegRule } from "../peg-ir";
import type { ValueModel } from "../values";

/**
 * A text rule that always matches exactly one character of a fixed set (ALPHA, DIGIT, HEXDIG, unreserved,
 * sub-delims, ...) becomes one character class: `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` was a
 * choice of two rule calls and four tests; it is now one test. Such rules are the innermost loop of every
 * path, host and name, so this is where a parse spends most of its calls.
 *
 * Nothing a user sees changes. The language is the same set of one-character strings, and the value is that
 * character either way (a text rule's value is its text). The error messages are the same because the
 * emitter gives every text rule that matches exactly one character its ABNF name as Peggy display name
 * (emit-peggy.ts): Peggy reports such a rule's failure by that name and never the expectations of its parts,
 * so whether its inside is one class or a choice cannot show. The emitter checks that each class it writes
 * sits in such a rule.
 *
 * A rule whose single character depends on what follows (a follow guard inside it) is left alone: a class
 * cannot look ahead.
 */
export function foldSingleCharRules(rules: PegRule[], values: ValueModel): { rules: PegRule[]; notes: PassNote[] } {
  const byKey = new Map(rules.map((r) => [ruleKey(r.name), r]));
  const sets = new Map<string, CharSet | null>();
  const setOfRule = (name: string): CharSet | null => {
    const key = ruleKey(name);
    if (sets.has(key)) return sets.get(key)!;
    sets.set(key, null); // a rule that reaches itself is not one character
    const rule = byKey.get(key);
    const set = rule ? setOf(rule.expr, setOfRule) : null;
    sets.set(key, set);
    return set;
  };
  const notes: PassNote[] = [];
  const out = rules.map((rule): PegRule => {
    const set = values.kind(rule.name) === "text" ? setOfRule(rule.name) : null;
    if (!set) return rule;
    notes.push({ rule: rule.name, note: "one character class" });
    return { ...rule, expr: { type: "class", set } };
  });
  return { rules: out, notes };
}

/** The characters `e` matches when it always matches exactly one of them, whatever follows; else null. */
function setOf(e: PegExpr, setOfRule: (name: string) => CharSet | null): CharSet | null {
  switch (e.type) {
    case "literal":
      return e.text.length === 1 ? firstOfLiteral(e.text, e.caseSensitive) : null;
    case "range":
      return e.last <= 0xffff ? chars(e.first, e.last) : null;
    case "class":
      return e.set;
    case "ref":
      return setOfRule(e.name);
    case "alt": {
      let set: CharSet = { ranges: [], end: false };
      for (const item of e.items) {
        const s = setOf(item, setOfRule);
        if (!s) return null;
        set = union(set, s);
      }
      return set;
    }
    case "seq":
      return e.items.length === 1 ? setOf(e.items[0]!, setOfRule) : null;
    case "rep":
      return e.min === 1 && e.max === 1 ? setOf(e.item, setOfRule) : null;
    case "empty":
    case "guard":
      return null;
  }
}

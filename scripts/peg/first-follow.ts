import { lookup, ruleKey, type Expr, type RuleSet } from "../grammar/ir";
import { EMPTY, END, chars, equal, firstOfLiteral, union, type CharSet } from "./charset";

/**
 * FIRST and FOLLOW sets (one character of lookahead) over an ABNF rule set, and match lengths.
 *
 * PEG differs from ABNF in two places: a choice commits to the first alternative that matches, and a
 * repetition takes as many items as it can. Both are harmless where one character of lookahead tells the
 * options apart, which is what these sets decide. Every rule may be a parser start rule (the API's `rule`
 * option), so "end of input" is in the FOLLOW set of every rule.
 */
export interface First {
  set: CharSet;
  nullable: boolean;
}

export class Analysis {
  private readonly firstCache = new Map<string, First>();
  private readonly lengthCache = new Map<string, [number, number | null]>();
  readonly follow = new Map<string, CharSet>();

  constructor(readonly rules: RuleSet) {
    for (const key of rules.keys()) this.follow.set(key, END);
    // Iterate to a fixpoint: FOLLOW(R) grows from each place R is used.
    for (let changed = true; changed; ) {
      changed = false;
      for (const [key, rule] of rules) {
        walkWithFollow(this, rule.expr, this.follow.get(key)!, (node, follow) => {
          if (node.type !== "ref") return;
          const k = ruleKey(node.name);
          const before = this.follow.get(k)!;
          const after = union(before, follow);
          if (!equal(after, before)) {
            this.follow.set(k, after);
            changed = true;
          }
        });
      }
    }
  }

  followOf(name: string): CharSet {
    return this.follow.get(ruleKey(name)) ?? END;
  }

  first(expr: Expr): First {
    switch (expr.type) {
      case "literal":
        return { set: firstOfLiteral(expr.text, expr.caseSensitive), nullable: expr.text.length === 0 };
      case "range":
        return { set: chars(expr.first, expr.last), nullable: false };
      case "empty":
        return { set: EMPTY, nullable: true };
      case "ref": {
        const key = ruleKey(expr.name);
        let f = this.firstCache.get(key);
        if (!f) {
          const rule = lookup(this.rules, expr.name);
          if (!rule) throw new Error(`undefined rule "${expr.name}"`);
          f = this.first(rule.expr);
          this.firstCache.set(key, f);
        }
        return f;
      }
      case "seq": {
        let set = EMPTY;
        for (const item of expr.items) {
          const f = this.first(item);
          set = union(set, f.set);
          if (!f.nullable) return { set, nullable: false };
        }
        return { set, nullable: true };
      }
      case "alt": {
        let set = EMPTY;
        let nullable = false;
        for (const item of expr.items) {
          const f = this.first(item);
          set = union(set, f.set);
          nullable ||= f.nullable;
        }
        return { set, nullable };
      }
      case "rep": {
        const f = this.first(expr.item);
        return { set: f.set, nullable: expr.min === 0 || f.nullable };
      }
    }
  }

  /** Shortest and longest match in characters (null: unbounded). */
  length(expr: Expr): [number, number | null] {
    switch (expr.type) {
      case "literal":
        return [expr.text.length, expr.text.length];
      case "range":
        return [1, 1];
      case "empty":
        return [0, 0];
      case "ref": {
        const key = ruleKey(expr.name);
        let l = this.lengthCache.get(key);
        if (!l) {
          l = this.length(lookup(this.rules, expr.name)!.expr);
          this.lengthCache.set(key, l);
        }
        return l;
      }
      case "seq":
        return expr.items
          .map((x) => this.length(x))
          .reduce(([a, b], [c, d]) => [a + c, b === null || d === null ? null : b + d], [0, 0] as [
            number,
            number | null,
          ]);
      case "alt": {
        const ls = expr.items.map((x) => this.length(x));
        return [
          Math.min(...ls.map((l) => l[0])),
          ls.some((l) => l[1] === null) ? null : Math.max(...ls.map((l) => l[1]!)),
        ];
      }
      case "rep": {
        const [lo, hi] = this.length(expr.item);
        return [lo * expr.min, expr.max === null || hi === null ? (hi === 0 ? 0 : null) : hi * expr.max];
      }
    }
  }
}

/**
 * Visits every node of `expr` with the set of characters (or end) that may come right after that node,
 * given `follow` for the whole expression.
 */
export function walkWithFollow(
  analysis: Analysis,
  expr: Expr,
  follow: CharSet,
  visit: (node: Expr, follow: CharSet) => void,
): void {
  visit(expr, follow);
  switch (expr.type) {
    case "seq": {
      const afters = followsInSeq(analysis, expr.items, follow);
      expr.items.forEach((item, i) => {
        walkWithFollow(analysis, item, afters[i]!, visit);
      });
      return;
    }
    case "alt":
      for (const item of expr.items) walkWithFollow(analysis, item, follow, visit);
      return;
    case "rep":
      walkWithFollow(analysis, expr.item, followInRep(analysis, expr, follow), visit);
      return;
    default:
      return;
  }
}

/** What may follow each item of a sequence followed by `follow`: FIRST of the items after it and, if all of those
 * can be empty, `follow` (computed right to left). */
export function followsInSeq(analysis: Analysis, items: readonly Expr[], follow: CharSet): CharSet[] {
  const afters: CharSet[] = new Array(items.length);
  let after = follow;
  for (let i = items.length - 1; i >= 0; i--) {
    afters[i] = after;
    const f = analysis.first(items[i]!);
    after = f.nullable ? union(f.set, after) : f.set;
  }
  return afters;
}

/** What may follow one item of a repetition followed by `follow`: another item, when more than one is allowed. */
export function followInRep(analysis: Analysis, rep: Extract<Expr, { type: "rep" }>, follow: CharSet): CharSet {
  return rep.max === null || rep.max > 1 ? union(analysis.first(rep.item).set, follow) : follow;
}

import { formatExpr, type Expr, type RuleSet } from "../../grammar/ir";
import { intersects, union, type CharSet } from "../charset";
import { Analysis, followInRep, followsInSeq } from "../first-follow";
import type { PassNote, PegExpr, PegRule } from "../peg-ir";

/**
 * PEG choice commits to the first alternative that matches; ABNF alternation accepts if any alternative
 * leads to a match of the whole input. They differ where an early alternative matches a prefix of what a
 * later one would (`"zarr"` of `zarr3:`, `IPv4address` of the host `1.2.3.4a`, `"localhost"` of
 * `localhosts`, `DIGIT` of the octet `25`).
 *
 * For every alternation where an alternative can start like a later one (a later one that can match nothing
 * starts like whatever may follow the alternation), or can itself match nothing, that alternative is followed
 * by a lookahead: the next character must be one that can follow
 * the alternation (its FOLLOW set, end of input included). When it is not, the alternative cannot be part
 * of any match, so failing it loses nothing, and the PEG goes on to the next alternative. The guard consumes
 * nothing and keeps the alternative's value.
 */
export function addFollowGuards(rules: RuleSet): { rules: PegRule[]; notes: PassNote[] } {
  const analysis = new Analysis(rules);
  const notes: PassNote[] = [];
  const out: PegRule[] = [];
  for (const [key, rule] of rules) {
    const guard = (e: Expr, follow: CharSet): PegExpr => {
      switch (e.type) {
        case "seq": {
          const afters = followsInSeq(analysis, e.items, follow);
          return { type: "seq", items: e.items.map((x, i) => guard(x, afters[i]!)) };
        }
        case "alt": {
          const firsts = e.items.map((x) => analysis.first(x));
          const items = e.items.map((x, i): PegExpr => {
            const inner = guard(x, follow);
            if (i === e.items.length - 1) return inner;
            // A later alternative that can match nothing competes with everything that may follow the choice.
            const overlaps =
              firsts[i]!.nullable ||
              firsts
                .slice(i + 1)
                .some((later) => intersects(firsts[i]!.set, later.nullable ? union(later.set, follow) : later.set));
            if (!overlaps) return inner;
            notes.push({ rule: rule.name, note: `guarded alternative ${formatExpr(x, true)}` });
            return { type: "guard", item: inner, follow };
          });
          return { type: "alt", items };
        }
        case "rep":
          return { ...e, item: guard(e.item, followInRep(analysis, e, follow)) };
        default:
          return e;
      }
    };
    out.push({ name: rule.name, expr: guard(rule.expr, analysis.follow.get(key)!), abnf: rule.expr });
  }
  return { rules: out, notes };
}

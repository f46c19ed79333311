import { formatExpr, type Expr, type Rule, type RuleSet } from "../../grammar/ir";
import { EMPTY, intersects } from "../charset";
import { Analysis, walkWithFollow } from "../first-follow";
import type { PassNote } from "../peg-ir";

/**
 * PEG repetition is greedy and never gives an item back; ABNF repetition matches any count in range.
 * They differ only where the item can start with a character that may also follow the repetition
 * (RFC 3986 `IPv6address`: `[ *4( h16 ":" ) h16 ] "::"` must leave one h16 for after the repetition).
 *
 * For such a repetition with an upper bound, this pass writes the counts out as an ABNF alternation, most
 * first: `*2x` becomes `2x / 1x / 0x`. That is the same language, and a PEG tries each count in turn; the
 * follow-guards pass then makes each count give way when what comes next cannot follow.
 * An unbounded repetition with the same conflict cannot be expanded, and fails the build: the rule needs a
 * restatement in grammar/ that one character of lookahead can parse.
 *
 * So does a conflict with what follows the *rule* rather than what follows the repetition inside it (a
 * repetition at the end of a rule used in several places): the guards see one FOLLOW set for all the places
 * the rule is used (and end of input, since any rule may be a start rule), so they cannot tell the counts
 * apart in each place.
 */
export function expandCounts(rules: RuleSet): { rules: RuleSet; notes: PassNote[]; errors: string[] } {
  const analysis = new Analysis(rules);
  const notes: PassNote[] = [];
  const errors: string[] = [];
  const out: RuleSet = new Map();
  for (const [key, rule] of rules) {
    const conflicts = new Set<Expr>();
    const local = new Set<Expr>();
    walkWithFollow(analysis, rule.expr, EMPTY, (node, follow) => {
      if (node.type === "rep" && node.min !== node.max && intersects(analysis.first(node.item).set, follow))
        local.add(node);
    });
    walkWithFollow(analysis, rule.expr, analysis.follow.get(key)!, (node, follow) => {
      if (node.type !== "rep" || node.min === node.max) return;
      if (!intersects(analysis.first(node.item).set, follow)) return;
      if (!local.has(node)) {
        errors.push(
          `${rule.source.file}:${rule.source.line}: in "${rule.name}", ${formatExpr(node)} can take ` +
            `characters that may follow "${rule.name}" where it is used; one FOLLOW set for every use cannot settle ` +
            `the count: restate the rule so that the repetition is not last`,
        );
      } else if (node.max === null) {
        errors.push(
          `${rule.source.file}:${rule.source.line}: in "${rule.name}", ${formatExpr(node)} can take ` +
            `characters that may also follow it, and has no upper bound to expand`,
        );
      } else {
        conflicts.add(node);
      }
    });
    if (conflicts.size === 0) {
      out.set(key, rule);
      continue;
    }
    const rewrite = (e: Expr): Expr => {
      switch (e.type) {
        case "seq":
        case "alt":
          return { type: e.type, items: e.items.map(rewrite) };
        case "rep": {
          const item = rewrite(e.item);
          if (!conflicts.has(e)) return { ...e, item };
          const counts: Expr[] = [];
          const optional = e.min === 0 && e.max === 1 ? { optional: true as const } : {};
          for (let k = e.max!; k >= e.min; k--) counts.push({ type: "rep", min: k, max: k, item, ...optional });
          notes.push({ rule: rule.name, note: `expanded ${formatExpr(e)} into counts ${e.max} down to ${e.min}` });
          return { type: "alt", items: counts };
        }
        default:
          return e;
      }
    };
    const expanded: Rule = { ...rule, expr: rewrite(rule.expr) };
    out.set(key, expanded);
  }
  return { rules: out, notes, errors };
}

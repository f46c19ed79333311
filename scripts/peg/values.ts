import { forEachRef, lookup, ruleKey, type Expr, type RuleSet } from "../grammar/ir";

/**
 * What each rule's match is worth to the semantic actions in src/, decided once for the emitters:
 *
 * - an *action* rule (listed in src/actions/action-rules.json) hands its match to a typed action in src/;
 * - a *structural* rule has no action but contains one (root-sub-url = ... / s3-sub-url / ...): its value is
 *   the values of its parts;
 * - every other rule is *text*: its value is the text it matched, and its parts build nothing.
 *
 * Inside action and structural rules, any part with no action below it is also just its text. The emitted
 * Peggy grammar (emit-peggy.ts) and the TypeScript match types (emit-types.ts) both follow this, so an
 * action's parameter type is exactly what the parser passes it.
 */

/** What isText reads of an expression: its type, sub-expressions, and a reference's rule name. */
interface ExprShape {
  type: string;
  items?: ExprShape[];
  item?: ExprShape;
  name?: string;
}
export class ValueModel {
  readonly actionRules: Set<string>;
  readonly structuralRules = new Set<string>();

  constructor(
    readonly rules: RuleSet,
    actionRuleNames: Iterable<string>,
  ) {
    this.actionRules = new Set([...actionRuleNames].filter((n) => lookup(rules, n)).map(ruleKey));
    const carries = new Map<string, boolean>();
    const carriesValue = (name: string): boolean => {
      const key = ruleKey(name);
      if (this.actionRules.has(key)) return true;
      let v = carries.get(key);
      if (v === undefined) {
        v = false;
        forEachRef(lookup(rules, name)!.expr, (n) => {
          v ||= carriesValue(n);
        });
        carries.set(key, v);
        if (v) this.structuralRules.add(key);
      }
      return v;
    };
    for (const rule of rules.values()) carriesValue(rule.name);
  }

  kind(name: string): "action" | "structural" | "text" {
    const key = ruleKey(name);
    return this.actionRules.has(key) ? "action" : this.structuralRules.has(key) ? "structural" : "text";
  }

  /** True when no action rule is below `expr`, so that its value is its matched text. */
  isText(expr: ExprShape): boolean {
    let text = true;
    const visit = (e: ExprShape): void => {
      if (!text) return;
      if (e.type === "ref") text = this.kind(e.name!) === "text";
      else if (e.items) e.items.forEach(visit);
      else if (e.item) visit(e.item);
    };
    visit(expr);
    return text;
  }

  /**
   * How an action rule's alternatives are told apart: an action rule whose body is an alternation gets
   * `{ rule, value }`, where `rule` names the alternative (the rule it refers to, or "#N" for the N-th
   * alternative written inline), so that an action can switch on it.
   */
  tags(name: string): string[] | null {
    const rule = lookup(this.rules, name)!;
    if (this.kind(name) !== "action" || rule.expr.type !== "alt") return null;
    return rule.expr.items.map((item: Expr, i) => (item.type === "ref" ? item.name : `#${i}`));
  }
}

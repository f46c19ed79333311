import { lookup, ruleKey, type Expr, type RuleSet } from "../grammar/ir";
import type { ValueModel } from "./values";

/**
 * Writes generated/DIALECT/matches.d.ts: for each action rule, the TypeScript type of the match the parser
 * hands to its action (see values.ts for what a match is made of). src/ types its actions with
 * `Actions<Values>`, so when a rule's shape changes in grammar/, the action no longer type-checks until it is
 * updated.
 *
 * Types come from the ABNF before the PEG passes; the passes keep the shape of every value (a guard returns its
 * alternative's value; a count expansion yields arrays as the repetition did).
 */
export function emitTypes(rules: RuleSet, values: ValueModel, header: string): string {
  const actionRules = [...rules.values()].filter((r) => values.kind(r.name) === "action");
  const lines = [
    header,
    "/** Where a match was found: from start to end (exclusive), in UTF-16 code units. Actions may keep it. */",
    "export interface MatchSpan {",
    "  start: number;",
    "  end: number;",
    "}",
    "",
    "/** The rules of this dialect whose matches go to a semantic action. */",
    `export type ActionRule =\n${actionRules.map((r) => `  | ${JSON.stringify(r.name)}`).join("\n")};`,
    "",
    "/** For each action rule, the match its action receives; V maps each action rule to its action's result. */",
    "export interface ActionMatches<V extends Record<ActionRule, unknown>> {",
    ...actionRules.map((r) => `  ${JSON.stringify(r.name)}: ${matchType(r.name, rules, values)};`),
    "}",
    "",
    "/** The semantic actions the parser calls: one per action rule. */",
    "export type Actions<V extends Record<ActionRule, unknown>> = {",
    "  [R in ActionRule]: (match: ActionMatches<V>[R], span: MatchSpan, text: string) => V[R];",
    "};",
    "",
  ];
  return lines.join("\n");
}

function matchType(name: string, rules: RuleSet, values: ValueModel): string {
  const rule = lookup(rules, name)!;
  const tags = values.tags(name);
  if (tags && rule.expr.type === "alt") {
    return rule.expr.items
      .map((item, i) => `{ rule: ${JSON.stringify(tags[i])}; value: ${typeOf(item, rules, values)} }`)
      .join(" | ");
  }
  return typeOf(rule.expr, rules, values);
}

function typeOf(e: Expr, rules: RuleSet, values: ValueModel): string {
  if (e.type !== "ref" && values.isText(e)) return "string";
  switch (e.type) {
    case "ref": {
      const kind = values.kind(e.name);
      if (kind === "action") return `V[${JSON.stringify(lookup(rules, e.name)!.name)}]`;
      if (kind === "structural") return `(${typeOf(rules.get(ruleKey(e.name))!.expr, rules, values)})`;
      return "string";
    }
    case "seq":
      return `[${e.items.map((x) => typeOf(x, rules, values)).join(", ")}]`;
    case "alt":
      return `(${[...new Set(e.items.map((x) => typeOf(x, rules, values)))].join(" | ")})`;
    case "rep": {
      const t = typeOf(e.item, rules, values);
      return e.min === 0 && e.max === 1 ? `(${t} | null)` : `Array<${t}>`;
    }
    default:
      return "string";
  }
}

import { formatExpr, lookup, mapRefs, ruleKey, sameExpr, type Expr, type Rule, type RuleSet } from "./ir";
import type { LoadedFile } from "./load";

/**
 * Puts the files of one dialect together into one rule set.
 *
 * - A rule defined in two files is kept once if both definitions are the same ABNF (the url-pipeline text
 *   repeats RFC 3986's `pchar`, `query`, ...), and is an error otherwise.
 * - "=/" alternatives are appended to their rule in file order (RFC 5234 3.3).
 * - A rule listed in `assembled` has no "=" definition; its "=/" alternatives are the whole rule.
 * - Rule references are rewritten to the spelling of the definition, since names are case-insensitive.
 */
export function mergeFiles(files: LoadedFile[], assembled: string[] = []): RuleSet {
  const rules: RuleSet = new Map();
  for (const f of files) {
    for (const rule of f.rules) {
      const prior = lookup(rules, rule.name);
      if (!prior) {
        rules.set(ruleKey(rule.name), rule);
      } else if (!sameExpr(prior.expr, rule.expr)) {
        throw new Error(
          `rule "${rule.name}" is defined twice, differently:\n` +
            `  ${prior.source.file}:${prior.source.line}: ${formatExpr(prior.expr)}\n` +
            `  ${rule.source.file}:${rule.source.line}: ${formatExpr(rule.expr)}\n` +
            `(if both are needed, load one under another name with "rename" in the dialect manifest)`,
        );
      }
    }
  }
  const assembledKeys = new Set(assembled.map(ruleKey));
  for (const f of files) {
    for (const ext of f.extensions) {
      const key = ruleKey(ext.name);
      const base = rules.get(key);
      const addition = { expr: ext.expr, source: { file: f.file, line: ext.line } };
      if (base) {
        rules.set(key, {
          ...base,
          expr: appendAlternative(base.expr, ext.expr),
          additions: [...(base.additions ?? []), addition],
        });
      } else if (assembledKeys.has(key)) {
        rules.set(key, { name: ext.name, expr: ext.expr, source: addition.source, additions: [addition] });
      } else {
        throw new Error(`${f.file}:${ext.line}: "${ext.name} =/" adds to a rule that no file defines with "="`);
      }
    }
  }
  for (const name of assembled) {
    if (!lookup(rules, name)) throw new Error(`"assembled" rule "${name}" has no "=/" alternatives`);
  }
  const canonical = (name: string) => lookup(rules, name)?.name ?? name;
  for (const [key, rule] of rules) rules.set(key, { ...rule, expr: mapRefs(rule.expr, canonical) });
  return rules;
}

function appendAlternative(base: Expr, alt: Expr): Expr {
  const items = base.type === "alt" ? base.items : [base];
  return { type: "alt", items: [...items, ...(alt.type === "alt" ? alt.items : [alt])] };
}

/** Rules in the order of the files that define them (definition order). */
export function ruleList(rules: RuleSet): Rule[] {
  return [...rules.values()];
}

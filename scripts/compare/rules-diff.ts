/**
 * What changed in the grammar text: rules added, removed and changed (compared as ABNF expressions with sameExpr,
 * so a rule whose own definition is unchanged is unchanged even if a rule it uses changed), and the schemes' "; @version"
 * headers (scripts/grammar/headers.ts).
 */
import { forEachRef, formatExpr, lookup, ruleKey, sameExpr, type Rule, type RuleSet } from "../grammar/ir";
import type { SchemeHeader } from "../grammar/headers";

export interface RuleChange {
  rule: string;
  change: "added" | "removed" | "changed";
  /** The ABNF on each side, and where it is defined ("grammar/FILE:LINE"). */
  old?: { abnf: string; source: string };
  new?: { abnf: string; source: string };
  /**
   * For a rule that other files add to with "=/" (`adapter-sub-url =/ zip-sub-url`): the additions on one side only,
   * each where it is written, so that the file to look at is named, not only the rule's first definition.
   */
  additions?: { side: "old" | "new"; abnf: string; source: string }[];
}

export interface SchemeVersionChange {
  scheme: string;
  /** null: the scheme is not in that grammar. */
  old: string | null;
  new: string | null;
}

/** The rules `start` uses, directly or not, itself included (case-folded names). */
export function reachable(rules: RuleSet, start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const rule = lookup(rules, name);
    if (!rule || seen.has(ruleKey(rule.name))) return;
    seen.add(ruleKey(rule.name));
    forEachRef(rule.expr, visit);
  };
  visit(start);
  return seen;
}

/** The rules that differ between two grammars, among those `start` uses in either; in NEW's order, then OLD's. */
export function diffRules(oldRules: RuleSet, newRules: RuleSet, start: string): RuleChange[] {
  const used = new Set([...reachable(oldRules, start), ...reachable(newRules, start)]);
  const side = (rules: RuleSet, key: string) => {
    const r = rules.get(key)!;
    return { abnf: formatExpr(r.expr), source: `${r.source.file}:${r.source.line}` };
  };
  const out: RuleChange[] = [];
  for (const [key, rule] of newRules) {
    if (!used.has(key)) continue;
    const prior = oldRules.get(key);
    if (!prior) out.push({ rule: rule.name, change: "added", new: side(newRules, key) });
    else if (!sameExpr(prior.expr, rule.expr)) {
      const additions = changedAdditions(prior, rule);
      out.push({
        rule: rule.name,
        change: "changed",
        old: side(oldRules, key),
        new: side(newRules, key),
        ...(additions.length > 0 ? { additions } : {}),
      });
    }
  }
  for (const [key, rule] of oldRules) {
    if (used.has(key) && !newRules.has(key)) out.push({ rule: rule.name, change: "removed", old: side(oldRules, key) });
  }
  return out;
}

/** The "=/" additions of a rule that one side has and the other has not (compared as ABNF text). */
function changedAdditions(oldRule: Rule, newRule: Rule): NonNullable<RuleChange["additions"]> {
  const text = (r: Rule) =>
    (r.additions ?? []).map((a) => ({ abnf: formatExpr(a.expr), source: `${a.source.file}:${a.source.line}` }));
  const before = text(oldRule);
  const after = text(newRule);
  return [
    ...before.filter((a) => !after.some((b) => b.abnf === a.abnf)).map((a) => ({ side: "old" as const, ...a })),
    ...after.filter((a) => !before.some((b) => b.abnf === a.abnf)).map((a) => ({ side: "new" as const, ...a })),
  ];
}

/** Schemes added, removed, or whose "@version" differs; in NEW's order, then OLD's. */
export function diffSchemeVersions(
  oldSchemes: readonly SchemeHeader[],
  newSchemes: readonly SchemeHeader[],
): SchemeVersionChange[] {
  const before = new Map(oldSchemes.map((s) => [s.scheme, s.version]));
  const after = new Map(newSchemes.map((s) => [s.scheme, s.version]));
  const out: SchemeVersionChange[] = [];
  for (const [scheme, version] of after) {
    const prior = before.get(scheme) ?? null;
    if (prior !== version) out.push({ scheme, old: prior, new: version });
  }
  for (const [scheme, version] of before) if (!after.has(scheme)) out.push({ scheme, old: version, new: null });
  return out;
}

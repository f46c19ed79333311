import { forEachRef, lookup, ruleKey, type RuleSet } from "./ir";

/**
 * The build refuses a grammar with a reference to an undefined rule, a rule that no root reaches
 * (a typo, or a rule left behind), or a recursive rule: every rule of RFC 3986 and of the pipeline texts
 * is non-recursive, and the PEG analysis (FIRST/FOLLOW, count expansion) relies on that.
 * Returns the problems found; empty means the grammar is sound.
 */
export function checkRules(rules: RuleSet, roots: string[]): string[] {
  const problems: string[] = [];
  for (const rule of rules.values()) {
    forEachRef(rule.expr, (name) => {
      if (!lookup(rules, name)) problems.push(`${rule.source.file}:${rule.source.line}: "${rule.name}" uses undefined rule "${name}"`);
    });
  }
  for (const root of roots) {
    if (!lookup(rules, root)) problems.push(`root "${root}" is not defined`);
  }
  const reached = new Set<string>();
  const visit = (name: string) => {
    const key = ruleKey(name);
    if (reached.has(key)) return;
    const rule = rules.get(key);
    if (!rule) return;
    reached.add(key);
    forEachRef(rule.expr, visit);
  };
  roots.forEach(visit);
  for (const [key, rule] of rules) {
    if (!reached.has(key)) problems.push(`${rule.source.file}:${rule.source.line}: rule "${rule.name}" is unused (no root reaches it)`);
  }
  const cycle = findCycle(rules);
  if (cycle) problems.push(`rules are recursive: ${cycle.join(" -> ")}`);
  return problems;
}

function findCycle(rules: RuleSet): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  let found: string[] | null = null;
  const visit = (key: string) => {
    if (found) return;
    const s = state.get(key);
    if (s === "done") return;
    const rule = rules.get(key);
    if (!rule) return;
    if (s === "open") {
      found = [...stack.slice(stack.indexOf(rule.name)), rule.name];
      return;
    }
    state.set(key, "open");
    stack.push(rule.name);
    forEachRef(rule.expr, (n) => visit(ruleKey(n)));
    stack.pop();
    state.set(key, "done");
  };
  for (const key of rules.keys()) visit(key);
  return found;
}

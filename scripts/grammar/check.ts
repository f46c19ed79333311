import { forEachRef, lookup, ruleKey, type Expr, type RuleSet } from "./ir";

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
      if (lookup(rules, name)) return;
      // A reference an "=/" of another file added (`adapter-sub-url =/ zip-sub-urll`) is that file's to fix.
      const where = rule.additions?.find((a) => refersTo(a.expr, name))?.source ?? rule.source;
      problems.push(`${where.file}:${where.line}: "${rule.name}" uses undefined rule "${name}"`);
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
    if (!reached.has(key))
      problems.push(`${rule.source.file}:${rule.source.line}: rule "${rule.name}" is unused (no root reaches it)`);
  }
  const cycle = findCycle(rules);
  if (cycle) {
    const first = lookup(rules, cycle[0]!)!;
    problems.push(
      `${first.source.file}:${first.source.line}: rules are recursive: ${cycle.join(" -> ")}. The build needs every rule ` +
        `non-recursive (the pipeline grammars are regular: one DFA per start rule): write the recursion as a repetition, ` +
        `e.g. "a = b [ "/" a ]" as "a = b *( "/" b )"`,
    );
  }
  return problems;
}

function refersTo(expr: Expr, name: string): boolean {
  let found = false;
  forEachRef(expr, (n) => (found ||= n === name));
  return found;
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

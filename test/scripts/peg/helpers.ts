/**
 * Shared by the PEG pass tests: ABNF text -> rule set -> Peggy parser, with and without the passes, and a
 * reference matcher with ABNF semantics (every alternative, every repetition count) to say what the ABNF accepts.
 */
import * as peggy from "peggy";
import { lookup, type Expr, type RuleSet } from "../../../scripts/grammar/ir";
import { loadAbnf } from "../../../scripts/grammar/load";
import { mergeFiles } from "../../../scripts/grammar/merge";
import { emitPeggy, peggyName } from "../../../scripts/peg/emit-peggy";
import { Analysis } from "../../../scripts/peg/first-follow";
import { expandCounts } from "../../../scripts/peg/passes/expand-counts";
import { addFollowGuards } from "../../../scripts/peg/passes/follow-guards";
import { foldSingleCharRules } from "../../../scripts/peg/passes/single-char-classes";
import type { PegRule } from "../../../scripts/peg/peg-ir";
import { ValueModel } from "../../../scripts/peg/values";

export const CORE = 'ALPHA = %x41-5A / %x61-7A\nDIGIT = %x30-39\nHEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"\n';
export const rulesOf = (text: string): RuleSet => mergeFiles([loadAbnf(CORE, "core.abnf"), loadAbnf(text, "x.abnf")]);

export function compile(pegRules: PegRule[], rules: RuleSet, actionRules: string[] = []): peggy.Parser {
  const grammar = emitPeggy(pegRules, new ValueModel(rules, actionRules), new Analysis(rules), "// test");
  return peggy.generate(grammar, { allowedStartRules: ["*"] });
}

export const asPeg = (rules: RuleSet): PegRule[] =>
  [...rules.values()].map((r) => ({ name: r.name, expr: r.expr, abnf: r.expr }));

function cached(make: (rules: RuleSet) => peggy.Parser): (rules: RuleSet) => peggy.Parser {
  const cache = new WeakMap<RuleSet, peggy.Parser>();
  return (rules) => cache.get(rules) ?? cache.set(rules, make(rules)).get(rules)!;
}

/** The naive translation: every ABNF rule as it is, no guards, no count expansion. */
export const naive = cached((rules) => compile(asPeg(rules), rules));
/** Follow guards only, without count expansion. */
export const guardsOnly = cached((rules) => compile(addFollowGuards(rules).rules, rules));

const passesCache = cached((rules) => passes(rules, []));
/** What the build does: expandCounts, addFollowGuards, then foldSingleCharRules. */
export function withPasses(rules: RuleSet, actionRules: string[] = []): peggy.Parser {
  return actionRules.length === 0 ? passesCache(rules) : passes(rules, actionRules);
}
function passes(rules: RuleSet, actionRules: string[]): peggy.Parser {
  const expanded = expandCounts(rules);
  if (expanded.errors.length > 0) throw new Error(expanded.errors.join("\n"));
  const guarded = addFollowGuards(expanded.rules).rules;
  return compile(foldSingleCharRules(guarded, new ValueModel(rules, actionRules)).rules, rules, actionRules);
}

export function accepts(parser: peggy.Parser, rule: string, input: string): boolean {
  try {
    parser.parse(input, { startRule: peggyName(rule) });
    return true;
  } catch (e) {
    if (!(e instanceof parser.SyntaxError)) throw e;
    return false;
  }
}

/** ABNF semantics: every end position `expr` can reach from `pos` (all choices, all counts). */
export function ends(rules: RuleSet, expr: Expr, input: string, pos: number): Set<number> {
  const step = (from: Set<number>, e: Expr) => new Set([...from].flatMap((p) => [...ends(rules, e, input, p)]));
  switch (expr.type) {
    case "literal": {
      const got = input.slice(pos, pos + expr.text.length);
      const same = expr.caseSensitive ? got === expr.text : got.toLowerCase() === expr.text.toLowerCase();
      return new Set(same ? [pos + expr.text.length] : []);
    }
    case "range": {
      const c = input.charCodeAt(pos);
      return new Set(pos < input.length && c >= expr.first && c <= expr.last ? [pos + 1] : []);
    }
    case "empty":
      return new Set([pos]);
    case "ref":
      return ends(rules, lookup(rules, expr.name)!.expr, input, pos);
    case "seq":
      return expr.items.reduce(step, new Set([pos]));
    case "alt":
      return new Set(expr.items.flatMap((x) => [...ends(rules, x, input, pos)]));
    case "rep": {
      const out = new Set<number>();
      let at = new Set([pos]);
      for (let n = 0; at.size > 0 && (expr.max === null || n <= expr.max) && n <= input.length + 1; n++) {
        if (n >= expr.min) for (const p of at) out.add(p);
        at = step(at, expr.item);
      }
      return out;
    }
  }
}

export const abnfAccepts = (rules: RuleSet, rule: string, input: string): boolean =>
  ends(rules, { type: "ref", name: rule }, input, 0).has(input.length);

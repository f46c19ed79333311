/**
 * The DFAs a comparison runs on: one start rule of each grammar, built by scripts/dfa/ with one tag set for both.
 *
 * The tags say which component a character belongs to, so they decide what "reinterpreted" can see. A tag must be
 * a rule both grammars' start rules use (a rule only one side has would make all its characters differ from "no tag"). The
 * set is the package's own (src/strict/tagged-rules.json) and, for the comparison only, the component rules whose
 * names end in -path, -version, -ref, -bucket, -host or -port. The DFA build refuses a tag set it cannot record
 * (a tag that depends on what comes later, nested tags, back-to-back instances): then the extra tags its message
 * names are dropped, and the build tried again; each dropped tag is reported with the reason.
 */
import { buildDfa } from "../dfa/build";
import { BuildError } from "../dfa/positions";
import type { Dfa } from "../dfa/subset";
import { lookup, ruleKey, type Expr, type RuleSet } from "../grammar/ir";
import { diffRules, reachable } from "./rules-diff";

/**
 * Rules witnesses avoid when they can: url-pipeline v0's non-standard `vendor.scheme:` sub-URLs. The shortest
 * string of many differences would otherwise start with a made-up scheme (`a.a:|...`, 4 characters, where a real
 * root needs 6 or more); a witness that needs one (a non-standard scheme removed) is still reported.
 */
export const AVOIDED_RULES = ["nonstandard-sub-url"];

export const EXTRA_TAG = /-(path|version|ref|bucket|host|port)$/i;

export interface ComparisonDfas {
  old: Dfa;
  new: Dfa;
  /** The same languages without the AVOIDED_RULES alternatives (the same DFAs where a grammar has none). */
  oldPreferred: Dfa;
  newPreferred: Dfa;
  /** Whether an AVOIDED_RULES rule, or a rule it uses, differs between the grammars. */
  avoidedChanged: boolean;
  /** The tags both DFAs record. */
  tags: string[];
  /** Tags tried and left out, each with the DFA build's reason. */
  dropped: { tag: string; reason: string }[];
}

/** The tags a DFA build error names as the cause, most droppable first (of nested tags: the outer one). */
export function tagsNamedBy(message: string): string[] {
  const nested = /tagged rule (\S+) is inside tagged rule (\S+) /.exec(message);
  if (nested) return [nested[2]!, nested[1]!];
  const either = /may belong to (.+?) \(/.exec(message);
  if (either) return either[1]!.split(" or ").filter((t) => t !== "no tagged rule");
  const adjacent = /a new (\S+) may begin/.exec(message);
  return adjacent ? [adjacent[1]!] : [];
}

export function buildComparisonDfas(
  oldRules: RuleSet,
  newRules: RuleSet,
  startRule: string,
  packageTags: readonly string[],
): ComparisonDfas {
  const usedOld = reachable(oldRules, startRule);
  const usedNew = reachable(newRules, startRule);
  const both = (name: string) => usedOld.has(ruleKey(name)) && usedNew.has(ruleKey(name));
  const base = packageTags.filter(both).map((t) => lookup(newRules, t)!.name);
  const extra = [...newRules.values()]
    .map((r) => r.name)
    .filter((n) => EXTRA_TAG.test(n) && both(n) && !base.includes(n));
  let tags = [...base, ...extra];
  const dropped: ComparisonDfas["dropped"] = [];
  for (;;) {
    try {
      const old = buildDfa(oldRules, startRule, tags).dfa;
      const neu = buildDfa(newRules, startRule, tags).dfa;
      const preferred = (rules: RuleSet, dfa: Dfa) => {
        const without = withoutAlternatives(rules, AVOIDED_RULES);
        return without === rules ? dfa : buildDfa(without, startRule, tags).dfa;
      };
      return {
        old,
        new: neu,
        oldPreferred: preferred(oldRules, old),
        newPreferred: preferred(newRules, neu),
        avoidedChanged: AVOIDED_RULES.some((r) => diffRules(oldRules, newRules, r).length > 0),
        tags,
        dropped,
      };
    } catch (e) {
      if (!(e instanceof BuildError)) throw e;
      const named = tagsNamedBy(e.message).filter((t) => tags.includes(t));
      // Drop the comparison's own tags first; the package's tags only when the message names nothing else.
      const own = named.filter((t) => !base.includes(t));
      // Of nested tags one goes (the outer, if it is the comparison's own); of competing tags, all of ours.
      const nested = /is inside tagged rule/.test(e.message);
      const drop = own.length > 0 ? (nested ? own.slice(0, 1) : own) : named.slice(0, 1);
      if (drop.length === 0) throw e;
      for (const tag of drop) dropped.push({ tag, reason: e.message });
      tags = tags.filter((t) => !drop.includes(t));
    }
  }
}

/**
 * The rule set with every alternative that is just a reference to one of `names` taken out (a sublanguage); the
 * same object when there is none.
 */
export function withoutAlternatives(rules: RuleSet, names: readonly string[]): RuleSet {
  const avoided = new Set(names.map(ruleKey));
  const strip = (e: Expr): Expr => {
    switch (e.type) {
      case "alt": {
        const kept = e.items.filter((x) => !(x.type === "ref" && avoided.has(ruleKey(x.name)))).map(strip);
        return kept.length === 0 ? e : kept.length === 1 ? kept[0]! : { type: "alt", items: kept };
      }
      case "seq":
        return { type: "seq", items: e.items.map(strip) };
      case "rep":
        return { ...e, item: strip(e.item) };
      default:
        return e;
    }
  };
  const uses = [...rules.values()].some((r) => JSON.stringify(r.expr) !== JSON.stringify(strip(r.expr)));
  if (!uses) return rules;
  return new Map([...rules].map(([k, r]) => [k, { ...r, expr: strip(r.expr) }]));
}

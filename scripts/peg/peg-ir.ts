import type { Expr } from "../grammar/ir";
import type { CharSet } from "./charset";

/**
 * The ABNF IR plus the one thing PEG needs that ABNF does not have: a lookahead guard.
 * `guard` matches `item` and then requires the next character (or end of input) to be in `follow`,
 * consuming nothing more; its value is `item`'s value, so guards never change the shape of a match.
 * `class` matches one character of a set, as a Peggy character class does.
 */
export type PegExpr =
  | Exclude<Expr, { type: "seq" | "alt" | "rep" }>
  | { type: "seq"; items: PegExpr[] }
  | { type: "alt"; items: PegExpr[] }
  | { type: "rep"; min: number; max: number | null; item: PegExpr; optional?: true }
  | { type: "guard"; item: PegExpr; follow: CharSet }
  /** One character of `set` (never the end of input): made by passes/single-char-classes.ts. */
  | { type: "class"; set: CharSet };

/** A rule as the emitter sees it: the transformed expression and the original ABNF it must accept. */
export interface PegRule {
  name: string;
  expr: PegExpr;
  abnf: Expr;
}

/** What a pass reports: each transformation it made, for the build log and generated comments. */
export interface PassNote {
  rule: string;
  note: string;
}

/** The rule names an expression refers to, in order, with repeats. */
export function refsOf(e: PegExpr): string[] {
  switch (e.type) {
    case "ref":
      return [e.name];
    case "seq":
    case "alt":
      return e.items.flatMap(refsOf);
    case "rep":
    case "guard":
      return refsOf(e.item);
    default:
      return [];
  }
}

/**
 * Takes out of `set`, until none is left to take, every member that `keep` refuses; `keep` may ask the set as it
 * shrinks (the greatest subset whose members refer only to members).
 */
export function prune(set: Set<string>, keep: (name: string) => boolean): void {
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of set) {
      if (keep(name)) continue;
      set.delete(name);
      changed = true;
    }
  }
}

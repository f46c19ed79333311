/**
 * The build's own representation of an ABNF rule set (RFC 5234), independent of the abnf package's AST.
 *
 * Every later step (checks, PEG passes, Peggy and type emission) works on this. It has exactly the ABNF
 * operators: terminal strings (RFC 5234 2.3 case-insensitive, or RFC 7405 %s case-sensitive), value
 * ranges (%x41-5A), rule references, concatenation, alternation and repetition. `empty` is a repetition
 * of zero (RFC 3986's `path-empty = 0<pchar>`). `optional` marks the counts 1 and 0 that the count
 * expansion makes of an ABNF option `[ x ]`, whose value is x's or null rather than an array.
 */
export type Expr =
  | { type: "literal"; text: string; caseSensitive: boolean }
  | { type: "range"; first: number; last: number }
  | { type: "ref"; name: string }
  | { type: "seq"; items: Expr[] }
  | { type: "alt"; items: Expr[] }
  | { type: "rep"; min: number; max: number | null; item: Expr; optional?: true }
  | { type: "empty" };

export interface SourceRef {
  file: string;
  line: number;
}

export interface Rule {
  /** The rule's name as spelt where it is defined (RFC 5234 2.1: names are case-insensitive). */
  name: string;
  expr: Expr;
  source: SourceRef;
  /**
   * The "=/" alternatives other files added to the rule (merge.ts), each where it was written: a problem in one is
   * reported at its own line, not at the rule's "=" definition.
   */
  additions?: { expr: Expr; source: SourceRef }[];
}

/** Rules by case-folded name, in definition order. */
export type RuleSet = Map<string, Rule>;

export function ruleKey(name: string): string {
  return name.toLowerCase();
}

export function lookup(rules: RuleSet, name: string): Rule | undefined {
  return rules.get(ruleKey(name));
}

/** Structural equality, ignoring the spelling case of rule names (they are case-insensitive). */
export function sameExpr(a: Expr, b: Expr): boolean {
  switch (a.type) {
    case "literal":
      return (
        b.type === "literal" &&
        a.caseSensitive === b.caseSensitive &&
        (a.caseSensitive ? a.text === b.text : a.text.toLowerCase() === b.text.toLowerCase())
      );
    case "range":
      return b.type === "range" && a.first === b.first && a.last === b.last;
    case "ref":
      return b.type === "ref" && ruleKey(a.name) === ruleKey(b.name);
    case "seq":
    case "alt":
      return (
        b.type === a.type && a.items.length === b.items.length && a.items.every((x, i) => sameExpr(x, b.items[i]!))
      );
    case "rep":
      return b.type === "rep" && a.min === b.min && a.max === b.max && sameExpr(a.item, b.item);
    case "empty":
      return b.type === "empty";
  }
}

/** Calls `visit` on every rule reference in `expr`. */
export function forEachRef(expr: Expr, visit: (name: string) => void): void {
  switch (expr.type) {
    case "ref":
      visit(expr.name);
      return;
    case "seq":
    case "alt":
      for (const item of expr.items) forEachRef(item, visit);
      return;
    case "rep":
      forEachRef(expr.item, visit);
      return;
    default:
      return;
  }
}

/** Rewrites every rule reference in `expr`. */
export function mapRefs(expr: Expr, map: (name: string) => string): Expr {
  switch (expr.type) {
    case "ref":
      return { type: "ref", name: map(expr.name) };
    case "seq":
    case "alt":
      return { type: expr.type, items: expr.items.map((x) => mapRefs(x, map)) };
    case "rep":
      return { ...expr, item: mapRefs(expr.item, map) };
    default:
      return expr;
  }
}

/** ABNF text for an expression, for error messages and generated comments. */
export function formatExpr(expr: Expr, nested = false): string {
  switch (expr.type) {
    case "literal":
      return (expr.caseSensitive && /[a-z]/i.test(expr.text) ? "%s" : "") + JSON.stringify(expr.text);
    case "range": {
      const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, "0");
      return expr.first === expr.last ? `%x${hex(expr.first)}` : `%x${hex(expr.first)}-${hex(expr.last)}`;
    }
    case "ref":
      return expr.name;
    case "seq": {
      const s = expr.items.map((x) => formatExpr(x, true)).join(" ");
      return nested ? `( ${s} )` : s;
    }
    case "alt": {
      const s = expr.items.map((x) => formatExpr(x, false)).join(" / ");
      return nested ? `( ${s} )` : s;
    }
    case "rep": {
      const inner = formatExpr(expr.item, true);
      if (expr.min === 0 && expr.max === 1) return `[ ${formatExpr(expr.item, false)} ]`;
      if (expr.min === expr.max) return `${expr.min}${inner}`;
      return `${expr.min || ""}*${expr.max ?? ""}${inner}`;
    }
    case "empty":
      return '""';
  }
}

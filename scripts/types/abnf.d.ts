// The part of abnf 5.0.4's untyped AST (lib/ast.js) that scripts/grammar/load.ts reads.
declare module "abnf" {
  export interface Location {
    source: string;
    start: { offset: number; line: number; column: number };
    end: { offset: number; line: number; column: number };
  }
  export type Node =
    | { type: "caseInsensitveString"; str: string; loc: Location }
    | { type: "caseSensitveString"; str: string; base: number; loc: Location }
    | { type: "concatenation"; elements: Node[]; loc: Location }
    | { type: "alternation"; alts: Node[]; loc: Location }
    | {
        type: "repetition";
        rep: { type: "repeat" | "hash_repeat"; min: number; max: number | null };
        el: Node;
        loc: Location;
      }
    | { type: "range"; base: number; first: number; last: number; loc: Location }
    | { type: "ruleref"; name: string; loc: Location }
    | { type: "group"; alt: Node; loc: Location }
    | { type: "prose"; str: string; loc: Location };
  export interface Rule {
    type: "rule";
    name: string;
    def: Node;
    loc: Location;
  }
  export interface Rules {
    defs: Record<string, Rule>;
    refs: { name: string; loc: Location }[];
    first: string | null;
  }
  export function parseString(text: string, grammarSource?: string, utf16?: boolean): Rules;
}

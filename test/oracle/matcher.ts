/**
 * A recognizer with ABNF semantics (RFC 5234), for tests only: every alternative and every repetition count is
 * explored, so it accepts exactly the strings the ABNF derives. It works on the abnf package's AST as loaded by
 * ./load, and shares nothing with the PEG conversion.
 *
 * Each expression maps a start offset to the set of offsets where a match of it can end. Rules are memoized per
 * (rule, offset) for one input, so a run is polynomial in the input length (the grammar is not recursive).
 *
 * Case: RFC 5234 2.3 makes quoted strings case-insensitive for US-ASCII letters only, so folding here is ASCII
 * folding, not String.prototype.toLowerCase (which maps U+212A KELVIN SIGN to "k").
 *
 * Prefix mode answers "can this input be continued into a match?": at the end of the input, a terminal that
 * could still match counts as matched. The longest prefix of an input that can be continued is where a
 * parser that reports the longest viable prefix (docs/decisions.md D21) puts its error.
 */
import type { Node } from "abnf";
import type { OracleGrammar } from "./load";

type Ends = readonly number[];

const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));

export class Matcher {
  private input = "";
  private prefix = false;
  private memo = new Map<string, Map<number, Ends>>();

  constructor(readonly grammar: OracleGrammar) {}

  /** True if the whole input matches `rule`. */
  accepts(rule: string, input: string): boolean {
    return this.run(rule, input, false).includes(input.length);
  }

  /** True if some string that starts with `input` matches `rule`. */
  viable(rule: string, input: string): boolean {
    return this.run(rule, input, true).includes(input.length);
  }

  /** The length of the longest prefix of `input` that some match of `rule` starts with. */
  longestViablePrefix(rule: string, input: string): number {
    // Viability is monotone (a prefix of a viable string is viable): binary search.
    let lo = 0;
    let hi = input.length;
    if (this.viable(rule, input)) return hi;
    while (lo < hi - 1) {
      const mid = (lo + hi) >> 1;
      if (this.viable(rule, input.slice(0, mid))) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  private run(rule: string, input: string, prefix: boolean): Ends {
    this.input = input;
    this.prefix = prefix;
    this.memo.clear();
    return this.ref(rule, 0);
  }

  private ref(name: string, pos: number): Ends {
    const key = name.toUpperCase();
    let table = this.memo.get(key);
    if (!table) this.memo.set(key, (table = new Map()));
    const hit = table.get(pos);
    if (hit) return hit;
    const def = this.grammar.rules.get(key);
    if (!def) throw new Error(`oracle: rule "${name}" is not defined in ${this.grammar.dialect}`);
    const ends = this.ends(def, pos);
    table.set(pos, ends);
    return ends;
  }

  private ends(node: Node, pos: number): Ends {
    const input = this.input;
    const atEnd = pos === input.length;
    switch (node.type) {
      case "caseInsensitveString":
      case "caseSensitveString": {
        const want = node.type === "caseInsensitveString" ? asciiLower(node.str) : node.str;
        const got = input.slice(pos, pos + want.length);
        const fold = node.type === "caseInsensitveString" ? asciiLower(got) : got;
        if (fold === want) return [pos + want.length];
        // Prefix mode: the input ends inside the string.
        return this.prefix && got.length < want.length && want.startsWith(fold) && pos + got.length === input.length
          ? [input.length]
          : [];
      }
      case "range": {
        if (atEnd) return this.prefix ? [pos] : [];
        const cp = input.codePointAt(pos)!;
        return cp >= node.first && cp <= node.last ? [pos + (cp > 0xffff ? 2 : 1)] : [];
      }
      case "ruleref":
        return this.ref(node.name, pos);
      case "group":
        return this.ends(node.alt, pos);
      case "alternation":
        return union(node.alts.map((a) => this.ends(a, pos)));
      case "concatenation": {
        let at: Ends = [pos];
        for (const el of node.elements) {
          if (at.length === 0) break;
          at = union(at.map((p) => this.ends(el, p)));
        }
        return at;
      }
      case "repetition":
        return this.repeat(node.el, node.rep.min, node.rep.max, pos);
      case "prose":
        throw new Error(`oracle: prose <${node.str}> has no meaning`);
    }
  }

  /** min*max item: every count from min to max, every way. */
  private repeat(item: Node, min: number, max: number | null, pos: number): Ends {
    const out = new Set<number>();
    let at: Ends = [pos];
    for (let n = 0; at.length > 0; n++) {
      if (n >= min) {
        // Past min with no upper bound, an end reached before adds nothing new: explore only new ones.
        if (max === null) at = at.filter((p) => !out.has(p));
        for (const p of at) out.add(p);
      }
      if (max !== null && n === max) break;
      at = union(at.map((p) => this.ends(item, p)));
    }
    return [...out].sort((a, b) => a - b);
  }
}

function union(lists: Ends[]): Ends {
  if (lists.length === 1) return lists[0]!;
  const s = new Set<number>();
  for (const l of lists) for (const p of l) s.add(p);
  return [...s].sort((a, b) => a - b);
}

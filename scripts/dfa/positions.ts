/**
 * The position automaton (Glushkov) of one start rule: the NFA whose states are the character positions of the
 * rule's fully inlined ABNF expression.
 *
 * Both grammars are regular: no rule reaches itself (grammar/check.ts refuses recursion), so every rule
 * reference can be inlined, and every bounded repetition written out. Each occurrence of a character class in
 * the inlined expression is one position; reading a character moves from a position to the positions that may
 * follow it. The automaton has no empty moves, which keeps the subset construction (subset.ts) simple.
 *
 * Each position also records the innermost *tagged* rule it lies in (the rules whose values src/strict checks on
 * spans) and, for each follow edge, whether taking it starts a new instance of that rule.
 */
import { lookup, ruleKey, type Expr, type RuleSet } from "../grammar/ir";

/** The DFA engine reads bytes: the grammars are ASCII (checked here), so any byte >= 0x80 is refused. */
export const ALPHABET = 128;

export interface Position {
  /** The characters (code units < 128) this position matches, as a 128-entry membership array. */
  chars: Uint8Array;
  /** Index into `tags` + 1 of the innermost tagged rule around this position; 0 for none. */
  tag: number;
  /** The innermost tagged rule instance around this position (unique per inlining); -1 for none. */
  instance: number;
  /** Where the position comes from, for messages: the rule path, outermost first. */
  path: string[];
}

export interface PositionAutomaton {
  startRule: string;
  tags: string[];
  positions: Position[];
  /** The positions that may be read first. */
  first: number[];
  /** Whether the start rule matches the empty string. */
  nullable: boolean;
  /** Positions after which the input may end. */
  last: Set<number>;
  /**
   * follow[p]: the positions that may be read after p, each with whether the move starts a new instance of
   * the target's tagged rule (true), continues the one it is in (false), or both, by different derivations
   * ("both": an ambiguity the builder reports).
   */
  follow: Map<number, "begin" | "continue" | "both">[];
}

interface Frag {
  nullable: boolean;
  first: number[];
  last: number[];
}

/** The nesting of tagged rule instances: each inlining of a tagged rule gets a fresh instance id. */
interface Scope {
  instance: number;
  /** Instance ids of every tagged rule around this point, outermost first. */
  enclosing: number[];
}

export class BuildError extends Error {}

/**
 * Builds the position automaton of `startRule`. `tagged` names the rules whose spans the runtime records; they
 * must not nest (one tag per position).
 */
export function buildPositions(rules: RuleSet, startRule: string, tagged: readonly string[]): PositionAutomaton {
  const start = lookup(rules, startRule);
  if (!start) throw new BuildError(`start rule ${startRule} is not defined`);
  const builder = new PositionBuilder(rules, tagged);
  const top = builder.walk({ type: "ref", name: start.name }, { instance: -1, enclosing: [] }, 0, []);
  return {
    startRule: start.name,
    tags: builder.tags,
    positions: builder.positions,
    first: [...new Set(top.first)],
    nullable: top.nullable,
    last: new Set(top.last),
    follow: builder.follow,
  };
}

/** A fragment of the expression, as Glushkov's construction combines them: nullable, first and last positions. */
const EMPTY: Frag = { nullable: true, first: [], last: [] };

/**
 * The construction, one operator per method: each walk of an expression returns its fragment and adds the follow
 * edges its operator makes (a sequence links each part's last positions to the next part's first; a repetition
 * links its item's last to its first).
 */
class PositionBuilder {
  readonly tags: string[];
  readonly positions: Position[] = [];
  readonly follow: Map<number, "begin" | "continue" | "both">[] = [];
  private readonly tagIndex: Map<string, number>;
  /** Instance id -> the instance ids enclosing it (outermost first), to decide begin/continue on an edge. */
  private readonly instanceDepth: number[][] = [];
  private nextInstance = 0;

  constructor(
    private readonly rules: RuleSet,
    tagged: readonly string[],
  ) {
    this.tags = tagged.filter((t) => lookup(rules, t)).map((t) => lookup(rules, t)!.name);
    this.tagIndex = new Map(this.tags.map((t, i) => [ruleKey(t), i + 1]));
  }

  private readonly isTagged = (name: string) => this.tagIndex.has(ruleKey(name));

  walk(e: Expr, scope: Scope, tag: number, path: string[]): Frag {
    switch (e.type) {
      case "literal":
        return this.literal(e, scope, tag, path);
      case "range":
        return this.newPosition(rangeChars(e.first, e.last, path), scope, tag, path);
      case "empty":
        return EMPTY;
      case "ref":
        return this.reference(e.name, scope, tag, path);
      case "seq":
        return this.seq(
          e.items.map((x) => this.walk(x, scope, tag, path)),
          scope,
        );
      case "alt": {
        // An alternation of single characters is one position: fewer positions, the same language.
        const single = singleClass(e, this.rules, this.isTagged);
        if (single) return this.newPosition(single, scope, tag, path);
        return alt(e.items.map((x) => this.walk(x, scope, tag, path)));
      }
      case "rep":
        return this.repetition(e, scope, tag, path);
    }
  }

  /** One position per character; RFC 5234 2.3: quoted strings are case-insensitive, in ASCII only (RFC 7405 %s is not). */
  private literal(e: Extract<Expr, { type: "literal" }>, scope: Scope, tag: number, path: string[]): Frag {
    const frags = [...e.text].map((ch) => {
      const code = ch.charCodeAt(0);
      const set = new Uint8Array(ALPHABET);
      if (code >= ALPHABET)
        throw new BuildError(
          `rule ${path.at(-1)} has the non-ASCII literal ${JSON.stringify(e.text)}: the DFA engine reads ASCII grammars only`,
        );
      set[code] = 1;
      if (!e.caseSensitive && /[a-z]/i.test(ch)) {
        set[ch.toLowerCase().charCodeAt(0)] = 1;
        set[ch.toUpperCase().charCodeAt(0)] = 1;
      }
      return this.newPosition(set, scope, tag, path);
    });
    return this.seq(frags, scope);
  }

  /** A rule, inlined; a tagged rule starts a fresh instance of its tag (and must not be inside another). */
  private reference(name: string, scope: Scope, tag: number, path: string[]): Frag {
    const rule = lookup(this.rules, name);
    if (!rule) throw new BuildError(`rule ${name} is not defined`);
    const t = this.tagIndex.get(ruleKey(rule.name));
    const inner = [...path, rule.name];
    if (t === undefined) {
      const single = singleClass(rule.expr, this.rules, this.isTagged);
      if (single) return this.newPosition(single, scope, tag, inner);
      return this.walk(rule.expr, scope, tag, inner);
    }
    if (tag !== 0) {
      throw new BuildError(
        `tagged rule ${rule.name} is inside tagged rule ${this.tags[tag - 1]} (${inner.join(" > ")}): tagged rules must not nest`,
      );
    }
    const instance = this.nextInstance++;
    this.instanceDepth[instance] = [...scope.enclosing, ...(scope.instance >= 0 ? [scope.instance] : [])];
    return this.walk(rule.expr, { instance, enclosing: this.instanceDepth[instance]! }, t, inner);
  }

  /** `min` copies, then a star (unbounded) or nested optional copies: x [ x [ x ] ], exactly min..max copies. */
  private repetition(e: Extract<Expr, { type: "rep" }>, scope: Scope, tag: number, path: string[]): Frag {
    const copies: Frag[] = [];
    for (let i = 0; i < e.min; i++) copies.push(this.walk(e.item, scope, tag, path));
    if (e.max === null) {
      copies.push(this.star(this.walk(e.item, scope, tag, path), scope));
      return this.seq(copies, scope);
    }
    let tail: Frag = EMPTY;
    const optional: Frag[] = [];
    for (let i = e.min; i < e.max; i++) optional.push(this.walk(e.item, scope, tag, path));
    for (let i = optional.length - 1; i >= 0; i--) {
      const withTail = this.seq([optional[i]!, tail], scope);
      tail = { ...withTail, nullable: true };
    }
    return this.seq([...copies, tail], scope);
  }

  private newPosition(chars: Uint8Array, scope: Scope, tag: number, path: string[]): Frag {
    const id = this.positions.push({ chars, tag, instance: scope.instance, path }) - 1;
    this.follow.push(new Map());
    return { nullable: false, first: [id], last: [id] };
  }

  private seq(frags: Frag[], scope: Scope): Frag {
    let acc = EMPTY;
    for (const f of frags) {
      for (const p of acc.last) for (const q of f.first) this.addEdge(p, q, scope);
      acc = {
        nullable: acc.nullable && f.nullable,
        first: acc.nullable ? [...acc.first, ...f.first] : acc.first,
        last: f.nullable ? [...acc.last, ...f.last] : f.last,
      };
    }
    return acc;
  }

  private star(f: Frag, scope: Scope): Frag {
    for (const p of f.last) for (const q of f.first) this.addEdge(p, q, scope);
    return { nullable: true, first: f.first, last: f.last };
  }

  /**
   * The edge was made by an operator at `scope`: if the target's instance is `scope`'s own or one around it, the
   * move continues that instance; if the instance lies inside the operator, the move enters it afresh.
   */
  private addEdge(from: number, to: number, scope: Scope): void {
    const target = this.positions[to]!.instance;
    let kind: "begin" | "continue" = "continue";
    if (target >= 0 && target !== scope.instance && !scope.enclosing.includes(target)) kind = "begin";
    const map = this.follow[from]!;
    const had = map.get(to);
    map.set(to, had === undefined || had === kind ? kind : "both");
  }
}

function alt(frags: Frag[]): Frag {
  return {
    nullable: frags.some((f) => f.nullable),
    first: frags.flatMap((f) => f.first),
    last: frags.flatMap((f) => f.last),
  };
}

/** The characters of `%xLO-HI`; a range past ASCII fails the build, naming the rule. */
function rangeChars(lo: number, hi: number, where: string[]): Uint8Array {
  if (hi >= ALPHABET) {
    throw new BuildError(
      `rule ${where.at(-1)} (${where.join(" > ")}) matches %x${lo.toString(16)}-${hi.toString(16)}: the DFA engine reads ASCII grammars only`,
    );
  }
  const set = new Uint8Array(ALPHABET);
  for (let c = lo; c <= hi; c++) set[c] = 1;
  return set;
}

/**
 * The characters of an expression that always matches exactly one character from a fixed set (a range, a
 * one-character literal, or an alternation or reference of those), or null.
 */
function singleClass(
  e: Expr,
  rules: RuleSet,
  isTagged: (name: string) => boolean,
  seen = new Set<string>(),
): Uint8Array | null {
  switch (e.type) {
    case "range": {
      if (e.last >= ALPHABET) return null;
      const set = new Uint8Array(ALPHABET);
      for (let c = e.first; c <= e.last; c++) set[c] = 1;
      return set;
    }
    case "literal": {
      if (e.text.length !== 1 || e.text.charCodeAt(0) >= ALPHABET) return null;
      const set = new Uint8Array(ALPHABET);
      const ch = e.text;
      set[ch.charCodeAt(0)] = 1;
      if (!e.caseSensitive && /[a-z]/i.test(ch)) {
        set[ch.toLowerCase().charCodeAt(0)] = 1;
        set[ch.toUpperCase().charCodeAt(0)] = 1;
      }
      return set;
    }
    case "alt": {
      const set = new Uint8Array(ALPHABET);
      for (const item of e.items) {
        const s = singleClass(item, rules, isTagged, seen);
        if (!s) return null;
        for (let c = 0; c < ALPHABET; c++) set[c] = set[c]! | s[c]!;
      }
      return set;
    }
    case "ref": {
      const rule = lookup(rules, e.name);
      if (!rule || isTagged(rule.name) || seen.has(ruleKey(rule.name))) return null;
      seen.add(ruleKey(rule.name));
      return singleClass(rule.expr, rules, isTagged, seen);
    }
    case "seq":
      return e.items.length === 1 ? singleClass(e.items[0]!, rules, isTagged, seen) : null;
    case "rep":
      return e.min === 1 && e.max === 1 ? singleClass(e.item, rules, isTagged, seen) : null;
    default:
      return null;
  }
}

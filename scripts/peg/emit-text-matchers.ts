/**
 * Text matchers: the code of every text rule, written here from the PEG IR instead of by Peggy.
 *
 * A text rule (its value is the text it matched, `$(...)`) is a pure function of the input and the position: it
 * fails, or it moves the position and returns the text between; on the way it records the expectations that fail
 * (for the error message), unless expectations are off (`peg$silentFails` above 0). Peggy's code for such a rule
 * also builds an array per repetition and a value per step, all thrown away, and calls a function per character.
 * `peg$m_RULE(p)` here does the same steps of the same PEG on positions alone (ordered choice, greedy repetition
 * with its counts, the lookahead guards of passes/follow-guards.ts) and returns the end of the match, or -1. It
 * records each failed test as Peggy's code does, at the same position, with the same expectation, in the same
 * order: a character class its class expectation, a literal character its literal expectation (a letter of a
 * case-insensitive literal the class of its two cases, as emit-peggy.ts writes it), a failed guard its display
 * name ("follow: ..."), and a rule with a display name its name alone (its inside silent), as Peggy does for a
 * named rule. The lean parser (lean-parser.ts) makes each such rule's Peggy function call its matcher.
 *
 * Only a rule whose every reference is itself such a rule gets a matcher: a rule that calls an action rule must
 * run the action (and what it may throw), and keeps Peggy's code. test/scripts/peg/emit-text-matchers.test.ts
 * holds the matchers to Peggy's own parser of the same grammar: the same end, value, farthest failure and
 * expectations. What it writes is part of the lean parser's output: a change to it bumps LEAN_PARSER_VERSION.
 */
import { asciiWords, encodeForMessages, union, type CharSet } from "./charset";
import { prune, refsOf, type PegExpr } from "./peg-ir";

/** A rule as the one Peggy grammar writes it (emit-peggy.ts): its Peggy name, its expression, and its kind. */
export interface EmittedRule {
  /** The Peggy rule name, as its function `peg$parseNAME` is called. */
  name: string;
  expr: PegExpr;
  /** Whether its value is the text it matched (a text rule, or a one-character class rule). */
  text: boolean;
  /** Its Peggy display name, if it has one: a failure inside it is silent, and it fails as this name. */
  display: string | null;
  /** The Peggy name of a rule that its expression refers to by ABNF name. */
  peggyRef: (abnfName: string) => string;
}

export interface TextMatchers {
  /** Module-level JavaScript: helpers, tables, expectations and one `function peg$m_NAME(p)` per rule in `rules`. */
  code: string;
  /** The Peggy names of the rules that have a matcher. */
  rules: string[];
}

/** Names the matchers' code declares, besides `peg$m_...`: the lean parser checks Peggy does not use them. */
export const MATCHER_NAMES = [
  "peg$mr",
  "peg$mxC",
  "peg$mxL",
  "peg$mIn",
  "peg$mFail",
  "peg$mC",
  "peg$mK",
  "peg$mL",
  "peg$mI",
  "peg$mG",
  "peg$mt",
  "peg$mx",
];

/**
 * The helpers the matchers call, each the test of one kind of expression at position p: small enough for V8 to
 * inline, so the matchers stay short and as fast as if written out. A failure goes through peg$mFail, which
 * records the expectation as Peggy's peg$fail does, at the position given.
 */
const HELPERS = `// Text matchers (scripts/peg/emit-text-matchers.ts): where each text rule's match ends, or -1.
// Peggy's expectations of a class and of a literal character, as its own code makes them.
function peg$mxC(parts) {
  return peg$classExpectation(parts, false, false, false);
}

function peg$mxL(c) {
  return peg$literalExpectation(c, false);
}

function peg$mIn(t, c) {
  return c < 128 && ((t[c >> 5] >>> (c & 31)) & 1) === 1;
}

// A failed test at p: its expectation recorded, as peg$fail records one, unless expectations are off.
function peg$mFail(p, e) {
  if (peg$silentFails === 0 && p >= peg$maxFailPos) {
    if (p > peg$maxFailPos) {
      peg$maxFailPos = p;
      peg$maxFailExpected = [];
    }
    peg$maxFailExpected.push(e);
  }
  return -1;
}

// One character of an ASCII class (its 128-bit table).
function peg$mC(t, p, e) {
  return peg$mIn(t, input.charCodeAt(p)) ? p + 1 : peg$mFail(p, e);
}

// One character.
function peg$mK(c, p, e) {
  return input.charCodeAt(p) === c ? p + 1 : peg$mFail(p, e);
}

// A literal, case-sensitive, one character at a time (es: each one's expectation).
function peg$mL(p, s, es) {
  for (let i = 0; i < s.length; i++) {
    if (input.charCodeAt(p + i) !== s.charCodeAt(i)) return peg$mFail(p + i, es[i]);
  }
  return p + s.length;
}

// A literal whose ASCII letters match in either case (RFC 5234 2.3); s is in lower case.
function peg$mI(p, s, es) {
  for (let i = 0; i < s.length; i++) {
    const k = s.charCodeAt(i);
    const c = input.charCodeAt(p + i);
    if (c !== k && !(k >= 97 && k <= 122 && (c | 32) === k)) return peg$mFail(p + i, es[i]);
  }
  return p + s.length;
}

// A lookahead guard after an alternative that ended at p (or failed): the next character in the table, or the
// end of the input when end is true; failing, it records its own expectation at p.
function peg$mG(p, t, end, e) {
  if (p < 0) return -1;
  return peg$mIn(t, input.charCodeAt(p)) || (end && p === input.length) ? p : peg$mFail(p, e);
}
`;

export function emitTextMatchers(rules: readonly EmittedRule[]): TextMatchers {
  const byName = new Map(rules.map((r) => [r.name, r]));
  // The rules that get a matcher: text rules on ASCII characters whose references all get one (the greatest
  // such set). A class beyond ASCII would need more than a table; the grammars have none, and such a rule keeps
  // Peggy's code.
  const matched = new Set(rules.filter((r) => r.text && asciiOnly(r.expr)).map((r) => r.name));
  prune(matched, (name) => {
    const r = byName.get(name)!;
    return refsOf(r.expr).every((ref) => matched.has(r.peggyRef(ref)));
  });
  const declarations = new Declarations();
  const aliases: string[] = [];
  for (const r of rules) {
    if (!matched.has(r.name)) continue;
    const alias = new Writer(`peg$m_${r.name}`, declarations, r.peggyRef).write(r.expr, r.display);
    if (alias) aliases.push(alias);
  }
  const code = [HELPERS, ...declarations.text(), "", ...aliases].join("\n");
  return { code, rules: [...matched] };
}

/** The tables, expectation objects and functions the matchers use, each declared once. */
class Declarations {
  private readonly tables: string[] = [];
  private readonly expectations: string[] = [];
  /** Function text after the name -> its name: a function the same as one already written is that one. */
  private readonly functions = new Map<string, string>();
  private readonly code: string[] = [];
  private loops = 0;

  /**
   * The name of the function with this text after its name (parameters and body): the name it was first written
   * under, or else `name` (a rule's matcher), or else, when `name` is null (a loop), `peg$mrN`.
   */
  function(text: string, name: string | null): string {
    const known = this.functions.get(text);
    if (known !== undefined) return known;
    const given = name ?? `peg$mr${this.loops++}`;
    this.functions.set(text, given);
    this.code.push(`function ${given}${text}`);
    return given;
  }

  table(set: CharSet): string {
    const words = asciiWords(set.ranges.flatMap(([lo, hi]) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i)));
    return `peg$mt${indexOf(this.tables, `new Uint32Array([${words.join(", ")}])`)}`;
  }

  /** Peggy's expectation for a class of these parts. */
  classExpectation(parts: readonly Part[]): string {
    return this.expectation(`peg$mxC(${JSON.stringify(parts)})`);
  }

  /** A literal character's expectation: a letter that folds is the class of its two cases, `[xX]`. */
  charExpectation(c: string, folds: boolean): string {
    return folds && /[a-z]/i.test(c)
      ? this.classExpectation([c.toLowerCase(), c.toUpperCase()])
      : this.expectation(`peg$mxL(${JSON.stringify(c)})`);
  }

  otherExpectation(description: string): string {
    return this.expectation(`peg$otherExpectation(${JSON.stringify(description)})`);
  }

  /** An array of expectations (a literal's, one per character). */
  list(items: string[]): string {
    return this.expectation(`[${items.join(", ")}]`);
  }

  private expectation(text: string): string {
    return `peg$mx${indexOf(this.expectations, text)}`;
  }

  text(): string[] {
    return [
      ...this.tables.map((t, i) => `const peg$mt${i} = ${t};`),
      ...this.expectations.map((e, i) => `const peg$mx${i} = ${e};`),
      "",
      ...this.code,
    ];
  }
}

/** A part of a Peggy character class: one character, or a range. */
type Part = string | readonly [string, string];

/** A one-character test as Peggy's AST has it after its merge-character-classes pass. */
type OneChar = { type: "class"; set: CharSet; parts: Part[] } | { type: "literal"; char: string };

/**
 * An expression Peggy reads as one class or one-character literal (its AST), or null: a class (its parts as
 * Peggy's parser reads the `[...]` emit-peggy.ts writes: toPeggyClass's one character alone, a range always
 * `[a-b]`), a one-character literal (a letter that folds is `[xX]`), or a choice that Peggy merges into one.
 */
function oneChar(e: PegExpr): OneChar | null {
  const char = (c: number) => String.fromCharCode(c);
  switch (e.type) {
    case "class":
      return {
        type: "class",
        set: e.set,
        parts: e.set.ranges.map(([lo, hi]) => (lo === hi ? char(lo) : ([char(lo), char(hi)] as const))),
      };
    case "range":
      if (e.last > 0xffff)
        throw new Error(`%x${e.first.toString(16)}-${e.last.toString(16)}: only the BMP is supported`);
      return {
        type: "class",
        set: { ranges: [[e.first, e.last]], end: false },
        parts: [[char(e.first), char(e.last)]],
      };
    case "literal": {
      if (e.text.length !== 1) return null;
      if (e.caseSensitive || !/[a-z]/i.test(e.text)) return { type: "literal", char: e.text };
      const lower = e.text.toLowerCase();
      const upper = e.text.toUpperCase();
      return {
        type: "class",
        set: {
          ranges: [
            [upper.charCodeAt(0), upper.charCodeAt(0)],
            [lower.charCodeAt(0), lower.charCodeAt(0)],
          ],
          end: false,
        },
        parts: [lower, upper],
      };
    }
    case "alt": {
      const merged = mergeChoice(e.items);
      return merged.length === 1 && !("expr" in merged[0]!) ? merged[0]! : null;
    }
    default:
      return null;
  }
}

/**
 * The alternatives of a choice as Peggy's merge-character-classes pass leaves them: each run of adjacent
 * one-character alternatives is one class, its parts those of the run in order, then sorted and joined as its
 * cleanParts does; when anything merged, every class of the choice is cleaned so, and a class left with one
 * character is a literal. The match is the same either way; the expectation a failure records is Peggy's.
 */
function mergeChoice(items: readonly PegExpr[]): (OneChar | { expr: PegExpr })[] {
  const out: (OneChar | { expr: PegExpr })[] = [];
  let changed = false;
  let run: OneChar | null = null;
  for (const item of items) {
    const one = oneChar(item);
    if (!one) {
      out.push({ expr: item });
      run = null;
      continue;
    }
    if (run) {
      const merged: OneChar = {
        type: "class",
        set: union(setOf(run), setOf(one)),
        parts: [...partsOf(run), ...partsOf(one)],
      };
      out[out.length - 1] = merged;
      run = merged;
      changed = true;
    } else {
      out.push(one);
      run = one;
    }
  }
  if (!changed) return out;
  return out.map((alt) => {
    if ("expr" in alt || alt.type !== "class") return alt;
    const parts = cleanParts(alt.parts);
    return parts.length === 1 && typeof parts[0] === "string" ? { type: "literal", char: parts[0] } : { ...alt, parts };
  });
}

function setOf(one: OneChar): CharSet {
  return one.type === "class" ? one.set : { ranges: [[one.char.charCodeAt(0), one.char.charCodeAt(0)]], end: false };
}

function partsOf(one: OneChar): Part[] {
  return one.type === "class" ? one.parts : [one.char];
}

/** Peggy 5.1's cleanParts (merge-character-classes.js): sort, drop contained ranges, join overlapping or adjacent. */
function cleanParts(input: readonly Part[]): Part[] {
  const span = (p: Part): readonly [string, string] => (typeof p === "string" ? [p, p] : p);
  const parts = [...input].sort((a, b) => {
    const [aStart, aEnd] = span(a);
    const [bStart, bEnd] = span(b);
    if (aStart !== bStart) return aStart < bStart ? -1 : 1;
    if (aEnd !== bEnd) return aEnd > bEnd ? -1 : 1;
    return 0;
  });
  let prevStart = "";
  let prevEnd = "";
  for (let i = 0; i < parts.length; i++) {
    const [curStart, curEnd] = span(parts[i]!);
    if (curEnd <= prevEnd) {
      parts.splice(i--, 1);
      continue;
    }
    if (prevEnd.charCodeAt(0) + 1 >= curStart.charCodeAt(0)) {
      parts.splice(i--, 1);
      parts[i] = [prevStart, (prevEnd = curEnd)];
      continue;
    }
    prevStart = curStart;
    prevEnd = curEnd;
  }
  return parts;
}

function indexOf(list: string[], item: string): number {
  const i = list.indexOf(item);
  return i >= 0 ? i : list.push(item) - 1;
}

function asciiOnly(e: PegExpr): boolean {
  switch (e.type) {
    case "literal":
      return [...Array(e.text.length).keys()].every((i) => e.text.charCodeAt(i) < 128);
    case "range":
      return e.last < 128;
    case "class":
      return e.set.ranges.every(([, hi]) => hi < 128);
    case "guard":
      return e.follow.ranges.every(([, hi]) => hi < 128) && asciiOnly(e.item);
    case "seq":
    case "alt":
      return e.items.every(asciiOnly);
    case "rep":
      return asciiOnly(e.item);
    default:
      return true;
  }
}

/**
 * Writes one rule's matcher as expressions on positions, each of which is the end of its match or -1: a sequence
 * `(t = A(p)) >= 0 && (t = B(t)) >= 0 ? C(t) : -1`, a choice `(t = A(p)) >= 0 || (t = B(p)) >= 0 ? t : C(p)`.
 * A repetition is a loop, written as a function of its own (`peg$mrN`).
 */
class Writer {
  constructor(
    private readonly name: string,
    private readonly decl: Declarations,
    private readonly peggyRef: (abnfName: string) => string,
  ) {}

  /**
   * Writes the rule's matcher (into the declarations); returns its alias, `const peg$m_RULE = peg$m_OTHER;`, when
   * another rule's matcher is the same function, or null.
   */
  write(e: PegExpr, display: string | null): string | null {
    let text: string;
    if (display === null) {
      const { lets, expr } = this.body(e);
      text = `(p) {\n${lets}  return ${expr};\n}\n`;
    } else {
      // A named rule, as Peggy runs one: its inside with expectations off, and on failure its name alone, where it
      // began. A class fails where it began, so it can record the name itself.
      const named = this.decl.otherExpectation(display);
      if (e.type === "class") {
        text = `(p) {\n  return peg$mC(${this.decl.table(e.set)}, p, ${named});\n}\n`;
      } else {
        const { lets, expr } = this.body(e);
        text =
          `(p) {\n${lets}  peg$silentFails++;\n  const r = ${expr};\n  peg$silentFails--;\n` +
          `  return r >= 0 ? r : peg$mFail(p, ${named});\n}\n`;
      }
    }
    const written = this.decl.function(text, this.name);
    return written === this.name ? null : `const ${this.name} = ${written};\n`;
  }

  /** `e` at the parameter p, as an expression, with the declaration of the temporaries it uses. */
  private body(e: PegExpr): { lets: string; expr: string } {
    const temps: string[] = [];
    const expr = this.expr(e, "p", temps);
    return { lets: temps.length > 0 ? `  let ${temps.join(", ")};\n` : "", expr };
  }

  /**
   * A repetition of `e`, as a call of its loop: greedy, as a PEG repetition is (as many as match, at most max;
   * fewer than min fails). Peggy refuses a repetition of what can match nothing, so each turn moves on. Loops of
   * the same item, in any rule and with any counts, are one function (`peg$mrN(p, min, max)`).
   */
  private repetition(e: PegExpr, p: string, min: number, max: number | null): string {
    const { lets, expr } = this.body(e);
    const name = this.decl.function(
      `(p, min, max) {\n${lets}  for (let n = 0; n < max; n++) {\n` +
        `    const q = ${expr};\n    if (q < 0) return n < min ? -1 : p;\n    p = q;\n  }\n  return p;\n}\n`,
      null,
    );
    return `${name}(${p}, ${min}, ${max ?? "Infinity"})`;
  }

  private oneCharTest(one: OneChar, p: string): string {
    const c = this.decl;
    if (one.type === "literal") return `peg$mK(${one.char.charCodeAt(0)}, ${p}, ${c.charExpectation(one.char, false)})`;
    return `peg$mC(${c.table(one.set)}, ${p}, ${c.classExpectation(one.parts)})`;
  }

  /** `e` matched at the variable `p` (never -1), as an expression. */
  private expr(e: PegExpr, p: string, temps: string[]): string {
    const temp = () => temps[temps.push(`t${temps.length}`) - 1]!;
    const c = this.decl;
    switch (e.type) {
      case "empty":
        return p;
      case "literal": {
        // One character at a time, as emit-peggy.ts writes a literal: each its own test and expectation.
        if (e.text.length === 0) return p;
        if (e.text.length === 1) return this.oneCharTest(oneChar(e)!, p);
        const folds = !e.caseSensitive && /[a-z]/i.test(e.text);
        const expectations = c.list([...e.text].map((ch) => c.charExpectation(ch, folds)));
        return folds
          ? `peg$mI(${p}, ${JSON.stringify(e.text.toLowerCase())}, ${expectations})`
          : `peg$mL(${p}, ${JSON.stringify(e.text)}, ${expectations})`;
      }
      case "range":
      case "class":
        return this.oneCharTest(oneChar(e)!, p);
      case "ref":
        return `peg$m_${this.peggyRef(e.name)}(${p})`;
      case "seq": {
        if (e.items.length === 0) return p;
        if (e.items.length === 1) return this.expr(e.items[0]!, p, temps);
        const t = temp();
        let at = p;
        const steps = e.items.slice(0, -1).map((item) => {
          const step = `(${t} = ${this.expr(item, at, temps)}) >= 0`;
          at = t;
          return step;
        });
        return `(${steps.join(" && ")} ? ${this.expr(e.items[e.items.length - 1]!, t, temps)} : -1)`;
      }
      case "alt": {
        const alts = mergeChoice(e.items).map((alt) =>
          "expr" in alt ? this.expr(alt.expr, p, temps) : this.oneCharTest(alt, p),
        );
        if (alts.length === 1) return alts[0]!;
        const t = temp();
        const tries = alts.slice(0, -1).map((alt) => `(${t} = ${alt}) >= 0`);
        return `(${tries.join(" || ")} ? ${t} : ${alts[alts.length - 1]})`;
      }
      case "rep": {
        // An expanded option's counts (passes/expand-counts.ts) are the item once, or nothing: as emit-peggy.ts
        // writes them.
        if (e.optional) return e.max === 1 ? this.expr(e.item, p, temps) : p;
        if (e.max === 0) return p;
        if (e.min === 1 && e.max === 1) return this.expr(e.item, p, temps);
        return this.repetition(e.item, p, e.min, e.max);
      }
      case "guard": {
        // The alternative, then a look at the next character (or the end): passes/follow-guards.ts. Peggy writes
        // the look as a named rule; failing, it records that name where it looked.
        const fail = c.otherExpectation(encodeForMessages(e.follow));
        return `peg$mG(${this.expr(e.item, p, temps)}, ${c.table(e.follow)}, ${e.follow.end}, ${fail})`;
      }
    }
  }
}

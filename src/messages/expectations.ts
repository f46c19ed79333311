/**
 * The generated parser's expectations, in the grammar's terms: characters grouped into the grammar's
 * one-character rules (ALPHA, DIGIT, unreserved, sub-delims, ...) and named (./display-names), "%" named as the
 * percent-encoded byte it starts, what is left quoted, and the end of the input.
 *
 * Why not Peggy display names on the rules themselves: Peggy silences every failure inside a named rule and reports
 * the rule at its start. For a rule longer than one character that moves the error offset back to where the rule
 * began, and the offset is the longest viable prefix (decision D21, checked by test/differential/). Naming the
 * characters after the fact keeps the offset and still speaks in rule names.
 */
import { describeValue } from "../describe-value";
import type { DialectMeta } from "../dialects";
import { DISPLAY_NAMES, displayName } from "./display-names";

/** Peggy's expectation objects (generated/DIALECT/parser.d.ts). */
export type Expectation =
  | { type: "literal"; text: string; ignoreCase?: boolean }
  | { type: "class"; parts: (string | [string, string])[]; inverted: boolean; ignoreCase?: boolean }
  | { type: "any" }
  | { type: "end" }
  | { type: "other"; description: string };

type Ranges = [number, number][];

const FOLLOW = "follow:";

export function describeExpectations(expected: readonly Expectation[], meta: DialectMeta): string[] {
  if (!Array.isArray(expected))
    throw new TypeError(
      `describeExpectations() takes an array of expectations (an error's "expected" from Peggy), not ${describeValue(expected)}`,
    );
  if (typeof meta !== "object" || meta === null || typeof (meta as { first?: unknown }).first !== "object") {
    throw new TypeError(
      "describeExpectations() takes a dialect's metadata (DIALECTS[name].meta) as its second argument",
    );
  }
  const chars = new Set<number>();
  const words: string[] = [];
  let end = false;
  for (const e of expected) {
    switch (e.type) {
      case "literal":
        if (e.text.length === 1) chars.add(e.text.charCodeAt(0));
        else words.push(JSON.stringify(e.text));
        break;
      case "class":
        if (e.inverted) words.push("another character");
        else for (const p of e.parts) addRange(chars, typeof p === "string" ? [p, p] : p);
        break;
      case "other": {
        // A failed lookahead guard names its characters as "follow: LO-HI LO ... [end]" (scripts/peg/charset.ts,
        // encodeForMessages); one-character rules carry their ABNF name (scripts/peg/emit-peggy.ts).
        if (e.description.startsWith(FOLLOW)) {
          for (const item of e.description.slice(FOLLOW.length).trim().split(" ")) {
            if (item === "end") end = true;
            else if (item !== "") {
              const [lo, hi = lo] = item.split("-").map(Number) as [number, number?];
              for (let c = lo; c <= hi; c++) chars.add(c);
            }
          }
          break;
        }
        const rule = meta.first[e.description];
        if (rule?.oneChar) for (const [lo, hi] of rule.ranges) for (let c = lo; c <= hi; c++) chars.add(c);
        else words.push(e.description);
        break;
      }
      case "end":
        end = true;
        break;
      case "any":
        words.push("any character");
        break;
    }
  }
  return describeCharacters(chars, end, meta, words);
}

/**
 * What may come next, in the grammar's terms: `chars` (character codes; the set is emptied) grouped into the named
 * rules, what is left quoted, then `words`, then the end of the input when `end`. What describeExpectations() says
 * for a list of expectations, and src/messages/automaton-expectations.ts for a DFA state's moves.
 */
export function describeCharacters(
  chars: Set<number>,
  end: boolean,
  meta: DialectMeta,
  words: readonly string[] = [],
): string[] {
  const named: string[] = [];
  // The grammar's one-character rules, and the longer rules that have a display name, largest FIRST set first:
  // each is named when every character that can start it is expected here, and those characters are then
  // covered. ("%" alone names a percent-encoded byte: pct-encoded = "%" HEXDIG HEXDIG.)
  for (const { name, members } of namedRules(meta)) {
    if (members.length > 0 && members.every((c) => chars.has(c))) {
      named.push(name);
      for (const c of members) chars.delete(c);
    }
  }
  const quoted = [...chars].sort((a, b) => a - b).map((c) => JSON.stringify(String.fromCharCode(c)));
  return [...named, ...quoted, ...words, ...(end ? ["the end of the input"] : [])];
}

/** A rule that can name the characters that start it: its display name, and those characters (every message). */
interface NamedRule {
  name: string;
  members: readonly number[];
}

const cache = new WeakMap<DialectMeta, NamedRule[]>();

/** The dialect's named rules, largest FIRST set first, each with its characters listed once (not per message). */
function namedRules(meta: DialectMeta): NamedRule[] {
  let rules = cache.get(meta);
  if (!rules) {
    rules = Object.entries(meta.first)
      .filter(([name, f]) => f.oneChar || Object.hasOwn(DISPLAY_NAMES, name))
      .map(([name, f]) => ({ rule: name, members: [...expand(f.ranges)] }))
      .sort((a, b) => b.members.length - a.members.length || a.rule.localeCompare(b.rule))
      .map(({ rule, members }) => ({ name: displayName(rule), members }));
    cache.set(meta, rules);
  }
  return rules;
}

function addRange(set: Set<number>, [lo, hi]: [string, string]): void {
  for (let c = lo.charCodeAt(0); c <= hi.charCodeAt(0); c++) set.add(c);
}

function* expand(ranges: Ranges): Generator<number> {
  for (const [lo, hi] of ranges) for (let c = lo; c <= hi; c++) yield c;
}

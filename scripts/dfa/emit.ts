/**
 * Writes a dialect's DFA tables as a small standalone module (generated/DIALECT/dfa.js, with dfa.d.ts): one
 * export per start rule, its tables as strings that src/dfa/automaton.ts decodes once, on first use.
 *
 * A state's moves are few and alike: most states go to one to four states, each on a set of character classes
 * that many states share (every character of a path segment, say), and most classes lead nowhere. So the moves
 * are written as those sets, each once per module, and per state the pairs (set, next state). A set or a state
 * named for the first time is almost always the next one in order (the subset construction numbers states as it
 * meets them): it is written as one mark, "*" or "+", whose repeats gzip well. dfa.js gzips to 1.8 KB (v0) and
 * 2.2 KB (zep8); without the marks, 2.1 and 2.7; the whole table, base64 class by class, 2.4 and 3.7. (The marks
 * took 0.3 KB off the v0 validator's gzipped bundle, 10.6 KB to 10.2 KB.) Layout:
 * - `masks` (one string, shared by the module's start rules): each set of classes as `maskBytes` bytes, one bit
 *   per class (class c is bit c % 8 of byte c >> 3), base64. `maskBytes` is rounded up to a multiple of 3 so that
 *   every set is its own base64 text, and a set gzip has seen reads as the same text;
 * - `moves`: for each state from 1 on (0 is dead, 1 the start), separated by " ", its pairs: the set's index and
 *   the next state, each two base-36 digits, or a mark: "*" for the set after the last one named so far (the
 *   first set a start rule names is `firstNewMask`: the sets before it are those of the module's earlier start
 *   rules), "+" for the state after the highest one named so far in the rule (the highest is 1 before the first
 *   move); a class in none of the state's sets leads to the dead state;
 * - `classes`: 128 bytes, base64, the class of each ASCII character (class 0: no position reads it);
 * - `states`: base64, one byte per state, its tag (index into `tags` + 1, or 0) plus 128 when it is accepting.
 */
import type { Dfa } from "./subset";

/** The export name of a start rule: absolute-url-pipeline -> absoluteUrlPipeline. */
export function exportName(rule: string): string {
  return rule.replace(/-([a-z0-9])/gi, (_, c: string) => c.toUpperCase());
}

export interface EmittedDfa {
  js: string;
  dts: string;
  /** Bytes of table data per start rule, before base64 (for the build's report). */
  bytes: Map<string, number>;
}

/** Two base-36 digits: a set's index or a state. */
const MAX_INDEX = 36 * 36 - 1;

function base36(n: number, what: string): string {
  if (n > MAX_INDEX)
    throw new Error(`the DFA tables write ${what} in two base-36 digits: ${n} is more than ${MAX_INDEX}`);
  return n.toString(36).padStart(2, "0");
}

export function emitDfaModule(dfas: Dfa[], header: string): EmittedDfa {
  const bytes = new Map<string, number>();
  const maskBytes = Math.ceil(Math.ceil(Math.max(1, ...dfas.map((d) => d.classCount)) / 8) / 3) * 3;
  /** Each set of classes (its classes joined by ",") -> its index in `masks`. */
  const masks = new Map<string, number>();
  const exported: string[] = [];
  const allTags = new Set<string>();
  for (const dfa of dfas) {
    for (const t of dfa.tags) allTags.add(t);
    if (dfa.tags.length > 127) throw new Error(`start rule ${dfa.startRule}: more than 127 tags`);
    const k = dfa.classCount;
    const rows: string[] = [];
    const firstNewMask = masks.size;
    let highest = 1;
    for (let s = 1; s < dfa.stateCount; s++) {
      // The classes of each next state, in the order of their first class.
      const byTarget = new Map<number, number[]>();
      for (let c = 0; c < k; c++) {
        const target = dfa.next[s * k + c]!;
        if (target === 0) continue;
        const classes = byTarget.get(target);
        if (classes) classes.push(c);
        else byTarget.set(target, [c]);
      }
      let row = "";
      for (const [target, classes] of byTarget) {
        const key = classes.join(",");
        const known = masks.get(key);
        if (known === undefined) masks.set(key, masks.size);
        row += known === undefined ? "*" : base36(known, "a set's index");
        row += target === highest + 1 ? "+" : base36(target, "a state");
        highest = Math.max(highest, target);
      }
      rows.push(row);
    }
    const states = Uint8Array.from(dfa.tagOf, (t, s) => t | (dfa.accepting[s] ? 128 : 0));
    const moves = rows.join(" ");
    bytes.set(dfa.startRule, dfa.classOf.length + moves.length + states.length);
    exported.push(
      `// ${dfa.startRule}: ${dfa.stateCount} states (dead state 0 included), ${dfa.classCount} character classes.`,
      `exports.${exportName(dfa.startRule)} = {`,
      `  rule: ${JSON.stringify(dfa.startRule)},`,
      `  tags: ${JSON.stringify(dfa.tags)},`,
      `  classCount: ${dfa.classCount},`,
      `  stateCount: ${dfa.stateCount},`,
      `  maskBytes: ${maskBytes},`,
      `  masks,`,
      `  firstNewMask: ${firstNewMask},`,
      `  classes: "${b64(dfa.classOf)}",`,
      `  moves: "${moves}",`,
      `  states: "${b64(states)}",`,
      `};`,
    );
  }
  const maskTable = new Uint8Array(masks.size * maskBytes);
  for (const [key, index] of masks) {
    for (const c of key.split(",").map(Number)) maskTable[index * maskBytes + (c >> 3)]! |= 1 << (c & 7);
  }
  const js = [
    header,
    '"use strict";',
    'Object.defineProperty(exports, "__esModule", { value: true });',
    `// ${masks.size} sets of character classes, ${maskBytes} bytes each, shared by the start rules below.`,
    `const masks = "${b64(maskTable)}";`,
    ...exported,
    "/** The tables by start rule (ABNF name). */",
    `exports.rules = { ${dfas.map((d) => `${JSON.stringify(d.startRule)}: exports.${exportName(d.startRule)}`).join(", ")} };`,
  ];
  const tagType = allTags.size > 0 ? [...allTags].map((t) => JSON.stringify(t)).join(" | ") : "never";
  const dts = [
    header,
    "/** The rules whose spans the DFA records, for the value checks (src/strict/tagged-rules.json). */",
    `export type Tag = ${tagType};`,
    "",
    "/** One start rule's DFA tables (see scripts/dfa/emit.ts for the layout). */",
    "export interface DfaTables {",
    "  rule: string;",
    "  tags: readonly Tag[];",
    "  classCount: number;",
    "  stateCount: number;",
    "  /** Bytes per set of classes in `masks`. */",
    "  maskBytes: number;",
    "  /** The sets of character classes the moves name, shared by the module's start rules (base64). */",
    "  masks: string;",
    '  /** The index of the set a first "*" in `moves` names (the sets before it are earlier start rules\'). */',
    "  firstNewMask: number;",
    "  classes: string;",
    "  /**",
    '   * Per state from 1 on, separated by " ": pairs of a set\'s index and the next state, two base-36 digits each, or',
    '   * "*" for the next set not named before, "+" for the state after the highest named before (from 1 on).',
    "   */",
    "  moves: string;",
    "  states: string;",
    "}",
    "",
    ...dfas.map((d) => `export declare const ${exportName(d.startRule)}: DfaTables;`),
    "/** The tables by start rule (ABNF name). */",
    `export declare const rules: { ${dfas.map((d) => `readonly ${JSON.stringify(d.startRule)}: DfaTables;`).join(" ")} };`,
    "",
  ];
  return { js: `${js.join("\n")}\n`, dts: dts.join("\n"), bytes };
}

function b64(a: Uint8Array): string {
  return Buffer.from(a).toString("base64");
}

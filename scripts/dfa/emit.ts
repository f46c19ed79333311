/**
 * Writes a dialect's DFA tables as a small standalone module (generated/DIALECT/dfa.js, with dfa.d.ts): one
 * export per start rule, its tables as base64 strings that src/dfa/automaton.ts decodes once at load.
 *
 * Layout of one start rule's tables:
 * - `classes`: 128 bytes, the class of each ASCII character (class 0: no position reads it);
 * - `next`: classCount x stride entries, one byte each (two, little-endian, when `wide`): for each class, for
 *   each state, the next state (so entry c * stride + s), then zeros up to `stride`; state 0 is dead, state 1 the
 *   start. `stride` is stateCount rounded up to a multiple of 3, so that every column starts on a base64 group:
 *   equal columns then read as equal text, which gzip finds (unaligned, the module gzips to about 40% more);
 * - `states`: one byte per state, its tag (index into `tags` + 1, or 0) plus 128 when it is accepting.
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

export function emitDfaModule(dfas: Dfa[], header: string): EmittedDfa {
  const bytes = new Map<string, number>();
  const js: string[] = [header, '"use strict";', 'Object.defineProperty(exports, "__esModule", { value: true });'];
  const allTags = new Set<string>();
  for (const dfa of dfas) {
    dfa.tags.forEach((t) => allTags.add(t));
    const wide = dfa.stateCount > 256;
    // Column by column (all states' moves on class 0, then on class 1, ...): a column repeats far more than a
    // row does, and gzip makes about a third less of it.
    const n = dfa.stateCount;
    const k = dfa.classCount;
    const stride = Math.ceil(n / 3) * 3;
    const columns = Uint16Array.from({ length: stride * k }, (_, i) => (i % stride < n ? dfa.next[(i % stride) * k + Math.floor(i / stride)]! : 0));
    const next = wide ? new Uint8Array(columns.buffer) : Uint8Array.from(columns);
    if (wide && new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new Error("the build machine must be little-endian");
    const states = Uint8Array.from(dfa.tagOf, (t, s) => t | (dfa.accepting[s] ? 128 : 0));
    if (dfa.tags.length > 127) throw new Error(`start rule ${dfa.startRule}: more than 127 tags`);
    bytes.set(dfa.startRule, dfa.classOf.length + next.length + states.length);
    const b64 = (a: Uint8Array) => Buffer.from(a).toString("base64");
    js.push(
      `// ${dfa.startRule}: ${dfa.stateCount} states (dead state 0 included), ${dfa.classCount} character classes.`,
      `exports.${exportName(dfa.startRule)} = {`,
      `  rule: ${JSON.stringify(dfa.startRule)},`,
      `  tags: ${JSON.stringify(dfa.tags)},`,
      `  classCount: ${dfa.classCount},`,
      `  stateCount: ${dfa.stateCount},`,
      `  stride: ${stride},`,
      `  wide: ${wide},`,
      `  classes: "${b64(dfa.classOf)}",`,
      `  next: "${b64(next)}",`,
      `  states: "${b64(states)}",`,
      `};`,
    );
  }
  js.push(
    "/** The tables by start rule (ABNF name). */",
    `exports.rules = { ${dfas.map((d) => `${JSON.stringify(d.startRule)}: exports.${exportName(d.startRule)}`).join(", ")} };`,
  );
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
    "  /** Entries per class in `next`: stateCount rounded up to a multiple of 3. */",
    "  stride: number;",
    "  wide: boolean;",
    "  classes: string;",
    "  next: string;",
    "  states: string;",
    "}",
    "",
    ...dfas.map((d) => `export declare const ${exportName(d.startRule)}: DfaTables;`),
    "/** The tables by start rule (ABNF name). */",
    `export declare const rules: { ${dfas.map((d) => `readonly ${JSON.stringify(d.startRule)}: DfaTables;`).join(" ")} };`,
    "",
  ];
  return { js: js.join("\n") + "\n", dts: dts.join("\n"), bytes };
}

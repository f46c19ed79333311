/**
 * The DFAs of each dialect's pipeline rules, decoded on first use.
 */
import * as v0 from "../../generated/url-pipeline-v0/dfa";
import * as zep8 from "../../generated/zep8/dfa";
import type { DfaTables } from "../../generated/url-pipeline-v0/dfa";
import type { DialectName } from "../tree/nodes";
import { decode, type Automaton } from "./automaton";

const TABLES: Readonly<Record<DialectName, Readonly<Record<string, DfaTables>>>> = {
  "url-pipeline-v0": v0.rules,
  zep8: zep8.rules,
};

const decoded = new Map<DfaTables, Automaton>();

/** The automaton of `rule` (an ABNF rule name as the dialect spells it), or null if the engine has none. */
export function automatonFor(dialect: DialectName, rule: string): Automaton | null {
  const tables = Object.hasOwn(TABLES[dialect], rule) ? TABLES[dialect][rule] : undefined;
  if (!tables) return null;
  let a = decoded.get(tables);
  if (!a) decoded.set(tables, (a = decode(tables, dialect)));
  return a;
}

const lowerCased = new Map<DialectName, ReadonlyMap<string, string>>();

/** Case-folded name -> name of the rules the dialect has an automaton of (rule names are case-insensitive). */
export function dfaRuleNames(dialect: DialectName): ReadonlyMap<string, string> {
  let m = lowerCased.get(dialect);
  if (!m) lowerCased.set(dialect, (m = new Map(Object.keys(TABLES[dialect]).map((r) => [r.toLowerCase(), r]))));
  return m;
}

/**
 * The coverage a suite shows, counted from its cases alone (not from how they were chosen): per automaton, its
 * transitions (a state and a character class) taken by an accepted case, or else by a case a value check refuses;
 * its edges (a state and the next state, on any class) taken by an accepted case; its states where a case is refused
 * by the grammar, on a character and, where the state does not accept, at the end of the input.
 */
import { type Automaton, DEAD, liveTransitions, START, step, transitionsOf } from "./automaton";
import type { Case } from "./types";

export interface AutomatonCoverage {
  dialect: string;
  rule: string;
  transitions: number;
  /** Taken by an accepted case. */
  accepted: number;
  /** Taken by no accepted case, but by one a value check refuses. */
  valueOnly: number;
  edges: number;
  edgesAccepted: number;
  states: number;
  /** States with a case refused there on a character. */
  refusedChar: number;
  /** States that do not accept, and those with a case that ends there. */
  nonAccepting: number;
  refusedEnd: number;
  /** The transitions no case takes, as "state class-characters". */
  missing: string[];
}

/** The reading of a case by an automaton: the reference of a resolve case, the input of a validate case. */
function readsAutomaton(a: Automaton, c: Case): boolean {
  return a.rule === "relative-url-pipeline" ? c.op === "resolve" : c.op === "validate";
}

function accepted(c: Case): boolean {
  return c.op === "validate" ? c.valid === true : c.output !== null && c.output !== undefined;
}

function refusedBy(c: Case, prefix: string): boolean {
  return !accepted(c) && (c.code?.startsWith(prefix) ?? false);
}

/** Where the automaton dies on `text`: the offset of the refused character, or the length when it ends early; -1 when it accepts. */
function death(a: Automaton, text: string): { offset: number; state: number } | null {
  let s = START;
  for (let i = 0; i < text.length; i++) {
    const next = step(a, s, text.charCodeAt(i));
    if (next === DEAD) return { offset: i, state: s };
    s = next;
  }
  return a.accepting[s] ? null : { offset: text.length, state: s };
}

export function coverageOf(a: Automaton, cases: readonly Case[]): AutomatonCoverage {
  const mine = cases.filter((c) => readsAutomaton(a, c));
  const acceptedKeys = new Set<number>();
  const valueKeys = new Set<number>();
  for (const c of mine) {
    const keys = transitionsOf(a, c.input);
    if (keys === null) continue;
    if (accepted(c)) for (const k of keys) acceptedKeys.add(k);
    else if (refusedBy(c, "value/")) for (const k of keys) valueKeys.add(k);
  }
  const live = liveTransitions(a);
  const edgeOf = (k: number) => Math.floor(k / a.classCount) * a.stateCount + a.next[k]!;
  const edges = new Set(live.map(edgeOf));
  const edgesAcceptedSet = new Set([...acceptedKeys].map(edgeOf));
  const refusedChar = new Set<number>();
  const refusedEnd = new Set<number>();
  for (const c of mine) {
    if (!refusedBy(c, "syntax/")) continue;
    const d = death(a, c.input);
    if (d === null) continue;
    (d.offset < c.input.length ? refusedChar : refusedEnd).add(d.state);
  }
  const describe = (k: number) =>
    `${Math.floor(k / a.classCount)} ${JSON.stringify(a.members[k % a.classCount]!.join(""))}`;
  const missing = live.filter((k) => !acceptedKeys.has(k) && !valueKeys.has(k)).map(describe);
  // An edge no accepted case takes: named by its first transition.
  const edgeMissing = [...new Set(live.map(edgeOf))]
    .filter((e) => !edgesAcceptedSet.has(e))
    .map(
      (e) =>
        `edge ${Math.floor(e / a.stateCount)} -> ${e % a.stateCount}, e.g. ${describe(live.find((k) => edgeOf(k) === e)!)}`,
    );
  return {
    dialect: a.dialect,
    rule: a.rule,
    transitions: live.length,
    accepted: live.filter((k) => acceptedKeys.has(k)).length,
    valueOnly: live.filter((k) => !acceptedKeys.has(k) && valueKeys.has(k)).length,
    edges: edges.size,
    edgesAccepted: [...edges].filter((e) => edgesAcceptedSet.has(e)).length,
    states: a.stateCount - 1,
    refusedChar: refusedChar.size,
    nonAccepting: a.accepting.filter((acc, s) => s !== DEAD && !acc).length,
    refusedEnd: refusedEnd.size,
    missing: [...missing, ...edgeMissing],
  };
}

const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;

/** The lines the build prints for one automaton. */
export function coverageLines(c: AutomatonCoverage): string[] {
  return [
    `${c.dialect} ${c.rule}: transitions ${c.accepted + c.valueOnly}/${c.transitions} (${percent(c.accepted + c.valueOnly, c.transitions)}: ` +
      `${c.accepted} accepted, ${c.valueOnly} only refused by a value check), edges ${c.edgesAccepted}/${c.edges} accepted ` +
      `(${percent(c.edgesAccepted, c.edges)}), states refusing a character ${c.refusedChar}/${c.states}, ` +
      `refusing the end ${c.refusedEnd}/${c.nonAccepting}`,
    ...c.missing.map((m) => `  not covered: state ${m}`),
  ];
}

/**
 * Of `inputs` (accepted by the automaton), in order, those that take an edge no earlier one took: a subset that
 * takes every edge the whole does (the inputs a second op, normalize, is asked of).
 */
export function edgeCover(a: Automaton, inputs: readonly string[]): string[] {
  const taken = new Set<number>();
  return inputs.filter((input) => {
    const keys = transitionsOf(a, input) ?? [];
    const edges = keys.map((k) => Math.floor(k / a.classCount) * a.stateCount + a.next[k]!);
    if (edges.every((e) => taken.has(e))) return false;
    for (const e of edges) taken.add(e);
    return true;
  });
}

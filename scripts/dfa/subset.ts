/**
 * Position automaton -> deterministic automaton over character classes (the subset construction).
 *
 * Character classes: two ASCII characters are in the same class when exactly the same positions match them,
 * so the DFA needs one column per class, not per character. Class 0 holds the characters no position matches
 * (and, at run time, every byte >= 0x80): it always leads to the dead state.
 *
 * Tags: every state reads its characters inside one tagged rule or none (the positions of a state must agree,
 * or the tag of a character would depend on what comes after it: an error naming the rule and an input that
 * shows it). A tagged span begins where the tag changes; a move that would begin a new instance of the same
 * tag, directly after one, is refused too, because the run time could not see the boundary.
 */
import { BuildError, type PositionAutomaton } from "./positions";

export interface Dfa {
  startRule: string;
  /** Tagged rule names; a state's tag t > 0 is tags[t - 1]. */
  tags: string[];
  /** ASCII character -> class. */
  classOf: Uint8Array;
  classCount: number;
  /** Number of states, the dead state 0 included; the start state is 1. */
  stateCount: number;
  /** next[state * classCount + class]: the next state, 0 (dead) when the character cannot follow. */
  next: Uint16Array;
  accepting: Uint8Array;
  tagOf: Uint8Array;
}

export interface ClassPartition {
  classOf: Uint8Array;
  classCount: number;
  /** One representative character per class (for examples in messages). */
  sample: number[];
}

export function characterClasses(pa: PositionAutomaton): ClassPartition {
  const signatures = new Map<string, number>();
  const classOf = new Uint8Array(128);
  const sample: number[] = [];
  // Class 0 is "matched by no position": its signature is the empty list.
  signatures.set("", 0);
  sample.push(0);
  const distinct = new Map<string, number[]>();
  pa.positions.forEach((p, i) => {
    const key = p.chars.join("");
    const list = distinct.get(key);
    if (list) list.push(i);
    else distinct.set(key, [i]);
  });
  const sets = [...distinct.keys()].map((k) => k);
  for (let c = 0; c < 128; c++) {
    const sig = sets
      .map((k, i) => (k[c] === "1" ? i : -1))
      .filter((i) => i >= 0)
      .join(",");
    let cls = signatures.get(sig);
    if (cls === undefined) {
      cls = signatures.size;
      signatures.set(sig, cls);
      sample.push(c);
    }
    classOf[c] = cls;
  }
  if (signatures.size > 255) throw new BuildError(`${signatures.size} character classes: more than a byte can index`);
  return { classOf, classCount: signatures.size, sample };
}

interface RawState {
  positions: number[];
  accepting: boolean;
  tag: number;
  /** How the construction first reached it: for example inputs in messages. */
  parent: number;
  via: number;
}

/** Subset construction; the result is not minimal (see minimize.ts). */
export function determinize(pa: PositionAutomaton, classes: ClassPartition): Dfa {
  const { classOf, classCount, sample } = classes;
  const positionClasses: number[][] = pa.positions.map((p) => {
    const list: number[] = [];
    for (let c = 0; c < 128; c++) if (p.chars[c] && !list.includes(classOf[c]!)) list.push(classOf[c]!);
    return list;
  });
  const states: RawState[] = [];
  const index = new Map<string, number>();
  const rows: number[][] = [];

  const example = (s: number, extra?: number): string => {
    const chars: number[] = [];
    for (let t = s; t > 1; t = states[t]!.parent) chars.unshift(states[t]!.via);
    if (extra !== undefined) chars.push(extra);
    return JSON.stringify(String.fromCharCode(...chars));
  };

  const stateFor = (targets: number[], parent: number, via: number): number => {
    targets.sort((a, b) => a - b);
    const key = targets.join(",");
    const known = index.get(key);
    if (known !== undefined) return known;
    const tags = new Set(targets.map((q) => pa.positions[q]!.tag));
    if (tags.size > 1) {
      const names = [...tags].map((t) => (t === 0 ? "no tagged rule" : pa.tags[t - 1]));
      const where = [
        ...new Map(targets.map((q) => [pa.positions[q]!.tag, pa.positions[q]!.path.join(" > ")])).values(),
      ];
      throw new BuildError(
        `start rule ${pa.startRule}: after ${example(parent, via)} the last character may belong to ${names.join(" or ")} ` +
          `(${where.join("; ")}): a tagged rule's span must be known when its characters are read`,
      );
    }
    const id =
      states.push({
        positions: targets,
        accepting: targets.some((q) => pa.last.has(q)),
        tag: [...tags][0] ?? 0,
        parent,
        via,
      }) - 1;
    index.set(key, id);
    return id;
  };

  // State 0: dead. State 1: start (no position read yet).
  states.push({ positions: [], accepting: false, tag: 0, parent: 0, via: 0 });
  states.push({ positions: [], accepting: pa.nullable, tag: 0, parent: 0, via: 0 });
  index.set("dead", 0);
  for (let s = 1; s < states.length; s++) {
    const state = states[s]!;
    // Edges out of this state, by class: target -> how the edge enters the target's tagged rule.
    const byClass: Map<number, "begin" | "continue" | "both">[] = Array.from({ length: classCount }, () => new Map());
    const add = (q: number, kind: "begin" | "continue" | "both") => {
      for (const c of positionClasses[q]!) {
        const m = byClass[c]!;
        const had = m.get(q);
        m.set(q, had === undefined || had === kind ? kind : "both");
      }
    };
    if (s === 1) for (const q of pa.first) add(q, pa.positions[q]!.instance >= 0 ? "begin" : "continue");
    else for (const p of state.positions) for (const [q, kind] of pa.follow[p]!) add(q, kind);
    const row: number[] = new Array(classCount).fill(0);
    for (let c = 1; c < classCount; c++) {
      const m = byClass[c]!;
      if (m.size === 0) continue;
      const targets = [...m.keys()];
      const t = stateFor(targets, s, sample[c]!);
      const target = states[t]!;
      if (target.tag !== 0 && target.tag === state.tag) {
        const kinds = new Set(m.values());
        if (kinds.has("begin") || kinds.has("both")) {
          throw new BuildError(
            `start rule ${pa.startRule}: after ${example(s, sample[c])} a new ${pa.tags[target.tag - 1]} may begin directly after ` +
              `another: the run time could not tell where one ends`,
          );
        }
      }
      row[c] = t;
    }
    rows[s] = row;
  }
  rows[0] = new Array(classCount).fill(0);
  if (states.length > 65535)
    throw new BuildError(`start rule ${pa.startRule}: ${states.length} states before minimization: too many`);
  const next = new Uint16Array(states.length * classCount);
  rows.forEach((row, s) => {
    row.forEach((t, c) => {
      next[s * classCount + c] = t;
    });
  });
  return {
    startRule: pa.startRule,
    tags: pa.tags,
    classOf,
    classCount,
    stateCount: states.length,
    next,
    accepting: Uint8Array.from(states, (s) => (s.accepting ? 1 : 0)),
    tagOf: Uint8Array.from(states, (s) => s.tag),
  };
}

/**
 * A JavaScript regular expression built from a DFA, for one row of npm run bench: does V8's regular-expression
 * engine (irregexp, compiled to native code) read a pipeline faster than the shipped scan loop reads it with
 * `charCodeAt`? It reads the characters several times faster than JavaScript can (decision D35), so this is the
 * one route left below that floor.
 *
 * Only part of the automaton can be written as a regular expression this simply: the moves between untagged
 * states that do not read "%". Without the "|" moves, that part has no cycle but self-loops in both dialects, and
 * every "|" leads to one state (the start of a sub-URL), so the language it accepts is
 * `^E(start)(?:\|E(hub))*$`, where E(s) is `S*(?:C1 E(t1)|C2 E(t2)|...)` for the self-loop class S and the
 * classes Ci leading to states ti, with an empty last alternative when s accepts. The classes of a state are
 * disjoint, so the expression is deterministic and irregexp never backtracks further than one character; it tries
 * alternatives in order, so the one on more characters comes first (measured: 10% faster than the state order).
 * It accepts only inputs the automaton accepts with no value to check; the bench measures it on those inputs.
 * Not shipped: a measurement only.
 */

interface Automaton {
  table: Uint16Array | Uint32Array;
  tagChange: number;
  states: Uint8Array;
}

const START = 1;
const ROW = 128;
const ACCEPTING = 128;
const TAG_MASK = 127;
const BAR = 0x7c;
const PERCENT = 0x25;

function classOf(codes: number[]): string {
  const one = (c: number) => `\\x${c.toString(16).padStart(2, "0")}`;
  if (codes.length === 1) return one(codes[0]!);
  let out = "";
  for (let i = 0; i < codes.length; ) {
    let j = i;
    while (j + 1 < codes.length && codes[j + 1] === codes[j]! + 1) j++;
    out += j > i ? `${one(codes[i]!)}-${one(codes[j]!)}` : one(codes[i]!);
    i = j + 1;
  }
  return `[${out}]`;
}

/** The expression, or null when the automaton's untagged part is not of the shape above (a future grammar). */
export function regexOfAutomaton(a: Automaton): RegExp | null {
  const { table, tagChange, states } = a;
  const untagged = (s: number) => s !== 0 && (states[s]! & TAG_MASK) === 0;
  const accepting = (s: number) => (states[s]! & ACCEPTING) !== 0;
  let hub = 0;
  for (let s = 1; s < states.length; s++) {
    if (!untagged(s)) continue;
    const bar = table[s * ROW + BAR]!;
    const to = bar !== 0 && bar < tagChange ? bar / ROW : 0;
    // An accepting state without "|" would let the expression accept an input the automaton does not.
    if (accepting(s) !== (to !== 0)) return null;
    if (to !== 0) {
      if (hub !== 0 && hub !== to) return null;
      hub = to;
    }
  }
  if (hub === 0) return null;
  const done = new Map<number, string>();
  const open = new Set<number>();
  const expression = (s: number): string | null => {
    const known = done.get(s);
    if (known !== undefined) return known;
    if (open.has(s)) return null; // a cycle other than a self-loop
    open.add(s);
    const self: number[] = [];
    const byTarget = new Map<number, number[]>();
    for (let c = 0; c < 128; c++) {
      const move = table[s * ROW + c]!;
      if (c === BAR || c === PERCENT || move === 0 || move >= tagChange) continue;
      const t = move / ROW;
      if (!untagged(t)) continue;
      if (t === s) self.push(c);
      else byTarget.set(t, [...(byTarget.get(t) ?? []), c]);
    }
    const alternatives: string[] = [];
    for (const [t, codes] of [...byTarget].sort((x, y) => y[1].length - x[1].length)) {
      const rest = expression(t);
      if (rest === null) return null;
      alternatives.push(classOf(codes) + rest);
    }
    if (accepting(s)) alternatives.push("");
    const loop = self.length > 0 ? `${classOf(self)}*` : "";
    const body =
      alternatives.length === 0
        ? "(?!)"
        : alternatives.length === 1
          ? alternatives[0]!
          : `(?:${alternatives.join("|")})`;
    open.delete(s);
    done.set(s, loop + body);
    return loop + body;
  };
  const first = expression(START);
  const next = expression(hub);
  return first === null || next === null ? null : new RegExp(`^${first}(?:\\|${next})*$`);
}

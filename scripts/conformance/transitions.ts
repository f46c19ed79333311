/**
 * The cases that cover an automaton (docs/conformance.md, "Coverage"): every transition (a state reading a class of
 * characters) taken by an accepted case, and in every state a refused character, and the end of the input where the
 * state does not accept, each in a refused case.
 *
 * Chosen greedily: transitions are visited in order; for one not yet covered, candidates that take it are walked
 * (./walks.ts) until the package accepts a few, and the one that covers the most new transitions is kept. A
 * transition that no accepted candidate takes within the tries is left for the coverage report to name.
 */
import { type Automaton, DEAD, distances, START, step, transitionsOf } from "./automaton";
import { seeded } from "./random";
import { Splicer } from "./splices";
import { repairUtf8 } from "./utf8-repair";
import { Walker, type WalkStyle } from "./walks";

/** Whether the package accepts a candidate; for the relative rule, the base it resolves against. */
export type Acceptance = (text: string) => { accepted: true; base?: string } | { accepted: false };

export interface Taken {
  input: string;
  base?: string;
  /** The state whose transition this case was made for, or where it is refused. */
  state: number;
  /** The offset of that transition's character, or of the refusal. */
  at: number;
}

/**
 * Whether a refused candidate is refused by a value check (not the grammar) at or after the transition it was
 * made for: it takes the transition, and stands for it where no accepted input can (a gs: bucket with an upper-case
 * letter: the automaton reads it, the bucket rules refuse it).
 */
export type ValueRefusal = (input: string, state: number, cls: number) => boolean;

export interface AutomatonCases {
  accepted: Taken[];
  /** Transitions that no accepted case takes: a case refused by a value check that takes it, where one was found. */
  valueRefused: Taken[];
  /** A refused character in every state; the end of the input in every state that does not accept. */
  refused: Taken[];
}

/** Candidates tried per transition before it is left uncovered, and accepted ones compared. */
const TRIES = 240;
const KEEP = 3;
/** Splices tried for a transition the walks could not take. */
const SPLICES = 400;
/** The most other uncovered transitions a candidate seeks after its own. */
const CHAIN = 16;

const STYLES: readonly WalkStyle[] = [
  { detours: 0, sweep: true },
  { detours: 2, sweep: true },
  { detours: 0, sweep: false },
  { detours: 4, sweep: false },
  { detours: 8, sweep: true },
  { detours: 12, sweep: false },
];

export function coverAutomaton(
  a: Automaton,
  accepts: Acceptance,
  refusedAt: ValueRefusal,
  seeds: readonly string[],
): AutomatonCases {
  const dist = distances(a);
  const splicer = new Splicer(a);
  for (const seed of seeds) if (accepts(seed).accepted) splicer.add(seed);
  const covered = new Set<number>();
  const skipped = new Set<number>();
  const rng = seeded(`${a.dialect} ${a.rule}`);
  const walker = new Walker(a, dist, rng, covered, skipped);
  const accepted: Taken[] = [];
  const valueRefused: Taken[] = [];
  for (let s = 1; s < a.stateCount; s++) {
    for (let c = 1; c < a.classCount; c++) {
      const key = s * a.classCount + c;
      if (a.next[key] === DEAD || covered.has(key) || dist.to[s]![START] === Infinity) continue;
      let best: { taken: Taken; keys: number[]; fresh: number } | null = null;
      let refused: Taken | null = null;
      let found = 0;
      for (let i = 0; i < TRIES && found < KEEP; i++) {
        // Long chains first; shorter ones when the package keeps refusing them.
        const more = i < TRIES / 4 ? CHAIN >> (i % 4) : 0;
        const { classes, at } = walker.classesThrough(s, c, STYLES[i % STYLES.length]!, more);
        let input = walker.text(classes);
        let verdict = accepts(input);
        if (!verdict.accepted && input.includes("%")) {
          // Random hex digits are seldom UTF-8 (decision D14): the same walk with its bytes made UTF-8.
          const repaired = repairUtf8(input, at);
          const repairedVerdict = accepts(repaired);
          if (repairedVerdict.accepted && transitionsOf(a, repaired)?.includes(key)) {
            input = repaired;
            verdict = repairedVerdict;
          }
        }
        if (!verdict.accepted) {
          if (refused === null && refusedAt(input, s, c)) refused = { input, state: s, at };
          continue;
        }
        found++;
        const keys = transitionsOf(a, input)!;
        const fresh = new Set(keys.filter((k) => !covered.has(k))).size;
        if (best === null || fresh > best.fresh)
          best = { taken: { input, ...(verdict.base ? { base: verdict.base } : {}), state: s, at }, keys, fresh };
      }
      if (best === null) {
        // The walks found none: splices of accepted inputs, whose values mostly hold.
        for (const { input, at } of splicer.candidates(s, c, () => walker.charOf(c), rng, SPLICES)) {
          const verdict = accepts(input);
          if (!verdict.accepted) continue;
          best = {
            taken: { input, ...(verdict.base ? { base: verdict.base } : {}), state: s, at },
            keys: transitionsOf(a, input)!,
            fresh: 0,
          };
          break;
        }
      }
      if (best === null) {
        skipped.add(key);
        if (refused) valueRefused.push(refused);
        continue;
      }
      for (const k of best.keys) covered.add(k);
      accepted.push(best.taken);
      splicer.add(best.taken.input);
    }
  }
  const kept = withoutRedundant(a, accepted);
  return { accepted: kept, valueRefused, refused: refusals(a, kept) };
}

/**
 * The accepted cases without those whose every transition a later-kept case also takes: the greedy order keeps
 * early cases that later, longer ones make redundant.
 */
function withoutRedundant(a: Automaton, cases: Taken[]): Taken[] {
  const count = new Map<number, number>();
  const keysOf = cases.map((t) => new Set(transitionsOf(a, t.input)!));
  for (const keys of keysOf) for (const k of keys) count.set(k, (count.get(k) ?? 0) + 1);
  const kept: Taken[] = [];
  cases.forEach((t, i) => {
    const keys = [...keysOf[i]!];
    if (keys.every((k) => count.get(k)! > 1)) {
      for (const k of keys) count.set(k, count.get(k)! - 1);
      return;
    }
    kept.push(t);
  });
  return kept;
}

/**
 * In every state, a refused case: the prefix of an accepted case that reaches the state, then a character the
 * state has no move on; and, where the state does not accept, the prefix alone (the input ends too early). The
 * character is a printable one where the state refuses one (what a writer might type), the same for every
 * state that refuses it, chosen by the state's number among them.
 */
function refusals(a: Automaton, accepted: Taken[]): Taken[] {
  const prefixes = new Map<number, { prefix: string; base?: string }>();
  for (const t of accepted) {
    let s = START;
    for (let i = 0; i <= t.input.length; i++) {
      const seen = prefixes.get(s);
      const prefix = t.input.slice(0, i);
      if (!seen || prefix.length < seen.prefix.length) prefixes.set(s, { prefix, ...(t.base ? { base: t.base } : {}) });
      if (i < t.input.length) s = step(a, s, t.input.charCodeAt(i));
    }
  }
  const out: Taken[] = [];
  for (let s = 1; s < a.stateCount; s++) {
    const at = prefixes.get(s);
    if (!at) continue;
    const refused = [...Array(128).keys()]
      .filter((code) => code > 0x20 && code < 0x7f && a.next[s * a.classCount + a.classOf[code]!] === DEAD)
      .map((code) => String.fromCharCode(code));
    const char = refused.length > 0 ? refused[s % refused.length]! : " ";
    const base = at.base ? { base: at.base } : {};
    const offset = at.prefix.length;
    out.push({ input: at.prefix + char, ...base, state: s, at: offset });
    if (!a.accepting[s]) out.push({ input: at.prefix, ...base, state: s, at: offset });
  }
  return out;
}

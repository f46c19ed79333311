/**
 * The exact comparison of two languages, on the product of their minimal DFAs (scripts/dfa/): a state of the
 * product is a pair (OLD state, NEW state), a character moves both. Both DFAs are complete over ASCII and every
 * state but the dead one (0) can reach acceptance (minimize.ts checks it), so:
 *
 * - a string is valid under OLD only when its run reaches a pair where NEW dies (OLD still alive) or ends in a pair
 *   where OLD accepts and NEW does not: the *removed* strings. The same with the roles swapped: *added*.
 * - a string valid under both is *reinterpreted* when some character is read under different tagged rules (a tag is
 *   a rule whose span the DFA records, positions.ts): its run passes a move into a pair whose two tags differ, from a
 *   pair reached with equal tags, and then reaches a pair where both accept.
 *
 * Each such place (the move where NEW dies, the pair where the input ends, the move where the tags first differ)
 * is a *cause*; every removed, added or reinterpreted string has exactly one first cause, and different causes give
 * different strings. The witnesses are, for each cause, the shortest string through it (the shortest way to the
 * cause by breadth-first search, the character, the shortest way on to acceptance), and the report keeps the
 * `limit` shortest of those, ties broken by the preference order of witnesses.ts. So the first witness is a
 * shortest string of its kind overall, and the others are the shortest for other places where the grammars part,
 * rather than variations of the first one.
 */
import type { Dfa } from "../dfa/subset";
import {
  byPreference,
  componentsOf,
  distanceToAccept,
  productAlphabet,
  shortestCompletion,
  step,
  tagName,
  type Component,
  type ProductAlphabet,
} from "./witnesses";

export interface Reinterpretation {
  input: string;
  old: Component[];
  new: Component[];
}

export interface LanguageDiff {
  /** Valid under OLD, not under NEW. */
  removed: string[];
  /** Valid under NEW, not under OLD. */
  added: string[];
  /** Valid under both, with different tagged components. */
  reinterpreted: Reinterpretation[];
  /** How many causes (places where the grammars part) each kind has: more than listed when the limit cut it. */
  causes: { removed: number; added: number; reinterpreted: number };
}

/** Witnesses of one kind: the kept strings and the number of causes found. */
interface Found {
  strings: string[];
  causes: number;
}

/**
 * The DFAs of both grammars' start rule (with one tag set), and of the sublanguages witnesses are taken from when
 * they can be (automata.ts: without non-standard schemes); pass the same DFAs where there is none.
 */
export interface Languages {
  old: Dfa;
  new: Dfa;
  oldPreferred: Dfa;
  newPreferred: Dfa;
  /**
   * Whether the rules left out of the preferred sublanguages differ between the grammars: only then can a
   * difference need them, and the shortest string that does is reported too.
   */
  avoidedChanged: boolean;
}

export function compareDfas(dfas: Languages, limit: number): LanguageDiff {
  const { old: oldDfa, new: newDfa, oldPreferred, newPreferred } = dfas;
  // Witnesses from the preferred sublanguage; and the shortest of the differences that need the rest, if any.
  const oneSided = (a: Dfa, aPreferred: Dfa, b: Dfa): Found => {
    const found = new Product(aPreferred, b).refusedByB(limit);
    if (a === aPreferred || !dfas.avoidedChanged) return found;
    const needsRest = shortestOnlyIn(a, [b, aPreferred]);
    if (needsRest === null) return found;
    return { strings: [...found.strings, needsRest].sort(byPreference).slice(0, limit), causes: found.causes + 1 };
  };
  let retagged = new Product(oldPreferred, newPreferred).retagged(limit);
  if (retagged.causes === 0 && (oldPreferred !== oldDfa || newPreferred !== newDfa))
    retagged = new Product(oldDfa, newDfa).retagged(limit);
  const removed = oneSided(oldDfa, oldPreferred, newDfa);
  const added = oneSided(newDfa, newPreferred, oldDfa);
  return {
    removed: removed.strings,
    added: added.strings,
    reinterpreted: retagged.strings.map((input) => ({
      input,
      old: componentsOf(oldDfa, input),
      new: componentsOf(newDfa, input),
    })),
    causes: { removed: removed.causes, added: added.causes, reinterpreted: retagged.causes },
  };
}

/**
 * The shortest string `a` accepts and none of `others` does (first in preference order), or null: breadth-first
 * over the tuples of states reachable from the start, kept in a map (only the reachable tuples are stored).
 */
export function shortestOnlyIn(a: Dfa, others: readonly Dfa[]): string | null {
  const all = [a, ...others];
  const alphabet = productAlphabet(all);
  const distA = distanceToAccept(a);
  const alphabetA = productAlphabet([a]);
  const start = all.map(() => 1);
  const seen = new Map<string, { parent: string | null; via: number }>([[start.join(","), { parent: null, via: -1 }]]);
  let level: number[][] = [start];
  let bestLength = Infinity;
  let best: string | null = null;
  const spell = (key: string): string => {
    const chars: number[] = [];
    for (let k: string | null = key; k !== null; ) {
      const e: { parent: string | null; via: number } = seen.get(k)!;
      if (e.via >= 0) chars.push(alphabet.rep[e.via]!);
      k = e.parent;
    }
    return String.fromCharCode(...chars.reverse());
  };
  for (let depth = 0; level.length > 0 && depth < bestLength; depth++) {
    const next: number[][] = [];
    for (const states of level) {
      const key = states.join(",");
      const [x, ...ys] = states as [number, ...number[]];
      if (ys.every((y) => y === 0)) {
        // Only `a` is alive: its shortest completion ends the search along this way.
        if (depth + distA[x]! < bestLength) {
          bestLength = depth + distA[x]!;
          best = spell(key) + shortestCompletion(a, x, distA, alphabetA);
        }
        continue;
      }
      if (a.accepting[x] && ys.every((y, i) => !others[i]!.accepting[y])) {
        bestLength = depth;
        best = spell(key);
        break;
      }
      for (let k = 0; k < alphabet.rep.length; k++) {
        const to = all.map((d, i) => step(d, states[i]!, alphabet.cls[i]![k]!));
        if (to[0] === 0) continue;
        const toKey = to.join(",");
        if (seen.has(toKey)) continue;
        seen.set(toKey, { parent: key, via: k });
        next.push(to);
      }
    }
    level = next;
  }
  return best;
}

/**
 * The causes of one kind, visited in breadth-first order: `visit(length, build)` with the length of the shortest
 * string through the cause and a function that writes it (called only for the few kept).
 */
type Causes = (visit: (key: number, length: number, build: () => string) => void) => void;

/** The product of DFAs A and B, explored from the pair of start states. */
class Product {
  private readonly alphabet: ProductAlphabet;
  private readonly nB: number;

  constructor(
    private readonly a: Dfa,
    private readonly b: Dfa,
  ) {
    this.alphabet = productAlphabet([a, b]);
    this.nB = b.stateCount;
  }

  private next(pair: number, k: number): [number, number] {
    const { cls } = this.alphabet;
    return [step(this.a, Math.floor(pair / this.nB), cls[0]![k]!), step(this.b, pair % this.nB, cls[1]![k]!)];
  }

  /**
   * Breadth-first search over the pairs where both are alive (and, with `sameTags`, reached reading every
   * character under the same tag on both sides), characters in preference order: the first way found to a pair is
   * the shortest, and the first in preference order among the shortest.
   */
  private search(sameTags: boolean) {
    const size = this.a.stateCount * this.nB;
    const dist = new Int32Array(size).fill(-1);
    const parent = new Int32Array(size);
    const via = new Int32Array(size);
    const start = 1 * this.nB + 1;
    const order = [start];
    dist[start] = 0;
    for (let i = 0; i < order.length; i++) {
      const p = order[i]!;
      for (let k = 0; k < this.alphabet.rep.length; k++) {
        const [x, y] = this.next(p, k);
        if (x === 0 || y === 0) continue;
        if (sameTags && tagName(this.a, x) !== tagName(this.b, y)) continue;
        const q = x * this.nB + y;
        if (dist[q] !== -1) continue;
        dist[q] = dist[p]! + 1;
        parent[q] = p;
        via[q] = k;
        order.push(q);
      }
    }
    const prefix = (p: number): string => {
      const chars: number[] = [];
      for (let q = p; q !== start; q = parent[q]!) chars.push(this.alphabet.rep[via[q]!]!);
      return String.fromCharCode(...chars.reverse());
    };
    return { dist, order, prefix };
  }

  /** The shortest strings A accepts and B refuses, one per cause (see the module comment). */
  refusedByB(limit: number): Found {
    const { dist, order, prefix } = this.search(false);
    const distA = distanceToAccept(this.a);
    const size = this.a.stateCount * this.nB;
    const alphabetA = productAlphabet([this.a]);
    return best(limit, (visit) => {
      for (const p of order) {
        const x = Math.floor(p / this.nB);
        const y = p % this.nB;
        if (this.a.accepting[x] && !this.b.accepting[y]) visit(size + p, dist[p]!, () => prefix(p));
        for (let k = 0; k < this.alphabet.rep.length; k++) {
          const [x2, y2] = this.next(p, k);
          if (x2 === 0 || y2 !== 0) continue;
          visit(
            x2 * this.nB + y,
            dist[p]! + 1 + distA[x2]!,
            () =>
              prefix(p) + String.fromCharCode(this.alphabet.rep[k]!) + shortestCompletion(this.a, x2, distA, alphabetA),
          );
        }
      }
    });
  }

  /** The shortest strings both accept whose tagged components differ, one per cause. */
  retagged(limit: number): Found {
    const { dist, order, prefix } = this.search(true);
    const joint = this.jointDistance();
    return best(limit, (visit) => {
      for (const p of order) {
        for (let k = 0; k < this.alphabet.rep.length; k++) {
          const [x, y] = this.next(p, k);
          if (x === 0 || y === 0 || tagName(this.a, x) === tagName(this.b, y)) continue;
          const q = x * this.nB + y;
          if (joint[q] === -1) continue;
          visit(
            q,
            dist[p]! + 1 + joint[q]!,
            () => prefix(p) + String.fromCharCode(this.alphabet.rep[k]!) + this.jointCompletion(q, joint),
          );
        }
      }
    });
  }

  /** Per pair, the length of the shortest string that both DFAs accept from it (-1: none). */
  private jointDistance(): Int32Array {
    const { a, b, nB } = this;
    const { cls } = this.alphabet;
    // Predecessors in each DFA, by its own class: rev[c][t] = the states that class c takes to t.
    const reverse = (d: Dfa) => {
      const rev: number[][][] = Array.from({ length: d.classCount }, () =>
        Array.from({ length: d.stateCount }, () => []),
      );
      for (let s = 1; s < d.stateCount; s++) for (let c = 1; c < d.classCount; c++) rev[c]![step(d, s, c)]!.push(s);
      return rev;
    };
    const revA = reverse(a);
    const revB = reverse(b);
    const dist = new Int32Array(a.stateCount * nB).fill(-1);
    const queue: number[] = [];
    for (let x = 1; x < a.stateCount; x++) {
      for (let y = 1; y < nB; y++)
        if (a.accepting[x] && b.accepting[y]) {
          dist[x * nB + y] = 0;
          queue.push(x * nB + y);
        }
    }
    for (let i = 0; i < queue.length; i++) {
      const q = queue[i]!;
      const x2 = Math.floor(q / nB);
      const y2 = q % nB;
      for (let k = 0; k < this.alphabet.rep.length; k++) {
        for (const x of revA[cls[0]![k]!]![x2]!) {
          for (const y of revB[cls[1]![k]!]![y2]!) {
            const p = x * nB + y;
            if (dist[p] === -1) {
              dist[p] = dist[q]! + 1;
              queue.push(p);
            }
          }
        }
      }
    }
    return dist;
  }

  private jointCompletion(pair: number, joint: Int32Array): string {
    let out = "";
    for (let p = pair; joint[p] !== 0; ) {
      const k = this.alphabet.rep.findIndex((_, i) => {
        const [x, y] = this.next(p, i);
        return x !== 0 && y !== 0 && joint[x * this.nB + y] === joint[p]! - 1;
      });
      out += String.fromCharCode(this.alphabet.rep[k]!);
      const [x, y] = this.next(p, k);
      p = x * this.nB + y;
    }
    return out;
  }
}

/**
 * The strings of the `limit` shortest causes, shortest first, ties in preference order. Causes with one key are one
 * cause (the key names the state B is in when it refuses and the state A goes on from, or the pair where the tags
 * differ: characters that lead to the same states make the same point), and only the shortest visit of each counts.
 * Two passes over the causes, so that only the kept strings are written.
 */
function best(limit: number, causes: Causes): Found {
  const shortest = new Map<number, { length: number; visit: number }>();
  let n = 0;
  causes((key, length) => {
    const had = shortest.get(key);
    if (!had || length < had.length) shortest.set(key, { length, visit: n });
    n++;
  });
  const chosen = [...shortest.values()].sort((x, y) => x.length - y.length || x.visit - y.visit);
  if (chosen.length === 0 || limit <= 0) return { strings: [], causes: chosen.length };
  // Every cause as long as the limit-th is written out, so that ties are ordered by their strings.
  const cut = chosen[Math.min(limit, chosen.length) - 1]!.length;
  const wanted = new Set(chosen.filter((c) => c.length <= cut).map((c) => c.visit));
  const kept: string[] = [];
  n = 0;
  causes((_key, _length, build) => {
    if (wanted.has(n++)) kept.push(build());
  });
  return { strings: [...new Set(kept)].sort(byPreference).slice(0, limit), causes: chosen.length };
}

/**
 * Inputs that take a given transition of an automaton: a walk from the start to the transition's state, the
 * transition, and a walk on to an accepting state. The automaton knows the grammar but not the value checks
 * (bucket lengths, ports, dates, UTF-8) nor the kinds, so a walk is only a candidate: the package says whether it is
 * accepted, and a refused candidate is replaced by another walk. Walks wander (detours, other characters of a
 * class) so that the candidates differ, and prefer transitions not yet covered, so that each case covers many.
 */
import { type Automaton, DEAD, START } from "./automaton";
import type { Random } from "./random";

/** How a walk wanders. */
export interface WalkStyle {
  /** Steps that may leave the shortest way (each still able to reach the goal). */
  detours: number;
  /** Whether to read every class a state loops on that is not yet covered, when the walk passes it. */
  sweep: boolean;
}

/** The longest candidate: longer walks say no more, and the suite must stay small. */
const MAX_STEPS = 160;

export class Walker {
  constructor(
    private readonly a: Automaton,
    private readonly dist: { to: Float64Array[]; toAccept: Float64Array },
    private readonly rng: Random,
    private readonly covered: ReadonlySet<number>,
    /** Transitions no accepted candidate took: not sought again. */
    private readonly skipped: ReadonlySet<number> = new Set(),
  ) {}

  private move(s: number, c: number): number {
    return this.a.next[s * this.a.classCount + c]!;
  }

  /** A character of class `c`: a letter or digit most of the time (readable cases), any member otherwise. */
  charOf(c: number): string {
    const members = this.a.members[c]!;
    const plain = members.filter((m) => /[a-z0-9]/.test(m));
    return plain.length > 0 && this.rng.next() < 0.7 ? this.rng.pick(plain) : this.rng.pick(members);
  }

  /**
   * Among classes, one not yet covered from `s` most of the time, if there is one; else mostly one with a character
   * that is not an upper-case letter, so that what a case needs no upper case for (a scheme, a path) is written as
   * the texts write it, and an implementation that reads schemes case-sensitively still meets the rest of the case.
   */
  private choose(s: number, classes: number[]): number {
    const fresh = classes.filter((c) => !this.covered.has(s * this.a.classCount + c));
    if (fresh.length > 0 && this.rng.next() < 0.8) return this.rng.pick(fresh);
    const plain = classes.filter((c) => this.a.members[c]!.some((m) => !/[A-Z]/.test(m)));
    return plain.length > 0 && this.rng.next() < 0.9 ? this.rng.pick(plain) : this.rng.pick(classes);
  }

  /** The classes `s` loops on that are not yet covered, in a random order. */
  private uncoveredLoops(s: number): number[] {
    const out: number[] = [];
    for (let c = 1; c < this.a.classCount; c++)
      if (this.move(s, c) === s && !this.covered.has(s * this.a.classCount + c)) out.push(c);
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.rng.below(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /**
   * Classes from `from` to a state where `goal` is 0 (`goal`: the distance of each state to the goal). Stops at the
   * goal once its detours are spent, or earlier by chance when the goal is an accepting state it is in.
   */
  private walk(from: number, goal: Float64Array, style: WalkStyle, path: number[]): number {
    let s = from;
    let detours = style.detours;
    while (path.length < MAX_STEPS) {
      if (style.sweep) {
        const loops = this.uncoveredLoops(s);
        if (loops.length > 0 && this.rng.next() < 0.7) path.push(...loops);
      }
      if (goal[s] === 0 && (detours === 0 || this.rng.next() < 0.3)) return s;
      const options: number[] = [];
      const closer: number[] = [];
      for (let c = 1; c < this.a.classCount; c++) {
        const t = this.move(s, c);
        if (t === DEAD || goal[t] === Infinity) continue;
        options.push(c);
        if (goal[t] === goal[s]! - 1) closer.push(c);
      }
      // Only at the goal can nothing lead back to it (the start, say): the walk ends there.
      if (options.length === 0) return s;
      const detour = detours > 0 && this.rng.next() < 0.5;
      if (detour) detours--;
      const c = this.choose(s, detour || closer.length === 0 ? options : closer);
      path.push(c);
      s = this.move(s, c);
    }
    // Too long: the shortest way from here.
    while (goal[s] !== 0) {
      const c = this.choose(
        s,
        [...Array(this.a.classCount).keys()].filter((c) => c > 0 && goal[this.move(s, c)] === goal[s]! - 1),
      );
      path.push(c);
      s = this.move(s, c);
    }
    return s;
  }

  /**
   * A candidate that takes class `c` from state `s`, then up to `more` other transitions not yet covered (each the
   * nearest to where the walk is), then ends in an accepting state: as classes.
   */
  classesThrough(s: number, c: number, style: WalkStyle, more = 0): { classes: number[]; at: number } {
    const path: number[] = [];
    this.walk(START, this.dist.to[s]!, style, path);
    const at = path.length;
    path.push(c);
    let state = this.move(s, c);
    const taken = new Set([s * this.a.classCount + c]);
    for (let i = 0; i < more && path.length < MAX_STEPS; i++) {
      const next = this.nearestUncovered(state, taken);
      if (next === null) break;
      const [s2, c2] = next;
      taken.add(s2 * this.a.classCount + c2);
      this.walk(state, this.dist.to[s2]!, { detours: 0, sweep: style.sweep }, path);
      path.push(c2);
      state = this.move(s2, c2);
    }
    this.walk(state, this.dist.toAccept, style, path);
    return { classes: path, at };
  }

  /** The uncovered transition whose state is nearest to `from` (the first of them in order), not one in `taken`. */
  private nearestUncovered(from: number, taken: ReadonlySet<number>): [number, number] | null {
    let best: [number, number] | null = null;
    let bestDistance = Infinity;
    const k = this.a.classCount;
    for (let s = 1; s < this.a.stateCount; s++) {
      const d = this.dist.to[s]![from]!;
      if (d >= bestDistance) continue;
      for (let c = 1; c < k; c++) {
        const key = s * k + c;
        if (this.a.next[key] === DEAD || this.covered.has(key) || taken.has(key) || this.skipped.has(key)) continue;
        best = [s, c];
        bestDistance = d;
        break;
      }
    }
    return best;
  }

  /** A candidate prefix that ends in state `s` (the walk to it), as classes. */
  classesTo(s: number, style: WalkStyle): number[] {
    const path: number[] = [];
    this.walk(START, this.dist.to[s]!, style, path);
    return path;
  }

  text(classes: readonly number[]): string {
    return classes.map((c) => this.charOf(c)).join("");
  }
}

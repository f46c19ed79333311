/**
 * Candidates made from accepted inputs: the beginning of one up to where it is in state s, the transition's
 * character, then the rest of another from where it is in the state the transition leads to. The automaton accepts
 * every such splice; the value checks (a commit time, an IPv6 address, a dotted bucket), which random walks seldom
 * satisfy, mostly still hold, since both halves come from valid inputs.
 */
import { type Automaton, DEAD, START, step } from "./automaton";
import type { Random } from "./random";

export class Splicer {
  /** state -> the places (input, offset) where an accepted input is in that state. */
  private readonly at = new Map<number, [string, number][]>();

  constructor(private readonly a: Automaton) {}

  add(input: string): void {
    let s = START;
    for (let i = 0; i <= input.length; i++) {
      let places = this.at.get(s);
      if (!places) this.at.set(s, (places = []));
      places.push([input, i]);
      if (i === input.length) break;
      s = step(this.a, s, input.charCodeAt(i));
      if (s === DEAD) return;
    }
  }

  /** Up to `n` splices through class `c` from state `s` (none when no accepted input passes both states). */
  *candidates(
    s: number,
    c: number,
    char: () => string,
    rng: Random,
    n: number,
  ): Generator<{ input: string; at: number }> {
    const before = this.at.get(s);
    const after = this.at.get(this.a.next[s * this.a.classCount + c]!);
    if (!before || !after) return;
    for (let i = 0; i < n; i++) {
      const [p, pi] = rng.pick(before);
      const [q, qi] = rng.pick(after);
      yield { input: p.slice(0, pi) + char() + q.slice(qi), at: pi };
    }
  }
}

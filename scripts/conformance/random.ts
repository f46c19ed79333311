/**
 * A seeded pseudo-random generator (mulberry32): the suite is the same bytes on every build, so every choice the
 * walks make comes from here, seeded by what is being walked.
 */
import { createHash } from "node:crypto";

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
  pick<T>(items: readonly T[]): T;
}

/** A generator seeded by a text (a dialect, a rule, a state). */
export function seeded(seed: string): Random {
  let a = createHash("sha256").update(seed).digest().readUInt32LE(0);
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  return { next, below, pick: (items) => items[below(items.length)]! };
}

/**
 * DFA minimization (Moore's partition refinement), keeping states with different tags apart so that the tagged
 * spans the run time records are the same as before, then renumbering in breadth-first order from the start
 * (dead state 0, start state 1) so that the output is deterministic.
 *
 * Every state of a position automaton's DFA can reach acceptance (each position lies on some match), so after
 * minimization the only state that cannot is the dead one: the offset where a run dies is the length of the
 * longest prefix of the input that some valid input begins with (decision D21). This is checked, not assumed.
 */
import { BuildError } from "./positions";
import type { Dfa } from "./subset";

export function minimize(dfa: Dfa): Dfa {
  const { stateCount: n, classCount: k, next } = dfa;
  let block = new Int32Array(n);
  {
    const initial = new Map<string, number>();
    for (let s = 0; s < n; s++) {
      const key = s === 0 ? "dead" : `${dfa.accepting[s]}:${dfa.tagOf[s]}`;
      let b = initial.get(key);
      if (b === undefined) initial.set(key, (b = initial.size));
      block[s] = b;
    }
  }
  let count = -1;
  for (;;) {
    const sigs = new Map<string, number>();
    const nextBlock = new Int32Array(n);
    for (let s = 0; s < n; s++) {
      let sig = String(block[s]);
      for (let c = 0; c < k; c++) sig += `,${block[next[s * k + c]!]}`;
      let b = sigs.get(sig);
      if (b === undefined) sigs.set(sig, (b = sigs.size));
      nextBlock[s] = b;
    }
    block = nextBlock;
    if (sigs.size === count) break;
    count = sigs.size;
  }
  // Renumber blocks breadth-first from the start state; the dead state's block is 0.
  const order = new Map<number, number>([
    [block[0]!, 0],
    [block[1]!, 1],
  ]);
  const representative: number[] = [0, 1];
  for (let i = 1; i < representative.length; i++) {
    const s = representative[i]!;
    for (let c = 0; c < k; c++) {
      const t = next[s * k + c]!;
      if (!order.has(block[t]!)) {
        order.set(block[t]!, representative.length);
        representative.push(t);
      }
    }
  }
  const m = representative.length;
  const out = new Uint16Array(m * k);
  for (let i = 0; i < m; i++) {
    for (let c = 0; c < k; c++) out[i * k + c] = order.get(block[next[representative[i]! * k + c]!]!)!;
  }
  const result: Dfa = {
    ...dfa,
    stateCount: m,
    next: out,
    accepting: Uint8Array.from(representative, (s) => dfa.accepting[s]!),
    tagOf: Uint8Array.from(representative, (s) => dfa.tagOf[s]!),
  };
  checkLive(result);
  return result;
}

/** Every state but the dead one must reach an accepting state. */
function checkLive(dfa: Dfa): void {
  const { stateCount: n, classCount: k, next } = dfa;
  const live = new Uint8Array(n);
  for (let s = 0; s < n; s++) if (dfa.accepting[s]) live[s] = 1;
  for (let changed = true; changed; ) {
    changed = false;
    for (let s = 1; s < n; s++) {
      if (live[s]) continue;
      for (let c = 0; c < k; c++) {
        if (live[next[s * k + c]!]) {
          live[s] = 1;
          changed = true;
          break;
        }
      }
    }
  }
  for (let s = 1; s < n; s++) {
    if (!live[s])
      throw new BuildError(
        `start rule ${dfa.startRule}: state ${s} cannot reach a match, so error offsets would be wrong`,
      );
  }
}

/**
 * Value problems found while building the tree.
 *
 * Semantic actions run while the parser is still exploring alternatives, so they must not throw: a node that
 * fails a strict value check (an impossible date, a bucket name AWS would refuse, bytes that are not UTF-8)
 * records the problem under a symbol key, and only the nodes of the final tree are looked at afterwards.
 * Symbol keys are invisible to JSON.stringify and to `Object.keys`.
 */
import type { LimitCode, ValueCode } from "../codes";

const PROBLEM: unique symbol = Symbol("url-pipeline.problem");

export interface Problem {
  /** Offset in the input (UTF-16 code units). */
  offset: number;
  message: string;
  /** The stable code of the error it becomes. */
  code: ValueCode | LimitCode;
}

type WithProblem = { [PROBLEM]?: Problem };

/** Records a problem on `node` (the first one recorded wins) and returns the node. */
export function attachProblem<T extends object>(node: T, problem: Problem): T {
  const n = node as T & WithProblem;
  if (!n[PROBLEM]) n[PROBLEM] = problem;
  return node;
}

/** `to`, with the problem recorded on `from` if there is one (for a node built from another's fields). */
export function withProblemOf<T extends object>(to: T, from: object): T {
  const p = (from as WithProblem)[PROBLEM];
  return p ? attachProblem(to, p) : to;
}

/** The problem with the smallest offset anywhere in the tree, or null. The tree has no cycles. */
export function firstProblem(tree: unknown): Problem | null {
  let best: Problem | null = null;
  const visit = (x: object): void => {
    const p = (x as WithProblem)[PROBLEM];
    if (p && (!best || p.offset < best.offset)) best = p;
    for (const key in x) {
      const v = (x as Record<string, unknown>)[key];
      // Spans hold only numbers; skip them and every non-object.
      if (typeof v === "object" && v !== null && key !== "span") visit(v);
    }
  };
  if (typeof tree === "object" && tree !== null) visit(tree);
  return best;
}

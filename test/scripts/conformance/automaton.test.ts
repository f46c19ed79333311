/**
 * scripts/conformance/automaton.ts: the tables read class by class say what the package's own decoding
 * (src/dfa/automaton.ts, character by character) says, for every state and ASCII character of every pipeline rule;
 * and the distances lead where they say.
 */
import { automatonFor } from "../../../src/dfa/dialects";
import {
  DEAD,
  distances,
  liveTransitions,
  loadAutomata,
  START,
  stateAfter,
  transitionsOf,
} from "../../../scripts/conformance/automaton";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..", "..");

describe.each(["url-pipeline-v0", "zep8"] as const)("%s", (dialect) => {
  const automata = loadAutomata(ROOT, dialect);

  test("one automaton per pipeline rule of the dialect", () => {
    expect(automata.map((a) => a.rule)).toEqual(
      dialect === "zep8" ? ["absolute-url-pipeline", "relative-url-pipeline"] : ["absolute-url-pipeline"],
    );
  });

  test.each(automata.map((a) => [a.rule, a] as const))("%s: every move is the package's", (rule, a) => {
    const theirs = automatonFor(dialect, rule)!;
    expect(theirs).not.toBeNull();
    for (let s = 1; s < a.stateCount; s++) {
      for (let c = 0; c < 128; c++) {
        const mine = a.next[s * a.classCount + a.classOf[c]!]!;
        const row = theirs.table[s * 128 + c]! % theirs.tagChange;
        expect(mine).toBe(row / 128);
      }
      expect(a.accepting[s]).toBe((theirs.states[s]! & 128) !== 0);
    }
  });

  test("a transition's key names its state and class; text outside ASCII dies", () => {
    const a = automata[0]!;
    const keys = transitionsOf(a, "s3://bucket/x")!;
    expect(keys).toHaveLength(13);
    expect(Math.floor(keys[0]! / a.classCount)).toBe(START);
    expect(keys[0]! % a.classCount).toBe(a.classOf["s".charCodeAt(0)]);
    expect(transitionsOf(a, "s3://bücket")).toBeNull();
    expect(stateAfter(a, "s3://b#")).toBe(DEAD);
    expect(a.accepting[stateAfter(a, "s3://bucket/x")]).toBe(true);
    expect(new Set(liveTransitions(a)).has(keys[5]!)).toBe(true);
  });

  test("distances: each state reaches an accepting one, in as many steps as a shortest walk takes", () => {
    const a = automata[0]!;
    const d = distances(a);
    for (let s = 1; s < a.stateCount; s++) {
      expect(d.toAccept[s]).toBeLessThan(Infinity);
      expect(d.to[s]![START]).toBeLessThan(Infinity);
    }
    expect(d.to[stateAfter(a, "s3:")]![START]).toBe(3);
  });
});

/**
 * scripts/conformance/transitions.ts and coverage.ts on a small automaton of our own, whose every transition and
 * refusal can be listed by hand: names "a" *( "b" / "c" ) "!" with a value check the automaton does not know
 * (no "cc"), so that one transition is taken only by refused cases.
 */
import { type Automaton, liveTransitions } from "../../../scripts/conformance/automaton";
import { coverageOf, edgeCover } from "../../../scripts/conformance/coverage";
import { coverAutomaton } from "../../../scripts/conformance/transitions";
import type { Case } from "../../../scripts/conformance/types";

/** States: 1 start, 2 after "a" (loops on b, c), 3 after "!" (accepts). Classes: 0 others, 1 "a", 2 "b", 3 "c", 4 "!". */
function small(): Automaton {
  const classOf = new Uint8Array(128);
  classOf["a".charCodeAt(0)] = 1;
  classOf["b".charCodeAt(0)] = 2;
  classOf["c".charCodeAt(0)] = 3;
  classOf["!".charCodeAt(0)] = 4;
  const k = 5;
  const next = new Uint16Array(4 * k);
  next[1 * k + 1] = 2;
  next[2 * k + 2] = 2;
  next[2 * k + 3] = 2;
  next[2 * k + 4] = 3;
  const members: string[][] = Array.from({ length: k }, () => []);
  for (let c = 0; c < 128; c++) members[classOf[c]!]!.push(String.fromCharCode(c));
  return {
    dialect: "small",
    rule: "r",
    stateCount: 4,
    classCount: k,
    next,
    accepting: [false, false, false, true],
    members,
    classOf,
  };
}

const valid = (text: string) => /^a[bc]*!$/.test(text) && !text.includes("cc");

test("every transition of the small automaton is taken, every state refuses a character and, if it does not accept, the end", () => {
  const a = small();
  const cases = coverAutomaton(
    a,
    (text) => ({ accepted: valid(text) }),
    (text) => /^a[bc]*!$/.test(text),
    [],
  );
  expect(cases.accepted.every((t) => valid(t.input))).toBe(true);
  const asCases: Case[] = [
    ...cases.accepted.map((t) => ({
      id: t.input,
      op: "validate" as const,
      dialect: "small",
      input: t.input,
      valid: true,
      why: "w",
    })),
    ...cases.refused.map((t) => ({
      id: t.input,
      op: "validate" as const,
      dialect: "small",
      input: t.input,
      valid: false,
      offset: t.at,
      kind: "syntax",
      code: "syntax/x",
      why: "w",
    })),
  ];
  const c = coverageOf(a, asCases);
  expect(c).toMatchObject({
    transitions: liveTransitions(a).length,
    accepted: 4,
    valueOnly: 0,
    edges: 3,
    edgesAccepted: 3,
    states: 3,
    refusedChar: 3,
    nonAccepting: 2,
    refusedEnd: 2,
    missing: [],
  });
  // The refused ones: in each state a character it has no move on, and the end where it does not accept, each
  // after the beginning of an accepted case that reaches the state.
  expect(cases.refused.map((t) => t.state)).toEqual([1, 1, 2, 2, 3]);
  for (const t of cases.refused)
    expect(cases.accepted.some((x) => x.input.startsWith(t.input.slice(0, t.at)))).toBe(true);
});

test("a transition only value-refused cases take is counted apart, and named when no case takes it", () => {
  const a = small();
  const cases: Case[] = [
    { id: "1", op: "validate", dialect: "small", input: "ab!", valid: true, why: "w" },
    {
      id: "2",
      op: "validate",
      dialect: "small",
      input: "acc!",
      valid: false,
      offset: 2,
      kind: "value",
      code: "value/x",
      why: "w",
    },
  ];
  const c = coverageOf(a, cases);
  expect(c.accepted).toBe(3);
  expect(c.valueOnly).toBe(1);
  expect(coverageOf(a, cases.slice(0, 1)).missing).toEqual(['2 "c"']);
});

test("edgeCover keeps, in order, the inputs that take an edge no earlier one took", () => {
  const a = small();
  expect(edgeCover(a, ["ab!", "abb!", "ac!", "a!"])).toEqual(["ab!"]);
});

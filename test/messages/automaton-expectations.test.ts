/**
 * src/messages/automaton-expectations.ts: a refused input's expected list, read off the DFA state its run died in,
 * is the parser's. For every state of every pipeline rule's DFA, on the shortest input that reaches it followed by
 * a character no state moves on ("é": the grammars are ASCII), and, where the state does not accept, on that input
 * alone: the parser's expected list is the state's, but where one of its lookahead guards speaks (an expectation
 * "follow: ...": the FOLLOW set of an alternation, which may be more or less than can follow there).
 */
import { automatonFor } from "../../src/dfa/dialects";
import type { Automaton } from "../../src/dfa/automaton";
import { accepting, START } from "../../src/dfa/scan";
import { getDialect } from "../../src/dialects";
import { UrlPipelineSyntaxError } from "../../src/errors";
import { expectedInState } from "../../src/messages/automaton-expectations";
import { parse, parseWithParser } from "../../src/parse";
import type { DialectName } from "../../src/tree/nodes";

const RULES: [DialectName, string][] = [
  ["url-pipeline-v0", "absolute-url-pipeline"],
  ["zep8", "absolute-url-pipeline"],
  ["zep8", "relative-url-pipeline"],
];

/** The shortest input that reaches each state (by row), over the printable ASCII characters, then the others. */
function shortestInputs(a: Automaton): Map<number, string> {
  const order = [...Array(128).keys()].sort((x, y) => Number(x < 0x21 || x > 0x7e) - Number(y < 0x21 || y > 0x7e));
  const inputs = new Map<number, string>([[START, ""]]);
  const queue = [START];
  for (let q = 0; q < queue.length; q++) {
    const row = queue[q]!;
    for (const c of order) {
      const next = a.table[row + c]! % a.tagChange;
      if (next !== 0 && !inputs.has(next)) {
        inputs.set(next, inputs.get(row)! + String.fromCharCode(c));
        queue.push(next);
      }
    }
  }
  return inputs;
}

function parserError(input: string, dialect: DialectName, rule: string): UrlPipelineSyntaxError {
  try {
    parseWithParser(input, { dialect, rule, kinds: false });
  } catch (e) {
    if (e instanceof UrlPipelineSyntaxError) return e;
    throw e;
  }
  throw new Error(`the parser accepts ${JSON.stringify(input)}`);
}

/** Whether the parser's failure on `input` names an expectation of one of its lookahead guards. */
function guardSpeaks(input: string, dialect: DialectName, rule: string): boolean {
  const d = getDialect(dialect);
  const r = d.parser.parse(input, { startRule: d.startRules.get(rule)! as "ALPHA", peg$library: true }) as unknown as {
    peg$maxFailExpected: { type: string; description?: string }[];
  };
  return r.peg$maxFailExpected.some((e) => e.type === "other" && e.description!.startsWith("follow:"));
}

describe.each(RULES)("%s %s", (dialect, rule) => {
  const a = automatonFor(dialect, rule)!;
  const inputs = shortestInputs(a);

  test("every state is reached", () => {
    expect(inputs.size).toBe(a.states.length - 1);
  });

  test("at every state, the parser expects what the state moves on, unless a guard speaks", () => {
    const meta = getDialect(dialect).meta;
    const differ: string[] = [];
    let compared = 0;
    for (const [row, prefix] of inputs) {
      for (const input of [`${prefix}\u00e9`, ...(accepting(a, row) ? [] : [prefix])]) {
        const e = parserError(input, dialect, rule);
        expect([input, e.offset]).toEqual([input, prefix.length]);
        compared++;
        if (JSON.stringify(e.expected) === JSON.stringify(expectedInState(a, row, meta))) continue;
        if (!guardSpeaks(input, dialect, rule)) differ.push(input);
      }
    }
    expect(differ).toEqual([]);
    expect(compared).toBeGreaterThan(inputs.size);
  });
});

test("where a guard speaks, the state's list is the exact one: file://localhost is a host, not a whole file: URL", () => {
  // "file://localhost" and "file://a" end in the same state: a host, which "/" or more of the host may follow.
  const e = (input: string) => {
    try {
      parse(input);
    } catch (x) {
      return (x as UrlPipelineSyntaxError).expected;
    }
    throw new Error("valid");
  };
  const expected = [
    'an unreserved character (letter, digit, "-", ".", "_", "~")',
    "a percent-encoded byte (%XX)",
    '"/"',
  ];
  expect(e("file://localhost")).toEqual(expected);
  expect(e("file://a")).toEqual(expected);
  // The parser's guard for the literal "localhost" names only "/" (its FOLLOW set) at the end of the input.
  expect(parserError("file://localhost", "url-pipeline-v0", "absolute-url-pipeline").expected).toEqual(['"/"']);
  expect(parse("file://localhosts/x").subUrls[0]!.raw).toBe("file://localhosts/x");
});

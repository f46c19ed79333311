/**
 * viable.ts judges with the DFA alone (D31). Checked here: the two facts that makes sound (each state of the
 * pipeline DFA but the dead one can still reach acceptance, and adapters read the same after any root), and that
 * its states and viability are those the parser gives, on every prefix of every example, on what one more
 * character makes of them, and on every candidate complete() proposes before its filter, refused ones included.
 */
import { authorityCandidates } from "../../src/complete/authority";
import { pipelineAutomaton } from "../../src/complete/engine";
import { adapterContext } from "../../src/complete/openings";
import { pipeCandidate } from "../../src/complete/pipe";
import { isSchemeToken, position } from "../../src/complete/position";
import { schemeCandidates } from "../../src/complete/schemes";
import { versionCandidates } from "../../src/complete/version-candidates";
import { isViable, read, stateOf, viableAfter, type State } from "../../src/complete/viable";
import { ACCEPTING, rowAfter } from "../../src/dfa/scan";
import { UrlPipelineSyntaxError } from "../../src/errors";
import { parse } from "../../src/parse";
import type { DialectName } from "../../src/tree/nodes";
import v0Corpus from "../fixtures/spec/url-pipeline-v0.json";
import zep8Corpus from "../fixtures/spec/zep8.json";

const DIALECTS: DialectName[] = ["url-pipeline-v0", "zep8"];
const RULE = "absolute-url-pipeline";
const urls = [...new Set([...v0Corpus.examples.map((e) => e.url), ...zep8Corpus.valid.map((e) => e.url)])];
const prefixes = [...new Set(urls.flatMap((u) => Array.from({ length: u.length + 1 }, (_, k) => u.slice(0, k))))];

/** The parser's answer (parse(), which never asks the DFA): valid, or the error's kind and offset. */
function byParser(input: string, dialect: DialectName, rule = RULE): { kind: string; offset: number } {
  try {
    // The grammar and the values: completion judges what the grammar allows (the kinds: decision D62).
    parse(input, { dialect, rule, kinds: false });
    return { kind: "valid", offset: -1 };
  } catch (e) {
    if (!(e instanceof UrlPipelineSyntaxError)) throw e;
    return { kind: e.kind, offset: e.offset };
  }
}

/** The current sub-URL's own value error, by the parser on it alone (as complete() asked it before the DFA). */
function ownValueError(text: string, start: number, dialect: DialectName): boolean {
  const r = byParser(text, dialect, start === 0 ? "root-sub-url" : "adapter-sub-url");
  return r.kind === "value" && r.offset !== text.length;
}

function parserState(input: string, dialect: DialectName, start: number): State {
  const { kind, offset } = byParser(input, dialect);
  if (kind === "valid") return "valid";
  if (kind === "syntax") return offset === input.length ? "open" : "dead";
  if (kind === "value")
    return offset < start && !ownValueError(input.slice(start), start, dialect) ? "value-before" : "value-here";
  return "dead";
}

function parserViable(completion: string, dialect: DialectName, start: number): boolean {
  const { kind, offset } = byParser(completion, dialect);
  if (kind === "valid") return true;
  if (kind === "syntax") return offset === completion.length;
  if (kind === "value")
    return offset === completion.length || (offset < start && !ownValueError(completion.slice(start), start, dialect));
  return false;
}

describe.each(DIALECTS)("%s", (dialect) => {
  const a = pipelineAutomaton(dialect);

  test("every state but the dead one can still reach an accepting state: not dead is viable", () => {
    const states = a.states.length;
    const into: number[][] = Array.from({ length: states }, () => []);
    for (let s = 1; s < states; s++) {
      for (let c = 0; c < 128; c++) {
        const next = (a.table[s * 128 + c]! % a.tagChange) >>> 7;
        if (next !== 0) into[next]!.push(s);
      }
    }
    const live = new Set<number>();
    const queue: number[] = [];
    const reach = (s: number) => {
      if (live.has(s)) return;
      live.add(s);
      queue.push(s);
    };
    for (let s = 1; s < states; s++) if (a.states[s]! & ACCEPTING) reach(s);
    while (queue.length > 0) into[queue.pop()!]!.forEach(reach);
    expect(live.size).toBe(states - 1);
  });

  test("after `|` the automaton is in one state, whatever came before: adapters read alike after any root", () => {
    const after = new Set<number>();
    for (let s = 1; s < a.states.length; s++) {
      const next = a.table[s * 128 + 0x7c]! % a.tagChange;
      if (next !== 0) after.add(next);
    }
    expect([...after]).toEqual([rowAfter(a, adapterContext(dialect)!)]);
  });

  test("the state of every prefix of every example is the parser's", () => {
    const wrong = prefixes
      .map((p) => ({ p, start: p.lastIndexOf("|") + 1 }))
      .filter(({ p, start }) => stateOf(p, dialect, start) !== parserState(p, dialect, start))
      .map(({ p, start }) => [p, stateOf(p, dialect, start), parserState(p, dialect, start)]);
    expect(wrong).toEqual([]);
  });

  test("one character more: viable as the parser says, judged alone or from the partial's reading", () => {
    const wrong: string[] = [];
    for (const p of prefixes.filter((_, i) => i % 3 === 0)) {
      const start = p.lastIndexOf("|") + 1;
      const reading = read(p, dialect, start);
      for (const c of [":", "/", "|", "@", ".", "%", "a", "Z", "0", "-", "?", "#", " "]) {
        const want = parserViable(p + c, dialect, start);
        if (isViable(p + c, dialect, start) !== want || viableAfter(reading, p + c) !== want) wrong.push(p + c);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("every candidate proposed for every prefix, before the filter: viable as the parser says", () => {
    const wrong: string[] = [];
    let refused = 0;
    for (const p of prefixes) {
      const pos = position(p);
      const proposed = [
        ...(isSchemeToken(pos.text) ? schemeCandidates(p, pos, dialect) : []),
        ...authorityCandidates(p, pos, dialect),
        ...versionCandidates(p, pos, dialect),
        pipeCandidate(p, dialect),
      ];
      const reading = read(p, dialect, pos.start);
      for (const c of proposed) {
        const want = parserViable(c.completion, dialect, pos.start);
        if (!want) refused++;
        if (isViable(c.completion, dialect, pos.start) !== want) wrong.push(`${c.completion} (alone)`);
        if (reading.state !== "dead" && viableAfter(reading, c.completion) !== want)
          wrong.push(`${c.completion} (after ${p})`);
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(300); // refusals are exercised, not only acceptances
  });

  test("a value error is judged as the parser judges it: earlier, own, at the very end", () => {
    const cases = [
      "s3://ab|zip:",
      "s3://ab|byte-range:5-1",
      "s3://ab|byte-range:1-5",
      "s3://ab",
      "s3://ab|icechunk://branch.",
      "s3://ab|json:a",
      "s3://ab|json:/a",
      "gs://Bucket/x|zip:%FF",
      "gs://Bucket/x|zip:%C3%A9",
      "s3://bucket|ocdbt://v0",
    ];
    for (const input of cases) {
      const start = input.lastIndexOf("|") + 1;
      expect([input, stateOf(input, dialect, start)]).toEqual([input, parserState(input, dialect, start)]);
      expect([input, isViable(input, dialect, start)]).toEqual([input, parserViable(input, dialect, start)]);
    }
  });
});

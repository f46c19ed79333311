/**
 * The string-shape section of npm run bench: the DFA scan loop as shipped (src/dfa/scan.ts: charCodeAt held in a
 * constant and called with `.call`) beside the same walk written two other ways, `input.charCodeAt(i)` and a loop
 * over TextEncoder.encodeInto bytes, on the spec examples, before and after a warm-up that shows every loop every
 * string representation V8 has (one- and two-byte, cons, sliced, internalized). A loop that slows down after that
 * warm-up would slow down in an application that hands it strings of many origins (decision D35). A last row
 * only reads the characters: the floor under any scan of them. A second table sets the scan beside a regular
 * expression built from the same automaton (./automaton-regex.ts), which reads in native code.
 */
import { performance } from "node:perf_hooks";
import { regexOfAutomaton } from "./automaton-regex";

interface Automaton {
  table: Uint16Array | Uint32Array;
  tagChange: number;
  states: Uint8Array;
}
type Scan = (a: Automaton, input: string) => number;

/** The automaton walk over `input.charCodeAt(i)` (no span recording: it only measures the loop). */
const methodScan: Scan = (a, input) => {
  const { table, tagChange } = a;
  let row = 128;
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c > 127) return i;
    let next = table[row + c]!;
    if (next === 0) return i;
    if (next >= tagChange) next -= tagChange;
    row = next;
  }
  return -1;
};

const charCodeAt = String.prototype.charCodeAt;

/**
 * No automaton: each character read, as the shipped scan reads it, and summed. What any scan over the string's
 * characters pays before it does anything with them.
 */
const readOnly: Scan = (_a, input) => {
  let sum = 0;
  for (let i = 0; i < input.length; i++) sum += charCodeAt.call(input, i);
  return sum;
};

const encoder = new TextEncoder();
let buffer = new Uint8Array(256);

/** The same walk over the UTF-8 bytes TextEncoder.encodeInto writes into a buffer kept between calls. */
const bytesScan: Scan = (a, input) => {
  const { table, tagChange } = a;
  if (buffer.length < input.length) buffer = new Uint8Array(input.length * 2);
  const { written } = encoder.encodeInto(input, buffer);
  let row = 128;
  for (let i = 0; i < written; i++) {
    const c = buffer[i]!;
    if (c > 127) return i;
    let next = table[row + c]!;
    if (next === 0) return i;
    if (next >= tagChange) next -= tagChange;
    row = next;
  }
  return -1;
};

function time(list: string[], fn: (s: string) => unknown): number {
  for (const t0 = performance.now(); performance.now() - t0 < 200; ) for (const s of list) fn(s);
  const times: number[] = [];
  for (let r = 0; r < 9; r++) {
    let n = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 60) {
      for (const s of list) fn(s);
      n++;
    }
    times.push(((performance.now() - t0) * 1e6) / (n * list.length));
  }
  return times.sort((x, y) => x - y)[4]!;
}

function polluted(inputs: string[]): string[] {
  const out: string[] = [];
  const keys: Record<string, number> = {};
  for (const s of inputs) {
    out.push(`${s}\u00e9`.slice(0, -1)); // sliced from a two-byte string
    out.push(`x${s}y`.slice(1, -1)); // sliced
    out.push(s.slice(0, s.length >> 1) + s.slice(s.length >> 1)); // cons
    out.push(JSON.parse(JSON.stringify(s)) as string); // fresh flat
    keys[s] = 1;
  }
  out.push(...Object.keys(keys)); // internalized
  return out;
}

export function runShapesBench(a: Automaton, shipped: Scan, inputs: string[]): void {
  const scans: [string, Scan][] = [
    ["charCodeAt.call (shipped, with span recording)", shipped],
    ["input.charCodeAt(i)", methodScan],
    ["TextEncoder.encodeInto bytes", bytesScan],
    ["reading the characters only (charCodeAt.call, no automaton)", readOnly],
  ];
  const before = scans.map(([, f]) => time(inputs, (s) => f(a, s)));
  const other = polluted(inputs);
  for (let k = 0; k < 200; k++) for (const s of other) for (const [, f] of scans) f(a, s);
  const after = scans.map(([, f]) => time(inputs, (s) => f(a, s)));
  const onPolluted = scans.map(([, f]) => time(other, (s) => f(a, s)));
  console.log(
    "\n| DFA scan loop | ns per input, first | after every string shape | on those shapes |\n|---|---:|---:|---:|",
  );
  scans.forEach(([name], i) => {
    console.log(`| ${name} | ${before[i]!.toFixed(0)} | ${after[i]!.toFixed(0)} | ${onPolluted[i]!.toFixed(0)} |`);
  });
  runRegexRow(a, shipped, inputs);
}

/** The shipped scan and the automaton's regular expression on the inputs the expression covers (D35). */
function runRegexRow(a: Automaton, shipped: Scan, inputs: string[]): void {
  const regex = regexOfAutomaton(a);
  if (!regex) {
    console.log(
      "\n(No regular expression: the automaton is not of the shape scripts/bench/automaton-regex.ts writes.)",
    );
    return;
  }
  const covered = inputs.filter((s) => regex.test(s));
  const wrong = covered.find((s) => shipped(a, s) !== -1);
  if (wrong !== undefined)
    throw new Error(`automaton-regex.ts accepts ${JSON.stringify(wrong)}, which the automaton does not`);
  console.log(`\n| the ${covered.length} examples with no value to check | ns per input |\n|---|---:|`);
  console.log(`| DFA scan loop, shipped | ${time(covered, (s) => shipped(a, s)).toFixed(0)} |`);
  console.log(
    `| a regular expression of the same automaton (${regex.source.length} characters), \`test\` | ${time(covered, (s) => regex.test(s)).toFixed(0)} |`,
  );
}

/**
 * How the command line writes what the library answers: text with what cannot be seen escaped, hints and
 * portability readings as lines, a hint as --json writes it. Messages go through inFlags (./flags.ts).
 */
import { showText } from "../errors";
import type { Hint } from "../hints";
import { type PortabilityReading, saysNothing } from "../portability";
import { inFlags } from "./flags";

/** The text with control characters, lone surrogates and unseen characters escaped (showChar); most text has none. */
export function show(s: string): string {
  // Printable ASCII, as almost every message and pipeline is, is tested first: a faster test than showText's.
  return PRINTABLE.test(s) ? s : showText(s);
}

const PRINTABLE = /^[\x20-\x7e]*$/;

/** A hint as --json writes it: exactly code, message and, when there is one, replacement and keepsMeaning. */
export function jsonHint(h: Hint): { code: string; message: string; replacement?: string; keepsMeaning?: boolean } {
  return h.replacement === undefined
    ? { code: h.code, message: h.message }
    : { code: h.code, message: h.message, replacement: h.replacement, keepsMeaning: h.keepsMeaning === true };
}

/** `  hint: MESSAGE` and, for a fix, `        try: REPLACEMENT`: a line or two per hint. */
export function readableHints(hints: readonly Hint[]): string {
  let text = "";
  for (const h of hints)
    text += `  hint: ${show(inFlags(h.message))}\n${h.replacement === undefined ? "" : `        try: ${show(h.replacement)}\n`}`;
  return text;
}

/**
 * One line per implementation: "  TensorStore 0.1.85: differently: DETAIL"; none for one that has nothing to say
 * (modelled in part, none of its rules applies: saysNothing), which --json still lists.
 */
export function readableReadings(readings: readonly PortabilityReading[]): string {
  let text = "";
  for (const r of readings)
    if (!saysNothing(r)) text += `  ${r.implementation} ${r.version}: ${r.reads}: ${show(r.detail)}\n`;
  return text;
}

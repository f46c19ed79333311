/**
 * Sets of UTF-16 code units, plus "end of input", as sorted disjoint inclusive ranges.
 * The PEG analysis uses them for FIRST and FOLLOW sets: which character can start an expression, and which
 * can come right after it.
 */
export interface CharSet {
  ranges: ReadonlyArray<readonly [number, number]>;
  end: boolean;
}

export const EMPTY: CharSet = { ranges: [], end: false };
export const END: CharSet = { ranges: [], end: true };

export function chars(first: number, last: number = first): CharSet {
  return { ranges: [[first, last]], end: false };
}

/** The first character of a literal; both cases when the literal is case-insensitive (RFC 5234 2.3). */
export function firstOfLiteral(text: string, caseSensitive: boolean): CharSet {
  if (text.length === 0) return EMPTY;
  const c = text.charCodeAt(0);
  if (caseSensitive) return chars(c);
  const lower = text[0]!.toLowerCase().charCodeAt(0);
  const upper = text[0]!.toUpperCase().charCodeAt(0);
  return union(chars(lower), chars(upper));
}

export function union(a: CharSet, b: CharSet): CharSet {
  const all = [...a.ranges, ...b.ranges].sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of all) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return { ranges: out, end: a.end || b.end };
}

export function intersects(a: CharSet, b: CharSet): boolean {
  if (a.end && b.end) return true;
  for (const [alo, ahi] of a.ranges) {
    for (const [blo, bhi] of b.ranges) {
      if (alo <= bhi && blo <= ahi) return true;
    }
  }
  return false;
}

export function equal(a: CharSet, b: CharSet): boolean {
  return (
    a.end === b.end &&
    a.ranges.length === b.ranges.length &&
    a.ranges.every(([lo, hi], i) => lo === b.ranges[i]![0] && hi === b.ranges[i]![1])
  );
}

/** A Peggy expression that succeeds, consuming nothing, when the next input is in the set. */
export function toPeggyLookahead(set: CharSet): string {
  const parts: string[] = [];
  if (set.ranges.length > 0) parts.push(toPeggyClass(set));
  if (set.end) parts.push("!.");
  if (parts.length === 0) throw new Error("a lookahead for the empty set would never succeed");
  if (parts.length === 2) return `&(${parts.join(" / ")})`;
  return set.end ? "!." : `&${parts[0]}`;
}

/** The set in words, for error messages: its characters quoted (or as a class when there are many), and end. */
export function describe(set: CharSet): string {
  const count = set.ranges.reduce((n, [lo, hi]) => n + hi - lo + 1, 0);
  const parts: string[] = [];
  if (count > 0 && count <= 6) {
    for (const [lo, hi] of set.ranges)
      for (let c = lo; c <= hi; c++) parts.push(JSON.stringify(String.fromCharCode(c)));
  } else if (count > 0) {
    parts.push(
      toPeggyClass(set).replace(/\\u00([0-7][0-9a-f])/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    );
  }
  if (set.end) parts.push("end of input");
  return parts.join(", ");
}

/**
 * A set as a Peggy display name that the library reads back (src/messages/expectations.ts): "follow:" and the
 * ranges in decimal, a one-character range as its code alone ("33 35-59"), then "end" when the end of input is in it. A lookahead guard that fails
 * reports it, and the error message turns it into characters named after the grammar's rules.
 */
export function encodeForMessages(set: CharSet): string {
  return [
    "follow:",
    ...set.ranges.map(([lo, hi]) => (lo === hi ? `${lo}` : `${lo}-${hi}`)),
    ...(set.end ? ["end"] : []),
  ].join(" ");
}

/** ASCII code units as a 128-bit table of four 32-bit words, as the generated parser tests a class (bit c of word c >> 5). */
export function asciiWords(codes: Iterable<number>): number[] {
  const words = [0, 0, 0, 0];
  for (const c of codes) words[c >> 5] = (words[c >> 5]! | (1 << (c & 31))) >>> 0;
  return words;
}

export function toPeggyClass(set: CharSet): string {
  const esc = (c: number) => {
    const ch = String.fromCharCode(c);
    if (/[A-Za-z0-9]/.test(ch)) return ch;
    return `\\u${c.toString(16).padStart(4, "0")}`;
  };
  return `[${set.ranges.map(([lo, hi]) => (lo === hi ? esc(lo) : `${esc(lo)}-${esc(hi)}`)).join("")}]`;
}

/**
 * Names nearest a mistyped one: the schemes a misspelt scheme may be (src/hints/scheme-spelling.ts), the command or
 * option a mistyped one on the command line may be (src/cli/arguments.ts).
 *
 * Distance: optimal string alignment (Damerau-Levenshtein where a transposed pair is not edited again); at most 1
 * for names of up to 4 characters, else at most 2. Nearest first; equal distances by the longer shared start and
 * end (`zar3` is nearer `zarr3` than `zarr`).
 */

/** The greatest distance a typed name may be from a known one. */
export function maxDistance(name: string): number {
  return name.length <= 4 ? 1 : 2;
}

/**
 * Optimal string alignment distance between `a` and `b`, or `limit + 1` as soon as it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const width = b.length + 1;
  // Three rows of the table (the one before the last, the last, this one), taken in turn: in the scratch array for
  // names that fit (each typed name is measured against every scheme, on a refused input's hints), else made.
  const cells = width <= ROW ? SCRATCH : new Int32Array(3 * width);
  const step = Math.max(ROW, width);
  let before = 0;
  let last = step;
  let row = 2 * step;
  for (let j = 0; j < width; j++) cells[last + j] = j;
  for (let i = 1; i <= a.length; i++) {
    const ai = a.charCodeAt(i - 1);
    const aBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    cells[row] = i;
    let best = i;
    for (let j = 1; j < width; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = Math.min(cells[last + j]! + 1, cells[row + j - 1]! + 1, cells[last + j - 1]! + (ai === bj ? 0 : 1));
      // A transposed pair (`zpi` for `zip`): one edit.
      if (j > 1 && ai === b.charCodeAt(j - 2) && aBefore === bj) d = Math.min(d, cells[before + j - 2]! + 1);
      cells[row + j] = d;
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    const free = before;
    before = last;
    last = row;
    row = free;
  }
  return cells[last + b.length]!;
}

/** The longest row the scratch array holds: names of up to 63 characters (a typed name is cut at 40). */
const ROW = 64;
const SCRATCH = new Int32Array(3 * ROW);

/** Shared start plus shared end, at most the shorter length: breaks ties between equally distant names. */
function affinity(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let start = 0;
  while (start < n && a[start] === b[start]) start++;
  let end = 0;
  while (end < n && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return Math.min(n, start + end);
}

/** The names within {@link maxDistance} of `name` (lower-case), nearest first: schemes, commands, options. */
export function spellingCandidates(name: string, schemes: Iterable<string>): string[] {
  if (name.length > 40) return [];
  const limit = maxDistance(name);
  const found: { scheme: string; distance: number; affinity: number; order: number }[] = [];
  let order = 0;
  for (const scheme of schemes) {
    const distance = scheme === name ? Infinity : editDistance(name, scheme, limit);
    if (distance <= limit) found.push({ scheme, distance, affinity: affinity(name, scheme), order });
    order++;
  }
  found.sort((x, y) => x.distance - y.distance || y.affinity - x.affinity || x.order - y.order);
  return found.map((f) => f.scheme);
}

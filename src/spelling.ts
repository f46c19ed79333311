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
  let prev2: number[] = [];
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row: number[] = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

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

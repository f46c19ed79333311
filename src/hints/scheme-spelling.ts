/**
 * Misspelt schemes (`misspelt-scheme`): the scheme of the sub-URL where the input stops matching, when it is no
 * scheme of the dialect, against the schemes valid at that place: root schemes for the first sub-URL, adapter
 * schemes after "|" (from `DIALECTS[d].meta.schemes`, so the names cannot drift from the grammar).
 * `s3://bucket/a.zip|zipp:x` -> `s3://bucket/a.zip|zip:x`; `httsps://example.com/a` -> `https://...` and
 * `http://...`; `file:/x|zar3:` -> `...|zarr3:` and `...|zarr:`.
 *
 * Distance: optimal string alignment (Damerau-Levenshtein where a transposed pair is not edited again), on
 * ASCII-lower-cased names; at most 1 for names of up to 4 characters, else at most 2 (at 2 edits a 3-letter name
 * reaches most others: `zip` -> `gs`, `s3`). Nearest first; equal distances by the longer shared start and end
 * (`zar3` is nearer `zarr3` than `zarr`); at most three. Only the nearest is shown without a valid replacement.
 *
 * Other names for a scheme (`scheme-alias`): `gcs` (fsspec, gcsfs) for `gs`; `s3a`, `s3n` (Hadoop) for `s3`;
 * `gz` for `gzip`, `zst` for `zstd`, `h5` for `hdf5`, `jpg` for `jpeg`, `tif` for `tiff`, where the dialect has
 * the scheme at that place.
 *
 * Names with a "." are left alone (a vendor scheme in url-pipeline v0, or a file name after a stray "|"), and so
 * are scheme names of the other role (see scheme-role.ts).
 */
import { quote, replacePart, schemeToken, type Candidate, type HintKind } from "./types";

/** Common other names of schemes. */
export const ALIASES: Readonly<Record<string, string>> = {
  gcs: "gs",
  s3a: "s3",
  s3n: "s3",
  gz: "gzip",
  zst: "zstd",
  h5: "hdf5",
  jpg: "jpeg",
  tif: "tiff",
};

/** The greatest distance a typed name may be from a scheme. */
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

/** The schemes within {@link maxDistance} of `name` (lower-case), nearest first. */
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

/** `scheme` in the case the name was typed in, when that was all upper-case. */
function inCaseOf(typed: string, scheme: string): string {
  return typed === typed.toUpperCase() && typed !== typed.toLowerCase() ? scheme.toUpperCase() : scheme;
}

export const schemeSpelling: HintKind = {
  name: "scheme-spelling",

  onInvalid(ctx) {
    const p = ctx.errorPart();
    const tok = p && schemeToken(p.text);
    if (!p || !tok || tok.name.includes(".")) return [];
    const name = tok.name.toLowerCase();
    if (ctx.roots.has(name) || ctx.adapters.has(name)) return [];
    const root = p.index === 0;
    if (root && !tok.colon) return [];
    const schemes = root ? ctx.roots : ctx.adapters;
    const role = root ? "a root scheme" : "an adapter scheme";
    const fix = (scheme: string) =>
      replacePart(ctx.parts(), p.index, inCaseOf(tok.name, scheme) + p.text.slice(tok.name.length));
    const out: Candidate[] = [];
    const alias = Object.hasOwn(ALIASES, name) ? ALIASES[name]! : null;
    if (alias !== null && !ctx.roots.has(alias) && !ctx.adapters.has(alias)) {
      // `h5` in ZEP 8, which has no hdf5: what was meant is known, and a scheme spelt like it (n5) is another format.
      return [
        {
          code: "scheme-alias",
          message: `${quote(tok.name)} is another name for ${quote(alias)}, which is no scheme of ${ctx.meta.name}`,
        },
      ];
    }
    if (alias !== null && schemes.has(alias)) {
      out.push({
        code: "scheme-alias",
        message: `${quote(tok.name)} is another name for ${quote(alias)}, which is how URL pipelines write it`,
        text: fix(alias),
      });
    }
    spellingCandidates(name, schemes)
      .filter((s) => s !== alias)
      .slice(0, 3)
      .forEach((scheme, i) => {
        out.push({
          code: "misspelt-scheme",
          message: `${quote(tok.name)} is not ${role}; did you mean ${quote(scheme)}?`,
          text: fix(scheme),
          speculative: i > 0 || alias !== null,
        });
      });
    return out;
  },
};

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
 * Other names for a scheme (`scheme-alias`): `gcs` (fsspec, gcsfs) and `gs3` (netCDF's NCZarr: Google Cloud Storage
 * through its S3 interface, the same buckets) for `gs`; `s3a`, `s3n` (Hadoop) for `s3`; `mem` (CloudVolume) for
 * `memory`; `local` (fsspec) for `file`; `gz` for `gzip`, `zst` for `zstd`, `h5` for `hdf5`, `jpg` for `jpeg`, `tif`
 * for `tiff`, where the dialect has the scheme at that place. An alias is tried before a spelling, which would take
 * `gs3` for `s3` (another provider).
 *
 * Names with a "." are left alone (a vendor scheme in url-pipeline v0, or a file name after a stray "|"), and so
 * are scheme names of the other role (see scheme-role.ts).
 */
import { spellingCandidates } from "../spelling";
import { quote, replacePart, schemeToken, type Candidate, type HintKind } from "./types";

/** Common other names of schemes. */
export const ALIASES: Readonly<Record<string, string>> = {
  gcs: "gs",
  gs3: "gs",
  mem: "memory",
  local: "file",
  s3a: "s3",
  s3n: "s3",
  gz: "gzip",
  zst: "zstd",
  h5: "hdf5",
  jpg: "jpeg",
  tif: "tiff",
};

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
    // What an alias names is known: a scheme spelt like it is another one (`gs3` is Google's, `s3` Amazon's).
    if (alias !== null && schemes.has(alias)) {
      return [
        {
          code: "scheme-alias",
          message: `${quote(tok.name)} is another name for ${quote(alias)}, which is how URL pipelines write it`,
          text: fix(alias),
        },
      ];
    }
    spellingCandidates(name, schemes)
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

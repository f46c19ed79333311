/**
 * The types of complete(): what a candidate is, and the small set of kinds it can have.
 */
import type { DialectName } from "../tree/nodes";

/**
 * What a candidate completes (docs/decisions.md D31):
 * - `"root-scheme"`: a root scheme with what its grammar forces after the name, in its canonical spelling:
 *   `s3://`, `https://`, `file:///`, `memory://`;
 * - `"adapter-scheme"`: an adapter scheme with its colon: `zip:`, `byte-range:`, `zarr3:`, ZEP 8's `..:`;
 * - `"authority"`: the rest of a root's `://` once its name and colon are typed: `s3:` -> `s3://`,
 *   `file:` -> `file:///`;
 * - `"separator"`: `|` after a complete sub-URL, and the version marker of `ocdbt:` and `icechunk:`
 *   (`//` in url-pipeline v0, `@` in ZEP 8);
 * - `"ref-keyword"`: `branch.` or `tag.` in an icechunk reference;
 * - `"version"`: `v`, which starts an OCDBT generation (`v1`, `v2`, ...);
 * - `"template"`: a value to overwrite, complete and valid as it stands: an OCDBT commit time
 *   `2025-01-01T00:00:00Z` (the characters already typed are kept, the rest of the template is filled in).
 */
export type CandidateKind =
  | "root-scheme"
  | "adapter-scheme"
  | "authority"
  | "separator"
  | "ref-keyword"
  | "version"
  | "template";

/** One way to continue a partial pipeline. */
export interface Candidate {
  /**
   * The whole input after accepting the candidate: the partial with the inserted text, or, for a scheme being
   * typed, the partial with that scheme prefix replaced by the scheme's canonical (lower-case) name and what
   * follows it. Always a viable prefix in the dialect: valid, or a start that can still be continued.
   */
  completion: string;
  /** What to show: `zip:`, `s3://`, `|`, `branch.`, ... */
  label: string;
  kind: CandidateKind;
  /** A short explanation: for a scheme its role, base and result kinds (`adapter: file -> dataset`). */
  detail?: string;
}

export interface CompleteOptions {
  /** "url-pipeline-v0" (default) or "zep8". */
  dialect?: DialectName;
  /** At most this many candidates, the best first: a non-negative integer or Infinity (default: all). */
  limit?: number;
}

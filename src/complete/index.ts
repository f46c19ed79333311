/**
 * complete(): the ways to continue a partial URL pipeline, for completion as the user types.
 * The spec orders a pipeline outer to inner (`s3://bucket/a.zip|zip:path/|zarr3:`), so what may come next
 * depends only on what is already typed.
 *
 * How (docs/decisions.md D31): the text after the last `|` is the sub-URL being typed (position.ts). Candidates
 * come from the dialect's metadata (scheme names, roles, base and result kinds) and from the engines generated
 * from the grammar (each scheme's opening, openings.ts; version markers and keywords, versions.ts), and every one
 * is kept only if the pipeline rule's DFA agrees its completion can still become a valid pipeline (viable.ts): the
 * DFA reads the partial once, and judges each candidate from where it stands after it. Adapters are ranked by
 * whether they suit the kind of the pipeline before them (base-kind.ts, also read with the DFA).
 */
import { optionsArgument } from "../arguments";
import { checkLimits, DEFAULT_MAX_LENGTH, DEFAULT_MAX_SUB_URLS, limitError } from "../limits";
import { getDialect } from "../dialects";
import { authorityCandidates } from "./authority";
import { pipeCandidate } from "./pipe";
import { isSchemeToken, position } from "./position";
import { schemeCandidates } from "./schemes";
import type { Candidate, CompleteOptions } from "./types";
import { versionCandidates } from "./version-candidates";
import { read, viableAfter } from "./viable";

export type { Candidate, CandidateKind, CompleteOptions } from "./types";

/**
 * The ways to continue `partial`, a prefix of an absolute URL pipeline, best first. Each candidate's `completion`
 * is the whole input after accepting it, and a viable prefix for the generated parser: valid, or an input that
 * can still be continued into a valid one (judged by the DFA, which the engines' differential test holds to the
 * parser's verdicts).
 *
 * - At the start, and while a scheme is typed: the root schemes (`s3://`, `file:///`, ...); after a `|`: the
 *   adapter schemes (`zip:`, `zarr3:`, ...), those that suit the kind of the pipeline before them first. A typed
 *   scheme prefix is replaced by the scheme's canonical lower-case opening.
 * - After a root's `scheme:`: the rest of its `//` (`s3:` -> `s3://`, `file:` -> `file:///`).
 * - In `ocdbt:` and `icechunk:`: the version marker (v0 `//`, ZEP 8 `@`), then `v` and a commit-time template,
 *   or `branch.` and `tag.`.
 * - After a complete sub-URL: `|`.
 *
 * Nothing is offered for an input that cannot be continued (a syntax error before its end, or no room left under
 * the limits) or whose current sub-URL has a value out of range; nor vendor schemes, paths, hosts, buckets or
 * snapshot ids, which cannot be listed. Absolute pipelines only (no ZEP 8 relative pipelines). An input already past
 * a default limit of `parse` (D22) is `UrlPipelineSyntaxError` of kind "limit", as `parse` gives it; TypeError for a
 * non-string, options that are not an object, an unknown dialect or a bad `limit`.
 *
 * @example
 * ```ts
 * complete("s").map((c) => c.completion);           // ["s3://", "s3+http://", "s3+https://"]
 * complete("s3:").map((c) => c.completion);         // ["s3://"]
 * complete("s3://bucket/a.zip");                    // [{ completion: "s3://bucket/a.zip|", label: "|", kind: "separator", detail: "..." }]
 * complete("s3://bucket/dir/|").slice(0, 3).map((c) => c.label); // ["icechunk:", "n5:", "neuroglancer-precomputed:"]
 * complete("s3://bucket/a.zip|z").map((c) => c.label);          // ["zarr:", "zarr2:", "zarr3:", "zip:", "zstd:"]
 * complete("file:///db/|ocdbt:@", { dialect: "zep8" }).map((c) => c.label); // ["v", "2025-01-01T00:00:00Z"]
 * complete("file:///repo/|icechunk://").map((c) => c.label);   // ["branch.", "tag."]
 * complete("s3://bucket/dir/|zarr3:")[0];
 * // { completion: "s3://bucket/dir/|zarr3:|", label: "|", kind: "separator",
 * //   detail: "an adapter follows; the pipeline so far is an array or an array group, which no adapter takes as its base" }
 * ```
 */
export function complete(partial: string, options: CompleteOptions = {}): Candidate[] {
  if (typeof partial !== "string")
    throw new TypeError(`complete() takes a string, not ${partial === null ? "null" : typeof partial}`);
  optionsArgument("complete()", options);
  const dialect = getDialect(options.dialect).meta.name;
  // Past the limits nothing is read (D22): say so, as parse() does, rather than offer nothing.
  const breach = checkLimits(partial, DEFAULT_MAX_LENGTH, DEFAULT_MAX_SUB_URLS);
  if (breach) throw limitError(partial, breach, "absolute-url-pipeline", dialect);
  const limit = limitOption(options.limit);
  if (limit === 0) return [];
  const pos = position(partial);
  const reading = read(partial, dialect, pos.start);
  const state = reading.state;
  if (state === "dead" || state === "value-here") return [];

  const proposed: Candidate[] = isSchemeToken(pos.text)
    ? schemeCandidates(partial, pos, dialect)
    : pos.role === "root"
      ? authorityCandidates(partial, pos, dialect)
      : versionCandidates(partial, pos, dialect);
  if (state === "valid" || state === "value-before") proposed.push(pipeCandidate(partial, dialect));

  const out: Candidate[] = [];
  const seen = new Set<string>([partial]);
  for (const c of proposed) {
    if (seen.has(c.completion)) continue;
    seen.add(c.completion);
    if (!viableAfter(reading, c.completion)) continue;
    out.push(c);
    if (out.length >= limit) break;
  }
  return out;
}

function limitOption(value: unknown): number {
  if (value === undefined) return Infinity;
  if (value === Infinity || (typeof value === "number" && Number.isInteger(value) && value >= 0)) return value;
  throw new TypeError(
    `options.limit must be a non-negative integer or Infinity, not ${typeof value === "number" ? value : typeof value}`,
  );
}

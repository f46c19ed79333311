/**
 * The `|` candidate: offered when the partial is a complete pipeline (or one whose only problem is a value in an
 * earlier sub-URL), since an adapter may then follow. Its detail says what the pipeline so far is, so that a
 * dataset, which no adapter takes as its base (D28), shows before the user goes on.
 */
import { article, isDatasetKind } from "../kinds";
import type { DialectName, Pipeline } from "../tree/nodes";
import { baseInfo } from "./base-kind";
import { dialectSchemes, opening } from "./openings";
import type { Candidate } from "./types";

/**
 * `pipeline`: the partial's tree, when the caller has it already.
 *
 * @example
 * ```ts
 * pipeCandidate("s3://bucket/dir/", "url-pipeline-v0");
 * // { completion: "s3://bucket/dir/|", label: "|", kind: "separator", detail: "an adapter follows; the pipeline so far is a directory" }
 * ```
 */
export function pipeCandidate(partial: string, dialect: DialectName, pipeline?: Pipeline | null): Candidate {
  const base = baseInfo(pipeline ?? partial, dialect);
  let detail = "an adapter follows";
  if (isDatasetKind(base.kind)) {
    const discard = discarders(dialect);
    detail +=
      `; the pipeline so far is ${article(base.kind)}, which no adapter takes as its base` +
      (base.adapters !== null && base.adapters > 0 && discard !== "" ? ` (${discard} can still discard it)` : "");
  } else if (base.kind === "unknown") {
    detail += "; the pipeline so far is of unknown kind (a vendor scheme)";
  } else if (base.kind !== null) {
    detail += `; the pipeline so far is ${article(base.kind)}`;
  }
  return { completion: `${partial}|`, label: "|", kind: "separator", detail };
}

const discardersOf = new Map<DialectName, string>();

/**
 * The adapters that take any base (ZEP 8's `..:`), by their openings, as the detail lists them ("" if none): they
 * depend only on the dialect, so they are worked out once and kept.
 */
function discarders(dialect: DialectName): string {
  let found = discardersOf.get(dialect);
  if (found === undefined) {
    found = dialectSchemes(dialect, "adapter")
      .filter((s) => s.base === "any")
      .map((s) => opening(dialect, s.scheme, "adapter"))
      .join(", ");
    discardersOf.set(dialect, found);
  }
  return found;
}

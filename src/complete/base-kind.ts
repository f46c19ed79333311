/**
 * What the pipeline before an adapter is, for ranking the adapters that may follow it (D31): its resource kind
 * (kinds(), decision D28) and how many adapters it has (for ZEP 8's `..:`, which needs one to discard).
 */
import type { SchemeInfo } from "../dialects";
import { kinds, type ResourceKind } from "../meaning/kind";
import { resolveDotDot } from "../meaning/resolve";
import type { DialectName, Pipeline } from "../tree/nodes";
import { check } from "./viable";

export interface BaseInfo {
  /** The kind of the base pipeline; null if it has none (not valid, an adapter on the wrong kind, a bad `..`). */
  kind: ResourceKind | null;
  /** Its adapters, after resolving ZEP 8 `..` adapters; null if unknown. */
  adapters: number | null;
}

/**
 * @example
 * ```ts
 * baseInfo("s3://bucket/dir/", "url-pipeline-v0");        // { kind: "directory", adapters: 0 }
 * baseInfo("s3://bucket/a.zip|zip:x", "url-pipeline-v0"); // { kind: "file-or-directory", adapters: 1 }
 * baseInfo("s3://b/dir/|gzip", "url-pipeline-v0");        // { kind: null, adapters: 1 } (gzip needs a file)
 * ```
 */
export function baseInfo(base: string | Pipeline, dialect: DialectName): BaseInfo {
  let p: Pipeline;
  if (typeof base === "string") {
    const r = check(base, dialect);
    if (!r.valid) return { kind: null, adapters: null };
    p = r.pipeline;
  } else {
    p = base;
  }
  if (p.subUrls.some((s) => s.scheme === "..")) {
    try {
      p = resolveDotDot(p, { dialect });
    } catch {
      return { kind: null, adapters: null };
    }
  }
  const adapters = p.subUrls.length - 1;
  try {
    const all = kinds(p);
    return { kind: all[all.length - 1]!, adapters };
  } catch {
    return { kind: null, adapters };
  }
}

/**
 * Whether an adapter suits the base: `true`, `false`, or `null` when the base's kind is unknown (no ranking).
 * D28's rule: a "file" base is met by a file or a file-or-directory, a "directory" base by a directory or a
 * file-or-directory, nothing by a dataset, and anything by "unknown" (after a vendor scheme); `..:` (base "any")
 * needs an adapter before it to discard (ZEP 8: "It is an error if there are no remaining adapter sub-URLs").
 */
export function suits(scheme: SchemeInfo, base: BaseInfo): boolean | null {
  if (scheme.base === "any") return base.adapters === null ? null : base.adapters > 0;
  if (base.kind === null) return null;
  if (base.kind === "unknown" || base.kind === "file-or-directory") return true;
  return base.kind === scheme.base;
}

/** Why an adapter does not suit the base, for its detail. */
export function misfit(scheme: SchemeInfo, base: BaseInfo): string {
  if (scheme.base === "any") return "no adapter before it to discard";
  if (base.kind === "dataset") return "the base is a dataset, which no adapter takes";
  return `the base is a ${base.kind}, not a ${scheme.base}`;
}

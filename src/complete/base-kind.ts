/**
 * What the pipeline before an adapter is, for ranking the adapters that may follow it (D31): its resource kind
 * (kinds(), decision D28) and how many adapters it has (for ZEP 8's `..:`, which needs one to discard).
 *
 * A text is read with the DFA, without a tree: each sub-URL's scheme is its text up to the first `:` (RFC 3986's
 * `scheme ":"`; a bare adapter is all scheme), and the directory rule's test comes from the state the DFA is in
 * after it (directory-paths.ts); then kinds()'s walk. A pipeline with a ZEP 8 `..` adapter, or a state the
 * directory table lacks, goes to the parser and kinds() on the tree.
 */
import type { SchemeInfo } from "../dialects";
import { START } from "../dfa/automaton";
import { rowAfter } from "../dfa/scan";
import { accepts } from "../dfa/verdict";
import { article, datasetKind, isDatasetKind, kindRule, kinds, meets, type ResourceKind } from "../meaning/kind";
import { resolveDotDot } from "../meaning/resolve";
import type { DialectName, Pipeline } from "../tree/nodes";
import { directoryPath } from "./directory-paths";
import { check, pipelineAutomaton, withinLimits } from "./engine";
import { asciiLower } from "./position";

export interface BaseInfo {
  /** The kind of the base pipeline; null if it has none (not valid, an adapter on the wrong kind, a bad `..`). */
  kind: ResourceKind | null;
  /** Its adapters, after resolving ZEP 8 `..` adapters; null if unknown. */
  adapters: number | null;
}

const NONE: BaseInfo = Object.freeze({ kind: null, adapters: null });

/**
 * @example
 * ```ts
 * baseInfo("s3://bucket/dir/", "url-pipeline-v0");        // { kind: "directory", adapters: 0 }
 * baseInfo("s3://bucket/a.zip|zip:x", "url-pipeline-v0"); // { kind: "file-or-directory", adapters: 1 }
 * baseInfo("s3://b/dir/|gzip", "url-pipeline-v0");        // { kind: null, adapters: 1 } (gzip needs a file)
 * ```
 */
export function baseInfo(base: string | Pipeline, dialect: DialectName): BaseInfo {
  if (typeof base !== "string") return fromTree(base, dialect);
  const a = pipelineAutomaton(dialect);
  if (!withinLimits(base) || !accepts(a, base)) return { ...NONE };
  const read = fromText(base, dialect);
  if (read) return read;
  const r = check(base, dialect);
  return r.valid ? fromTree(r.pipeline, dialect) : { ...NONE };
}

/** kinds()'s walk over a valid pipeline's text; null where the tree is needed. */
function fromText(text: string, dialect: DialectName): BaseInfo | null {
  const a = pipelineAutomaton(dialect);
  const subUrls = text.split("|");
  const adapters = subUrls.length - 1;
  const rules = subUrls.map((s) => {
    const colon = s.indexOf(":");
    const scheme = asciiLower(colon < 0 ? s : s.slice(0, colon));
    return { scheme, rule: kindRule(scheme) };
  });
  // A `..` discards the adapter before it, so the walk is over the resolved pipeline, which only the tree gives.
  if (rules.some((r) => r.rule?.result === "after-resolution")) return null;

  let kind: ResourceKind = "unknown";
  let row = START;
  for (let i = 0; i < subUrls.length; i++) {
    const text = subUrls[i]!;
    row = rowAfter(a, text, i === 0 ? row : rowAfter(a, "|", row));
    const { scheme, rule } = rules[i]!;
    if (rule === null) {
      kind = "unknown"; // a vendor scheme (D28)
      continue;
    }
    if (i > 0 && (rule.base === "file" || rule.base === "directory") && !meets(kind, rule.base)) return { kind: null, adapters };
    switch (rule.result) {
      case "directory-if-path-empty-or-ends-with-slash": {
        const directory = directoryPath(dialect, rule.role, scheme, row, text.endsWith("/"));
        if (directory === undefined) return null;
        kind = directory ? "directory" : "file-or-directory";
        break;
      }
      case "after-resolution":
        return null; // not reached: a `..` went to the tree above
      case "dataset":
        kind = datasetKind(scheme, dialect); // in the dialect's words, as kinds() gives it
        break;
      default:
        kind = rule.result;
    }
  }
  return { kind, adapters };
}

function fromTree(pipeline: Pipeline, dialect: DialectName): BaseInfo {
  let p = pipeline;
  if (p.subUrls.some((s) => s.scheme === "..")) {
    try {
      p = resolveDotDot(p, { dialect });
    } catch {
      return { ...NONE };
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
  if (isDatasetKind(base.kind)) return `the base is ${article(base.kind)}, which no adapter takes`;
  return `the base is a ${base.kind}, not a ${scheme.base}`;
}

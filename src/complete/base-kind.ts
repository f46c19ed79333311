/**
 * What the pipeline before an adapter is, for ranking the adapters that may follow it (D31): its resource kind
 * (kinds(), decision D28) and how many adapters it has (for ZEP 8's `..:`, which needs one to discard).
 *
 * A text is read with the DFA, without a tree: each sub-URL's scheme is its text up to the first `:` (RFC 3986's
 * `scheme ":"`; a bare adapter is all scheme), and the directory rule's test comes from the state the DFA is in
 * after it (directory-paths.ts); then kinds()'s walk. A ZEP 8 `..` adapter is resolved on the way, as
 * resolveDotDotPipeline() does before kinds(): it discards the adapter before it, and its path, when it has one, makes a
 * new sub-URL of the one before that (dotdot.ts); so the walk keeps a stack, and an adapter whose base does not
 * fit is an error only if no later `..` discards it. A state the directory table lacks sends the text to the
 * parser and kinds() on the tree.
 */
import type { SchemeInfo } from "../dialects";
import { rowAfter, START } from "../dfa/scan";
import { accepts } from "../dfa/verdict";
import { kinds } from "../meaning/kind";
import {
  article,
  datasetKind,
  isDatasetKind,
  isDirectoryPath,
  kindRule,
  meets,
  type ResourceKind,
  type SchemeKindRule,
} from "../kinds";
import { resolveDotDotPipeline } from "../meaning/resolve";
import type { DialectName, Pipeline } from "../tree/nodes";
import { directoryPath } from "./directory-paths";
import { applyDotDot, pathText, readsBack, type PathText } from "./dotdot";
import { check, pipelineAutomaton, withinLimits } from "./engine";
import { adapterContext } from "./openings";
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
 * baseInfo("s3://b/dir/|gzip", "url-pipeline-v0");        // { kind: null, adapters: null } (gzip needs a file)
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

/** A sub-URL of the pipeline as resolved so far, with the kind of the pipeline up to it. */
interface Step {
  scheme: string;
  rule: SchemeKindRule | null;
  kind: ResourceKind;
  /** Whether its base is of a kind it takes (always, for the root and after a vendor scheme). */
  fits: boolean;
  /** Its text as typed. */
  text: string;
  /** Set when a `..` made it anew: its text and path component, which must read back. */
  made: PathText | null;
}

/** kinds()'s walk over a valid pipeline's text, its `..` adapters resolved; null where the tree is needed. */
function fromText(text: string, dialect: DialectName): BaseInfo | null {
  const a = pipelineAutomaton(dialect);
  const stack: Step[] = [];
  let row = START;
  const subUrls = text.split("|");
  for (let i = 0; i < subUrls.length; i++) {
    const sub = subUrls[i]!;
    row = rowAfter(a, sub, i === 0 ? row : rowAfter(a, "|", row));
    const colon = sub.indexOf(":");
    const scheme = asciiLower(colon < 0 ? sub : sub.slice(0, colon));
    const rule = kindRule(scheme);
    if (rule?.result === "after-resolution") {
      if (!dotdot(stack, colon < 0 ? "" : sub.slice(colon + 1), dialect)) return { ...NONE };
      continue;
    }
    const below = stack[stack.length - 1];
    const fits =
      !below || rule === null || (rule.base !== "file" && rule.base !== "directory") || meets(below.kind, rule.base);
    let directory: boolean | undefined = false;
    if (rule?.result === "directory-if-path-empty-or-ends-with-slash") {
      directory = directoryPath(dialect, rule.role, scheme, row, sub.endsWith("/"));
      if (directory === undefined) return null;
    }
    stack.push({ scheme, rule, kind: resultKind(scheme, rule, directory, dialect), fits, text: sub, made: null });
  }
  // resolveDotDotPipeline() parses what it made: each sub-URL a `..` made must be valid where it stands and read back.
  for (let i = 0; i < stack.length; i++) {
    const made = stack[i]!.made;
    if (made === null) continue;
    const context = i === 0 ? "" : adapterContext(dialect);
    if (context === null) return null;
    if (!readsBack(made, context, dialect)) return { ...NONE };
  }
  const adapters = stack.length - 1;
  return stack.every((s) => s.fits) ? { kind: stack[adapters]!.kind, adapters } : { kind: null, adapters };
}

/**
 * ZEP 8 `..` with the path `path` on the stack: it discards the top (the adapter before it), and a path makes a
 * new sub-URL of the one below (the same scheme, so it fits as that one did). False where resolveDotDotPipeline() throws:
 * no adapter to discard, no path component to apply a path to, ".." above the root of a path with no authority.
 */
function dotdot(stack: Step[], path: string, dialect: DialectName): boolean {
  // ZEP 8: "It is an error if there are no remaining adapter sub-URLs when resolving the .. adapter".
  if (stack.length < 2) return false;
  stack.pop();
  if (path === "") return true; // ZEP 8: the path component "remains unchanged"
  const prior = stack[stack.length - 1]!;
  const target = prior.made ?? pathText(prior.text, dialect);
  const made = target && applyDotDot(prior.scheme, target, path);
  if (!made) return false;
  const kind = resultKind(prior.scheme, prior.rule, isDirectoryPath(made.pc.path), dialect);
  stack[stack.length - 1] = { ...prior, kind, made };
  return true;
}

/** The kind a sub-URL yields (kinds()'s rule), given whether its path is a directory's where the rule asks. */
function resultKind(
  scheme: string,
  rule: SchemeKindRule | null,
  directory: boolean,
  dialect: DialectName,
): ResourceKind {
  if (rule === null) return "unknown"; // a vendor scheme (D28)
  switch (rule.result) {
    case "directory-if-path-empty-or-ends-with-slash":
      return directory ? "directory" : "file-or-directory";
    case "dataset":
      return datasetKind(scheme, dialect); // in the dialect's words, as kinds() gives it
    case "after-resolution":
      throw new Error("internal: a `..` is resolved, not walked"); // not reached: fromText resolves it
    default:
      return rule.result;
  }
}

function fromTree(pipeline: Pipeline, dialect: DialectName): BaseInfo {
  let p = pipeline;
  if (p.subUrls.some((s) => s.scheme === "..")) {
    try {
      p = resolveDotDotPipeline(p, { dialect });
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

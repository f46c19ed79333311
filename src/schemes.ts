import { treeArgument } from "./tree-arguments";
import { DIALECTS } from "./dialects";
import type { BodilessScheme, PathScheme, StandardScheme } from "../generated/schemes";
import type * as T from "./tree/nodes";
import type { BodilessAdapterSubUrl, NonstandardSubUrl, ParseResult, PathAdapterSubUrl, SubUrl } from "./tree/nodes";

/** The lower-cased scheme of each sub-URL, in order ([] for a rule match that is not a sub-URL). */
export function schemesOf(result: ParseResult): string[] {
  treeArgument("schemesOf()", result, ["pipeline", "relative-pipeline", "rule-match"]);
  if (result.type === "rule-match") return result.subUrl ? [result.subUrl.scheme] : [];
  return result.subUrls.map((s) => s.scheme);
}

/** The schemes of one shape (scripts/grammar/shapes.ts) in some dialect (generated/DIALECT/dialect.json). */
export function schemesOfShape(shape: "path" | "bodiless"): ReadonlySet<string> {
  return new Set(
    Object.values(DIALECTS).flatMap((d) => d.meta.schemes.filter((s) => s.shape === shape).map((s) => s.scheme)),
  );
}

/** Adapters whose body is an optional path (`X [ ":" path ]`: one node type, PathAdapterSubUrl). */
const pathAdapters = schemesOfShape("path");
/** Adapters with no body (`X [ ":" ]`: one node type, BodilessAdapterSubUrl). */
const bodilessAdapters = schemesOfShape("bodiless");

export function isPathAdapter(s: SubUrl): s is PathAdapterSubUrl {
  return pathAdapters.has(s.scheme);
}

export function isBodilessAdapter(s: SubUrl): s is BodilessAdapterSubUrl {
  return bodilessAdapters.has(s.scheme);
}

export function isNonstandard(s: SubUrl): s is NonstandardSubUrl {
  return "vendor" in s;
}

/**
 * The node type of each scheme whose body has fields of its own: every scheme of the grammar but the bodiless and
 * path adapters (one node type each) and vendor schemes. Tables keyed by it (format, normalize) have a row per
 * scheme, so a scheme added to grammar/ with its own node type is a compile error until each has its row.
 */
export interface OwnSubUrls {
  file: T.FileSubUrl;
  http: T.HttpSubUrl;
  https: T.HttpSubUrl;
  "s3+http": T.S3CompatibleSubUrl;
  "s3+https": T.S3CompatibleSubUrl;
  s3: T.BucketSubUrl;
  gs: T.BucketSubUrl;
  memory: T.MemorySubUrl;
  "..": T.DotDotSubUrl;
  ocdbt: T.OcdbtSubUrl;
  icechunk: T.IcechunkSubUrl;
  json: T.JsonSubUrl;
  "byte-range": T.ByteRangeSubUrl;
}

/** One function per scheme with a node type of its own, taking that node. */
export type PerOwnScheme<R, A extends unknown[] = []> = {
  readonly [S in keyof OwnSubUrls]: (s: OwnSubUrls[S], ...args: A) => R;
};

// Every scheme of generated/schemes.d.ts is bodiless, a path, or in OwnSubUrls: tsc names a scheme missing here
// ("Property 'x' is missing"), which then needs its node type in nodes.ts and its row in OwnSubUrls.
const ownSubUrlsCoverEveryScheme: {
  [S in Exclude<StandardScheme, BodilessScheme | PathScheme | keyof OwnSubUrls>]: true;
} = {};
void ownSubUrlsCoverEveryScheme;

/** Calls the table's function for the sub-URL's scheme (one with a node type of its own). */
export function dispatchOwn<R, A extends unknown[]>(table: PerOwnScheme<R, A>, s: SubUrl, ...args: A): R {
  return (table[s.scheme as keyof OwnSubUrls] as (s: SubUrl, ...args: A) => R)(s, ...args);
}

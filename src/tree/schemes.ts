import { treeArgument } from "../arguments";
import { DIALECTS } from "../dialects";
import type { BodilessAdapterSubUrl, ParseResult, PathAdapterSubUrl, SubUrl } from "./nodes";

/** The lower-cased scheme of each sub-URL, in order ([] for a rule match that is not a sub-URL). */
export function schemesOf(result: ParseResult): string[] {
  treeArgument("schemesOf()", result, ["pipeline", "relative-pipeline", "rule-match"]);
  if (result.type === "rule-match") return result.subUrl ? [result.subUrl.scheme] : [];
  return result.subUrls.map((s) => s.scheme);
}

/** The schemes of one shape (scripts/grammar/shapes.ts) in some dialect (generated/DIALECT/dialect.json). */
export function schemesOfShape(shape: "path" | "bodiless"): ReadonlySet<string> {
  return new Set(Object.values(DIALECTS).flatMap((d) => d.meta.schemes.filter((s) => s.shape === shape).map((s) => s.scheme)));
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

import { treeArgument } from "../arguments";
import type { BodilessAdapterSubUrl, ParseResult, PathAdapterSubUrl, SubUrl } from "./nodes";

/** The lower-cased scheme of each sub-URL, in order ([] for a rule match that is not a sub-URL). */
export function schemesOf(result: ParseResult): string[] {
  treeArgument("schemesOf()", result, ["pipeline", "relative-pipeline", "rule-match"]);
  if (result.type === "rule-match") return result.subUrl ? [result.subUrl.scheme] : [];
  return result.subUrls.map((s) => s.scheme);
}

/** Adapters whose body is an optional path (one node type, PathAdapterSubUrl). */
export const PATH_ADAPTER_SCHEMES = ["zip", "zarr", "zarr2", "zarr3", "n5", "hdf5"] as const satisfies readonly PathAdapterSubUrl["scheme"][];
/** Adapters with no body (one node type, BodilessAdapterSubUrl). */
export const BODILESS_ADAPTER_SCHEMES = [
  "gzip", "zstd", "avif", "bmp", "jpeg", "png", "tiff", "webp", "neuroglancer-precomputed",
] as const satisfies readonly BodilessAdapterSubUrl["scheme"][];

// Both lists name every scheme of their node type: tsc fails here if one is added to nodes.ts and not above.
const complete: [Exclude<PathAdapterSubUrl["scheme"], (typeof PATH_ADAPTER_SCHEMES)[number]>, Exclude<BodilessAdapterSubUrl["scheme"], (typeof BODILESS_ADAPTER_SCHEMES)[number]>] extends [never, never] ? true : false = true;
void complete;

const pathAdapters: ReadonlySet<string> = new Set(PATH_ADAPTER_SCHEMES);
const bodilessAdapters: ReadonlySet<string> = new Set(BODILESS_ADAPTER_SCHEMES);

export function isPathAdapter(s: SubUrl): s is PathAdapterSubUrl {
  return pathAdapters.has(s.scheme);
}

export function isBodilessAdapter(s: SubUrl): s is BodilessAdapterSubUrl {
  return bodilessAdapters.has(s.scheme);
}

import type { ParseResult } from "./nodes";

/** The lower-cased scheme of each sub-URL, in order ([] for a rule match that is not a sub-URL). */
export function schemesOf(result: ParseResult): string[] {
  if (result.type === "rule-match") return result.subUrl ? [result.subUrl.scheme] : [];
  return result.subUrls.map((s) => s.scheme);
}

/**
 * Candidates for the rest of a root's opening once its name and colon are typed: `s3:` -> `s3://`,
 * `http:/` -> `http://`, `file:` -> `file:///` (the empty authority of RFC 8089's u3 form, which normalize() and
 * fromPath() write, D24, D25). What is typed is kept as typed; only the rest is appended.
 */
import type { DialectName } from "../tree/nodes";
import { schemeDetail } from "./detail";
import { dialectSchemes, opening } from "./openings";
import { asciiLower, type Position } from "./position";
import type { Candidate } from "./types";

/**
 * @example
 * ```ts
 * authorityCandidates("S3:", position("S3:"), "url-pipeline-v0");
 * // [{ completion: "S3://", label: "s3://", kind: "authority", detail: "root -> ..." }]
 * ```
 */
export function authorityCandidates(partial: string, pos: Position, dialect: DialectName): Candidate[] {
  if (pos.role !== "root") return [];
  const colon = pos.text.indexOf(":");
  if (colon <= 0) return [];
  const typed = asciiLower(pos.text);
  const name = typed.slice(0, colon);
  const out: Candidate[] = [];
  for (const s of dialectSchemes(dialect, "root")) {
    if (s.scheme !== name) continue;
    const text = opening(dialect, s.scheme, "root");
    if (text.length > typed.length && text.startsWith(typed)) {
      out.push({
        completion: partial + text.slice(typed.length),
        label: text,
        kind: "authority",
        detail: schemeDetail(s),
      });
    }
  }
  return out;
}

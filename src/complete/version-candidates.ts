/**
 * Candidates inside an `ocdbt:` or `icechunk:` adapter (versions.ts): the version marker after the colon
 * (url-pipeline v0 `//`, ZEP 8 `@`), then after it `v` and a commit-time template (ocdbt), or `branch.` and
 * `tag.` (icechunk). Keywords match the typed text case-sensitively (D9). A template fills in what is not typed
 * yet, keeping what is (`2024-0` -> `2024-01-01T00:00:00Z`), when what is typed fits its shape (a digit where it
 * has a digit, its own character elsewhere); the value checks (viable.ts) then refuse a result that is not a real
 * instant.
 */
import type { DialectName } from "../tree/nodes";
import { asciiLower, type Position } from "./position";
import type { Candidate } from "./types";
import { versionForms } from "./versions";

/**
 * @example
 * ```ts
 * versionCandidates("file:///d/|ocdbt:", position("file:///d/|ocdbt:"), "zep8");
 * // [{ completion: "file:///d/|ocdbt:@", label: "@", kind: "separator", ... }]
 * versionCandidates("file:///d/|icechunk://", position("file:///d/|icechunk://"), "url-pipeline-v0")
 *   .map((c) => c.completion);
 * // ["file:///d/|icechunk://branch.", "file:///d/|icechunk://tag."]
 * ```
 */
export function versionCandidates(partial: string, pos: Position, dialect: DialectName): Candidate[] {
  if (pos.role !== "adapter") return [];
  const colon = pos.text.indexOf(":");
  if (colon <= 0) return [];
  const form = versionForms(dialect).get(asciiLower(pos.text.slice(0, colon)));
  if (!form) return [];
  const body = pos.text.slice(colon + 1);
  if (body.length < form.marker.length) {
    if (!form.marker.startsWith(body)) return [];
    return [
      {
        completion: partial + form.marker.slice(body.length),
        label: form.marker,
        kind: "separator",
        detail: form.detail,
      },
    ];
  }
  if (!body.startsWith(form.marker)) return [];
  const typed = body.slice(form.marker.length);
  if (typed.includes("/")) return []; // past the version: a path
  const out: Candidate[] = [];
  for (const item of form.items) {
    if (typed.length >= item.text.length) continue;
    if (item.kind === "template" ? !fitsShape(typed, item.text) : !item.text.startsWith(typed)) continue;
    out.push({
      completion: partial + item.text.slice(typed.length),
      label: item.text,
      kind: item.kind,
      detail: item.detail,
    });
  }
  return out;
}

/** Whether `typed` fits the start of `template`: a digit where the template has a digit, the same character elsewhere. */
function fitsShape(typed: string, template: string): boolean {
  for (let i = 0; i < typed.length; i++) {
    const t = template[i]!;
    const c = typed[i]!;
    if (t >= "0" && t <= "9" ? !(c >= "0" && c <= "9") : c !== t) return false;
  }
  return true;
}

/**
 * Candidates where a scheme is being typed: at the start of the input (root schemes) and after a `|` (adapter
 * schemes), filtered by the prefix typed so far (ASCII case-insensitively, as schemes are: D9, D23). The typed
 * prefix is replaced by the scheme's opening (openings.ts): `S` -> `s3://`, `|Zi` -> `|zip:`.
 *
 * Adapters are ranked by whether they suit the kind of the pipeline before them (base-kind.ts): those that do
 * first, then those that do not, with the reason in their detail. Within each group: names that start with a
 * letter, then the others (ZEP 8's `..`), each in code-unit order.
 *
 * Vendor schemes (url-pipeline v0's `vendor.name:`) are never offered: nobody can list them (D31).
 */
import type { SchemeInfo } from "../dialects";
import type { DialectName } from "../tree/nodes";
import { baseInfo, misfit, suits } from "./base-kind";
import { schemeDetail } from "./detail";
import { dialectSchemes, opening } from "./openings";
import { asciiLower, type Position } from "./position";
import type { Candidate } from "./types";

/**
 * @example
 * ```ts
 * schemeCandidates("ht", position("ht"), "url-pipeline-v0").map((c) => c.completion);
 * // ["http://", "https://"]
 * schemeCandidates("file:///d/|z", position("file:///d/|z"), "zep8").map((c) => c.label);
 * // ["zarr:", "zarr2:", "zarr3:", "zip:", "zstd:"]  (a directory: zarr first; zip and zstd need a file)
 * ```
 */
export function schemeCandidates(partial: string, pos: Position, dialect: DialectName): Candidate[] {
  const typed = asciiLower(pos.text);
  const offers = offersOf(dialect, pos.role).filter((o) => o.scheme.scheme.startsWith(typed));
  if (offers.length === 0) return [];
  const before = partial.slice(0, pos.start);
  const kind = pos.role === "root" ? "root-scheme" : "adapter-scheme";
  const make = (o: Offer, detail: string): Candidate => ({ completion: before + o.text, label: o.text, kind, detail });
  if (pos.role === "root") return offers.map((o) => make(o, o.detail));

  const base = baseInfo(pos.base, dialect);
  const good: Candidate[] = [];
  const bad: Candidate[] = [];
  for (const o of offers) {
    const fit = suits(o.scheme, base);
    if (fit === false) bad.push(make(o, `${o.detail}; ${misfit(o.scheme, base)}`));
    else good.push(make(o, o.detail));
  }
  return [...good, ...bad];
}

/** A scheme as offered: its opening and detail, which depend only on the dialect. */
interface Offer {
  scheme: SchemeInfo;
  text: string;
  detail: string;
}

const offers = new Map<string, readonly Offer[]>();

/** The dialect's schemes of a role, sorted, with their openings and details: worked out once and kept. */
function offersOf(dialect: DialectName, role: "root" | "adapter"): readonly Offer[] {
  const key = `${dialect} ${role}`;
  let found = offers.get(key);
  if (!found) {
    found = sortByName(dialectSchemes(dialect, role)).map((s) => ({
      scheme: s,
      text: opening(dialect, s.scheme, role),
      detail: schemeDetail(s),
    }));
    offers.set(key, found);
  }
  return found;
}

function sortByName(schemes: readonly SchemeInfo[]): SchemeInfo[] {
  const letter = (s: SchemeInfo) => (/^[a-z]/.test(s.scheme) ? 0 : 1);
  return [...schemes].sort((a, b) => letter(a) - letter(b) || (a.scheme < b.scheme ? -1 : a.scheme > b.scheme ? 1 : 0));
}

/**
 * An OCDBT commit time written with a lower-case `t` or `z` (`commit-time-case`). RFC 3339 5.6 allows them ("may
 * alternatively be lower case"), but the grammar takes `%s"T"` and `%s"Z"` (decision D9): TensorStore, the spec
 * author's implementation, reads only the upper-case letters, and every text writes them so. The replacement
 * upper-cases them.
 */
import type { HintKind } from "./types";
import { replacePart } from "./types";

/** A commit time with at least one lower-case t or z, after ocdbt:// (v0) or ocdbt:@ (ZEP 8). */
const LOWER = /^(ocdbt:(?:\/\/|@))(\d{4}-\d{2}-\d{2})([tT])(\d{2}:\d{2}:\d{2}(?:\.\d+)?)([zZ])/i;

export const commitTimeCase: HintKind = {
  name: "commit-time-case",

  onInvalid(ctx) {
    const p = ctx.errorPart();
    // LOWER reads an "ocdbt:" part: most refused inputs' error is in none (its first letter tells).
    if (!p || (p.text.charCodeAt(0) | 0x20) !== 0x6f) return [];
    const m = LOWER.exec(p.text);
    if (!m || (m[3] === "T" && m[5] === "Z")) return [];
    const fixed = `${m[1]}${m[2]}T${m[4]}Z${p.text.slice(m[0].length)}`;
    return [
      {
        code: "commit-time-case",
        message:
          `write the commit time's "T" and "Z" in upper case (RFC 3339 allows lower case, but TensorStore and ` +
          `this grammar read only upper case)`,
        text: replacePart(ctx.parts(), p.index, fixed),
      },
    ];
  },
};

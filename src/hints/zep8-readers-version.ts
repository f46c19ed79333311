/**
 * url-pipeline v0, valid input (`zep8-readers-version`): an OCDBT version or Icechunk reference in v0's spelling,
 * `ocdbt://v1/path` or `icechunk://branch.x/path`, which ZEP 8 readers do not read as one. ZEP 8 writes
 * `ocdbt:@v1/path`; TensorStore 0.1.85 reads `ocdbt://v1/path` as `ocdbt:/path` (the text before the next "/" an
 * authority it drops: the latest version), and Neuroglancer reads the `//v1/path` as a path (both:
 * src/portability/). The message gives the ZEP 8 spelling; there is no replacement, since that spelling is not
 * valid in v0 (D40) and a replacement must be valid with the same options.
 */
import { quote, type HintKind } from "./types";

export const zep8ReadersVersion: HintKind = {
  name: "zep8-readers-version",
  messageOnly: true,

  // A "://" after a "|": only v0's version spelling (or a vendor sub-URL) has one.
  validPrecheck(input, meta) {
    if (meta.name !== "url-pipeline-v0") return false;
    const bar = input.indexOf("|");
    return bar >= 0 && input.indexOf("://", bar) >= 0;
  },

  onValid(ctx) {
    if (!ctx.result.valid || ctx.meta.name !== "url-pipeline-v0") return [];
    // From the text, not the tree (building it would cost a parse on every valid v0 input with a "://" after a
    // "|"): in a valid v0 pipeline, "ocdbt://" and "icechunk://" begin a version or reference, up to the next "/".
    const input = ctx.input;
    // Each sub-URL (the "|"-separated parts) with the spelling, rewritten ZEP 8's way ("ocdbt:@v1/..."); the
    // first one's scheme as written, version and place. (Slices and a sticky test at each part, not a global
    // replace: this runs on every such valid line that check reads.)
    let zep8 = "";
    let rawScheme = "";
    let version = "";
    let firstStart = -1;
    let from = 0;
    for (let start = 0; start >= 0; ) {
      MARK_AT.lastIndex = start;
      if (MARK_AT.test(input)) {
        const colon = input.indexOf(":", start);
        if (firstStart < 0) {
          firstStart = start;
          rawScheme = input.slice(start, colon);
          const slash = input.indexOf("/", colon + 3);
          const bar = input.indexOf("|", colon + 3);
          const versionEnd = Math.min(slash < 0 ? input.length : slash, bar < 0 ? input.length : bar);
          version = input.slice(colon + 3, versionEnd);
        }
        zep8 += `${input.slice(from, colon)}:@`;
        from = colon + 3;
      }
      const bar = input.indexOf("|", start);
      start = bar < 0 ? -1 : bar + 1;
    }
    if (firstStart < 0) return [];
    zep8 += input.slice(from);
    const ocdbt = rawScheme.toLowerCase() === "ocdbt";
    const check = ctx.check(zep8, ZEP8_PIPELINE);
    // Valid text holds no control character: quoted whole, not cut as quote() cuts, so that it can be used.
    const write = check?.valid
      ? `"${zep8}" (the zep8 dialect)`
      : `the sub-URL as ZEP 8 does, "${spelt(input, firstStart)}"`;
    const reads = ocdbt
      ? "TensorStore drops it and reads the latest version; Neuroglancer reads it as part of the path"
      : "Neuroglancer reads it as part of the path; TensorStore has no icechunk:";
    return [
      {
        code: "zep8-readers-version",
        message: `ZEP 8 readers do not read ${quote(`${rawScheme}://${version}`)} as a ${ocdbt ? "version" : "reference"} (${reads}): for them, write ${write}`,
      },
    ];
  },
};

/** v0's version spelling at the start of a sub-URL: "ocdbt://" or "icechunk://", in any case (tested at a place). */
const MARK_AT = /(?:ocdbt|icechunk):\/\//iy;

/** The sub-URL at `start` written ZEP 8's way: "ocdbt:@v1/a" for "ocdbt://v1/a". */
function spelt(input: string, start: number): string {
  const bar = input.indexOf("|", start);
  const colon = input.indexOf(":", start);
  return `${input.slice(start, colon)}:@${input.slice(colon + 3, bar < 0 ? input.length : bar)}`;
}

/** The options of the check of the ZEP 8 spelling (one object, not one a call). */
const ZEP8_PIPELINE = Object.freeze({ dialect: "zep8", rule: "absolute-url-pipeline" });

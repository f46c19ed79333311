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
    const first = VERSIONED.exec(input);
    if (first === null) return [];
    const rawScheme = first[1]!;
    const version = first[2]!;
    // The sub-URL as ZEP 8 writes it, and the whole pipeline (every versioned sub-URL) likewise.
    const start = first.index + (input.charCodeAt(first.index) === BAR ? 1 : 0);
    const end = input.indexOf("|", start);
    const spelt = input.slice(start, end < 0 ? input.length : end).replace(VERSIONED_MARK, "$1:@");
    const zep8 = input.replace(VERSIONED_MARKS, "$1$2:@");
    const ocdbt = rawScheme.toLowerCase() === "ocdbt";
    const check = ctx.check(zep8, ZEP8_PIPELINE);
    // Valid text holds no control character: quoted whole, not cut as quote() cuts, so that it can be used.
    const write = check?.valid ? `"${zep8}" (the zep8 dialect)` : `the sub-URL as ZEP 8 does, "${spelt}"`;
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

/**
 * The first ocdbt: or icechunk: sub-URL with v0's version spelling (at the start or after a "|": sub-URLs are the
 * "|"-separated parts): its scheme as written and the version.
 */
const VERSIONED = /(?:^|\|)(ocdbt|icechunk):\/\/([^/|]*)/i;
/** The spelling's mark in one sub-URL, and in every sub-URL of a pipeline. */
const VERSIONED_MARK = /^(ocdbt|icechunk):\/\//i;
const VERSIONED_MARKS = /(^|\|)(ocdbt|icechunk):\/\//gi;
const BAR = 0x7c;
/** The options of the check of the ZEP 8 spelling (one object, not one a call). */
const ZEP8_PIPELINE = Object.freeze({ dialect: "zep8", rule: "absolute-url-pipeline" });

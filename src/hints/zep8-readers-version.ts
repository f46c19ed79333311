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
    const versioned = ctx
      .parts()
      .map((p) => VERSIONED.exec(p.text))
      .filter((m): m is RegExpExecArray => m !== null);
    if (versioned.length === 0) return [];
    const zep8 = ctx
      .parts()
      .map((p) => p.text.replace(VERSIONED_MARK, "$1:@"))
      .join("|");
    const [spelt, rawScheme, version] = [
      versioned[0]!.input.replace(VERSIONED_MARK, "$1:@"),
      versioned[0]![1]!,
      versioned[0]![2]!,
    ];
    const ocdbt = rawScheme.toLowerCase() === "ocdbt";
    const check = ctx.check(zep8, { dialect: "zep8", rule: "absolute-url-pipeline" });
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

/** An ocdbt: or icechunk: sub-URL with v0's version spelling: its scheme as written and the version. */
const VERSIONED = /^(ocdbt|icechunk):\/\/([^/]*)/i;
const VERSIONED_MARK = /^(ocdbt|icechunk):\/\//i;

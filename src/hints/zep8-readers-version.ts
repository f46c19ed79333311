/**
 * url-pipeline v0, valid input (`zep8-readers-version`): an OCDBT version or Icechunk reference in v0's spelling,
 * `ocdbt://v1/path` or `icechunk://branch.x/path`, which ZEP 8 readers do not read as one. ZEP 8 writes
 * `ocdbt:@v1/path`; TensorStore 0.1.85 reads `ocdbt://v1/path` as `ocdbt:/path` (the text before the next "/" an
 * authority it drops: the latest version), and Neuroglancer reads the `//v1/path` as a path (both:
 * src/portability/). The message gives the ZEP 8 spelling; there is no replacement, since that spelling is not
 * valid in v0 (D40) and a replacement must be valid with the same options.
 */
import type { IcechunkSubUrl, OcdbtSubUrl, Pipeline } from "../tree/nodes";
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
    // (Every kind's onValid runs once any precheck fires: this one's dialect is checked again here.)
    if (!ctx.result.valid || ctx.meta.name !== "url-pipeline-v0") return [];
    const pipeline = ctx.result.pipeline as Pipeline;
    const versioned = pipeline.subUrls.filter(
      (s): s is OcdbtSubUrl | IcechunkSubUrl =>
        (s.scheme === "ocdbt" && (s as OcdbtSubUrl).version !== null) || (s.scheme === "icechunk" && (s as IcechunkSubUrl).ref !== null),
    );
    if (versioned.length === 0) return [];
    const zep8 = pipeline.subUrls.map((s) => (versioned.includes(s as OcdbtSubUrl) ? s.raw.replace(/^([^:]*):\/\//, "$1:@") : s.raw)).join("|");
    const first = versioned[0]!;
    const spelt = first.raw.replace(/^([^:]*):\/\//, "$1:@");
    const check = ctx.check(zep8, { dialect: "zep8", rule: "absolute-url-pipeline" });
    // Valid text holds no control character: quoted whole, not cut as quote() cuts, so that it can be used.
    const write = check?.valid ? `"${zep8}" (the zep8 dialect)` : `the sub-URL as ZEP 8 does, "${spelt}"`;
    const version = first.scheme === "ocdbt" ? (first as OcdbtSubUrl).version!.raw : (first as IcechunkSubUrl).ref!.raw;
    const what = first.scheme === "ocdbt" ? "version" : "reference";
    const reads =
      first.scheme === "ocdbt"
        ? "TensorStore drops it and reads the latest version; Neuroglancer reads it as part of the path"
        : "Neuroglancer reads it as part of the path; TensorStore has no icechunk:";
    return [{
      code: "zep8-readers-version",
      message: `ZEP 8 readers do not read ${quote(`${first.rawScheme}://${version}`)} as a ${what} (${reads}): for them, write ${write}`,
    }];
  },
};

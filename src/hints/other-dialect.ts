/**
 * Valid in the other dialect (`other-dialect`): `memory:`, `hdf5:` and vendor schemes (`a.b:`) are url-pipeline
 * v0's; `..:` adapters and relative pipelines are ZEP 8's; their version syntaxes differ (version-syntax.ts). A
 * message only: a replacement must be valid with the options given, and the dialect is one of them. Costs one
 * parse, and only after a textual precheck for what one dialect has and the other lacks: for url-pipeline v0, a
 * "..:" or "|.." (ZEP 8's adapter) or "ocdbt:@" / "icechunk:@" (ZEP 8's versions, which v0 refuses: D40); for zep8,
 * "memory", "hdf5", "ocdbt://" or "icechunk://", or a vendor scheme ("a.b:").
 */
import { dialectNames } from "../dialects";
import type { HintKind } from "./types";

/** Text only url-pipeline v0 can make valid, and text only zep8 can. */
const ONLY_V0 = /memory|hdf5|(?:ocdbt|icechunk):\/\/|(?:^|\|)[A-Za-z][A-Za-z0-9-]*\.[A-Za-z][A-Za-z0-9+.-]*:/i;
const ONLY_ZEP8 = /\.\.:|\|\.\.(?:\||$)|(?:ocdbt|icechunk):@/i;

export const otherDialect: HintKind = {
  name: "other-dialect",
  messageOnly: true,

  onInvalid(ctx) {
    if (ctx.result.valid || ctx.result.error.kind !== "syntax") return [];
    const other = dialectNames().find((d) => d !== ctx.meta.name);
    if (!other || !(ctx.meta.name === "zep8" ? ONLY_V0 : ONLY_ZEP8).test(ctx.input)) return [];
    // v0 has no relative pipelines: its absolute rule; zep8's absolute rule is part of its relative one.
    const rule = ctx.relative ? "absolute-url-pipeline" : ctx.rule;
    const r = ctx.check(ctx.input, { dialect: other, rule });
    if (!r?.valid) return [];
    return [
      {
        code: "other-dialect",
        message: `this is a valid pipeline in the ${other} dialect, not in ${ctx.meta.name} (options.dialect; --dialect on the command line)`,
      },
    ];
  },
};

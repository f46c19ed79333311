/**
 * A ZEP 8 relative pipeline read under an absolute rule (`relative-pipeline`): `..:other.zip|zip:` or
 * `data.zip|zip:x` is what ZEP 8 calls a relative URL pipeline ("URL pipelines may also be relative", resolved
 * against a base pipeline), valid with the zep8 rule `relative-url-pipeline` and nowhere else. A message only: the
 * rule (and, from url-pipeline v0, the dialect) is one of the options. Costs one check, and only when the first
 * sub-URL can begin a relative pipeline: with `..:`, or with a path followed by an adapter, whose first segment has
 * no ":" (not empty, and not a scheme's bare name). Not for a first sub-URL that local-path.ts names a local path
 * (absolute, with its file: URL, or relative, where its message names ZEP 8's relative pipelines): there that hint
 * says what it is.
 */
import { isRelativePath, localPathFlavor } from "./local-path";
import type { HintKind } from "./types";

/** A ":" before any "/": a scheme, not a path. */
const COLON_BEFORE_SLASH = /^[^/]*:/;

const RELATIVE = "relative-url-pipeline";

export const relativePipeline: HintKind = {
  name: "relative-pipeline",
  messageOnly: true,

  onInvalid(ctx) {
    if (ctx.result.valid || ctx.relative) return [];
    const parts = ctx.parts();
    const first = parts[0]!;
    // A bare word (`hello`) is a relative path too; only a pipeline of them, or `..:`, is worth the hint.
    if (
      !(first.text.startsWith("..:") || (parts.length > 1 && first.text !== "" && !COLON_BEFORE_SLASH.test(first.text)))
    )
      return [];
    // A scheme's bare name (`zarr3|...`) reads as a path there too, but a scheme is what was meant: scheme-role.ts.
    if (ctx.adapters.has(first.text.toLowerCase()) || ctx.roots.has(first.text.toLowerCase())) return [];
    if (localPathFlavor(first.text) || isRelativePath(first.text)) return [];
    const r = ctx.check(ctx.input, { dialect: "zep8", rule: RELATIVE });
    if (!r?.valid) return [];
    const how =
      ctx.meta.name === "zep8"
        ? `options.rule: "${RELATIVE}"; --rule ${RELATIVE} on the command line`
        : `options.dialect: "zep8" and options.rule: "${RELATIVE}"; --dialect zep8 --rule ${RELATIVE} on the command line`;
    return [
      {
        code: "relative-pipeline",
        message: `this is a valid ZEP 8 relative pipeline, which resolve() reads against a base pipeline (${how})`,
      },
    ];
  },
};

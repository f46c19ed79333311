/**
 * A valid root `file:/path` or `memory:path` (`slashes-for-tensorstore`): the same location as `file:///path` and
 * `memory://path` (RFC 8089 2; url-pipeline v0: memory's spellings name one location), but TensorStore 0.1.85
 * refuses the spelling without "//" ("Scheme "file://" not present in url", src/portability/tensorstore.ts). The
 * fix is the "//" spelling, valid in the same dialect.
 */
import { quote, type HintKind } from "./types";

/** `file:/x` (not `file://`), or `memory:` not followed by `//`, as written (TensorStore's schemes are lower case). */
function unslashed(input: string): "file" | "memory" | null {
  if (input.startsWith("file:/") && input.charCodeAt(6) !== 47) return "file";
  if (input.startsWith("memory:") && !input.startsWith("memory://")) return "memory";
  return null;
}

export const slashesForTensorStore: HintKind = {
  name: "slashes-for-tensorstore",

  validPrecheck: (input) => unslashed(input) !== null,

  onValid(ctx) {
    const scheme = unslashed(ctx.input);
    if (scheme === null) return [];
    // The root: the first "|"-separated part.
    const bar = ctx.input.indexOf("|");
    const root = bar < 0 ? ctx.input : ctx.input.slice(0, bar);
    const rest = bar < 0 ? "" : ctx.input.slice(bar);
    const fixed = scheme === "file" ? `file://${root.slice(5)}` : `memory://${root.slice(7).replace(/^\//, "")}`;
    return [
      {
        code: "slashes-for-tensorstore",
        message: `TensorStore reads no "${scheme}:" without "//": ${quote(fixed)} names the same ${scheme === "file" ? "file" : "location"}, and it reads that`,
        text: fixed + rest,
      },
    ];
  },
};

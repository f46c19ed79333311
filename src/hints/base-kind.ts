/**
 * A directory where an adapter reads a file (`base-kind`): `gs://bucket/image.png/|png:`, `file:///tmp/a.json/|json:`
 * (TensorStore's own docs write these). The trailing "/" makes the base a directory (ZEP 8 "Resource kinds"), and
 * the adapter needs a file: the error is of kind "kind" (D62). The name before the "/" is the file meant: the fix
 * drops the "/", offered only when that makes the input valid.
 */
import { quote, replacePart, type HintKind } from "./types";

export const baseKind: HintKind = {
  name: "base-kind",

  onInvalid(ctx) {
    if (ctx.result.valid || ctx.result.error.kind !== "kind") return [];
    const p = ctx.errorPart();
    const base = p && p.index > 0 ? ctx.parts()[p.index - 1] : undefined;
    if (!p || !base || !/[^/]\/+$/.test(base.text)) return [];
    const file = base.text.replace(/\/+$/, "");
    return [
      {
        code: "base-kind",
        message: `the "/" after ${quote(file)} makes it a directory, and ${quote(p.text)} reads a file: ${quote(`${file}|${p.text}`)}`,
        text: replacePart(ctx.parts(), base.index, file),
        speculative: true,
      },
    ];
  },
};

/**
 * Empty sub-URLs (`empty-sub-url`; decision D17: neither grammar derives them): `a||b`, a leading `|`, a trailing
 * `|` (Neuroglancer drops a trailing one; TensorStore refuses them). The replacement leaves every empty sub-URL
 * out. In zep8's `relative-url-pipeline` a leading `|` is the empty relative path, which is valid: it stays.
 */
import type { HintKind } from "./types";

export const emptySubUrl: HintKind = {
  name: "empty-sub-url",

  onInvalid(ctx) {
    const input = ctx.input;
    if (input === "" || !(input.includes("||") || input[0] === "|" || input[input.length - 1] === "|")) return [];
    const parts = ctx.parts();
    const keepFirst = ctx.relative && parts.length > 1;
    const empty = (i: number) => parts[i]!.text === "" && !(i === 0 && keepFirst);
    const where: string[] = [];
    if (empty(0)) where.push('a leading "|"');
    if (parts.slice(1, -1).some((p) => p.text === "")) where.push('"||"');
    if (parts.length > 1 && empty(parts.length - 1)) where.push('a trailing "|"');
    if (where.length === 0) return [];
    const kept = parts.filter((_p, i) => !empty(i));
    const text = kept.map((p) => p.text).join("|");
    const what = where.length === 1 ? where[0] : `${where.slice(0, -1).join(", ")} and ${where[where.length - 1]}`;
    return [
      {
        code: "empty-sub-url",
        message: `${what} makes an empty sub-URL, which a pipeline cannot have: remove the extra "|"`,
        ...(kept.every((p) => p.text === "") ? {} : { text }),
      },
    ];
  },
};

/**
 * An adapter's name being typed (`unfinished-scheme`): `s3://bucket/data/|z`, the input's last sub-URL, the start of
 * one or more adapter schemes and no scheme itself. The hint lists them, as completion would (src/complete/), and
 * proposes no fix: which one is meant is for the typist to say. (Encoding the "|" as %7C, pipe-in-path.ts, would
 * make the name part of the path.)
 */
import { ALIASES } from "./scheme-spelling";
import { quote, type HintKind } from "./types";

/** A scheme's name and nothing after it. */
const NAME_ONLY = /^[A-Za-z][A-Za-z0-9+.-]*$/;

/** The adapters whose name starts with the last sub-URL's text, when the input ends in one being typed. */
export function unfinishedAdapter(
  parts: readonly { text: string; index: number }[],
  adapters: ReadonlySet<string>,
): string[] {
  const last = parts[parts.length - 1];
  if (!last || last.index === 0 || !NAME_ONLY.test(last.text)) return [];
  const typed = last.text.toLowerCase();
  if (adapters.has(typed) || Object.hasOwn(ALIASES, typed)) return []; // `|gz`: scheme-spelling.ts's alias
  return [...adapters].filter((a) => a.startsWith(typed));
}

export const unfinishedScheme: HintKind = {
  name: "unfinished-scheme",
  messageOnly: true,

  onInvalid(ctx) {
    if (ctx.result.valid || ctx.result.error.kind !== "syntax") return [];
    const parts = ctx.parts();
    const names = unfinishedAdapter(parts, ctx.adapters);
    if (names.length === 0) return [];
    const typed = parts[parts.length - 1]!.text;
    return [
      {
        code: "unfinished-scheme",
        message: `${quote(typed)} is the start of ${names.length === 1 ? "the adapter" : "the adapters"} ${names.map((n) => `${n}:`).join(", ")}`,
      },
    ];
  },
};

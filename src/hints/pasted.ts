/**
 * What pasting adds around or into a pipeline (`pasted`): quotes around it (`"s3://b/a"`, `'...'`, a Markdown
 * backtick), angle brackets (RFC 3986 Appendix C's delimiters for a URI in text: `<s3://b/a>`), and a shell's
 * escape of the "|" (`a.zarr\|zarr3:`). The fix removes them; offered only when that makes the input valid.
 */
import type { HintKind } from "./types";

/** Delimiters around the input, by the opening one. */
export const CLOSING: Readonly<Record<string, string>> = { '"': '"', "'": "'", "`": "`", "<": ">" };

export const pasted: HintKind = {
  name: "pasted",

  onInvalid(ctx) {
    let text = ctx.input.trim();
    const open = text[0] ?? "";
    const close = Object.hasOwn(CLOSING, open) ? CLOSING[open]! : null;
    const wrapped = close !== null && text.length > 2 && text.endsWith(close);
    if (wrapped) text = text.slice(1, -1).trim();
    const escaped = text.includes("\\|");
    if (escaped) text = text.replace(/\\\|/g, "|");
    if (!wrapped && !escaped) return [];
    const what = [
      wrapped ? `the ${quoteName(open)} around the input` : "",
      escaped ? 'the "\\" before "|" (a shell\'s escape)' : "",
    ];
    return [
      {
        code: "pasted",
        message: `remove ${what.filter((w) => w !== "").join(" and ")}: not part of a pipeline`,
        text,
        speculative: true,
      },
    ];
  },
};

function quoteName(c: string): string {
  return c === "<" ? "angle brackets" : c === "`" ? "backticks" : "quotes";
}

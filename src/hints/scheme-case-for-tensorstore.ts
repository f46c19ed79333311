/**
 * A valid pipeline with a scheme written in upper case (`scheme-case-for-tensorstore`): schemes are
 * case-insensitive (RFC 3986 3.1) and both grammars read `S3://b|ZIP:x` as `s3://b|zip:x`, but TensorStore 0.1.85
 * compares schemes case-sensitively and refuses it (src/portability/tensorstore.ts: "unsupported URL scheme"). The
 * fix writes each scheme in lower case, as normalize() does (D24), and changes nothing else.
 */
import { joinParts, quote, schemeToken, type HintKind } from "./types";

/** Whether a sub-URL of `input` may begin with a name that has an upper-case letter (no allocation: it runs on every valid input). */
function mayHaveUpperScheme(input: string): boolean {
  // Only each sub-URL's name is read, up to its first character that no scheme has (a search of the whole input
  // for an upper-case letter cost more: paths have them).
  for (let start = 0; start >= 0; ) {
    for (let i = start; i < input.length; i++) {
      const c = input.charCodeAt(i);
      if (c >= 0x41 && c <= 0x5a) return true;
      // A scheme's characters: letters, digits, "+", "-", "."; anything else ends the name.
      if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e)) break;
    }
    const bar = input.indexOf("|", start);
    start = bar < 0 ? -1 : bar + 1;
  }
  return false;
}

export const schemeCaseForTensorStore: HintKind = {
  name: "scheme-case-for-tensorstore",

  validPrecheck: (input) => mayHaveUpperScheme(input),

  onValid(ctx) {
    const upper: string[] = [];
    const parts = ctx.parts().map((p) => {
      const tok = schemeToken(p.text);
      const name = tok?.name.toLowerCase();
      // A scheme of the dialect; a relative pipeline's first sub-URL is a path, whatever it looks like.
      if (
        !tok ||
        tok.name === name ||
        (ctx.relative && p.index === 0) ||
        !(ctx.roots.has(name!) || ctx.adapters.has(name!))
      )
        return p;
      upper.push(tok.name);
      return { text: name + p.text.slice(tok.name.length) };
    });
    if (upper.length === 0) return [];
    return [
      {
        code: "scheme-case-for-tensorstore",
        message:
          `TensorStore compares schemes case-sensitively and refuses ${upper.map((u) => quote(u)).join(", ")}: ` +
          "in lower case they are the same schemes, and it reads them",
        text: joinParts(parts),
      },
    ];
  },
};

/**
 * A `|` that splits what looks like a path (`pipe-in-path`): `file:///a|b.zip`, where `b.zip` is no adapter. In
 * a URL pipeline `|` only separates sub-URLs (RFC 3986 does not allow it in a URI), so a `|` that is part of a
 * name is written `%7C`: `file:///a%7Cb.zip`.
 *
 * Proposed when the input stops matching in a sub-URL after a `|` that does not start with a scheme (or starts
 * with a bare name that is no scheme, no other name of one and no misspelling of an adapter, such as `b.zip`), nor
 * with ZEP 8's `..` adapter (other-dialect.ts), and only shown with a valid replacement: it is a guess.
 */
import { ALIASES } from "./scheme-spelling";
import { spellingCandidates } from "../spelling";
import { unfinishedAdapter } from "./unfinished-scheme";
import { quote, schemeToken, type HintKind } from "./types";

/** A file: URL ending in a drive letter (file:///c|/path). */
const FILE_DRIVE = /^file:(?:\/\/[^/]*)?\/[A-Za-z]$/i;

export const pipeInPath: HintKind = {
  name: "pipe-in-path",

  onInvalid(ctx) {
    if (ctx.result.valid || ctx.result.error.kind !== "syntax") return [];
    const p = ctx.errorPart();
    if (!p || p.index === 0 || p.text === "" || ctx.parts()[p.index - 1]!.text === "") return [];
    // file:///c|/path is a drive letter (file-url.ts).
    if (p.text.startsWith("/") && FILE_DRIVE.test(ctx.parts()[p.index - 1]!.text)) return [];
    if (p.text.startsWith("..")) return [];
    if (unfinishedAdapter(ctx.parts(), ctx.adapters).length > 0) return []; // being typed: unfinished-scheme.ts
    const tok = schemeToken(p.text);
    if (tok) {
      const name = tok.name.toLowerCase();
      if (tok.colon || ctx.roots.has(name) || ctx.adapters.has(name) || Object.hasOwn(ALIASES, name)) return [];
      if (!name.includes(".") && spellingCandidates(name, ctx.adapters).length > 0) return [];
    }
    const bar = p.start - 1;
    return [
      {
        code: "pipe-in-path",
        message: `"|" separates sub-URLs, and ${quote(p.text)} is not one: if the "|" is part of a name, write it as %7C`,
        text: `${ctx.input.slice(0, bar)}%7C${ctx.input.slice(p.start)}`,
        speculative: true,
        changes: `${quote(`|${p.text}`)} becomes part of the name before it, where the "|" began another sub-URL`,
      },
    ];
  },
};

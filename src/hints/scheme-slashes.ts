/**
 * A scheme with the wrong slashes after it (`scheme-slashes`): a root that takes an authority written with other
 * than its two slashes (`s3:/bucket`, `s3:bucket`, `s3:///bucket`, `https:/host`, or without its colon,
 * `https//host`), and an adapter written with "//" (`zip://dir/`, as for a URL with an authority, which an
 * adapter has not: its body follows its colon). The fix writes `NAME://` for the root and `NAME:` for the adapter,
 * offered only when that makes the input valid. Not `file:` and `memory:`, whose other spellings are valid
 * (file-url.ts and slashes-for-tensorstore.ts speak of them), but for fsspec's `memory:///tmp/x`, whose memory file
 * system reads `/tmp/x` and `tmp/x` as one path, and which a URL pipeline writes `memory://tmp/x`; nor `ocdbt:` and
 * `icechunk:`, whose "//" starts a version in url-pipeline v0 (version-syntax.ts speaks of them).
 */
import { quote, replacePart, schemeNameEnd, type HintKind } from "./types";

/** A scheme name, its colon if written, its slashes, and the rest of the sub-URL. */
const SLASHED = /^([A-Za-z][A-Za-z0-9+.-]*)(:?)(\/*)(.*)$/s;
const OTHER_FORMS = new Set(["file", "memory"]);
const VERSIONED = new Set(["ocdbt", "icechunk"]);

export const schemeSlashes: HintKind = {
  name: "scheme-slashes",

  onInvalid(ctx) {
    const p = ctx.errorPart();
    if (!p) return [];
    // Each fix below is for a name with "://" where an adapter has none, or a root's with other than its "//": a
    // name, then "://" and no third "/", is a root's own form (most refused inputs), and "://" is what an adapter's fix
    // needs. (SLASHED reads the same name.)
    const nameEnd = schemeNameEnd(p.text);
    const twoSlashes = p.text.startsWith("://", nameEnd);
    if (nameEnd === 0 || (p.index > 0 ? !twoSlashes : twoSlashes && p.text.charCodeAt(nameEnd + 3) !== 0x2f)) return [];
    const m = SLASHED.exec(p.text);
    if (!m) return [];
    const [, raw, colon, slashes, rest] = m as unknown as [string, string, string, string, string];
    const name = raw.toLowerCase();
    if (p.index === 0 && name === "memory" && ctx.roots.has(name) && colon === ":" && slashes.length > 2) {
      return [
        {
          code: "scheme-slashes",
          message: `${quote(`${raw}:${slashes}`)}: memory: writes its path after two slashes, and fsspec's memory file system reads ${quote(`${slashes.slice(2)}${rest}`)} and ${quote(rest)} as one path: ${quote(`memory://${rest}`)}`,
          text: replacePart(ctx.parts(), 0, `${raw}://${rest}`),
          speculative: true,
        },
      ];
    }
    if (p.index === 0 && ctx.roots.has(name) && !OTHER_FORMS.has(name)) {
      // `s3:/b`, `s3:b`, `s3:///b`, `https//h` (a bare name, no colon and no slash, is not this).
      if (colon === "" ? slashes.length === 0 : slashes.length === 2) return [];
      const fixed = `${raw}://${rest}`;
      return [
        {
          code: "scheme-slashes",
          message: `${quote(`${raw}${colon}${slashes}`)} is not how ${name}: begins: ${quote(`${name}://`)}, then its authority`,
          text: replacePart(ctx.parts(), 0, fixed),
          speculative: true,
        },
      ];
    }
    if (p.index > 0 && ctx.adapters.has(name) && !VERSIONED.has(name) && colon === ":" && slashes.length === 2) {
      return [
        {
          code: "scheme-slashes",
          message: `${quote(`${raw}://`)}: an adapter has no authority, and its body follows its colon: ${quote(`${raw}:${rest}`)}`,
          text: replacePart(ctx.parts(), p.index, `${raw}:${rest}`),
          speculative: true,
        },
      ];
    }
    return [];
  },
};

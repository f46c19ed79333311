/**
 * Apache Commons VFS layered URIs where a pipeline is expected (`zip:http://host/a.zip!/entry`,
 * `zip:zip:file:///a.zip!/b.zip!/c.txt`, `gz:/my/gz/file.gz`): the translation (src/translate/vfs.ts) is the fix
 * (`vfs-url`). A `jar:` URL that is not layered is Java's (jar-url.ts).
 */
import { quote, type HintKind } from "./types";
import { fromVfs } from "../translate/vfs";
import { translationHint } from "./translation";

/** An archive's own URL form (archive-prefix.ts reads it). */
const ARCHIVE_URL = /^(?:zip|gz|gzip):\/\//i;

const LAYERED = /^(?:zip|jar|tar|tgz|tbz2|gz|bz2):/i;

/**
 * A VFS layered URI: a VFS archive or compression scheme with a "!" part, or one layered on another. Not an fsspec
 * chain (a "::" outside an IPv6 host's brackets: `zip://a::s3://b!/x.zip`), which fsspec.ts speaks of.
 */
export function isVfsUri(text: string): boolean {
  if (!LAYERED.test(text) || text.replace(/\[[^\]]*\]/g, "").includes("::")) return false;
  const inner = text.slice(text.indexOf(":") + 1);
  return /^jar:/i.test(text) ? LAYERED.test(inner) : text.includes("!") || LAYERED.test(inner) || /^gz:/i.test(text);
}

export const vfsUrl: HintKind = {
  name: "vfs-url",

  onInvalid(ctx) {
    // (`zip:///a.zip!b`, `gz://s3://b/k`: rasterio's and cogeo-mosaic's spelling, archive-prefix.ts)
    if (!isVfsUri(ctx.input) || ARCHIVE_URL.test(ctx.input)) return [];
    return [
      translationHint(
        ctx,
        "vfs-url",
        ctx.input,
        "vfs",
        fromVfs,
        `${quote(ctx.input)} is an Apache Commons VFS layered URI`,
      ),
    ];
  },
};

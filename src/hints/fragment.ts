/**
 * A fragment on an http:, https: or file: URL (`fragment`): `http://example.com/file.nc#section`. URL pipelines have
 * no fragment (D18), and a fragment is no part of what such a URL names: RFC 3986 3.5, "the fragment identifier is
 * separated from the rest of the URI prior to a dereference", so the same resource is read without it. The fix
 * drops it. Encoding the "#" (percent-encode.ts) would name another resource, whose name has a "#" in it.
 *
 * Not here: a Neuroglancer viewer link's `#!` (neuroglancer-syntax.ts), netCDF's `#mode=` (nczarr-mode.ts), and
 * s3: and gs: keys, where a "#" may be part of the key (Neuroglancer reads it so).
 */
import { quote, replacePart, type HintKind } from "./types";

const DEREFERENCED = /^(?:https?|file):/i;

export const fragment: HintKind = {
  name: "fragment",

  onInvalid(ctx) {
    if (ctx.result.valid || ctx.result.error.kind !== "syntax" || ctx.input[ctx.result.error.offset] !== "#") return [];
    const p = ctx.errorPart();
    if (!p || !DEREFERENCED.test(p.text)) return [];
    const at = ctx.result.error.offset - p.start;
    const text = p.text.slice(at);
    if (/^#(?:!|mode=)/i.test(text)) return [];
    return [
      {
        code: "fragment",
        message: `${quote(text)} is a fragment, which URL pipelines do not have; it is no part of what the URL names (RFC 3986 3.5: it is not sent when the resource is read): drop it`,
        text: replacePart(ctx.parts(), p.index, p.text.slice(0, at)),
        speculative: true,
      },
    ];
  },
};

/**
 * A scheme in the wrong place.
 *
 * - An adapter first (`adapter-as-root`): `zip:x`, `zarr3:` start no pipeline; an adapter reads the resource
 *   before it. No replacement for an absolute pipeline (nothing says where the resource is); in zep8's
 *   `relative-url-pipeline`, the empty relative path before it is the obvious one: `zip:x` -> `|zip:x` (the
 *   adapter applied to the base: "If the relative_path is the empty string, the path component of the inner-most
 *   sub-URL remains unchanged").
 * - Inner to outer (`reversed-order`): adapters first and the root last, `zip:x|s3://bucket/a.zip` (fsspec's
 *   order with "|"): the sub-URLs reversed, `s3://bucket/a.zip|zip:x`.
 * - A root after "|" (`root-as-adapter`): `s3://bucket/x|file:///y`: only the first sub-URL is a root. No
 *   replacement: which of the two was meant cannot be told.
 * - An adapter as a prefix of its resource's URL (`adapter-prefix`): `zarr3://s3://bucket/a.zarr`, and
 *   Neuroglancer's data source URLs `precomputed://gs://bucket/vol`, `n5://https://host/a.n5`: the resource first,
 *   then the adapter, `s3://bucket/a.zarr|zarr3:`, `gs://bucket/vol|neuroglancer-precomputed:`.
 */
import { listSchemes, quote, schemeToken, type Candidate, type HintKind } from "./types";
import { isVfsUri } from "./vfs-url";

/** An adapter's name and "://" before a URL (Neuroglancer's data source form). */
const PREFIXED = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(([A-Za-z][A-Za-z0-9+.-]*):.*)$/s;

/** Neuroglancer's data source names that are adapters by another name (its `precomputed://` prefix). */
const PREFIX_ALIASES: Readonly<Record<string, string>> = { precomputed: "neuroglancer-precomputed" };

/** `NAME://ROOT:...`: an adapter written before the URL of what it reads; the adapter and that URL. */
function adapterPrefix(
  text: string,
  ctx: { adapters: ReadonlySet<string>; roots: ReadonlySet<string> },
): { raw: string; adapter: string; inner: string } | null {
  const m = PREFIXED.exec(text);
  if (!m || !ctx.roots.has(m[3]!.toLowerCase())) return null;
  const name = m[1]!.toLowerCase();
  const adapter = ctx.adapters.has(name) ? name : Object.hasOwn(PREFIX_ALIASES, name) ? PREFIX_ALIASES[name]! : null;
  return adapter !== null && ctx.adapters.has(adapter) ? { raw: m[1]!, adapter, inner: m[2]! } : null;
}

export const schemeRole: HintKind = {
  name: "scheme-role",

  onInvalid(ctx) {
    const parts = ctx.parts();
    const out: Candidate[] = [];
    const prefix = parts[0] ? adapterPrefix(parts[0].text, ctx) : null;
    if (prefix) {
      // What Neuroglancer and CloudVolume take after the data source's URL are options for their reading, no part of
      // the location: a fragment (`#type=mesh`, CloudVolume's `#preload=True;cache=`) and zarr's
      // `?dimension_separator=` (google/neuroglancer src/datasource/zarr/frontend.ts). A pipeline has no place for
      // them: dropped, and said.
      const options = /(\?dimension_separator=[^#]*)?(#.*)?$/s.exec(prefix.inner)!;
      const dropped = options[0];
      const inner = prefix.inner.slice(0, prefix.inner.length - dropped.length);
      const fixed = `${inner}|${prefix.adapter}:`;
      return [
        {
          code: "adapter-prefix",
          message:
            `${quote(`${prefix.raw}://`)} is written before the URL it reads (as in Neuroglancer's data source URLs): ` +
            `a URL pipeline writes the resource first, then its adapter: ${quote(fixed)}` +
            (dropped === ""
              ? ""
              : `; ${quote(dropped)} is options for the viewer's reading (Neuroglancer's, CloudVolume's), no part of the location, which a pipeline has no place for`),
          text: fixed + ctx.input.slice(parts[0]!.end),
        },
      ];
    }
    const token = (i: number) => {
      const t = schemeToken(parts[i]?.text ?? "");
      return t && { name: t.name.toLowerCase(), colon: t.colon, raw: t.name };
    };
    const first = token(0);
    // (an adapter first in an fsspec chain, "zip://x::s3://...", is fsspec.ts's)
    const fsspecChain = ctx.input.includes("::") && !ctx.input.includes("|");
    // (and a Commons VFS layered URI, "zip:http://host/a.zip!/x", is vfs-url.ts's)
    if (first && ctx.adapters.has(first.name) && !fsspecChain && !isVfsUri(ctx.input)) {
      const last = token(parts.length - 1);
      const reversed =
        parts.length >= 2 &&
        last !== null &&
        last.colon &&
        ctx.roots.has(last.name) &&
        parts.slice(0, -1).every((_, i) => {
          const t = token(i);
          return t !== null && ctx.adapters.has(t.name);
        });
      if (reversed) {
        out.push({
          code: "reversed-order",
          message:
            `the sub-URLs are inner to outer: a URL pipeline starts with its root (${quote(`${last.raw}:`)}) ` +
            `and lists each adapter after the resource it reads`,
          text: [...parts]
            .reverse()
            .map((p) => p.text)
            .join("|"),
        });
      } else {
        out.push({
          code: "adapter-as-root",
          message:
            `${quote(`${first.raw}:`)} is an adapter: it reads the resource before it, so it cannot come first; ` +
            (ctx.relative
              ? "to apply it to the base pipeline, start with an empty path"
              : `a pipeline starts with a root (${listSchemes(ctx.roots)}), e.g. file:///path/to/data|${first.name}:...`),
          ...(ctx.relative ? { text: `|${ctx.input}` } : {}),
        });
      }
    }
    for (let i = 1; i < parts.length; i++) {
      const t = token(i);
      // After nothing but empty sub-URLs ("|file:/a") the root is first in all but name: empty-sub-url.ts.
      if (t?.colon && ctx.roots.has(t.name) && parts.slice(0, i).some((p) => p.text !== "")) {
        out.push({
          code: "root-as-adapter",
          message:
            `${quote(`${t.raw}:`)} is a root scheme: only the first sub-URL can be one, and each sub-URL after ` +
            `"|" is an adapter (${listSchemes(ctx.adapters)})`,
        });
        break;
      }
    }
    return out;
  },
};

/**
 * An archive or compression scheme written before the URL of what it reads, as rasterio and Fiona write them
 * (`archive-prefix`): `zip+s3://bucket/a.zip!folder/b.tif`, `zip+https://host/a.zip`, `zip:///var/data/a.zip!b.tif`
 * (rasterio's "zip://" of a local path), `gzip+s3://bucket/key`, and cogeo-mosaic's `gz://s3://bucket/key` (an
 * adapter's own name there, `zip://s3://...`, is scheme-role.ts's). A URL
 * pipeline writes the resource first, then the adapter: `s3://bucket/a.zip|zip:folder/b.tif`, `s3://bucket/key|gzip:`.
 * The member after "!" is a path inside the archive, whose leading "/" rasterio allows (`!/folder/b.tif`) and a
 * zip: path does not need. What is named is kept: the fix only moves the parts into their places.
 *
 * Not here: Apache Commons VFS's `zip:http://host/a.zip!/b` (a scheme then ":" then a URL, vfs-url.ts), and
 * Neuroglancer's `zarr://URL` and `precomputed://URL` (scheme-role.ts).
 */
import { spellingCandidates } from "../spelling";
import { isRelativePath, localPathToUrl } from "./local-path";
import { quote, type Candidate, type HintKind } from "./types";

/** The archive and compression schemes of rasterio's and cogeo-mosaic's prefixes, and the adapter of each. */
const ARCHIVES: Readonly<Record<string, string>> = { zip: "zip", gzip: "gzip", gz: "gzip" };

/** `ARCHIVE+SCHEME://REST` (rasterio, Fiona), `gz://SCHEME://REST` (cogeo-mosaic), `zip://PATH` (rasterio, a path). */
const NAMES: ReadonlySet<string> = new Set(["zip", "gzip"]);
const PLUS = /^([A-Za-z]+)\+([A-Za-z][A-Za-z0-9+.-]*:\/\/.*)$/s;
const NESTED = /^(gz):\/\/([A-Za-z][A-Za-z0-9+.-]*:\/\/.*)$/is;
const LOCAL = /^(zip):\/\/(\/.*|.+!.*)$/is;

export const archivePrefix: HintKind = {
  name: "archive-prefix",

  onInvalid(ctx) {
    const first = ctx.parts()[0];
    if (!first) return [];
    const m = PLUS.exec(first.text) ?? NESTED.exec(first.text) ?? LOCAL.exec(first.text);
    // cogeo-mosaic's own docs misspell one (`gipz+s3://`): read as the archive scheme it is nearest.
    const typed = m?.[1]?.toLowerCase() ?? "";
    const adapter = m
      ? (ARCHIVES[typed] ?? (PLUS.test(first.text) ? spellingCandidates(typed, NAMES)[0] : undefined))
      : undefined;
    if (!m || adapter === undefined || !ctx.adapters.has(adapter)) return [];
    const inner = m[2]!;
    // "!" separates the archive from its member (rasterio); a compressed file has no members.
    const bang = adapter === "zip" ? inner.indexOf("!") : -1;
    let resource = bang < 0 ? inner : inner.slice(0, bang);
    const member = bang < 0 ? "" : inner.slice(bang + 1).replace(/^\/+/, "");
    if (LOCAL.test(first.text)) {
      // rasterio's zip:// of a local path: absolute (`zip:///var/a.zip!b`, `zip://D:\a.zip!b`) or relative.
      resource =
        localPathToUrl(resource) ?? (isRelativePath(resource) || !resource.includes(":") ? `file://${resource}` : "");
      if (resource === "") return [];
    }
    // rasterio's `zip+file://tests/data/a.zip`: a relative path (no "/" after "file://"), which no file: URL names;
    // a ZEP 8 relative pipeline starts with it.
    const relative = /^file:\/\/(?!\/|localhost\/)(.+)$/is.exec(resource);
    if (relative) {
      const fixed = `${relative[1]}|${adapter}:${member}`;
      return [
        {
          code: "archive-prefix",
          message:
            `${quote(first.text.slice(0, first.text.length - inner.length))} is rasterio's (and Fiona's) way to read ` +
            `an archive; ${quote(relative[1]!)} is a relative path, which no file: URL names` +
            (ctx.relative ? `: as a relative pipeline, ${quote(fixed)}` : ""),
          ...(ctx.relative ? { text: fixed + ctx.input.slice(first.end) } : {}),
        },
      ];
    }
    const fixed = `${resource}|${adapter}:${member}`;
    const candidate: Candidate = {
      code: "archive-prefix",
      message:
        `${quote(first.text.slice(0, first.text.length - inner.length))} is rasterio's (and Fiona's) way to read ` +
        `${bang < 0 ? "a compressed file or an archive" : 'a member of an archive, after "!"'}: ` +
        `a URL pipeline writes the resource first, then its adapter: ${quote(fixed)}`,
      text: fixed + ctx.input.slice(first.end),
    };
    return [candidate];
  },
};

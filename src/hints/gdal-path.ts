/**
 * GDAL virtual file system paths where a pipeline is expected (`/vsizip//vsis3/bucket/a.zip/dir/f.tif`): the
 * translation (src/translate/gdal.ts) is the fix (`gdal-path`); one that cannot be translated says why. A misspelt
 * scheme of the URL /vsicurl/ reads (`/vsicurl/htttp://host/a.tif`) is read as the one it is nearest.
 */
import { spellingCandidates } from "../spelling";
import { quote, type HintKind } from "./types";
import { fromGdal } from "../translate/gdal";
import { translationHint } from "./translation";

/** GDAL's virtual file system prefix, /vsiNAME/. */
const VSI_PREFIX = /^\/vsi[a-z0-9_]+[/?]/;

/** A GDAL path: `/vsi` and a prefix name, then "/" (or "?" for /vsicurl? options). */
export function isGdalPath(text: string): boolean {
  return VSI_PREFIX.test(text);
}

/** The URL schemes /vsicurl/ reads. */
const URL_SCHEMES: ReadonlySet<string> = new Set(["http", "https", "ftp"]);

export const gdalPath: HintKind = {
  name: "gdal-path",

  onInvalid(ctx) {
    if (!isGdalPath(ctx.input)) return [];
    let text = ctx.input;
    let what = `${quote(ctx.input)} is a GDAL virtual file system path`;
    const curl = /^((?:\/vsi[a-z0-9_]+\/)*\/vsicurl\/)([A-Za-z][A-Za-z0-9+.-]*)(:\/\/.*)$/s.exec(text);
    const scheme = curl?.[2]?.toLowerCase();
    if (curl && scheme !== undefined && !URL_SCHEMES.has(scheme)) {
      const [nearest] = spellingCandidates(scheme, URL_SCHEMES);
      if (nearest !== undefined) {
        text = curl[1] + nearest + curl[3];
        what += ` (with ${quote(`${curl[2]}:`)} read as ${quote(`${nearest}:`)})`;
      }
    }
    return [translationHint(ctx, "gdal-path", text, "gdal", fromGdal, what)];
  },
};

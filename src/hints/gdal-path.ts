/**
 * GDAL virtual file system paths where a pipeline is expected (`/vsizip//vsis3/bucket/a.zip/dir/f.tif`): the
 * translation (src/translate/gdal.ts) is the fix (`gdal-path`); one that cannot be translated says why.
 */
import { quote, type HintKind } from "./types";
import { fromGdal } from "../translate/gdal";
import { translationHint } from "./translation";

/** A GDAL path: `/vsi` and a prefix name, then "/" (or "?" for /vsicurl? options). */
export function isGdalPath(text: string): boolean {
  return /^\/vsi[a-z0-9_]+[/?]/.test(text);
}

export const gdalPath: HintKind = {
  name: "gdal-path",

  onInvalid(ctx) {
    if (!isGdalPath(ctx.input)) return [];
    return [
      translationHint(
        ctx,
        "gdal-path",
        ctx.input,
        "gdal",
        fromGdal,
        `${quote(ctx.input)} is a GDAL virtual file system path`,
      ),
    ];
  },
};

/**
 * netCDF's NCZarr mode fragment (`nczarr-mode`; netcdf-c, docs/nczarr.md "URL Format"): `file:///a.zip#mode=nczarr,zip`,
 * `https://host/store.zarr#mode=zarr,s3`, `https://host/a.nc#mode=bytes`, written with a shell's `\#` too. The mode
 * says how to read the location: `nczarr` or `zarr`, a Zarr store (`|zarr:`); `zip`, inside a zip archive (`|zip:`
 * first); `s3`, an http(s) URL read through the S3 protocol (`s3+https:`, ZEP 8's S3-compatible form); `file` and
 * `bytes` (a plain HTTP read), nothing more; other keys after "&" (`awsprofile=`) are the reader's. A URL pipeline
 * has no fragment (D18): the fix writes the mode as adapters, and names what NCZarr reads. Encoding the "#" instead
 * (percent-encode.ts) names another file.
 */
import { quote, type HintKind } from "./types";

const MODE = /^(.*?)\\?#mode=([^&|]*)(?:&[^|]*)?$/is;

export const nczarrMode: HintKind = {
  name: "nczarr-mode",

  onInvalid(ctx) {
    const first = ctx.parts()[0];
    // MODE needs a "#" (most refused inputs have none).
    if (!first?.text.includes("#")) return [];
    const m = MODE.exec(first.text);
    if (!m) return [];
    let location = m[1]!;
    const mode = m[2]!.toLowerCase().split(",");
    if (mode.includes("s3"))
      location = location.replace(/^(https?):\/\//i, (_all, s: string) => `s3+${s.toLowerCase()}://`);
    const adapters = [
      ...(mode.includes("zip") ? ["zip:"] : []),
      ...(mode.includes("nczarr") || mode.includes("zarr") ? ["zarr:"] : []),
    ];
    const fixed = [location, ...adapters].join("|");
    return [
      {
        code: "nczarr-mode",
        message:
          `${quote(`#mode=${m[2]}`)} is netCDF's NCZarr mode, how to read the location; a URL pipeline has no ` +
          `fragment, and writes it ${adapters.length > 0 ? "with adapters" : "as the location alone"}: ${quote(fixed)}`,
        text: fixed + ctx.input.slice(first.end),
      },
    ];
  },
};

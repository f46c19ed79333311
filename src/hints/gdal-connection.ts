/**
 * A GDAL connection string (`gdal-connection`; GDAL's raster driver docs): `DRIVER:PATH` or `DRIVER:"PATH"`, then
 * perhaps `:SUBDATASET`. Its driver says how to read the file: `ZARR` (GDAL's Zarr driver) and `EOPFZARR` (the EOPF
 * Zarr plugin) read a Zarr store, whose array the subdataset names (`ZARR:"/vsicurl/https://host/x.zarr":/group/a`):
 * `https://host/x.zarr|zarr:group/a`, the path translated as a GDAL path (gdal-path.ts) when it is one. Another
 * driver's (`NETCDF:file.nc:variable`, `HDF5:...`) names a subdataset of a format URL pipelines have no adapter for
 * at that depth: a message naming the file, no fix.
 */
import { fromGdal } from "../translate/gdal";
import { translateFrom } from "../translate/from";
import { isGdalPath } from "./gdal-path";
import { localPathToUrl } from "./local-path";
import { quote, schemeNameEnd, type HintKind } from "./types";

const ZARR_DRIVERS = new Set(["ZARR", "EOPFZARR"]);
/** Drivers whose connection strings are common enough to know in any case, whatever their path looks like. */
const KNOWN = new Set([...ZARR_DRIVERS, "NETCDF", "HDF5", "HDF4", "GTIFF", "SENTINEL2"]);
const QUOTED = /^([A-Za-z][A-Za-z0-9_]*):"([^"]*)"(?::(.*))?$/s;
const BARE = /^([A-Za-z][A-Za-z0-9_]*):(.+)$/s;

/** The driver, the path and the subdataset of a connection string; null if it is none. */
function split(input: string, adapters: ReadonlySet<string>): { driver: string; path: string; sub: string } | null {
  const q = QUOTED.exec(input);
  if (q) return { driver: q[1]!.toUpperCase(), path: q[2]!, sub: q[3] ?? "" };
  const b = BARE.exec(input);
  if (!b) return null;
  // A driver's name is upper case; a known one is read in any case (`netcdf:/a.nc:v`), but an adapter's own
  // (`zarr:a/b` first is the adapter out of place: scheme-role.ts).
  const driver = b[1]!.toUpperCase();
  if (driver !== b[1] && (!KNOWN.has(driver) || adapters.has(b[1]!))) return null;
  // The subdataset follows the last ":" that starts no "//" (a URL's own is "scheme://") and has no "/" after it.
  const m = /^(.*?)(?::([^:/]*))?$/s.exec(b[2]!)!;
  return { driver, path: m[1]!, sub: m[2] ?? "" };
}

/** The location a GDAL path, a local path or a URL names; null when none. */
function location(path: string, dialect: string): string | null {
  if (isGdalPath(path)) {
    try {
      return translateFrom(path, "gdal", fromGdal, { dialect: dialect as "url-pipeline-v0" }).text;
    } catch {
      return null;
    }
  }
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(path)) return path;
  return localPathToUrl(path);
}

export const gdalConnection: HintKind = {
  name: "gdal-connection",

  onInvalid(ctx) {
    const input = ctx.input.trim();
    // A URL, "scheme://..." (most refused inputs): no driver's name has a scheme's "+", "-" or ".", and after one of
    // a driver's characters the path would start with "//", which no connection string's does (both: below).
    const nameEnd = schemeNameEnd(input);
    if (nameEnd > 0 && input.startsWith("://", nameEnd)) return [];
    const c = input.includes("|") ? null : split(input, ctx.adapters);
    // A driver's name is upper case, of more than one letter (`C:\a` is a drive), and no root scheme's (`S3:/b`); a
    // URL's "://" is no connection string's (`ZARR2://gs://...`, scheme-role.ts).
    if (!c || c.driver.length < 2 || ctx.roots.has(c.driver.toLowerCase()) || c.path.startsWith("//")) return [];
    if (!KNOWN.has(c.driver) && !c.path.includes("/") && !c.path.includes(".")) return [];
    const where = location(c.path, ctx.meta.name);
    if (!ZARR_DRIVERS.has(c.driver)) {
      return [
        {
          code: "gdal-connection",
          message:
            `${quote(`${c.driver}:`)} starts a GDAL connection string: its ${c.driver} driver reads ${quote(c.path)}` +
            (c.sub === "" ? "" : `, subdataset ${quote(c.sub)}`) +
            (where === null ? "" : `; the file is ${quote(where)}`),
        },
      ];
    }
    const what = `${quote(`${c.driver}:`)} starts a GDAL connection string: its driver reads a Zarr store`;
    if (where === null)
      return [{ code: "gdal-connection", message: `${what}, at ${quote(c.path)}, which names no URL pipeline's root` }];
    const fixed = `${where}|zarr:${c.sub.replace(/^\/+/, "")}`;
    return [{ code: "gdal-connection", message: `${what}: ${quote(fixed)}`, text: fixed }];
  },
};

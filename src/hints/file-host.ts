/**
 * `file://NAME/...` where NAME looks like a path's first segment, not a host (`file-host`): `file://home/me/x.zarr`,
 * `file://data/x.zip|zip:a`, `file://example.zarr/`. RFC 8089 reads NAME as a host, yet the author almost always
 * meant the local path `/NAME/...`, one slash short. ZEP 8: "Implementations SHOULD not support
 * `file://relative/path` since that is ambiguous with the `file://hostname/path` syntax defined by RFC8089", and
 * TensorStore 0.1.85 reads no host but `localhost` (src/portability/tensorstore.ts); Neuroglancer reads no `file:`.
 *
 * NAME looks like a path's segment when it has no "." (`home`, `tmp`, `Users`, `data`) or ends with a file
 * extension of the data these pipelines name (`data.zip`, `example.zarr`). A host name (`server.example.com`),
 * `localhost` and an IP address keep their meaning: no hint (decision D63). Valid input: the fix `file:///NAME/...`.
 * Invalid `file://NAME` with no path at all (RFC 8089 needs one): a message only, since what it names is a relative
 * path, which no file: URL can name.
 */
import { quote, type HintKind } from "./types";

/** A file: URL with a host. */
const FILE_HOST = /^file:\/\/[^/]/i;
/** A name of digits and dots: an IPv4 address. */
const NUMERIC = /^[0-9.]+$/;

/** Extensions of what a pipeline's root names: a store, an archive, a file of one of the formats. */
const DATA_EXTENSION =
  /\.(?:zarr|zarr2|zarr3|n5|zip|ocdbt|icechunk|h5|hdf5|nc|json|tif|tiff|png|jpe?g|avif|bmp|webp|gz|zst|tar|txt|csv|parquet)$/i;

/** The text after `file://` up to its path, when it looks like a path's first segment; null otherwise. */
function pathLikeHost(root: string): { name: string; path: string } | null {
  if (!FILE_HOST.test(root)) return null;
  const slash = root.indexOf("/", 7);
  const name = slash < 0 ? root.slice(7) : root.slice(7, slash);
  if (name.toLowerCase() === "localhost" || NUMERIC.test(name) || name.startsWith("[") || name.includes(":")) {
    return null;
  }
  if (name.includes(".") && !DATA_EXTENSION.test(name)) return null;
  return { name, path: slash < 0 ? "" : root.slice(slash) };
}

const because =
  'ZEP 8: "Implementations SHOULD not support file://relative/path since that is ambiguous with the ' +
  'file://hostname/path syntax"; TensorStore reads no host but localhost';

export const fileHost: HintKind = {
  name: "file-host",

  validPrecheck: (input) => input.length > 7 && input.charCodeAt(7) !== 0x2f && FILE_HOST.test(input),

  onValid(ctx) {
    const root = ctx.parts()[0]!;
    const h = pathLikeHost(root.text);
    if (h === null) return [];
    return [
      {
        code: "file-host",
        message:
          `"file://${h.name}" names the host ${quote(h.name)}: if ${quote(h.name)} is the first directory of a ` +
          `local path, a slash is missing (${because})`,
        text: `${root.text.slice(0, 7)}/${h.name}${h.path}${ctx.input.slice(root.end)}`,
      },
    ];
  },

  onInvalid(ctx) {
    const root = ctx.parts()[0];
    if (!root) return [];
    const h = pathLikeHost(root.text);
    if (h === null || h.path !== "") return [];
    return [
      {
        code: "file-host",
        message:
          `"file://${h.name}" names the host ${quote(h.name)} and no path: a file: URL names an absolute path ` +
          `(file:///absolute/path), and ${quote(h.name)} alone is a relative one, which no file: URL names (${because})`,
      },
    ];
  },
};

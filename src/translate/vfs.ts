/**
 * Apache Commons VFS layered URIs, as its file systems page describes them
 * (https://commons.apache.org/proper/commons-vfs/filesystems.html):
 *
 * - "Zip, Jar and Tar": `zip:// arch-file-uri[! absolute-path]`, the same for jar, tar, tgz and tbz2, "where
 *   arch-file-uri refers to a file of any supported type, including other zip files. Note: if you would like to
 *   use the ! as normal character it must be escaped using %21"; examples `jar:../lib/classes.jar!/META-INF/
 *   manifest.mf`, `zip:http://somehost/downloads/somefile.zip`, `jar:zip:outer.zip!/nested.jar!/somedir`,
 *   `jar:zip:outer.zip!/nested.jar!/some%21dir`, `tgz:file://anyhost/dir/mytar.tgz!/somepath/somefile`.
 * - "gzip and bzip2": `gz:// compressed-file-uri`; "There is no need to add a ! part to the uri if you read the
 *   content of the file you always will get the uncompressed version"; example `gz:/my/gz/file.gz`.
 * - "Naming": "All filenames are treated as URIs. One of the consequences of this is you have to encode the '%'
 *   character using %25"; local files `[file://] absolute-path` (`/home/someuser/somedir`,
 *   `c:\program files\some dir`).
 *
 * A layered name is split at its last "!" (VFS's LayeredFileNameParser reads the root from the end), so a nested
 * archive's URI is everything before it. zip and jar are the pipeline's `zip:` (a JAR is a ZIP file), gz its
 * `gzip:`; tar, tgz, tbz2 and bz2 have no scheme in either dialect. `%21` is how VFS writes a "!" that is no
 * separator; a pipeline writes it "!" (decision D46), and back.
 */
import { malformedPercent, PCHAR, percentEncodeKeepingTriplets } from "../strict/percent-encoding";
import type { PathAdapterSubUrl } from "../tree/nodes";
import {
  dotSegment,
  localFlavor,
  verbatim,
  written,
  type FromContext,
  type Piece,
  type SyntaxTranslator,
  type ToContext,
} from "./common";
import { URI_CHARACTERS } from "./jar";

/** vfs to a pipeline: its sub-URLs, as pieces (src/translate/from.ts). */
export function fromVfs(ctx: FromContext): Piece[][] {
  return read(ctx.input, 0, ctx);
}

/** VFS's "!" as the pipeline writes it: %21 decoded (it is a character there, and needs no escape). */
const bang = (text: string) => text.replace(/%21/gi, "!");

function read(text: string, at: number, ctx: FromContext): Piece[][] {
  const bad = malformedPercent(text);
  if (bad >= 0)
    ctx.fail("vfs/percent", at + bad, 'VFS reads "%" as the start of %XX: a "%" of the name is written %25');
  const m = localFlavor(text) === null ? /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text) : null;
  const scheme = m ? m[1]!.toLowerCase() : null;
  const rest = m ? text.slice(m[0].length) : "";
  const restAt = m ? at + m[0].length : at;
  switch (scheme) {
    case null:
      return [[ctx.localRoot(text, at, "vfs/relative-path")]];
    case "zip":
    case "jar": {
      const separator = rest.lastIndexOf("!");
      const archive = separator < 0 ? rest : rest.slice(0, separator);
      const entry = separator < 0 ? "" : rest.slice(separator + 1);
      const entryAt = restAt + separator + 1;
      const dot = dotSegment(entry);
      if (dot !== null)
        ctx.fail("vfs/dot-segment", entryAt + dot, 'VFS resolves "." and ".." in a name; a zip: path keeps them');
      // The absolute path inside the archive: its leading "/" is the archive's root, not part of the entry.
      const lead = /^\/*/.exec(entry)![0].length;
      const path = percentEncodeKeepingTriplets(bang(entry.slice(lead)), `${PCHAR}/`);
      return [
        ...read(archive, restAt, ctx),
        [
          written("zip:", at),
          path === entry.slice(lead) ? verbatim(path, entryAt + lead) : written(path, entryAt + lead),
        ],
      ];
    }
    case "gz": {
      const separator = rest.lastIndexOf("!");
      if (separator >= 0) {
        ctx.fail(
          "vfs/gz-entry",
          restAt + separator,
          'VFS splits a layered name at its last "!", and gz: reads the decompressed file ' +
            'itself ("There is no need to add a ! part"): a "!" of the file name is written %21',
        );
      }
      return [...read(rest, restAt, ctx), [written("gzip:", at)]];
    }
    case "tar":
    case "tgz":
    case "tbz2":
      return ctx.fail("vfs/no-tar", at, `${scheme}: reads a tar archive: neither dialect has a tar scheme`);
    case "bz2":
      return ctx.fail("vfs/no-scheme", at, "bz2: has no URL pipeline scheme");
    default: {
      // A URI of another file system (file:, http:, https:, ...): carried as written, what a URL cannot hold encoded.
      const url = percentEncodeKeepingTriplets(bang(text), URI_CHARACTERS);
      return [[url === text ? verbatim(url, at) : written(url, at)]];
    }
  }
}

function toForeign(ctx: ToContext): { text: string } {
  return { text: write(ctx.canonical.subUrls.length - 1, ctx) };
}

function write(i: number, ctx: ToContext): string {
  const s = ctx.canonical.subUrls[i]!;
  const bangsEncoded = (text: string) => text.replace(/!/g, "%21");
  if (i === 0) return bangsEncoded(s.raw);
  switch (s.scheme) {
    case "zip": {
      const dot = dotSegment((s as PathAdapterSubUrl).path.value);
      if (dot !== null) {
        ctx.fail(
          "vfs/dot-segment",
          ctx.offsetIn(i, (x) => (x as PathAdapterSubUrl).path, dot),
          'VFS resolves "." and ".." in a name; a zip: path keeps them',
        );
      }
      // "!/" always: without it VFS would split at a "!" inside the archive's URI.
      return `zip:${write(i - 1, ctx)}!/${bangsEncoded((s as PathAdapterSubUrl).path.raw)}`;
    }
    case "gzip":
      return `gz:${write(i - 1, ctx)}`;
    default:
      return ctx.fail("vfs/no-scheme", ctx.tree.subUrls[i]!.span.start, `"${s.scheme}:" has no Commons VFS scheme`);
  }
}

export const vfs: SyntaxTranslator = { fromForeign: fromVfs, toForeign };

/**
 * GDAL virtual file system paths, as "GDAL Virtual File Systems" describes them
 * (https://gdal.org/en/stable/user/virtual_file_systems.html; source doc/source/user/virtual_file_systems.rst):
 *
 * - `/vsizip/path/to/the/file.zip/path/inside/the/zip/file`, "where path/to/the/file.zip is relative or absolute";
 *   ".kmz, .ods and .xlsx extensions are also detected"; the alternate syntax `/vsizip/{/path/to/the/archive}/path/
 *   inside/the/zip/file` "so as to enable chaining and not being dependent on .zip extension", which "may also
 *   itself use this alternate syntax"; chaining `/vsizip//vsicurl/https://...` ("also OK to say /vsizip/vsicurl/...
 *   with a single slash").
 * - `/vsigzip/path/to/the/file.gz`; `/vsicurl/http[s]://...` (and `/vsicurl?[option_i=val_i&]*url=...`, whose
 *   options are refused); `/vsis3/bucket/key`; `/vsigs/bucket/key`; `/vsimem/...`; the `_streaming` variants read
 *   the same resources sequentially (a note).
 * - A path without a prefix is a local path: an absolute one is the `file:` root (fromPath, RFC 8089).
 *
 * Where the archive's path ends, GDAL decides by asking which prefix is an existing file
 * (port/cpl_vsil_abstract_archive.cpp, `VSIArchiveFilesystemHandler::SplitFilename`). A translation cannot ask, so
 * it takes the first extension followed by a separator or the end, which is what GDAL finds when that prefix is
 * the archive (decision D45), and writes the braces whenever that reading would end elsewhere. SplitFilename also
 * compacts `a/../b` inside the archive (CompactFilename): "." and ".." segments there are refused. GDAL names
 * are raw text (no percent-encoding): what the pipeline encodes is decoded, and back.
 */
import { encodePath } from "../strict/percent-encoding";
import type { BucketSubUrl, FileSubUrl, HttpSubUrl, MemorySubUrl, PathAdapterSubUrl } from "../tree/nodes";
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

/** The extensions SplitFilename looks for in /vsizip/ paths, as the documentation lists them. */
const ZIP_EXTENSIONS = [".zip", ".kmz", ".ods", ".xlsx"];
/** Documented GDAL file systems with no URL pipeline scheme. */
const NO_SCHEME = new Set([
  "tar",
  "7z",
  "rar",
  "az",
  "adls",
  "oss",
  "swift",
  "hdfs",
  "webhdfs",
  "stdin",
  "stdout",
  "subfile",
  "sparse",
  "crypt",
  "cached",
]);

/** gdal to a pipeline: its sub-URLs, as pieces (src/translate/from.ts). */
export function fromGdal(ctx: FromContext): Piece[][] {
  return read(ctx.input, 0, ctx);
}

/** The sub-URLs of the GDAL path `text`, which starts at offset `at` of the input. */
function read(text: string, at: number, ctx: FromContext): Piece[][] {
  if (!text.startsWith("/vsi")) {
    if (text === "") ctx.fail("gdal/relative-path", at, "an empty path names nothing");
    return [[ctx.localRoot(text, at, "gdal/relative-path")]];
  }
  if (text.startsWith("/vsicurl?")) {
    ctx.fail(
      "gdal/vsicurl-options",
      at + 8,
      "/vsicurl? options (use_head, max_retry, ...) say how to read: a URL pipeline has no place for them",
    );
  }
  const name = /^\/vsi([A-Za-z0-9_]*)/.exec(text)![1]!;
  const prefix = 4 + name.length + 1;
  if (text[prefix - 1] !== "/") ctx.fail("gdal/unknown-prefix", at, `"/vsi${name}" is not followed by "/"`);
  const base = name.endsWith("_streaming") ? name.slice(0, -"_streaming".length) : name;
  if (base !== name && ["curl", "s3", "gs"].includes(base)) {
    ctx.note(
      "gdal/streaming",
      at,
      `/vsi${name}/ reads the resource of /vsi${base}/ sequentially: the mode is left out`,
    );
  }
  const rest = text.slice(prefix);
  const restAt = at + prefix;
  switch (base === name || ["curl", "s3", "gs"].includes(base) ? base : "") {
    case "zip":
      return archive(text, at, ctx);
    case "gzip":
      return [...read(rest, restAt, ctx), [written("gzip:", at)]];
    case "curl":
      if (!/^https?:\/\//i.test(rest)) {
        ctx.fail(
          "gdal/no-handler",
          restAt,
          "/vsicurl/ reads http, https and ftp URLs; a URL pipeline's roots are http: and https:",
        );
      }
      return [[verbatim(rest, restAt)]];
    case "s3":
    case "gs": {
      const slash = rest.indexOf("/");
      const bucket = slash < 0 ? rest : rest.slice(0, slash);
      const pieces = [written(`${base}://`, at), verbatim(bucket, restAt)];
      if (slash >= 0) pieces.push(written(`/${encodePath(rest.slice(slash + 1))}`, restAt + slash));
      return [pieces];
    }
    case "mem":
      return [[written(`memory://${encodePath(rest)}`, at)]];
    default:
      if (NO_SCHEME.has(base)) ctx.fail("gdal/no-handler", at, `/vsi${name}/ has no URL pipeline scheme`);
      return ctx.fail(
        "gdal/unknown-prefix",
        at,
        `"/vsi${name}/" is not a GDAL virtual file system this translation knows`,
      );
  }
}

/** Where a /vsizip/ path's archive ends, read without asking the file system (see the header); null if nowhere. */
function splitArchive(rest: string): number | null {
  const lower = rest.toLowerCase();
  for (let i = 0; i < rest.length; i++) {
    for (const ext of ZIP_EXTENSIONS) {
      const end = i + ext.length;
      if (lower.startsWith(ext, i) && (end === rest.length || rest[end] === "/" || rest[end] === "\\")) return end;
    }
  }
  return null;
}

/** The end of the first extension SplitFilename stops at in `path`, whatever follows it; null if none. */
function firstExtension(path: string): number | null {
  const lower = path.toLowerCase();
  for (let i = 0; i < path.length; i++) {
    const ext = ZIP_EXTENSIONS.find((e) => lower.startsWith(e, i));
    if (ext) return i + ext.length;
  }
  return null;
}

/** The offset of the "}" that closes the "{" at `open`, counting nested braces as SplitFilename does; or null. */
function closingBrace(text: string, open: number): number | null {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return null;
}

function archive(text: string, at: number, ctx: FromContext): Piece[][] {
  let archivePath: string;
  let archiveAt: number;
  let inner: string;
  let innerAt: number;
  if (text[8] === "{") {
    const close = closingBrace(text, 8);
    if (close === null) ctx.fail("gdal/brace", at + 8, 'the "{" of /vsizip/{...} is never closed');
    const after = text[close + 1];
    if (after !== undefined && after !== "/" && after !== "\\") {
      ctx.fail("gdal/brace", at + close + 1, 'after the "}" of /vsizip/{...} GDAL needs a "/" or the end');
    }
    archivePath = text.slice(9, close);
    archiveAt = at + 9;
    inner = text.slice(close + 2);
    innerAt = at + close + 2;
  } else {
    // "Allow natural chaining of VSI drivers without requiring double slash" (SplitFilename).
    const skip = text.startsWith("/vsizip/vsi") ? 7 : 8;
    const rest = text.slice(skip);
    const end = splitArchive(rest);
    if (end === null) {
      ctx.fail(
        "gdal/no-archive",
        at + skip,
        `no segment of ${JSON.stringify(rest)} ends with ${ZIP_EXTENSIONS.join(", ")}: ` +
          "write the archive's path in braces, /vsizip/{...}/path/inside",
      );
    }
    archivePath = rest.slice(0, end);
    archiveAt = at + skip;
    inner = rest.slice(end + 1);
    innerAt = at + skip + end + 1;
  }
  const windows = !archivePath.startsWith("/vsi") && localFlavor(archivePath) === "windows";
  if (windows) {
    inner = inner.replace(/\\/g, "/");
  } else if (inner.includes("\\")) {
    ctx.fail(
      "gdal/backslash",
      innerAt + inner.indexOf("\\"),
      "GDAL reads a \\ inside an archive as a separator on Windows and " +
        "as a character elsewhere: write the path with /",
    );
  }
  const dot = dotSegment(inner);
  if (dot !== null)
    ctx.fail(
      "gdal/dot-segment",
      innerAt + dot,
      'GDAL compacts "." and ".." inside an archive (CompactFilename); a zip: path keeps them',
    );
  const path = encodePath(inner).replace(/^\//, "%2F");
  const pathPiece = path === inner ? verbatim(path, innerAt) : written(path, innerAt);
  return [...read(archivePath, archiveAt, ctx), [written("zip:", at), pathPiece]];
}

function toForeign(ctx: ToContext): { text: string } {
  return { text: write(ctx.canonical.subUrls.length - 1, ctx) };
}

/** The GDAL path of the pipeline's first `i + 1` sub-URLs. */
function write(i: number, ctx: ToContext): string {
  const s = ctx.canonical.subUrls[i]!;
  const at = ctx.tree.subUrls[i]!.span.start;
  const nul = (value: string, pick: Parameters<ToContext["offsetIn"]>[1]) => {
    const k = value.indexOf("\0");
    if (k >= 0) ctx.fail("gdal/nul", ctx.offsetIn(i, pick, k), "a GDAL file name ends at a NUL character");
    return value;
  };
  switch (s.scheme) {
    case "file": {
      const f = s as FileSubUrl;
      if (f.host !== null)
        ctx.fail("gdal/no-handler", at, "a file: URL with a host (a UNC share): write its local path instead");
      const path = nul(f.path.value, (x) => (x as FileSubUrl).path);
      return /^\/[A-Za-z]:\//.test(path) ? path.slice(1).replace(/\//g, "\\") : path;
    }
    case "http":
    case "https":
      return `/vsicurl/${(s as HttpSubUrl).raw}`;
    case "s3":
    case "gs": {
      const b = s as BucketSubUrl;
      return `/vsi${s.scheme}/${b.bucket.value}${b.path.raw === "" ? "" : `/${nul(b.path.value, (x) => (x as BucketSubUrl).path)}`}`;
    }
    case "memory":
      return `/vsimem/${nul((s as MemorySubUrl).path.value, (x) => (x as MemorySubUrl).path)}`;
    case "gzip":
      return `/vsigzip/${write(i - 1, ctx)}`;
    case "zip": {
      const pick = (x: unknown) => (x as PathAdapterSubUrl).path;
      const inner = nul((s as PathAdapterSubUrl).path.value, pick);
      const slash = inner.indexOf("\\");
      if (slash >= 0)
        ctx.fail(
          "gdal/backslash",
          ctx.offsetIn(i, pick, slash),
          "GDAL reads a \\ inside an archive as a separator on Windows",
        );
      const dot = dotSegment(inner);
      if (dot !== null)
        ctx.fail(
          "gdal/dot-segment",
          ctx.offsetIn(i, pick, dot),
          'GDAL compacts "." and ".." inside an archive (CompactFilename)',
        );
      const archivePath = write(i - 1, ctx);
      const tail = inner === "" ? "" : `/${inner}`;
      const plain = `/vsizip/${archivePath}${tail}`;
      // Without braces only when no extension occurs in the archive's path before its end: GDAL stops at each
      // occurrence and asks the file system, which a translation cannot answer for it.
      if (
        !archivePath.startsWith("{") &&
        firstExtension(archivePath) === archivePath.length &&
        splitArchive(plain.slice(8)) === archivePath.length
      ) {
        return plain;
      }
      const braced = `{${archivePath}}`;
      if (closingBrace(braced, 0) !== braced.length - 1) {
        ctx.fail(
          "gdal/brace",
          at,
          `the archive's path ${JSON.stringify(archivePath)} needs the /vsizip/{...} form, and its braces do not balance`,
        );
      }
      return `/vsizip/${braced}${tail}`;
    }
    default:
      return ctx.fail("gdal/no-handler", at, `"${s.scheme}:" has no GDAL virtual file system`);
  }
}

export const gdal: SyntaxTranslator = { fromForeign: fromGdal, toForeign };

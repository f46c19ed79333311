/**
 * What translate() says when a location cannot be carried from one syntax to the other: a {@link TranslateError}
 * with a stable `code` (docs/codes.md) and the `offset` of the character at fault in the input; and the notes a
 * translation may carry (something dropped that says how to read, not where: a cache, a streaming mode).
 */
import type { UrlPipelineSyntaxError } from "../errors";

/** `TranslateError.code`: `SYNTAX/what` for each syntax's own reasons, with what each means (docs/codes.md). */
export const TRANSLATE_CODES = {
  "input/lone-surrogate": "the input has an unpaired UTF-16 surrogate, which no syntax can carry (no UTF-8 form)",
  "pipeline/invalid":
    "to a syntax: the input is not a valid URL pipeline of the dialect (the cause is the UrlPipelineSyntaxError)",
  "pipeline/dotdot": "to a syntax: the pipeline has a ZEP 8 `..` adapter; resolve it first (normalize)",
  "result/invalid":
    "from a syntax: what the input names is no valid URL pipeline of the dialect (a character a sub-URL cannot hold, a scheme the dialect lacks); the offset is the input's",
  "fsspec/empty-element": "an empty element in an fsspec chain (`::` at the start or the end, or `::::`)",
  "fsspec/unknown-protocol": "an fsspec protocol with no URL pipeline scheme (`dask`, `abfs`, ...)",
  "fsspec/no-tar": "fsspec's `tar` protocol: the dialect has no tar adapter",
  "fsspec/relative-path": "a relative local path, which no file: URL can name",
  "fsspec/glob":
    "a `*` in the path fsspec opens, which fsspec expands as a glob (fsspec.core.get_fs_token_paths); a pipeline names one resource",
  "fsspec/query-option":
    "a `?` in an s3 or gs path, which s3fs and gcsfs read as an option (`?versionId=`, `?generation=`)",
  "fsspec/storage-options":
    "storage options (options.storageOptions): they configure a filesystem and no URL can carry them",
  "fsspec/compression":
    "a compression fsspec has and the pipeline has not (bz2, xz, lzma, lz4, snappy, zip), or one the pipeline has where fsspec cannot apply it (not the last sub-URL)",
  "fsspec/open-option":
    "translate() to fsspec of a pipeline that ends in gzip: or zstd:, which fsspec takes as open()'s compression=, not in the URL: use translateWithNotes()",
  "fsspec/double-colon":
    "a `::` where fsspec splits the chain and it must not: inside `[...]` (an IPv6 address), or, to fsspec, in a sub-URL",
  "fsspec/no-protocol":
    "to fsspec: a sub-URL with no fsspec protocol (s3+https:, a format such as zarr3:, a vendor scheme, a file: URL with a host)",
  "gdal/unknown-prefix": "a `/vsi...` prefix GDAL does not document",
  "gdal/no-handler":
    "a GDAL file system with no URL pipeline scheme (`/vsitar/`, `/vsiaz/`, ...), or, to GDAL, a sub-URL with no GDAL file system",
  "gdal/vsicurl-options":
    "`/vsicurl?option=...&url=...`: options say how to read, and a pipeline has no place for them",
  "gdal/brace": "unbalanced `{`/`}` in GDAL's `/vsizip/{...}` form",
  "gdal/no-archive":
    "a `/vsizip/` path with no `.zip` (or `.kmz`, `.ods`, `.xlsx`) segment ending the archive's path: write the archive in braces",
  "gdal/relative-path": "a relative local path, which no file: URL can name",
  "gdal/backslash":
    "a `\\` inside an archive path where GDAL's reading depends on the platform (not after a Windows drive path)",
  "gdal/dot-segment":
    "a `.` or `..` segment inside a ZIP archive, which GDAL compacts (cpl_vsil_abstract_archive.cpp CompactFilename) and the pipeline keeps",
  "gdal/nul": "to GDAL: a NUL character, which ends a GDAL file name",
  "jar/not-jar": "not a `jar:` URL",
  "jar/no-separator": 'a `jar:` URL without `!/` (java.net.JarURLConnection: "no !/ found in url spec")',
  "jar/nested": "a JAR inside a JAR: java.net.JarURLConnection does not handle nested JAR URLs",
  "jar/fragment": "a `#` fragment, which java.net.URL keeps apart from the entry and the pipeline cannot carry",
  "jar/percent": "a `%` that begins no `%XX` in the entry (java's ParseUtil.decode refuses it)",
  "jar/not-zip": "to jar: a pipeline that is not one root and one `zip:` adapter",
  "jar/separator-in-url": "to jar: the JAR's URL has `!/`, where JarURLConnection would split",
  "vfs/no-tar": "Commons VFS `tar:`, `tgz:` or `tbz2:`: the dialect has no tar adapter",
  "vfs/no-scheme":
    "a Commons VFS scheme with no URL pipeline scheme (`bz2:`), or, to VFS, a sub-URL with no VFS scheme",
  "vfs/relative-path": "a relative file name, which no file: URL can name",
  "vfs/dot-segment": "a `.` or `..` segment inside an archive, which VFS resolves and the pipeline keeps (either way)",
  "vfs/gz-entry":
    "a `!` part in a Commons VFS `gz:` name: gz: reads the decompressed file itself, with no entries to name",
  "vfs/percent": "a `%` that begins no `%XX` (VFS: \"you have to encode the '%' character using %25\")",
  "arcp/syntax": "not an arcp URI (draft-soilandreyes-arcp-03 section 3; grammar/arcp/arcp-uri.abnf)",
  "arcp/unknown-authority":
    "from arcp: an authority that options.authorities does not map to an archive pipeline (a UUID or hash cannot be inverted)",
  "arcp/query": "from arcp: a query, whose meaning the draft leaves undefined and a zip: path cannot carry",
  "arcp/fragment": "from arcp: a fragment, which a URL pipeline cannot carry",
  "arcp/dot-segment":
    'to arcp: a `.` or `..` segment in the zip: path, which the way back removes (section 7: "Implementations SHOULD perform Path Segment Normalization")',
  "arcp/not-archive": "to arcp: the pipeline does not end in an archive adapter (zip:)",
  "arcp/other-archive":
    "resolveArcp: the reference names a resource outside the base's archive (another scheme or authority)",
} as const;

export type TranslateErrorCode = keyof typeof TRANSLATE_CODES;

/** `TranslateNote.code`: what a translation dropped or needs besides its text (docs/codes.md). */
export const TRANSLATE_NOTE_CODES = {
  "fsspec/cache-dropped":
    "an fsspec caching layer (`simplecache::`, `filecache::`, `blockcache::`): it says how to read, not where; dropped",
  "fsspec/compression":
    "to fsspec: the pipeline ends in gzip: or zstd:, which fsspec takes as fsspec.open(..., compression=NAME)",
  "gdal/streaming":
    "a GDAL `_streaming` file system (`/vsicurl_streaming/`, `/vsis3_streaming/`, ...): the same resource, read sequentially; the mode is dropped",
} as const;

export type TranslateNoteCode = keyof typeof TRANSLATE_NOTE_CODES;

/** Something a translation dropped or needs: for people (`message`) and programs (`code`); `offset` in the input. */
export interface TranslateNote {
  code: TranslateNoteCode;
  message: string;
  offset: number;
}

/**
 * A location that cannot be carried exactly from one syntax to the other. `offset` is the 0-based UTF-16 offset
 * of the character at fault in `input` (the input's length when something is missing at its end); the message
 * names the character and its offset. `cause` is the UrlPipelineSyntaxError, when one said why.
 */
export class TranslateError extends Error {
  override readonly name = "TranslateError";
  readonly code: TranslateErrorCode;
  readonly input: string;
  readonly offset: number;
  /** The syntax translated from or to. */
  readonly syntax: string;
  readonly direction: "from" | "to";

  constructor(
    code: TranslateErrorCode,
    message: string,
    details: {
      input: string;
      offset: number;
      syntax: string;
      direction: "from" | "to";
      cause?: UrlPipelineSyntaxError | Error;
    },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.input = details.input;
    this.offset = details.offset;
    this.syntax = details.syntax;
    this.direction = details.direction;
  }
}

/** `"x" at offset 12`, or `the end of the input (offset 12)`: the character at fault, as the messages name it. */
export function charAt(input: string, offset: number): string {
  if (offset >= input.length) return `the end of the input (offset ${offset})`;
  const cp = input.codePointAt(offset)!;
  const ch = String.fromCodePoint(cp);
  const shown =
    cp < 0x20 || cp === 0x7f || (cp >= 0xd800 && cp <= 0xdfff)
      ? `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`
      : JSON.stringify(ch);
  return `${shown} at offset ${offset}`;
}

/** Refuses a text with an unpaired surrogate (`input/lone-surrogate`): it has no UTF-8 form, in either direction. */
export function refuseLoneSurrogate(text: string, syntax: string, direction: "from" | "to"): void {
  const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.exec(text);
  if (lone) {
    throw new TranslateError(
      "input/lone-surrogate",
      `${syntax}: ${charAt(text, lone.index)}: an unpaired surrogate has no UTF-8 form`,
      {
        input: text,
        offset: lone.index,
        syntax,
        direction,
      },
    );
  }
}

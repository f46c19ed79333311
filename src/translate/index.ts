/**
 * translate(): between URL pipelines and the archive-location syntaxes people already use. Each syntax is its own
 * module, headed by the documentation it rests on: fsspec chained URLs (fsspec.ts), GDAL virtual file systems
 * (gdal.ts), `jar:` URLs (jar.ts), Apache Commons VFS layered URIs (vfs.ts), arcp URIs (arcp.ts). A translation is
 * exact or it is a TranslateError naming the character and its offset: never a silent change. What a syntax says
 * about how to read (a cache, a streaming mode) is dropped with a note (translateWithNotes).
 */
import { optionsArgument, stringArgument } from "../arguments";
import { describeValue } from "../describe-value";
import { dialectArgument } from "../tree-arguments";
import { arcp } from "./arcp";
import {
  readPipeline,
  ToContext,
  type ForeignSyntax,
  type FromOptions,
  type SyntaxTranslator,
  type ToOptions,
  type TranslateOptions,
} from "./common";
import { fromHex } from "./digest";
import { charAt, refuseLoneSurrogate, TranslateError, type TranslateNote } from "./errors";
import { translateFrom } from "./from";
import { fsspec } from "./fsspec";
import { gdal } from "./gdal";
import { jar } from "./jar";
import { vfs } from "./vfs";

/** Every syntax, by name: a syntax named in ForeignSyntax and missing here does not compile. */
const SYNTAXES: { readonly [S in ForeignSyntax]: SyntaxTranslator } = { fsspec, gdal, jar, vfs, arcp };

/** The syntaxes translate() reads and writes, in the order the documentation lists them. */
export const TRANSLATE_SYNTAXES: readonly ForeignSyntax[] = Object.freeze(Object.keys(SYNTAXES) as ForeignSyntax[]);

/** A translation with what it left out: `notes`, and, to fsspec, the `compression=` fsspec.open needs. */
export interface Translation {
  text: string;
  notes: TranslateNote[];
  /** To fsspec: `fsspec.open(text, compression=...)` (the pipeline ended in gzip: or zstd:). */
  compression?: "gzip" | "zstd";
}

const COMPRESSIONS = new Set(["gzip", "zstd", "bz2", "lzma", "xz", "lz4", "snappy", "zip", "infer"]);
const isSyntax = (v: unknown): v is ForeignSyntax => typeof v === "string" && Object.hasOwn(SYNTAXES, v);
const plainObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every option of either direction, as the caller may have written them. */
type AnyOptions = Omit<FromOptions, "from" | "to"> & Omit<ToOptions, "from" | "to"> & { from?: unknown; to?: unknown };

/** The options, checked: one of `from` and `to`, and only the options that direction and syntax take. */
function checkOptions(fn: string, options: unknown): FromOptions | ToOptions {
  if (options === undefined)
    throw new TypeError(`${fn} takes options with "from" or "to" (one of ${TRANSLATE_SYNTAXES.join(", ")})`);
  const o = optionsArgument<AnyOptions>(fn, options);
  const { from, to } = o;
  if ((from === undefined) === (to === undefined)) {
    throw new TypeError(
      `${fn} takes one of options.from and options.to (${TRANSLATE_SYNTAXES.join(", ")}), ` +
        `not ${from === undefined ? "neither" : "both"}`,
    );
  }
  const syntax = from ?? to;
  if (!isSyntax(syntax))
    throw new TypeError(
      `${fn}: options.${from !== undefined ? "from" : "to"} must be one of ${TRANSLATE_SYNTAXES.join(", ")}, not ${describeValue(syntax)}`,
    );
  if (o.dialect !== undefined) dialectArgument(fn, o.dialect);
  const only = (option: keyof AnyOptions, direction: "from" | "to", syntaxes: readonly ForeignSyntax[]) => {
    if (o[option] === undefined) return false;
    const ok = syntaxes.includes(syntax) && (direction === "from") === (from !== undefined);
    if (!ok)
      throw new TypeError(
        `${fn}: options.${option} applies to { ${direction}: ${syntaxes.map((s) => `"${s}"`).join(" | ")} } only`,
      );
    return true;
  };
  if (only("compression", "from", ["fsspec"]) && !COMPRESSIONS.has(o.compression as string)) {
    throw new TypeError(
      `${fn}: options.compression must be one of ${[...COMPRESSIONS].join(", ")}, not ${describeValue(o.compression)}`,
    );
  }
  if (only("storageOptions", "from", ["fsspec"]) && !plainObject(o.storageOptions)) {
    throw new TypeError(`${fn}: options.storageOptions must be an object, not ${describeValue(o.storageOptions)}`);
  }
  if (only("authorities", "from", ["arcp"])) {
    if (!plainObject(o.authorities))
      throw new TypeError(
        `${fn}: options.authorities must be an object of authority: pipeline, not ${describeValue(o.authorities)}`,
      );
    for (const [k, v] of Object.entries(o.authorities!)) {
      if (typeof v !== "string")
        throw new TypeError(
          `${fn}: options.authorities[${JSON.stringify(k)}] must be a pipeline string, not ${describeValue(v)}`,
        );
    }
  }
  const bytes = only("archiveBytes", "to", ["arcp"]);
  if (bytes && !(o.archiveBytes instanceof Uint8Array))
    throw new TypeError(`${fn}: options.archiveBytes must be a Uint8Array, not ${describeValue(o.archiveBytes)}`);
  if (only("archiveSha256", "to", ["arcp"])) {
    if (bytes) throw new TypeError(`${fn}: give options.archiveBytes or options.archiveSha256, not both`);
    const d = o.archiveSha256;
    const ok =
      d instanceof Uint8Array ? d.length === 32 : typeof d === "string" && d.length === 64 && fromHex(d) !== null;
    if (!ok)
      throw new TypeError(
        `${fn}: options.archiveSha256 must be 32 bytes or 64 hexadecimal digits, not ${describeValue(d)}`,
      );
  }
  return o as unknown as FromOptions | ToOptions;
}

/**
 * Like {@link translate}, with the notes of what was left out (fsspec caches, GDAL streaming modes) and, to fsspec,
 * the `compression` fsspec.open needs besides the URL.
 */
export function translateWithNotes(text: string, options: TranslateOptions): Translation {
  return run("translateWithNotes()", text, options);
}

function run(fn: string, text: string, options: TranslateOptions): Translation {
  stringArgument(fn, "its input", text);
  const o = checkOptions(fn, options);
  if (o.from !== undefined) return translateFrom(text, o.from, SYNTAXES[o.from].fromForeign, o);
  refuseLoneSurrogate(text, o.to, "to");
  const { tree, canonical } = readPipeline(text, o.to, o);
  const ctx = new ToContext(text, o.to, o, tree, canonical);
  const r = SYNTAXES[o.to].toForeign(ctx);
  return { text: r.text, notes: ctx.notes, ...(r.compression ? { compression: r.compression } : {}) };
}

/**
 * Translates a location between a URL pipeline and another syntax: `{ from: S }` reads `text` in syntax S and
 * returns the pipeline (valid in `options.dialect`, and canonical: normalize()); `{ to: S }` reads `text` as a
 * pipeline and returns it in syntax S.
 *
 * @example
 * translate("zip://inner/a.txt::s3://bucket/x.zip", { from: "fsspec" }); // "s3://bucket/x.zip|zip:inner/a.txt"
 * translate("s3://bucket/a.zip|zip:dir/f.tif", { to: "gdal" });           // "/vsizip//vsis3/bucket/a.zip/dir/f.tif"
 * @throws TranslateError when the location cannot be carried exactly (its `code` and `offset` say why and where);
 *   TypeError for arguments of the wrong type.
 */
export function translate(text: string, options: TranslateOptions): string {
  const r = run("translate()", text, options);
  if (r.compression !== undefined) {
    const at = text.lastIndexOf("|") + 1;
    throw new TranslateError(
      "fsspec/open-option",
      `to fsspec: ${charAt(text, at)}: fsspec reads ${r.compression}: through ` +
        `fsspec.open(url, compression="${r.compression}"), not in the URL: translateWithNotes() gives both`,
      {
        input: text,
        offset: at,
        syntax: "fsspec",
        direction: "to",
      },
    );
  }
  return r.text;
}

export type { ForeignSyntax, FromOptions, ToOptions, TranslateOptions, FsspecCompression } from "./common";

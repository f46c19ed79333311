/**
 * What the syntax modules share: the contexts they read, the pieces a translation into a pipeline is built from
 * (each remembers where in the input it came from, so that an error in the result points into the input), the
 * local-path root, and the preparation of a pipeline for a translation out of it.
 */
import { UrlPipelineSyntaxError } from "../errors";
import { FilePathError, fromPath, type PathFlavor } from "../meaning/file-path";
import { normalize } from "../meaning/normalize";
import { rawOffsetOfDecoded } from "../strict/percent-encoding";
import { parse } from "../parse";
import type { Component, DialectName, Pipeline, SubUrl } from "../tree/nodes";
import { charAt, TranslateError, type TranslateErrorCode, type TranslateNote, type TranslateNoteCode } from "./errors";

/** The syntaxes translate() knows: the keys of the table in index.ts. */
export type ForeignSyntax = "fsspec" | "gdal" | "jar" | "vfs" | "arcp";

/** fsspec compression names (fsspec/compression.py `register_compression`), and "infer" (from the extension). */
export type FsspecCompression = "gzip" | "zstd" | "bz2" | "lzma" | "xz" | "lz4" | "snappy" | "zip" | "infer";

interface CommonOptions {
  /** The pipeline's dialect: "url-pipeline-v0" (default) or "zep8". */
  dialect?: DialectName;
  /** Limits of the pipeline read or written, as parse() takes them. */
  maxLength?: number;
  maxSubUrls?: number;
}

/** translate(text, { from }): text in a syntax, to a pipeline. */
export interface FromOptions extends CommonOptions {
  from: ForeignSyntax;
  to?: undefined;
  /** fsspec: the `compression=` given to fsspec.open with the URL ("gzip" and "zstd" become adapters; "infer" reads the extension). */
  compression?: FsspecCompression;
  /** fsspec: storage options given with the URL. Refused unless empty: no URL can carry them. */
  storageOptions?: Readonly<Record<string, unknown>>;
  /** arcp: each authority (`uuid,...`, `ni,...`, `name,...`) to the pipeline of its archive, ending in `zip:`. */
  authorities?: Readonly<Record<string, string>>;
}

/** translate(pipeline, { to }): a pipeline, to text in a syntax. */
export interface ToOptions extends CommonOptions {
  to: ForeignSyntax;
  from?: undefined;
  /** arcp: the archive's bytes, for the hash-based authority `ni,sha-256;...` (RFC 6920). */
  archiveBytes?: Uint8Array;
  /** arcp: the archive's SHA-256 digest (32 bytes, or 64 hexadecimal digits), for the hash-based authority. */
  archiveSha256?: Uint8Array | string;
}

export type TranslateOptions = FromOptions | ToOptions;

/** A piece of the pipeline being written, and the offset in the input it stands for. */
export interface Piece {
  text: string;
  /** Offset in the input of what this piece translates. */
  at: number;
  /** True when `text` is the input's own text from `at` on, character for character. */
  verbatim: boolean;
}

/** The input's own text, carried as it is. */
export const verbatim = (text: string, at: number): Piece => ({ text, at, verbatim: true });
/** Text written for what starts at `at` in the input. */
export const written = (text: string, at: number): Piece => ({ text, at, verbatim: false });

/** What both directions share: the input, the notes, and errors that point into the input. */
abstract class Context {
  readonly notes: TranslateNote[] = [];

  constructor(
    readonly input: string,
    readonly syntax: ForeignSyntax,
    private readonly direction: "from" | "to",
  ) {}

  /** Throws the TranslateError `code` for the character at `offset`, saying why (`reason`). */
  fail(code: TranslateErrorCode, offset: number, reason: string, cause?: Error): never {
    const prefix = this.direction === "from" ? this.syntax : `to ${this.syntax}`;
    throw new TranslateError(code, `${prefix}: ${charAt(this.input, offset)}: ${reason}`, {
      input: this.input,
      offset,
      syntax: this.syntax,
      direction: this.direction,
      cause,
    });
  }

  note(code: TranslateNoteCode, offset: number, message: string): void {
    this.notes.push({ code, message, offset });
  }
}

/** What a module translating into a pipeline reads and reports through. */
export class FromContext extends Context {
  constructor(
    input: string,
    syntax: ForeignSyntax,
    readonly options: Partial<FromOptions>,
    readonly dialect: DialectName,
  ) {
    super(input, syntax, "from");
  }

  /**
   * The pipeline of the sub-URLs, each a list of pieces: checked by the dialect's grammar (an error points into
   * the input through the pieces), then written canonically (normalize).
   */
  finish(subUrls: readonly Piece[][]): string {
    let text = "";
    const placed: { start: number; piece: Piece }[] = [];
    subUrls.forEach((pieces, i) => {
      if (i > 0) text += "|";
      for (const piece of pieces) {
        placed.push({ start: text.length, piece });
        text += piece.text;
      }
    });
    const limits = { dialect: this.dialect, maxLength: this.options.maxLength, maxSubUrls: this.options.maxSubUrls };
    let tree: Pipeline;
    try {
      tree = parse(text, limits) as Pipeline;
    } catch (e) {
      if (!(e instanceof UrlPipelineSyntaxError)) throw e;
      let offset = 0;
      for (const { start, piece } of placed) {
        if (start > e.offset) break;
        const inside = Math.min(e.offset - start, piece.text.length);
        offset = piece.verbatim ? piece.at + inside : piece.at;
      }
      this.fail(
        "result/invalid",
        Math.min(offset, this.input.length),
        `what it names is not a valid URL pipeline (${this.dialect}): ${JSON.stringify(text)}: ${e.message}`,
        e,
      );
    }
    return normalize(tree, limits);
  }

  /**
   * A local path as its file: URL (RFC 8089, fromPath): absolute POSIX paths, Windows drive and UNC paths; a
   * relative path is `relativeCode`. `at` is the path's offset in the input.
   */
  localRoot(path: string, at: number, relativeCode: TranslateErrorCode): Piece {
    const flavor = localFlavor(path);
    if (flavor === null) {
      this.fail(
        relativeCode,
        at,
        `${JSON.stringify(path)} is a relative path: a URL pipeline starts with an absolute location`,
      );
    }
    try {
      return written(fromPath(path, { flavor }), at);
    } catch (e) {
      if (!(e instanceof FilePathError)) throw e;
      return this.fail(
        "result/invalid",
        at + Math.min(e.offset, path.length),
        `the local path has no file: URL: ${e.message}`,
        e,
      );
    }
  }
}

/** The flavor of an absolute local path (a POSIX path, a Windows drive or UNC path), or null. */
export function localFlavor(path: string): PathFlavor | null {
  if (/^[A-Za-z]:[\\/]/.test(path) || /^\\\\[^\\/]/.test(path)) return "windows";
  if (path.startsWith("/")) return "posix";
  return null;
}

/** What a module translating out of a pipeline reads and reports through. */
export class ToContext extends Context {
  constructor(
    input: string,
    syntax: ForeignSyntax,
    readonly options: Partial<ToOptions>,
    /** The pipeline as written: its spans point into the input. */
    readonly tree: Pipeline,
    /** The same pipeline written canonically (normalize): the text and values to translate. */
    readonly canonical: Pipeline,
  ) {
    super(input, syntax, "to");
  }

  /** The offset in the input of the character at `index` of a component's decoded value (the canonical one). */
  offsetIn(subUrl: number, pick: (s: SubUrl) => Component | null | undefined, index: number): number {
    const written = this.tree.subUrls[subUrl]!;
    const component = pick(written);
    const canonical = pick(this.canonical.subUrls[subUrl]!);
    if (!component || !canonical || component.value !== canonical.value)
      return component?.span.start ?? written.span.start;
    // The value may leave out a leading "/" of the text (an S3 key, a ZIP entry: D36, D37).
    let decodedRaw: string;
    try {
      decodedRaw = decodeURIComponent(component.raw);
    } catch {
      return component.span.start;
    }
    const lead = decodedRaw.endsWith(component.value) ? decodedRaw.length - component.value.length : 0;
    return component.span.start + rawOffsetOfDecoded(component.raw, index + lead);
  }
}

/**
 * The pipeline of a translation out of it: parsed with the dialect (an invalid one is `pipeline/invalid`), without
 * `..` adapters (`pipeline/dotdot`: resolve them first), and its canonical form, sub-URL for sub-URL.
 */
export function readPipeline(
  input: string,
  syntax: ForeignSyntax,
  options: Partial<ToOptions>,
): { tree: Pipeline; canonical: Pipeline } {
  const parseOptions = { dialect: options.dialect, maxLength: options.maxLength, maxSubUrls: options.maxSubUrls };
  let tree: Pipeline;
  try {
    tree = parse(input, parseOptions) as Pipeline;
  } catch (e) {
    if (!(e instanceof UrlPipelineSyntaxError)) throw e;
    throw new TranslateError("pipeline/invalid", `to ${syntax}: the input is not a valid URL pipeline: ${e.message}`, {
      input,
      offset: e.offset,
      syntax,
      direction: "to",
      cause: e,
    });
  }
  const dotdot = tree.subUrls.find((s) => s.scheme === "..");
  if (dotdot) {
    throw new TranslateError(
      "pipeline/dotdot",
      `to ${syntax}: ${charAt(input, dotdot.span.start)}: the ".." adapter ` +
        `is resolved by normalize() or resolveDotDot(); translate the resolved pipeline`,
      {
        input,
        offset: dotdot.span.start,
        syntax,
        direction: "to",
      },
    );
  }
  const canonical = parse(normalize(tree, parseOptions), parseOptions) as Pipeline;
  return { tree, canonical };
}

/** The index of the first "." or ".." segment of a "/"-separated path, and its offset, or null. */
export function dotSegment(path: string): number | null {
  const m = /(?:^|\/)(\.\.?)(?=\/|$)/.exec(path);
  return m ? m.index + (m[0].startsWith("/") ? 1 : 0) : null;
}

/** One syntax: translation into a pipeline (its sub-URLs, as pieces) and out of one. */
export interface SyntaxTranslator {
  fromForeign(ctx: FromContext): Piece[][];
  toForeign(ctx: ToContext): { text: string; compression?: "gzip" | "zstd" };
}

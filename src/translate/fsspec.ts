/**
 * fsspec chained URLs, as the fsspec documentation describes them ("URL chaining",
 * https://filesystem-spec.readthedocs.io/en/latest/features.html#url-chaining: "the special separator "::" can
 * be used to "chain" URLs"; the examples `dask::s3://bucket/key`, `zip://*.csv::simplecache::gcs://bucket/afile.zip`,
 * `simplecache::zip://*.csv::gcs://bucket/afile.zip`) and as fsspec/core.py reads them:
 *
 * - `_un_chain` splits at every "::" (`path.split("::")`, brackets included) and makes a bit that is one
 *   lower-case word a protocol (`simplecache` is `simplecache://`); the innermost element comes first.
 * - A caching layer (`CachingFileSystem`: simplecache, filecache, blockcache) takes the path of the element after
 *   it (`bit = previous_bit`): it says how to read, not where, so it is dropped with a note.
 * - The innermost path is expanded as a glob when it has a `*` (`get_fs_token_paths`: `elif "*" in paths`): refused,
 *   since a pipeline names one resource.
 * - `fsspec.open(url, compression=...)` (fsspec/compression.py: gzip `.gz`, zstd `.zst`, bz2, lzma/xz, lz4, snappy,
 *   zip) decompresses outside the URL: gzip and zstd are the pipeline's `gzip:` and `zstd:` as the last sub-URL.
 * - Paths are raw (no percent-encoding, as the filesystems take them: s3fs keys, local paths); an HTTP URL is a URL.
 *   s3fs and gcsfs read a `?` as options (`?versionId=`, `?generation=`): refused.
 *
 * Protocols: s3 and s3a (s3fs) are `s3:`; gs and gcs (gcsfs) are `gs:`; file and local, and a path with no
 * protocol, are `file:`; memory, http, https; zip is `zip:`. tar has no adapter in either dialect.
 */
import { encodePath } from "../strict/percent-encoding";
import type { BucketSubUrl, FileSubUrl, HttpSubUrl, MemorySubUrl, PathAdapterSubUrl, SubUrl } from "../tree/nodes";
import { verbatim, written, type FromContext, type Piece, type SyntaxTranslator, type ToContext } from "./common";

const ROOTS: Readonly<Record<string, "s3" | "gs" | "file" | "memory" | "http" | "https">> = {
  s3: "s3",
  s3a: "s3",
  gs: "gs",
  gcs: "gs",
  file: "file",
  local: "file",
  memory: "memory",
  http: "http",
  https: "https",
};
const CACHING = new Set(["simplecache", "filecache", "blockcache", "cached"]);
/** fsspec.utils.compressions after fsspec/compression.py's registrations: extension -> compression name. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  gz: "gzip",
  zst: "zstd",
  bz2: "bz2",
  xz: "xz",
  lz4: "lz4",
  zip: "zip",
};

interface Element {
  /** The protocol as written, or null for a path with no protocol (fsspec's "file"). */
  protocol: string | null;
  path: string;
  at: number;
  pathAt: number;
  text: string;
}

/** `_un_chain`'s reading of one bit. */
function element(text: string, at: number, ctx: FromContext): Element {
  if (text === "") ctx.fail("fsspec/empty-element", at, 'an empty element: "::" separates two elements of a chain');
  if (/^[a-z]+$/.test(text)) return { protocol: text, path: "", at, pathAt: at + text.length, text };
  const sep = text.indexOf("://");
  // split_protocol: "if len(protocol) > 1" (a one-letter "protocol" is a Windows drive).
  if (sep > 1) return { protocol: text.slice(0, sep), path: text.slice(sep + 3), at, pathAt: at + sep + 3, text };
  return { protocol: null, path: text, at, pathAt: at, text };
}

/** fsspec to a pipeline: its sub-URLs, as pieces (src/translate/from.ts). */
export function fromFsspec(ctx: FromContext): Piece[][] {
  const input = ctx.input;
  const storage = ctx.options.storageOptions;
  if (storage !== undefined && Object.keys(storage).length > 0) {
    ctx.fail(
      "fsspec/storage-options",
      0,
      `storage options (${Object.keys(storage).join(", ")}) configure a filesystem: ` +
        "a URL pipeline has no place for them (credentials and endpoints belong to the reader's configuration)",
    );
  }
  const bracketed = /\[[^\]]*::/.exec(input);
  if (bracketed) {
    ctx.fail(
      "fsspec/double-colon",
      bracketed.index + bracketed[0].length - 2,
      'fsspec splits a chain at every "::", inside ' +
        '[...] too (fsspec.core._un_chain): an IPv6 address with "::" cannot be written in an fsspec chain',
    );
  }
  const elements: Element[] = [];
  for (let start = 0; ; ) {
    const i = input.indexOf("::", start);
    elements.push(element(input.slice(start, i < 0 ? undefined : i), start, ctx));
    if (i < 0) break;
    start = i + 2;
  }
  const opened = elements.find((e) => !(e.protocol !== null && CACHING.has(e.protocol)));
  const star = opened ? opened.path.indexOf("*") : -1;
  if (opened && star >= 0) {
    ctx.fail(
      "fsspec/glob",
      opened.pathAt + star,
      'fsspec expands "*" in the path it opens as a glob ' +
        "(fsspec.core.get_fs_token_paths); a URL pipeline names one resource",
    );
  }
  const outer = elements[elements.length - 1]!;
  const subUrls: Piece[][] = [root(outer, ctx)];
  for (let k = elements.length - 2; k >= 0; k--) {
    const e = elements[k]!;
    if (e.protocol !== null && CACHING.has(e.protocol)) {
      ctx.note("fsspec/cache-dropped", e.at, `"${e.protocol}" is a cache: it says how to read, not where; left out`);
      continue;
    }
    if (e.protocol === "zip") {
      const path = encodePath(e.path);
      subUrls.push([written("zip:", e.at), path === e.path ? verbatim(path, e.pathAt) : written(path, e.pathAt)]);
    } else {
      unknown(e, ctx);
    }
  }
  const compression = ctx.options.compression;
  if (compression !== undefined) {
    const name = compression === "infer" ? inferred(opened?.path ?? "") : compression;
    if (name === "gzip" || name === "zstd") subUrls.push([written(`${name}:`, input.length)]);
    else if (name !== null) {
      ctx.fail(
        "fsspec/compression",
        0,
        `compression="${compression}"${compression === "infer" ? ` (${name})` : ""} has no ` +
          "adapter in a URL pipeline (gzip: and zstd: have)",
      );
    }
  }
  return subUrls;
}

/** fsspec.utils.infer_compression: the compression named by the extension of the path opened, or null. */
function inferred(path: string): string | null {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot < 0 ? null : (EXTENSIONS[name.slice(dot + 1).toLowerCase()] ?? null);
}

function unknown(e: Element, ctx: FromContext): never {
  const p = e.protocol ?? "";
  if (p === "tar")
    ctx.fail(
      "fsspec/no-tar",
      e.at,
      "fsspec's tar protocol has no URL pipeline adapter: neither dialect has a tar scheme",
    );
  if (e.protocol === null)
    ctx.fail(
      "fsspec/relative-path",
      e.at,
      `${JSON.stringify(e.text)} is a local path: only the outermost element can be one`,
    );
  if (CACHING.has(p))
    ctx.fail("fsspec/unknown-protocol", e.at, `"${p}" is a cache of the element after it: it cannot be the outermost`);
  const lower = p.toLowerCase() !== p ? " (fsspec's protocol names are lower-case)" : "";
  return ctx.fail("fsspec/unknown-protocol", e.at, `the fsspec protocol "${p}" has no URL pipeline scheme${lower}`);
}

function root(e: Element, ctx: FromContext): Piece[] {
  if (e.protocol === null) return [ctx.localRoot(e.path, e.at, "fsspec/relative-path")];
  const scheme = Object.hasOwn(ROOTS, e.protocol) ? ROOTS[e.protocol]! : null;
  switch (scheme) {
    case "s3":
    case "gs": {
      const q = e.path.indexOf("?");
      if (q >= 0)
        ctx.fail(
          "fsspec/query-option",
          e.pathAt + q,
          `${e.protocol === "s3" || e.protocol === "s3a" ? "s3fs" : "gcsfs"} reads a "?" as options (?versionId=, ?generation=), not as a key character`,
        );
      const slash = e.path.indexOf("/");
      const bucket = slash < 0 ? e.path : e.path.slice(0, slash);
      const pieces = [written(`${scheme}://`, e.at), verbatim(bucket, e.pathAt)];
      if (slash >= 0) pieces.push(written(`/${encodePath(e.path.slice(slash + 1))}`, e.pathAt + slash));
      return pieces;
    }
    case "file":
      return [ctx.localRoot(e.path, e.pathAt, "fsspec/relative-path")];
    case "memory":
      return [written(`memory://${encodePath(e.path.replace(/^\/+/, ""))}`, e.at)];
    case "http":
    case "https":
      // An HTTP URL is a URL: carried as it is (fsspec's HTTPFileSystem sends it as written).
      return [verbatim(e.text, e.at)];
    default:
      return unknown(e, ctx);
  }
}

function toForeign(ctx: ToContext): { text: string; compression?: "gzip" | "zstd" } {
  const subs = ctx.canonical.subUrls;
  let end = subs.length;
  let compression: "gzip" | "zstd" | undefined;
  const last = subs[end - 1]!;
  if (end > 1 && (last.scheme === "gzip" || last.scheme === "zstd")) {
    compression = last.scheme;
    end--;
    ctx.note(
      "fsspec/compression",
      ctx.tree.subUrls[end]!.span.start,
      `open it with fsspec.open(url, compression="${compression}"): fsspec decompresses outside the URL`,
    );
  }
  // Each element, outer first, with where its text comes from (for the checks below).
  const elements: { text: string; sub: number; offset: (index: number) => number; path: string; pathStart: number }[] =
    [];
  for (let i = 0; i < end; i++) {
    const s = subs[i]!;
    const at = ctx.tree.subUrls[i]!.span.start;
    if (i === 0) {
      elements.push(rootElement(s, i, ctx));
    } else if (s.scheme === "zip") {
      const path = (s as PathAdapterSubUrl).path.value;
      const text = `zip://${path}`;
      elements.push({
        text,
        sub: i,
        path,
        pathStart: 6,
        offset: (k) => (k < 6 ? at : ctx.offsetIn(i, (x) => (x as PathAdapterSubUrl).path, k - 6)),
      });
    } else if (s.scheme === "gzip" || s.scheme === "zstd") {
      ctx.fail(
        "fsspec/compression",
        at,
        `fsspec decompresses only the file it opens (compression=), not a sub-URL before "${subs[i + 1]!.scheme}:"`,
      );
    } else {
      ctx.fail("fsspec/no-protocol", at, `"${s.scheme}:" has no fsspec protocol`);
    }
  }
  elements.forEach((e, k) => {
    const bad = e.text.indexOf("::");
    const endsColon = k > 0 && e.text.endsWith(":"); // followed by the "::" before the element inside it
    if (bad >= 0 || endsColon) {
      const index = bad >= 0 ? bad : e.text.length - 1;
      ctx.fail(
        "fsspec/double-colon",
        e.offset(index),
        `fsspec splits a chain at every "::": the text ${JSON.stringify(e.text)} cannot be one element`,
      );
    }
  });
  const inner = elements[elements.length - 1]!;
  const star = inner.path.indexOf("*");
  if (star >= 0) {
    ctx.fail(
      "fsspec/glob",
      inner.offset(inner.pathStart + star),
      'fsspec would expand the "*" as a glob (fsspec.core.get_fs_token_paths)',
    );
  }
  return {
    text: elements
      .reverse()
      .map((e) => e.text)
      .join("::"),
    ...(compression ? { compression } : {}),
  };
}

function rootElement(s: SubUrl, i: number, ctx: ToContext) {
  const at = ctx.tree.subUrls[i]!.span.start;
  const raw = (text: string) => ({ text, sub: i, path: "", pathStart: 0, offset: (k: number) => at + k });
  switch (s.scheme) {
    case "s3":
    case "gs": {
      const b = s as BucketSubUrl;
      const q = b.path.value.indexOf("?");
      if (q >= 0)
        ctx.fail(
          "fsspec/query-option",
          ctx.offsetIn(i, (x) => (x as BucketSubUrl).path, q),
          `${s.scheme === "s3" ? "s3fs" : "gcsfs"} would read the "?" as options`,
        );
      const prefix = `${s.scheme}://${b.bucket.value}${b.path.raw === "" ? "" : "/"}`;
      return {
        text: prefix + b.path.value,
        sub: i,
        path: b.path.value,
        pathStart: prefix.length,
        offset: (k: number) =>
          k < prefix.length ? at : ctx.offsetIn(i, (x) => (x as BucketSubUrl).path, k - prefix.length),
      };
    }
    case "file": {
      const f = s as FileSubUrl;
      if (f.host !== null)
        ctx.fail("fsspec/no-protocol", at, "a file: URL with a host (a UNC share) has no fsspec local path");
      return {
        text: `file://${f.path.value}`,
        sub: i,
        path: f.path.value,
        pathStart: 7,
        offset: (k: number) => (k < 7 ? at : ctx.offsetIn(i, (x) => (x as FileSubUrl).path, k - 7)),
      };
    }
    case "memory": {
      const m = s as MemorySubUrl;
      return {
        text: `memory://${m.path.value}`,
        sub: i,
        path: m.path.value,
        pathStart: 9,
        offset: (k: number) => (k < 9 ? at : ctx.offsetIn(i, (x) => (x as MemorySubUrl).path, k - 9)),
      };
    }
    case "http":
    case "https": {
      const text = (s as HttpSubUrl).raw;
      return { ...raw(text), path: text };
    }
    default:
      return ctx.fail(
        "fsspec/no-protocol",
        at,
        `"${s.scheme}:" has no fsspec protocol` +
          (s.scheme.startsWith("s3+")
            ? " (s3fs reaches another endpoint through client_kwargs, a storage option)"
            : ""),
      );
  }
}

export const fsspec: SyntaxTranslator = { fromForeign: fromFsspec, toForeign };

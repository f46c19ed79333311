/**
 * normalize(): one canonical spelling per meaning. Idempotent, and the result parses to a tree that means the
 * same. Each rule cites its source; docs/decisions.md D24 lists them together.
 *
 * - Schemes lower-case (RFC 3986 3.1; url-pipeline v0: "the canonical representation is lowercase"); adapters
 *   written with their ":" (ZEP 8: `zip` is `zip:`).
 * - Percent-encodings with upper-case hex, and unreserved characters decoded (RFC 3986 6.2.2.1, 6.2.2.2).
 * - Hosts lower-case (RFC 3986 6.2.2.1, 3.2.2); a default or empty port dropped and an empty http(s) path made
 *   "/" (RFC 3986 6.2.3).
 * - Dot-segments removed from http(s) and file paths (RFC 3986 6.2.2.3), and kept in object-store keys and the
 *   paths inside archives and hierarchies, where "." and ".." are key characters.
 * - `file:` in the u3 form `file:///p`: `file:/p` and `file://localhost/p` are the same file (RFC 8089 2, 3).
 * - `memory:`: `memory:a`, `memory:/a` and `memory://a` are one location (url-pipeline v0): `memory://a`, the one
 *   spelling TensorStore reads too (decision D24).
 * - ZEP 8 `..` adapters resolved (ZEP 8's example "Normalizes to" without them; see resolveDotDotPipeline).
 * - `icechunk:` with the default reference `branch.main` written without it (ZEP 8: `icechunk:` is
 *   `icechunk:@branch.main/`); OCDBT commit times without trailing zeros in the fraction; byte-range bounds
 *   without leading zeros.
 * - The path of a node in a hierarchy (zarr3:, zarr2:, zarr:, n5:, hdf5:) without a trailing "/" (D60).
 * - Kept as written, because they carry meaning: a trailing "/" (directory), the case of paths, keys and
 *   buckets, "." and ".." segments in keys, and the percent-encoding of reserved characters (RFC 3986 6.2.2.2:
 *   only unreserved characters may be decoded).
 */
import { DIALECTS, getDialect } from "../dialects";
import { parse, type ParseOptions } from "../parse";
import type * as T from "../tree/nodes";
import { dispatchOwn, isBodilessAdapter, isNonstandard, isPathAdapter, type PerOwnScheme } from "../schemes";
import type { DialectName, Pipeline, RelativePipeline, SubUrl } from "../tree/nodes";
import { versionMark } from "./format";
import { encodeLeadingAt, normalizePercent } from "../strict/percent-encoding";
import { resolveDotDotPipeline, type ResolveOptions } from "./resolve";
import { optionsArgument, subUrlArgument } from "../arguments";
import { dialectArgument, treeArgument } from "../tree-arguments";
import { removeDotSegments } from "./rfc3986-resolve";

export interface NormalizeOptions {
  /** The dialect of a string input: "url-pipeline-v0" (default) or "zep8". A tree carries its own. */
  dialect?: DialectName;
  /** Passed to parse() for a string input. */
  maxLength?: number;
  maxSubUrls?: number;
  /** For ZEP 8 `..` adapters, which normalize() resolves: see `ResolveOptions.dotdot` (default "allow"). */
  dotdot?: ResolveOptions["dotdot"];
  /** See `ResolveOptions.aboveRoot` (default "error"). */
  aboveRoot?: ResolveOptions["aboveRoot"];
  /** See `ParseOptions.kinds`: `false` normalizes a string the grammar accepts whatever the kinds of its bases. */
  kinds?: boolean;
}

/**
 * The canonical spelling of a URL pipeline (or ZEP 8 relative pipeline).
 *
 * @example
 * normalize("FILE://localhost/tmp/a.zip|ZIP|zarr3");  // "file:///tmp/a.zip|zip:|zarr3:"
 * normalize("https://Example.COM:443/a/./b/../c%7e"); // "https://example.com/a/c~"
 * @throws UrlPipelineSyntaxError when a string input is not valid.
 */
export function normalize(input: string | Pipeline | RelativePipeline, options: NormalizeOptions = {}): string {
  optionsArgument("normalize()", options);
  if (typeof input !== "string") treeArgument("normalize()", input, ["pipeline", "relative-pipeline"]);
  const parsed = typeof input === "string" ? parseAny(input, options) : input;
  const hasDotDot = parsed.type === "pipeline" && parsed.subUrls.some((s) => s.scheme === "..");
  const tree = hasDotDot
    ? resolveDotDotPipeline(parsed as Pipeline, {
        maxLength: options.maxLength,
        maxSubUrls: options.maxSubUrls,
        dotdot: options.dotdot,
        aboveRoot: options.aboveRoot,
      })
    : parsed;
  // A sub-URL that an adapter needs as a directory ends its path with "/" (D39).
  const needsDirectory = (i: number) => {
    const next = tree.subUrls[i + 1];
    return next !== undefined && directoryBases(tree.dialect).has(next.scheme);
  };
  const parts = tree.subUrls.map((s, i) => canonicalSubUrl(s, tree.dialect, { directory: needsDirectory(i) }));
  if (tree.type === "relative-pipeline" && tree.path !== null) {
    const path = normalizePercent(tree.path.raw);
    parts.unshift(
      tree.subUrls.length > 0 && directoryBases(tree.dialect).has(tree.subUrls[0]!.scheme) ? asDirectory(path) : path,
    );
  }
  return parts.join("|");
}

function parseAny(input: string, options: NormalizeOptions): Pipeline | RelativePipeline {
  const common: ParseOptions = {
    dialect: options.dialect ?? "url-pipeline-v0",
    maxLength: options.maxLength,
    maxSubUrls: options.maxSubUrls,
    kinds: options.kinds,
  };
  if (common.dialect === "zep8")
    return parse(input, { ...common, rule: "relative-url-pipeline" }) as Pipeline | RelativePipeline;
  return parse(input, common as ParseOptions & { rule?: undefined });
}

/** The adapter schemes of a dialect whose base must be a directory (from the grammar headers' `@base`). */
const DIRECTORY_BASES = new Map<DialectName, ReadonlySet<string>>();
function directoryBases(dialect: DialectName): ReadonlySet<string> {
  let set = DIRECTORY_BASES.get(dialect);
  if (!set) {
    set = new Set(
      getDialect(dialect)
        .meta.schemes.filter((s) => s.role === "adapter" && s.base === "directory")
        .map((s) => s.scheme),
    );
    DIRECTORY_BASES.set(dialect, set);
  }
  return set;
}

/**
 * The path adapters whose path names a node of the hierarchy they open (zarr3, zarr2, zarr, n5, hdf5): those that
 * yield a dataset (the grammar headers' `@result`, the same in every dialect).
 */
const NODE_ADAPTERS: ReadonlySet<string> = new Set(
  Object.values(DIALECTS).flatMap((d) =>
    d.meta.schemes.filter((s) => s.shape === "path" && s.resultRule === "dataset").map((s) => s.scheme),
  ),
);

/** A non-empty path that does not end with "/", with one; an empty path is a directory already (D28). */
function asDirectory(path: string): string {
  return path === "" || path.endsWith("/") ? path : `${path}/`;
}

export interface NormalizeSubUrlOptions {
  /** The next sub-URL needs this one to be a directory: end its path with "/" (D39). */
  directory?: boolean;
}

/** The canonical text of one sub-URL. */
export function normalizeSubUrl(s: SubUrl, dialect: DialectName, options: NormalizeSubUrlOptions = {}): string {
  subUrlArgument("normalizeSubUrl(): its first argument", s);
  dialectArgument("normalizeSubUrl()", dialect);
  optionsArgument("normalizeSubUrl()", options);
  return canonicalSubUrl(s, dialect, options);
}

function canonicalSubUrl(s: SubUrl, dialect: DialectName, options: NormalizeSubUrlOptions): string {
  const dir = options.directory ? asDirectory : (path: string) => path;
  if (isPathAdapter(s)) {
    // A ZIP entry has no leading "/" (D36): `zip:/a` is `zip:a`.
    const path = s.scheme === "zip" ? p(s.path).replace(/^\//, "") : p(s.path);
    // A node of a hierarchy has no trailing "/" (D60): `zarr3:a/` is `zarr3:a`, as ZEP 8 normalizes it.
    const node = !options.directory && NODE_ADAPTERS.has(s.scheme);
    return `${s.scheme}:${node ? path.replace(/([^/])\/+$/, "$1") : dir(path)}`;
  }
  if (isBodilessAdapter(s)) return `${s.scheme}:`;
  if (isNonstandard(s)) return `${s.scheme}:${p(s.body)}${s.query ? `?${p(s.query)}` : ""}`;
  return dispatchOwn(CANONICAL, s, dialect, dir);
}

const p = (c: { raw: string }) => normalizePercent(c.raw);

/** Each scheme with a node type of its own, in its canonical spelling; `dir` ends a path with "/" when needed (D39). */
const CANONICAL: PerOwnScheme<string, [DialectName, (path: string) => string]> = {
  file: (f, _d, dir) => {
    const host = f.host && f.host.value.toLowerCase() !== "localhost" ? p(f.host).toLowerCase() : "";
    return `file://${host}${dir(removeDotSegments(p(f.path)))}`;
  },
  http: (h, _d, dir) => httpLike(h, dir),
  https: (h, _d, dir) => httpLike(h, dir),
  "s3+http": (h, _d, dir) => `s3+http://${authority(h.host, h.port, "http")}${dir(p(h.path) || "/")}`,
  "s3+https": (h, _d, dir) => `s3+https://${authority(h.host, h.port, "https")}${dir(p(h.path) || "/")}`,
  // The empty key written "/", as TensorStore writes it (`s3://bucket` is `s3://bucket/`, D37).
  s3: (b, _d, dir) => `s3://${p(b.bucket)}${dir(p(b.path)) || "/"}`,
  gs: (b, _d, dir) => `gs://${p(b.bucket)}${dir(p(b.path)) || "/"}`,
  memory: (m, _d, dir) => `memory://${dir(p(m.path))}`,
  "..": (x, _d, dir) => `..:${dir(p(x.path))}`,
  ocdbt: (o, dialect, dir) => {
    if (!o.version) return `ocdbt:${dir(encodeLeadingAt(p(o.path)))}`;
    return `ocdbt:${versionMark(dialect)}${ocdbtVersion(o.version)}${dir(afterVersion(p(o.path)))}`;
  },
  icechunk: (i, dialect, dir) => icechunk(i, dialect, dir),
  // "~" starts an RFC 6901 escape: an encoded "~" stays encoded.
  json: (j) => `json:${normalizePercent(j.pointer.raw, "~")}`,
  "byte-range": (r) => `byte-range:${r.start.value}-${r.end.value}`,
};

function httpLike(h: T.HttpSubUrl, dir: (path: string) => string): string {
  const path = dir(removeDotSegments(p(h.path)) || "/");
  return `${h.scheme}://${authority(h.host, h.port, h.scheme)}${path}${h.query ? `?${p(h.query)}` : ""}`;
}

const DEFAULT_PORT: Record<string, number> = { http: 80, https: 443 };

function authority(host: T.Host, port: T.Port | null, scheme: string): string {
  const keepPort = port !== null && port.value !== null && port.value !== DEFAULT_PORT[scheme];
  return `${normalizePercent(host.raw).toLowerCase()}${keepPort ? `:${port.value}` : ""}`;
}

/** Commit times lose trailing zeros of the fraction (the same instant); generations have one spelling (D10). */
function ocdbtVersion(v: T.OcdbtVersion): string {
  if (v.kind === "generation") return v.raw;
  return v.raw.replace(/\.(\d*?)0*Z$/, (_m, digits: string) => (digits === "" ? "Z" : `.${digits}Z`));
}

function icechunk(i: T.IcechunkSubUrl, dialect: DialectName, dir: (path: string) => string): string {
  const path = dir(normalizePercent(i.path.raw));
  if (i.ref === null) return `icechunk:${encodeLeadingAt(path)}`;
  const isMain = i.ref.kind === "branch" && i.ref.name.value === "main";
  // ZEP 8: "icechunk: (equivalent to icechunk:@branch.main/ ...)"; "icechunk:path/to/node/ (equivalent to
  // icechunk:@branch.main/path/to/node/)". The "/" after the reference separates it from the path (D38), so the
  // path is what follows it: `@branch.main//a` is the path `/a`, as `icechunk:/a` is. A leading "@" is written
  // "%40" without the reference; a path starting with "//" cannot be written without it (`icechunk://` starts a
  // version in url-pipeline v0, and is no path in ZEP 8): keep the reference there.
  if (isMain && (path === "" || (path.startsWith("/") && !path.startsWith("///"))))
    return `icechunk:${encodeLeadingAt(path.slice(1))}`;
  const ref = i.ref.kind === "snapshot" ? i.ref.raw : `${i.ref.kind}.${normalizePercent(i.ref.name.raw)}`;
  return `icechunk:${versionMark(dialect)}${ref}${afterVersion(path)}`;
}

/**
 * The path after a version or reference, with its separator: `ocdbt:@v1` and `ocdbt:@v1/` name one thing (the empty
 * path, D38), written with the "/" as TensorStore's and Neuroglancer's `ocdbt:@v{N}/{path}` syntax has it.
 */
function afterVersion(path: string): string {
  return path === "" ? "/" : path;
}

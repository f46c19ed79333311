/**
 * A small typed builder: pipelines from values written in code, with every value percent-encoded as its place
 * needs (RFC 3986 2.1: "|", "#", "?", "%", space and non-ASCII among others; a leading "@" in ZEP 8 ocdbt and
 * icechunk paths, ZEP 8: "if the path starts with @ it must be percent-encoded as %40"). The text is then parsed,
 * so what comes back is a real tree, checked like any other: an impossible value (a bad bucket name, a file path
 * that is not absolute) is an error, never a wrong pipeline.
 *
 * @example
 * const p = pipeline([s3({ bucket: "bucket", path: "a b.zip" }), zip({ path: "x#1/" }), zarr3()]);
 * p.raw // "s3://bucket/a%20b.zip|zip:x%231/|zarr3:"
 */
import { parse } from "../parse";
import type { BodilessAdapterSubUrl, CommitTime, DialectName, PathAdapterSubUrl, Pipeline } from "../tree/nodes";
import { versionMark } from "./format";
import { encodeLeadingAt, encodePath, PCHAR, percentEncode } from "./percent";

/** One sub-URL, as text for a dialect. Made by the functions below; give them to {@link pipeline}. */
export interface SubUrlSpec {
  readonly role: "root" | "adapter";
  text(dialect: DialectName): string;
}

const spec = (role: "root" | "adapter", text: (dialect: DialectName) => string): SubUrlSpec => ({ role, text });

/** A pipeline from a root and adapters. Throws UrlPipelineSyntaxError if the result is not valid. */
export function pipeline(subUrls: readonly [SubUrlSpec, ...SubUrlSpec[]], options: { dialect?: DialectName } = {}): Pipeline {
  const dialect = options.dialect ?? "url-pipeline-v0";
  const [root, ...adapters] = subUrls;
  if (root.role !== "root") throw new TypeError("a pipeline starts with a root sub-URL (file, http, s3, ...), not an adapter");
  const bad = adapters.findIndex((a) => a.role !== "adapter");
  if (bad >= 0) throw new TypeError(`sub-URL ${bad + 2} is a root; only the first sub-URL is one`);
  return parse(subUrls.map((s) => s.text(dialect)).join("|"), { dialect });
}

const HOST = "A-Za-z0-9\\-._~!$&'()*+,;=";
const QUERY = `${PCHAR}/?`;
const rooted = (path: string) => (path === "" || path.startsWith("/") ? encodePath(path) : `/${encodePath(path)}`);

/** `file:///path` (RFC 8089): `path` is absolute. `host` for a UNC share. */
export function file(path: string, options: { host?: string } = {}): SubUrlSpec {
  if (!path.startsWith("/")) throw new TypeError(`a file: path is absolute (starts with "/"): ${JSON.stringify(path)}`);
  return spec("root", () => `file://${options.host ? percentEncode(options.host, HOST) : ""}${encodePath(path)}`);
}

interface HttpParts {
  host: string;
  port?: number;
  path?: string;
  query?: string;
}
const httpText = (scheme: string, p: HttpParts) =>
  `${scheme}://${percentEncode(p.host, `${HOST}:\\[\\]`)}${p.port !== undefined ? `:${p.port}` : ""}${rooted(p.path ?? "")}` +
  (p.query !== undefined ? `?${percentEncode(p.query, QUERY)}` : "");

export const http = (p: HttpParts): SubUrlSpec => spec("root", () => httpText("http", p));
export const https = (p: HttpParts): SubUrlSpec => spec("root", () => httpText("https", p));
/** `s3+http://endpoint[:port]/bucket/key`: the bucket, if any, is the path's first segment. */
export const s3Http = (p: Omit<HttpParts, "query">): SubUrlSpec => spec("root", () => httpText("s3+http", p));
export const s3Https = (p: Omit<HttpParts, "query">): SubUrlSpec => spec("root", () => httpText("s3+https", p));

/** `s3://bucket/path`; `path` is the key prefix, with or without its leading "/". */
/** The object key after its bucket: a "/", then the key, whatever it starts with (D37). */
const objectKey = (key: string) => (key === "" ? "" : `/${encodePath(key)}`);
export const s3 = (p: { bucket: string; path?: string }): SubUrlSpec =>
  spec("root", () => `s3://${percentEncode(p.bucket, HOST)}${objectKey(p.path ?? "")}`);
export const gs = (p: { bucket: string; path?: string }): SubUrlSpec =>
  spec("root", () => `gs://${percentEncode(p.bucket, HOST)}${objectKey(p.path ?? "")}`);

/** `memory://path`: of v0's three equivalent spellings, the one TensorStore also reads (decision D24). */
export const memory = (path = ""): SubUrlSpec =>
  spec("root", () => `memory://${encodePath(path.replace(/^\/+/, ""))}`);

type PathAdapter = PathAdapterSubUrl["scheme"];
/** An adapter path (`path-absolute / path-rootless / path-empty`) cannot start with "//": the second "/" as %2F. */
const adapterPath = (path: string) => encodePath(path).replace(/^\/\//, "/%2F");
const pathAdapter = (scheme: PathAdapter) => (p: { path?: string } = {}): SubUrlSpec =>
  spec("adapter", () => `${scheme}:${adapterPath(p.path ?? "")}`);
/** `zip:ENTRY`; a leading "/" of the entry is data (`%2F`), since `zip:/a` is the entry `a` (D36). */
export const zip = (p: { path?: string } = {}): SubUrlSpec =>
  spec("adapter", () => `zip:${encodePath(p.path ?? "").replace(/^\//, "%2F")}`);
export const zarr = pathAdapter("zarr");
export const zarr2 = pathAdapter("zarr2");
export const zarr3 = pathAdapter("zarr3");
export const n5 = pathAdapter("n5");
export const hdf5 = pathAdapter("hdf5");

type Bodiless = BodilessAdapterSubUrl["scheme"];
const bodiless = (scheme: Bodiless) => (): SubUrlSpec => spec("adapter", () => `${scheme}:`);
export const gzip = bodiless("gzip");
export const zstd = bodiless("zstd");
export const avif = bodiless("avif");
export const bmp = bodiless("bmp");
export const jpeg = bodiless("jpeg");
export const png = bodiless("png");
export const tiff = bodiless("tiff");
export const webp = bodiless("webp");
export const neuroglancerPrecomputed = bodiless("neuroglancer-precomputed");

/** A path after an ocdbt version or icechunk reference: "/"-separated from it. */
/** The path after a version or reference: its "/" separator, then the path, whatever it starts with (D38). */
const afterVersion = (path: string) => `/${encodePath(path)}`;
/** A path without version, encoded so that it cannot read as one: a leading "@" (D40) and a leading "//" (v0's marker). */
const unversioned = (path: string) => encodeLeadingAt(adapterPath(path));

export type OcdbtVersionSpec = { generation: bigint } | { commitTime: CommitTime | Date };

/** `ocdbt:` with an optional version (a generation, or a commit time in UTC). */
export const ocdbt = (p: { version?: OcdbtVersionSpec; path?: string } = {}): SubUrlSpec =>
  spec("adapter", (dialect) => {
    const path = p.path ?? "";
    if (!p.version) return `ocdbt:${unversioned(path)}`;
    const v = "generation" in p.version ? `v${p.version.generation}` : commitTime(p.version.commitTime);
    return `ocdbt:${versionMark(dialect)}${v}${afterVersion(path)}`;
  });

function commitTime(t: CommitTime | Date): string {
  const c: CommitTime = t instanceof Date
    ? { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate(), hour: t.getUTCHours(),
        minute: t.getUTCMinutes(), second: t.getUTCSeconds(), nanosecond: t.getUTCMilliseconds() * 1e6 }
    : t;
  const two = (n: number) => String(n).padStart(2, "0");
  const fraction = c.nanosecond === 0 ? "" : `.${String(c.nanosecond).padStart(9, "0").replace(/0+$/, "")}`;
  return `${String(c.year).padStart(4, "0")}-${two(c.month)}-${two(c.day)}T${two(c.hour)}:${two(c.minute)}:${two(c.second)}${fraction}Z`;
}

export type IcechunkRefSpec = { branch: string } | { tag: string } | { snapshot: string };

/** `icechunk:` with an optional reference (none: branch main). */
export const icechunk = (p: { ref?: IcechunkRefSpec; path?: string } = {}): SubUrlSpec =>
  spec("adapter", (dialect) => {
    const path = p.path ?? "";
    if (!p.ref) return `icechunk:${unversioned(path)}`;
    const ref = "snapshot" in p.ref ? p.ref.snapshot
      : "branch" in p.ref ? `branch.${encodePath(p.ref.branch).replace(/\//g, "%2F")}`
      : `tag.${encodePath(p.ref.tag).replace(/\//g, "%2F")}`;
    return `icechunk:${versionMark(dialect)}${ref}${afterVersion(path)}`;
  });

/** `json:` with an RFC 6901 pointer given as its reference tokens ([] for the whole document). */
export const json = (tokens: readonly string[] = []): SubUrlSpec =>
  spec("adapter", () => `json:${tokens.map((t) => `/${percentEncode(t.replace(/~/g, "~0").replace(/\//g, "~1"), "A-Za-z0-9\\-._!$&'()*+,;=:@~")}`).join("")}`);

/** `byte-range:START-END`, end exclusive. */
export const byteRange = (start: number | bigint, end: number | bigint): SubUrlSpec =>
  spec("adapter", () => `byte-range:${BigInt(start)}-${BigInt(end)}`);

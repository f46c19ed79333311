/**
 * A small typed builder: pipelines from values written in code, with every value percent-encoded as its place
 * needs (RFC 3986 2.1: "|", "#", "?", "%", space and non-ASCII among others; a leading "@" in ZEP 8 ocdbt and
 * icechunk paths, ZEP 8: "if the path starts with @ it must be percent-encoded as %40"). The text is then parsed,
 * so what comes back is a real tree, checked like any other: an impossible value (a bad bucket name, a file path
 * that is not absolute) is an error, never a wrong pipeline.
 *
 * Every builder takes one object of named parts (`file({ path })`, `s3({ bucket, path })`, `byteRange({ start, end
 * })`), or nothing when it has none (`gzip()`); a wrong type is a TypeError that names the builder and the part.
 *
 * @example
 * const p = pipeline([s3({ bucket: "bucket", path: "a b.zip" }), zip({ path: "x#1/" }), zarr3()]);
 * p.raw; // "s3://bucket/a%20b.zip|zip:x%231/|zarr3:"
 */
import { describeValue } from "../describe-value";
import { parse, type ParseOptions } from "../parse";
import type { BodilessScheme, PathScheme } from "../../generated/schemes";
import type { CommitTime, DialectName, Pipeline } from "../tree/nodes";
import { schemesOfShape } from "../schemes";
import { versionMark } from "./format";
import { encodeLeadingAt, encodePath, PCHAR, percentEncode } from "../strict/percent-encoding";

/** One sub-URL, as text for a dialect. Made by the functions below; give them to {@link pipeline}. */
export interface SubUrlSpec {
  readonly role: "root" | "adapter";
  text(dialect: DialectName): string;
}

/** The sub-URL specs this module made: {@link pipeline} takes no other. */
const MADE = new WeakSet<SubUrlSpec>();

const spec = (role: "root" | "adapter", text: (dialect: DialectName) => string): SubUrlSpec => {
  const s: SubUrlSpec = Object.freeze({ role, text });
  MADE.add(s);
  return s;
};

/** Options of {@link pipeline}: those of `parse` but `rule` (the result is an absolute pipeline). */
export type PipelineOptions = Omit<ParseOptions, "rule">;

/**
 * A pipeline from a root and adapters, in the dialect `options.dialect` (default url-pipeline-v0), parsed with
 * `options.maxLength` and `options.maxSubUrls` as `parse` takes them. Throws UrlPipelineSyntaxError if the result
 * is not valid, TypeError for anything that is not a list of sub-URLs made by this module.
 */
export function pipeline(subUrls: readonly [SubUrlSpec, ...SubUrlSpec[]], options: PipelineOptions = {}): Pipeline {
  if (!Array.isArray(subUrls))
    throw new TypeError(`build.pipeline() takes an array of sub-URLs, not ${describeValue(subUrls)}`);
  if (subUrls.length === 0) throw new TypeError("build.pipeline() needs at least one sub-URL: the root");
  subUrls.forEach((s: unknown, i) => {
    if (!MADE.has(s as SubUrlSpec))
      throw new TypeError(
        `build.pipeline(): sub-URL ${i + 1} is not made by a build function, but ${describeValue(s)}`,
      );
  });
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError(`build.pipeline(): options must be an object, not ${describeValue(options)}`);
  }
  if ("rule" in options) throw new TypeError("build.pipeline() makes an absolute pipeline: it takes no options.rule");
  const dialect = options.dialect ?? "url-pipeline-v0";
  const [root, ...adapters] = subUrls;
  if (root.role !== "root")
    throw new TypeError("a pipeline starts with a root sub-URL (file, http, s3, ...), not an adapter");
  const bad = adapters.findIndex((a) => a.role !== "adapter");
  if (bad >= 0) throw new TypeError(`sub-URL ${bad + 2} is a root; only the first sub-URL is one`);
  return parse(subUrls.map((s) => s.text(dialect)).join("|"), { ...options, dialect });
}

// ---- the parts' checks ----

/** The parts object of builder `name` (undefined: none given, when `optional`). */
function parts<T extends object>(name: string, p: unknown, optional: boolean): Partial<T> {
  if (p === undefined && optional) return {};
  if (typeof p !== "object" || p === null || Array.isArray(p)) {
    throw new TypeError(`build.${name}() takes an object of named parts, not ${describeValue(p)}`);
  }
  return p as Partial<T>;
}

/** A string part (`required`: it must be given), checked for lone surrogates, which have no UTF-8 form. */
function text(name: string, part: string, v: unknown, required: boolean): string {
  if (v === undefined && !required) return "";
  if (typeof v !== "string") throw new TypeError(`build.${name}(): ${part} must be a string, not ${describeValue(v)}`);
  const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.exec(v);
  if (lone) {
    throw new TypeError(
      `build.${name}(): ${part} has a lone surrogate (U+${lone[0]!.charCodeAt(0).toString(16).toUpperCase()}) at ` +
        `index ${lone.index}, which has no UTF-8 form`,
    );
  }
  return v;
}

const HOST = "A-Za-z0-9\\-._~!$&'()*+,;=";
const QUERY = `${PCHAR}/?`;
const rooted = (path: string) => (path === "" || path.startsWith("/") ? encodePath(path) : `/${encodePath(path)}`);

/** `file:///path` (RFC 8089): `path` is absolute. `host` for a UNC share. */
export function file(p: { path: string; host?: string }): SubUrlSpec {
  const o = parts<{ path: string; host: string }>("file", p, false);
  const path = text("file", "path", o.path, true);
  const host = text("file", "host", o.host, false);
  if (!path.startsWith("/"))
    throw new TypeError(`build.file(): a file: path is absolute (starts with "/"), not ${JSON.stringify(path)}`);
  return spec("root", () => `file://${host ? percentEncode(host, HOST) : ""}${encodePath(path)}`);
}

interface HttpParts {
  host: string;
  port?: number;
  path?: string;
  query?: string;
}
/** An http(s) or s3+http(s) root from its parts, checked now; written when the pipeline is. */
function httpRoot(name: string, scheme: string, p: unknown, withQuery: boolean): SubUrlSpec {
  const o = parts<HttpParts>(name, p, false);
  const host = text(name, "host", o.host, true);
  const path = text(name, "path", o.path, false);
  if (o.port !== undefined && !(Number.isInteger(o.port) && o.port >= 0)) {
    throw new TypeError(`build.${name}(): port must be a non-negative integer, not ${describeValue(o.port)}`);
  }
  if (!withQuery && o.query !== undefined) throw new TypeError(`build.${name}(): ${scheme}: has no query`);
  const query = o.query === undefined ? undefined : text(name, "query", o.query, true);
  return spec(
    "root",
    () =>
      `${scheme}://${percentEncode(host, `${HOST}:\\[\\]`)}${o.port !== undefined ? `:${o.port}` : ""}${rooted(path)}` +
      (query !== undefined ? `?${percentEncode(query, QUERY)}` : ""),
  );
}

export const http = (p: HttpParts): SubUrlSpec => httpRoot("http", "http", p, true);
export const https = (p: HttpParts): SubUrlSpec => httpRoot("https", "https", p, true);
/** `s3+http://endpoint[:port]/bucket/key`: the bucket, if any, is the path's first segment. */
export const s3Http = (p: Omit<HttpParts, "query">): SubUrlSpec => httpRoot("s3Http", "s3+http", p, false);
export const s3Https = (p: Omit<HttpParts, "query">): SubUrlSpec => httpRoot("s3Https", "s3+https", p, false);

/** The object key after its bucket: a "/", then the key, whatever it starts with (D37). */
const objectKey = (key: string) => (key === "" ? "" : `/${encodePath(key)}`);
function bucketRoot(scheme: "s3" | "gs", p: unknown): SubUrlSpec {
  const o = parts<{ bucket: string; path: string }>(scheme, p, false);
  const bucket = text(scheme, "bucket", o.bucket, true);
  const path = text(scheme, "path", o.path, false);
  return spec("root", () => `${scheme}://${percentEncode(bucket, HOST)}${objectKey(path)}`);
}
/** `s3://bucket/key`: `path` is the object key (D37). */
export const s3 = (p: { bucket: string; path?: string }): SubUrlSpec => bucketRoot("s3", p);
/** `gs://bucket/key`. */
export const gs = (p: { bucket: string; path?: string }): SubUrlSpec => bucketRoot("gs", p);

/** `memory://path`: of v0's three equivalent spellings, the one TensorStore also reads (decision D24). */
export const memory = (p: { path?: string } = {}): SubUrlSpec => {
  const path = text("memory", "path", parts<{ path: string }>("memory", p, true).path, false);
  return spec("root", () => `memory://${encodePath(path.replace(/^\/+/, ""))}`);
};

/** An adapter path (`path-absolute / path-rootless / path-empty`) cannot start with "//": the second "/" as %2F. */
const adapterPath = (path: string) => encodePath(path).replace(/^\/\//, "/%2F");
/** The path part of an adapter's parts. */
const adapterPathPart = (name: string, p: unknown) =>
  text(name, "path", parts<{ path: string }>(name, p, true).path, false);
// The builder factories are marked free of side effects so that a bundle keeps only the builders it calls (the
// playground's completion uses ocdbt and icechunk).
const pathAdapter =
  /* @__NO_SIDE_EFFECTS__ */
    (scheme: PathScheme) =>
    (p: { path?: string } = {}): SubUrlSpec => {
      const path = adapterPathPart(scheme, p);
      return spec("adapter", () => `${scheme}:${adapterPath(path)}`);
    };
/** `zip:ENTRY`; a leading "/" of the entry is data (`%2F`), since `zip:/a` is the entry `a` (D36). */
export const zip = (p: { path?: string } = {}): SubUrlSpec => {
  const path = adapterPathPart("zip", p);
  return spec("adapter", () => `zip:${encodePath(path).replace(/^\//, "%2F")}`);
};
export const zarr = pathAdapter("zarr");
export const zarr2 = pathAdapter("zarr2");
export const zarr3 = pathAdapter("zarr3");
export const n5 = pathAdapter("n5");
export const hdf5 = pathAdapter("hdf5");

const bodiless =
  /* @__NO_SIDE_EFFECTS__ */
    (scheme: BodilessScheme) =>
    (...none: []): SubUrlSpec => {
      if ((none as unknown[]).length > 0)
        throw new TypeError(`build.${scheme}() takes no parts: ${scheme}: has no body`);
      return spec("adapter", () => `${scheme}:`);
    };
/** Path adapters whose builder is their own (their path has a meaning of its own), for {@link adapter}. */
const OWN_PATH_BUILDERS: { readonly [S in PathScheme]?: (p?: { path?: string }) => SubUrlSpec } = { zip };
const PATH_SCHEMES = schemesOfShape("path");
const BODILESS_SCHEMES = schemesOfShape("bodiless");

/**
 * Any adapter whose rule is a path (`X [ ":" path ]`) or bodiless (`X [ ":" ]`), by its scheme: `adapter("zarr3", {
 * path: "a/" })`, `adapter("gzip")`. The named builders (`zarr3`, `gzip`, ...) are this with the scheme filled in;
 * a scheme of those shapes added to grammar/ can be built here at once, without a builder of its own.
 */
export function adapter(scheme: PathScheme, parts?: { path?: string }): SubUrlSpec;
export function adapter(scheme: BodilessScheme): SubUrlSpec;
export function adapter(scheme: PathScheme | BodilessScheme, ...parts: [{ path?: string }?]): SubUrlSpec {
  if (typeof scheme === "string" && PATH_SCHEMES.has(scheme)) {
    return (OWN_PATH_BUILDERS[scheme as PathScheme] ?? pathAdapter(scheme as PathScheme))(...parts);
  }
  if (typeof scheme === "string" && BODILESS_SCHEMES.has(scheme))
    return bodiless(scheme as BodilessScheme)(...(parts as []));
  const names = [...PATH_SCHEMES, ...BODILESS_SCHEMES].join(", ");
  throw new TypeError(
    `build.adapter() takes the scheme of a path or bodiless adapter (${names}), not ${describeValue(scheme)}`,
  );
}

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
export const ocdbt = (p: { version?: OcdbtVersionSpec; path?: string } = {}): SubUrlSpec => {
  const o = parts<{ version: OcdbtVersionSpec; path: string }>("ocdbt", p, true);
  const path = text("ocdbt", "path", o.path, false);
  const version = o.version;
  let v: string | null = null;
  if (version !== undefined) {
    if (
      typeof version === "object" &&
      version !== null &&
      "generation" in version &&
      typeof version.generation === "bigint"
    ) {
      v = `v${version.generation}`;
    } else if (
      typeof version === "object" &&
      version !== null &&
      "commitTime" in version &&
      (version.commitTime instanceof Date
        ? !Number.isNaN(version.commitTime.getTime())
        : typeof version.commitTime === "object" && version.commitTime !== null)
    ) {
      v = commitTime(version.commitTime);
    } else {
      throw new TypeError(
        "build.ocdbt(): version must be { generation: bigint } or { commitTime: Date | CommitTime } (a valid Date)",
      );
    }
  }
  return spec("adapter", (dialect) =>
    v === null ? `ocdbt:${unversioned(path)}` : `ocdbt:${versionMark(dialect)}${v}${afterVersion(path)}`,
  );
};

function commitTime(t: CommitTime | Date): string {
  const c: CommitTime =
    t instanceof Date
      ? {
          year: t.getUTCFullYear(),
          month: t.getUTCMonth() + 1,
          day: t.getUTCDate(),
          hour: t.getUTCHours(),
          minute: t.getUTCMinutes(),
          second: t.getUTCSeconds(),
          nanosecond: t.getUTCMilliseconds() * 1e6,
        }
      : t;
  const two = (n: number) => String(n).padStart(2, "0");
  const fraction = c.nanosecond === 0 ? "" : `.${String(c.nanosecond).padStart(9, "0").replace(/0+$/, "")}`;
  return `${String(c.year).padStart(4, "0")}-${two(c.month)}-${two(c.day)}T${two(c.hour)}:${two(c.minute)}:${two(c.second)}${fraction}Z`;
}

export type IcechunkRefSpec = { branch: string } | { tag: string } | { snapshot: string };

/** `icechunk:` with an optional reference (none: branch main). */
export const icechunk = (p: { ref?: IcechunkRefSpec; path?: string } = {}): SubUrlSpec => {
  const o = parts<{ ref: IcechunkRefSpec; path: string }>("icechunk", p, true);
  const path = text("icechunk", "path", o.path, false);
  const r = o.ref as Record<string, unknown> | undefined;
  let ref: string | null = null;
  if (r !== undefined) {
    if (typeof r !== "object" || r === null)
      throw new TypeError("build.icechunk(): ref must be { branch }, { tag } or { snapshot }");
    if ("snapshot" in r) ref = text("icechunk", "ref.snapshot", r.snapshot, true);
    else if ("branch" in r)
      ref = `branch.${encodePath(text("icechunk", "ref.branch", r.branch, true)).replace(/\//g, "%2F")}`;
    else if ("tag" in r) ref = `tag.${encodePath(text("icechunk", "ref.tag", r.tag, true)).replace(/\//g, "%2F")}`;
    else throw new TypeError("build.icechunk(): ref must be { branch }, { tag } or { snapshot }");
  }
  return spec("adapter", (dialect) =>
    ref === null ? `icechunk:${unversioned(path)}` : `icechunk:${versionMark(dialect)}${ref}${afterVersion(path)}`,
  );
};

/** `json:` with an RFC 6901 pointer given as its reference tokens (none, or [], for the whole document). */
export const json = (p: { tokens?: readonly string[] } = {}): SubUrlSpec => {
  const tokens = parts<{ tokens: readonly string[] }>("json", p, true).tokens ?? [];
  if (!Array.isArray(tokens))
    throw new TypeError(`build.json(): tokens must be an array of strings, not ${describeValue(tokens)}`);
  const checked = tokens.map((t, i) => text("json", `tokens[${i}]`, t, true));
  return spec(
    "adapter",
    () =>
      `json:${checked.map((t) => `/${percentEncode(t.replace(/~/g, "~0").replace(/\//g, "~1"), "A-Za-z0-9\\-._!$&'()*+,;=:@~")}`).join("")}`,
  );
};

/** `byte-range:START-END`, end exclusive: non-negative integers (number or bigint). */
export const byteRange = (p: { start: number | bigint; end: number | bigint }): SubUrlSpec => {
  const o = parts<{ start: number | bigint; end: number | bigint }>("byteRange", p, false);
  const bound = (part: "start" | "end"): bigint => {
    const v = o[part];
    if (typeof v === "bigint" ? v >= 0n : Number.isSafeInteger(v) && (v as number) >= 0)
      return BigInt(v as number | bigint);
    throw new TypeError(
      `build.byteRange(): ${part} must be a non-negative integer (a safe integer number or a bigint), not ${describeValue(v)}`,
    );
  };
  const start = bound("start");
  const end = bound("end");
  return spec("adapter", () => `byte-range:${start}-${end}`);
};

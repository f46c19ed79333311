/**
 * How Neuroglancer 2.41.2 reads a URL pipeline given as a layer source: its verdict, the canonical URL of its
 * key-value store (`store.getUrl(path)`), the data source (a format named by the last component, or none: it then
 * auto-detects one by probing the store), and what it reads, component by component. A model of its code:
 * google/neuroglancer tag v2.41.2 = commit e13f1f4c62918f2ea07b12f2116bdcb6767b1499 (the npm package 2.41.2); every
 * rule below cites the line it rests on ("e13f1f4c path:line", paths under src/). It is checked against that code
 * run in Node (`npm run test:neuroglancer`); the recorded answers are test/fixtures/neuroglancer/runs.json, replayed
 * by test/portability/neuroglancer.test.ts.
 *
 * This module knows nothing of the grammar: it reads the string as Neuroglancer does. The layer source is trimmed
 * and split at every "|" (nothing escapes one); the first component names a base key-value store, the next ones
 * key-value store adapters, and a last component may name a data source (zarr3:, n5:, ...). Neuroglancer's data
 * sources do not read the parsed store: they join strings onto the URL (the directory, then "zarr.json") and parse
 * the result again, so the reading here is that of the URLs they read.
 *
 * Only the parsing is modelled, not what the data holds: "accepts" means Neuroglancer gets past parsing and would
 * read storage (metadata it then finds or not is not known here).
 */

import { stringArgument } from "../arguments";

export const NEUROGLANCER = {
  implementation: "Neuroglancer",
  version: "2.41.2",
  sources: [
    "google/neuroglancer e13f1f4c62918f2ea07b12f2116bdcb6767b1499 (tag v2.41.2, npm neuroglancer@2.41.2): " +
      "src/kvstore/url.ts, src/kvstore/context.ts and each key-value store's provider, src/datasource/index.ts " +
      "(DataSourceRegistry) and the data sources of the formats",
    "runs of npm neuroglancer@2.41.2 (its compiled lib/, in Node) through scripts/neuroglancer/read_urls.mjs, " +
      "recorded in test/fixtures/neuroglancer/runs.json",
  ],
} as const;

const AT = "google/neuroglancer e13f1f4c";

/**
 * One component as Neuroglancer reads it, in decoded values: `bucket` and `path` (gs, s3, gs+ngauth+http(s): the
 * object key), `host` and `path` (s3+http(s): the endpoint, and the path with the bucket), `url` and `query`
 * (http(s), middleauth+https: the URL it fetches for the path, with "?" and the query, "" for none), `path` (zip,
 * the path within an adapter), `range` (byte-range), `version` (ocdbt: `v1` or a commit time as it writes it; ""
 * for none, the latest), `ref` (icechunk: `branch:NAME`, `tag:NAME` or `snapshot:ID`). A format's path is already
 * in the path of the store before it.
 */
export interface NeuroglancerComponent {
  scheme: string;
  fields: Record<string, string>;
}

/**
 * Where Neuroglancer stops: `split` (splitPipelineUrl throws), `kvstore-base` and `kvstore-adapter` (the key-value
 * store the URL names, without its data-source component, is refused by its first or a later component), and
 * `datasource` (the data source refuses, the store being one it reads).
 */
export type NeuroglancerStage = "split" | "kvstore-base" | "kvstore-adapter" | "datasource";

/** What Neuroglancer does with one layer source, as the model predicts it. */
export type NeuroglancerPrediction =
  | {
      accepts: true;
      /**
       * Its spelling of the key-value store the URL names (without the data-source component): `store.getUrl(path)`
       * of `KvStoreContext.getKvStore`; null for a `scheme://` data source, or when that store alone is refused
       * but the URLs the data source builds are read.
       */
      canonical: string | null;
      /**
       * The whole URL in its spelling: `canonical`, then "|" and the data-source component as given; null when
       * `canonical` is.
       */
      url: string | null;
      /**
       * The data source: the format the last component names (`zarr3`, `n5`, ...), `SCHEME://` for a legacy data
       * source, or `auto-detect`.
       */
      format: string;
      /**
       * The URL the data source reads from (the one it memoizes): the directory for zarr, n5 and
       * neuroglancer-precomputed (their metadata URLs start with it); null for auto-detect.
       */
      directory: string | null;
      /** What it reads, component by component (empty for a data source that is not a URL pipeline). */
      reading: NeuroglancerComponent[];
      notes: string[];
    }
  | { accepts: false; stage: NeuroglancerStage; reason: string; notes: string[] }
  | {
      /** Not modelled: a `scheme://` data source of its own (not a URL pipeline), or more than 128 components. */
      accepts: "unknown";
      format: string;
      reason: string;
      notes: string[];
    };

/** What Neuroglancer throws (its message), where (a file and line under src/), and at which stage. */
class NgError extends Error {
  stage: NeuroglancerStage | null = null;
  constructor(
    message: string,
    public where: string | undefined,
  ) {
    super(message);
  }
}

const fail = (message: string, where?: string): never => {
  throw new NgError(message, where);
};

/** Neuroglancer's `text.match(pattern)!` where the pattern, without the `s` flag, meets a line terminator. */
const nullMatch = (where: string): never => fail("TypeError: Cannot read properties of null", where);

/** JavaScript's own errors (URIError, TypeError, RangeError) are what Neuroglancer throws there too. */
function wrap<T>(f: () => T, where?: string): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof NgError) throw e;
    return fail(e instanceof Error ? e.message : String(e), where);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// src/kvstore/url.ts: the string functions every store and data source uses. Those Neuroglancer's tests call
// (tests/kvstore/url.spec.ts) are exported for test/portability/neuroglancer.test.ts; unlike readNeuroglancer,
// they throw where Neuroglancer's do.

/** UrlWithParsedScheme (e13f1f4c src/kvstore/url.ts:78-87): `scheme` is the whole component when it has none. */
export interface Parsed {
  url: string;
  scheme: string;
  suffix: string | undefined;
}

/**
 * parsePipelineUrlComponent (e13f1f4c src/kvstore/url.ts:38-50): a scheme is a letter then letters, digits, "-",
 * "+", "." before ":"; without one the whole component is the scheme, with no suffix (`zarr3` = `zarr3:`, but
 * `s3_x://b` is the scheme "s3_x://b"). The pattern's `(.*)$` has no `s` flag: a line terminator makes the match
 * null, and the `m!` of :42 a TypeError.
 */
export function parsePipelineUrlComponent(url: string): Parsed {
  const m = /^(?:([a-zA-Z][a-zA-Z0-9-+.]*):)?(.*)$/.exec(url);
  if (m === null) {
    const e = new NgError("TypeError: Cannot read properties of null (reading '1')", "src/kvstore/url.ts:38-42");
    e.stage = "split";
    throw e;
  }
  return m[1] === undefined ? { url, scheme: url, suffix: undefined } : { url, scheme: m[1], suffix: m[2]! };
}

/** splitPipelineUrl (e13f1f4c src/kvstore/url.ts:90-92): a split at every "|". */
const splitPipelineUrl = (url: string): Parsed[] => url.split("|").map(parsePipelineUrlComponent);

/** finalPipelineUrlComponent (e13f1f4c src/kvstore/url.ts:32-36). */
export const finalPipelineUrlComponent = (url: string): string => url.slice(url.lastIndexOf("|") + 1);

/** parseUrlSuffix (e13f1f4c src/kvstore/url.ts:55-76): path, then "?" query, then "#" fragment. */
export function parseUrlSuffix(suffix: string | undefined): {
  authorityAndPath: string | undefined;
  query: string | undefined;
  fragment: string | undefined;
} {
  if (suffix === undefined) return { authorityAndPath: undefined, query: undefined, fragment: undefined };
  const m = /^([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/.exec(suffix) ?? nullMatch("src/kvstore/url.ts:68-70");
  return { authorityAndPath: m[1]!, query: m[2], fragment: m[3] };
}

/**
 * kvstoreEnsureDirectoryPipelineUrl (e13f1f4c src/kvstore/url.ts:17-30): the last component's path gains a "/"
 * (before its query or fragment); a bare scheme gains ":". A last component this pattern does not match is
 * "Invalid URL".
 */
export function kvstoreEnsureDirectoryPipelineUrl(url: string): string {
  const m = /^((?:.*?\|)?)([a-zA-Z][a-zA-Z0-9-+.]*)(?:(:[^?#|]*)((?:[?#][^|]*)?))?$/.exec(url);
  if (m === null) return fail(`Invalid URL: ${url}`, "src/kvstore/url.ts:18-23");
  const [, prefix, scheme, path, queryAndFragment] = m as unknown as [string, string, string, string?, string?];
  if (path === undefined) return `${prefix}${scheme}:`;
  if (path === ":" || path.endsWith("/")) return url;
  return `${prefix}${scheme}${path}/${queryAndFragment ?? ""}`;
}

/**
 * extractQueryAndFragment (e13f1f4c src/kvstore/url.ts:149-155): the last component cut at its first "?" or "#".
 * Its pattern, /^(.*?[^|?#]*)([^|]*)$/, can only end group 1 in the last component; this is the same cut without
 * the pattern's backtracking, whose time grows with the cube of the length of a component before a "|" (a layer
 * source of 4,000 characters holds Neuroglancer's thread for 20 s).
 */
function extractQueryAndFragment(url: string): { base: string; queryAndFragment: string } {
  const last = url.lastIndexOf("|") + 1;
  const at = url.slice(last).search(/[?#]/);
  return at < 0
    ? { base: url, queryAndFragment: "" }
    : { base: url.slice(0, last + at), queryAndFragment: url.slice(last + at) };
}

/**
 * pipelineUrlJoin (e13f1f4c src/kvstore/url.ts:94-110): each part, one leading "/" dropped, is appended to the
 * last component made a directory, before its query and fragment, as encodePathForUrl writes it: the part is
 * taken as a decoded path (`zarr3:a%20b` names the directory "a%20b").
 */
export function pipelineUrlJoin(baseUrl: string, ...parts: string[]): string {
  let { base, queryAndFragment } = extractQueryAndFragment(baseUrl);
  for (let part of parts) {
    if (part.startsWith("/")) part = part.slice(1);
    if (part === "") continue;
    base = kvstoreEnsureDirectoryPipelineUrl(base);
    base += encodePathForUrl(part);
  }
  return base + queryAndFragment;
}

/** pathIsDirectory, ensurePathIsDirectory, joinPath (e13f1f4c src/kvstore/url.ts:191-193, 124-129, 112-122). */
const pathIsDirectory = (path: string) => path === "" || path.endsWith("/");
const ensurePathIsDirectory = (path: string) => (pathIsDirectory(path) ? path : `${path}/`);
function joinPath(base: string, ...parts: string[]): string {
  for (let part of parts) {
    if (part.startsWith("/")) part = part.slice(1);
    if (part === "") continue;
    base = ensurePathIsDirectory(base) + part;
  }
  return base;
}

/**
 * encodePathForUrl (e13f1f4c src/kvstore/url.ts:197-202): encodeURI, then "?", "#", "@" escaped. How every store
 * writes a decoded path back: `%41` comes back as "A", `%2F` as "/". encodeURI throws on a lone surrogate.
 */
function encodePathForUrl(path: string): string {
  return wrap(() => encodeURI(path), "src/kvstore/url.ts:198").replace(
    /[?#@]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** joinBaseUrlAndPath (e13f1f4c src/kvstore/url.ts:204-207): the path goes before the base URL's query. */
function joinBaseUrlAndPath(baseUrl: string, path: string): string {
  const { base, queryAndFragment } = extractQueryAndFragment(baseUrl);
  return base + encodePathForUrl(path) + queryAndFragment;
}

/** ensureNoQueryOrFragmentParameters (e13f1f4c src/kvstore/url.ts:131-139). */
function ensureNoQueryOrFragmentParameters(url: Parsed): void {
  if (url.suffix !== undefined && /[#?]/.test(url.suffix))
    fail(`Invalid URL ${url.url}: query parameters and/or fragment not supported`, "src/kvstore/url.ts:131-139");
}

/** ensureEmptyUrlSuffix (e13f1f4c src/kvstore/url.ts:141-147). */
function ensureEmptyUrlSuffix(url: Parsed): void {
  if (url.suffix)
    fail(`Invalid URL syntax ${JSON.stringify(url.url)}, expected "${url.scheme}:"`, "src/kvstore/url.ts:141-147");
}

const decode = (text: string, where: string): string => wrap(() => decodeURIComponent(text), where);

/** The WHATWG URL `new URL(text)` makes, or null where it throws. */
function whatwg(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** `text` percent-decoded, or as it is where that fails. */
function decodedOr(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * getBaseHttpUrlAndPath (e13f1f4c src/kvstore/url.ts:209-221): the component is a WHATWG URL (`new URL`), so
 * WHATWG's normalization applies (host lower-cased and IDNA-encoded, dot-segments removed, "\" read as "/",
 * `http:host/a` read as `http://host/a`); a fragment and user info are refused; the query stays on the base URL;
 * the path is percent-decoded.
 */
function getBaseHttpUrlAndPath(url: string): { baseUrl: string; path: string } {
  const parsed = whatwg(url) ?? fail("Invalid URL", "src/kvstore/url.ts:210");
  if (parsed.hash) fail("fragment not supported", "src/kvstore/url.ts:211-213");
  if (parsed.username || parsed.password) fail("basic auth credentials not supported", "src/kvstore/url.ts:214-216");
  return {
    baseUrl: `${parsed.origin}/${parsed.search}`,
    path: decode(parsed.pathname.slice(1), "src/kvstore/url.ts:219"),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Key-value stores.

/** A store, as far as the URL decides what it does. */
interface Store {
  scheme: string;
  /** getUrl: how it writes a path of its own. */
  getUrl(key: string): string;
  /**
   * A read (or list) of `key`, of `range` when given, up to its first I/O: true when it gets there, false when it
   * answers without any (an empty byte range); it throws what Neuroglancer throws before. `inWorker`: the read is
   * the Web Worker's (the frontend hands zip:, ocdbt: and icechunk: reads to it).
   */
  read(key: string, inWorker: boolean, range?: ByteRange): boolean;
  /** A stat of `key`: "io" when it makes a request, else the size it knows without one (byte-range:). */
  stat(key: string, inWorker: boolean): "io" | { totalSize: number | undefined };
  /** True for a store of one value (gzip, byte-range): auto-detection reads it as a file (auto_detect.ts:185). */
  singleKey: boolean;
  /** False for gzip: and byte-range:, which cannot be listed (`store.list!`, src/kvstore/proxy.ts:167). */
  lists: boolean;
  /** The reading of `key` in it (the store below it is read by its own entry of the reading). */
  fields(key: string): Record<string, string>;
  /** The store below it as the frontend parsed it, and the path it is read at. */
  below?: KvStoreWithPath;
  /** For a store the worker reads: the store below as the worker reads it. */
  workerBelow?: () => KvStoreWithPath;
}

/**
 * A read of a zip:, ocdbt: or icechunk: store (ProxyKvStore, e13f1f4c src/kvstore/proxy.ts:230-249): the frontend
 * writes the URL of the key (getUrl) and hands it to the worker, which parses it again with the same providers
 * (src/kvstore/zip/register_backend.ts:30-39, src/kvstore/ocdbt/register_backend.ts:30-36,
 * src/kvstore/icechunk/register_backend.ts:30-36) and reads it there (src/kvstore/proxy.ts:115-122, :163-167).
 */
function proxied(store: Store, key: string): true {
  const kv = getKvStore(store.getUrl(key));
  kv.store.read(kv.path, true);
  return true;
}

interface ByteRange {
  offset: number;
  length: number;
}

/** A store whose reads and stats are requests: each gets to I/O, unless its URL cannot be written. */
function requests(url: (key: string) => string): Pick<Store, "read" | "stat"> {
  return {
    read: (key) => {
      fetches(url(key));
      return true;
    },
    stat: (key) => {
      fetches(url(key));
      return "io";
    },
  };
}

interface KvStoreWithPath {
  store: Store;
  path: string;
}

/** What the current reading met on the way that its notes tell: set by readNeuroglancer for each input. */
let met: { unfetchable: string[]; slashInRef: string[] } = { unfetchable: [], slashInRef: [] };

/**
 * fetch(): a request URL that WHATWG refuses (`s3://a b/x` asks for https://a b.s3.amazonaws.com/x) rejects with a
 * TypeError, which fetchOk makes an HTTP error of status 0 (e13f1f4c src/util/http_request.ts:59-72, :108-112), and
 * the stores take status 0 as "missing" (:141-146): Neuroglancer reads the URL, and finds nothing there.
 */
function fetches(url: string): void {
  if (whatwg(url) === null) met.unfetchable.push(url);
}

/** gs://BUCKET/PATH (e13f1f4c src/kvstore/gcs/register.ts:29-39): BUCKET is any text without "/". */
function gcsProvider(url: Parsed): KvStoreWithPath {
  const m = /^\/\/([^/]+)(\/.*)?$/.exec(url.suffix ?? "");
  if (m === null) return fail("Invalid URL, expected `gs://<bucket>/<path>`", "src/kvstore/gcs/register.ts:30-33");
  const bucket = m[1]!;
  return {
    store: gcsStore("gs", bucket, `gs://${bucket}/`),
    path: decode((m[2] ?? "").slice(1), "src/kvstore/gcs/register.ts:37"),
  };
}

/**
 * GcsKvStore (e13f1f4c src/kvstore/gcs/index.ts): written as `baseUrlForDisplay` + encodePathForUrl(key) (:140-142);
 * read as the JSON API's object URL, the key encodeURIComponent'd and the bucket as written (:66-70): the bucket
 * read is what the server decodes of that path segment (`gs://a%2Db/` reads the bucket "a-b").
 */
function gcsStore(scheme: string, written: string, display: string, host?: string): Store {
  const bucket = decodedOr(written);
  return {
    scheme,
    getUrl: (key) => display + encodePathForUrl(key),
    ...requests((key) => {
      const name = wrap(() => encodeURIComponent(key), "src/kvstore/gcs/index.ts:68");
      return `https://storage.googleapis.com/storage/v1/b/${written}/o/${name}?alt=media`;
    }),
    singleKey: false,
    lists: true,
    fields: (key): Record<string, string> => (host === undefined ? { bucket, path: key } : { host, bucket, path: key }),
  };
}

/**
 * gs+ngauth+http(s)://AUTH/BUCKET/PATH (e13f1f4c src/kvstore/ngauth/register.ts:53-76): a GCS bucket read with
 * credentials from the ngauth server AUTH.
 */
function ngauthProvider(url: Parsed): KvStoreWithPath {
  const m = /^\/\/([^/]+)\/([^/]+)(\/.*)?$/.exec(url.suffix ?? "");
  if (m === null)
    return fail(
      `Invalid URL, expected ${url.scheme}://<ngauth-server>/<bucket>/<path>`,
      "src/kvstore/ngauth/register.ts:54-59",
    );
  const [, authHost, bucket, path] = m as unknown as [string, string, string, string?];
  return {
    store: gcsStore(url.scheme, bucket, `${url.scheme}://${authHost}/${bucket}/`, authHost),
    path: decode((path ?? "").slice(1), "src/kvstore/ngauth/register.ts:74"),
  };
}

/**
 * ReadableS3KvStore (e13f1f4c src/kvstore/s3/common.ts:41-101): read at joinBaseUrlAndPath(baseUrl, key) (:54,
 * :62), written as joinBaseUrlAndPath(baseUrlForDisplay, key) (:91-93).
 */
function s3Store(
  scheme: string,
  baseUrl: string,
  display: string,
  fields: (key: string) => Record<string, string>,
): Store {
  return {
    scheme,
    getUrl: (key) => joinBaseUrlAndPath(display, key),
    ...requests((key) => joinBaseUrlAndPath(baseUrl, key)),
    singleKey: false,
    lists: true,
    fields,
  };
}

/**
 * s3://BUCKET/PATH (e13f1f4c src/kvstore/s3/common.ts:112-128): read at https://BUCKET.s3.amazonaws.com/, so the
 * bucket read is the host name WHATWG makes of it: percent-decoded, lower-cased (`s3://Bucket/` reads "bucket").
 */
function s3Provider(url: Parsed): KvStoreWithPath {
  const m = /^\/\/([^/]+)(\/.*)?$/.exec(url.suffix ?? "");
  if (m === null) return fail("Invalid URL, expected `s3://<bucket>/<path>`", "src/kvstore/s3/common.ts:113-116");
  const written = m[1]!;
  const baseUrl = `https://${written}.s3.amazonaws.com/`;
  const host = whatwg(baseUrl)?.hostname ?? "";
  const bucket = host.endsWith(".s3.amazonaws.com") ? host.slice(0, -".s3.amazonaws.com".length) : written;
  return {
    store: s3Store("s3", baseUrl, `s3://${written}/`, (key) => ({ bucket, path: key })),
    path: decode((m[2] ?? "").slice(1), "src/kvstore/s3/common.ts:125"),
  };
}

/**
 * s3+http(s)://HOST/PATH (e13f1f4c src/kvstore/s3/common.ts:139-157): an S3-compatible server at HOST, the bucket
 * in PATH. Its error message has `${httpScheme}` unexpanded (a plain string, :143).
 */
function s3CompatibleProvider(url: Parsed): KvStoreWithPath {
  const http = url.scheme.slice("s3+".length);
  const m = /^\/\/([^/]+)(\/.*)?$/.exec(url.suffix ?? "");
  if (m === null)
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Neuroglancer's message, unexpanded as it is there.
    return fail("Invalid URL, expected `s3+${httpScheme}://<host>/<path>`", "src/kvstore/s3/common.ts:140-145");
  const host = m[1]!;
  return {
    store: s3Store(url.scheme, `${http}://${host}/`, `${url.scheme}://${host}/`, (key) => ({
      host: host.toLowerCase(),
      path: key,
    })),
    path: decode((m[2] ?? "").slice(1), "src/kvstore/s3/common.ts:154"),
  };
}

/**
 * ReadableHttpKvStore (e13f1f4c src/kvstore/http/common.ts:34-78): read and written at joinBaseUrlAndPath (:62,
 * :68-70). The reading's `url` is the URL it fetches: the origin, then the decoded path written by
 * encodePathForUrl.
 */
function httpStore(scheme: string, baseUrl: string, display: string): Store {
  const { base, queryAndFragment } = extractQueryAndFragment(baseUrl);
  return {
    scheme,
    getUrl: (key) => joinBaseUrlAndPath(display, key),
    ...requests((key) => joinBaseUrlAndPath(baseUrl, key)),
    singleKey: false,
    lists: true,
    fields: (key) => ({ url: base + encodePathForUrl(key), query: queryAndFragment }),
  };
}

/** http(s): (e13f1f4c src/kvstore/http/common.ts:88-100): the whole component through getBaseHttpUrlAndPath. */
function httpProvider(url: Parsed): KvStoreWithPath {
  const { baseUrl, path } = wrapCause(`Invalid URL ${JSON.stringify(url.url)}`, () => getBaseHttpUrlAndPath(url.url));
  return { store: httpStore(url.scheme, baseUrl, baseUrl), path };
}

/**
 * middleauth+https:URL (e13f1f4c src/kvstore/middleauth/common.ts:53-75): URL is read as an https: one, with
 * credentials from its origin, which `new URL` gives outside the try (:39, :55): an unparsable URL throws
 * TypeError "Invalid URL". No middleauth+http (:85).
 */
function middleauthProvider(url: Parsed): KvStoreWithPath {
  const httpUrl = url.url.slice("middleauth+".length);
  if (whatwg(httpUrl) === null) fail("Invalid URL", "src/kvstore/middleauth/common.ts:39");
  const { baseUrl, path } = wrapCause(`Invalid URL ${JSON.stringify(url.url)}`, () => getBaseHttpUrlAndPath(httpUrl));
  return { store: httpStore(url.scheme, baseUrl, `middleauth+${baseUrl}`), path };
}

/** `throw new Error(message, { cause: e })`: the message, then the cause's, as Neuroglancer shows them. */
function wrapCause<T>(message: string, f: () => T): T {
  try {
    return wrap(f);
  } catch (e) {
    return fail(`${message}: ${(e as Error).message}`, (e as NgError).where);
  }
}

/**
 * The base key-value stores, by exact scheme (a Map: e13f1f4c src/kvstore/context.ts:100-111), as the frontend
 * registers them (src/kvstore/enabled_frontend_modules.ts:2-13; SharedKvStoreContext, src/kvstore/frontend.ts:44-45).
 * No file:, memory:, gcs:, az:, hf:; no upper case.
 */
const BASES: ReadonlyMap<string, (url: Parsed) => KvStoreWithPath> = new Map([
  ["gs", gcsProvider],
  ["gs+ngauth+http", ngauthProvider],
  ["gs+ngauth+https", ngauthProvider],
  ["http", httpProvider],
  ["https", httpProvider],
  ["middleauth+https", middleauthProvider],
  ["s3", s3Provider],
  ["s3+http", s3CompatibleProvider],
  ["s3+https", s3CompatibleProvider],
]);

/** A store that reads one file of the store below (KvStoreFileHandle, e13f1f4c src/kvstore/index.ts:253-270). */
const baseUrlOf = (below: KvStoreWithPath) => below.store.getUrl(below.path);

/**
 * What the worker's ZipKvStore reads first: the archive's size (base.stat), then its end (src/kvstore/zip/backend.ts:
 * 81-97): an archive below of no known size (gzip:) is refused, after the requests the stat made.
 */
function getZipMetadata(below: KvStoreWithPath): true {
  baseUrlOf(below);
  const st = below.store.stat(below.path, true);
  if (st === "io") return true;
  if (st.totalSize === undefined)
    fail(`Failed to determine ZIP file size: ${baseUrlOf(below)}`, "src/kvstore/zip/backend.ts:89-91");
  below.store.read(below.path, true, { offset: 0, length: st.totalSize! });
  return true;
}

/**
 * zip:PATH (e13f1f4c src/kvstore/zip/register_frontend.ts:31-40): no "?" or "#"; the path percent-decoded and kept
 * as written otherwise (`zip:/a`, `zip:../a` are keys). Written `BASE|zip:PATH` (src/kvstore/zip/frontend.ts:30-32);
 * read in the worker, at that URL, which first reads the archive below it (getZipMetadataCache: base.getUrl, then
 * base.stat, src/kvstore/zip/backend.ts:81-88).
 */
function zipProvider(url: Parsed, below: KvStoreWithPath): KvStoreWithPath {
  ensureNoQueryOrFragmentParameters(url);
  const store: Store = {
    scheme: "zip",
    getUrl: (key) => `${baseUrlOf(below)}|zip:${encodePathForUrl(key)}`,
    read: (key, inWorker) => (inWorker ? getZipMetadata(below) : proxied(store, key)),
    stat: (key, inWorker) => {
      store.read(key, inWorker);
      return "io";
    },
    singleKey: false,
    lists: true,
    fields: (key) => ({ path: key }),
    below,
    workerBelow: () => below,
  };
  return { store, path: decode(url.suffix ?? "", "src/kvstore/zip/register_frontend.ts:38") };
}

/**
 * gzip: (e13f1f4c src/kvstore/gzip/register.ts:30-40): no suffix at all; one value, read from the file below.
 * Written `BASE|gzip`, without ":" (src/kvstore/gzip/index.ts:40-43); any other path is refused (:45-51), so a
 * format that joins a file name to it (`|gzip:|zarr3:`) is refused when it reads.
 */
function gzipProvider(url: Parsed, below: KvStoreWithPath): KvStoreWithPath {
  ensureEmptyUrlSuffix(url);
  const validatePath = (key: string) => {
    if (key) fail(`"gzip:" does not support non-empty path ${JSON.stringify(key)}`, "src/kvstore/gzip/index.ts:45-51");
  };
  const store: Store = {
    scheme: "gzip",
    getUrl: (key) => {
      validatePath(key);
      return `${baseUrlOf(below)}|gzip`;
    },
    // GzipFileHandle (src/kvstore/gzip/file_handle.ts:37-79): a stat is the stat of the file below, of no known
    // size; a byte range starts at 0, and reads that many bytes and 100 more of the file below.
    read: (key, inWorker, range) => {
      validatePath(key);
      if (range === undefined) return below.store.read(below.path, inWorker);
      if (range.offset !== 0)
        fail(`Byte range with offset not supported: ${JSON.stringify(range)}`, "src/kvstore/gzip/file_handle.ts:56-60");
      return below.store.read(below.path, inWorker, { offset: 0, length: range.length + 100 });
    },
    stat: (key, inWorker) => {
      validatePath(key);
      return below.store.stat(below.path, inWorker) === "io" ? "io" : { totalSize: undefined };
    },
    singleKey: true,
    lists: false,
    fields: () => ({}),
    below,
  };
  return { store, path: "" };
}

/**
 * byte-range:B-E (e13f1f4c src/kvstore/byte_range/register.ts:27-35): the suffix is kept as the key, unchecked;
 * it is checked when read (src/kvstore/byte_range/index.ts:28-40: `^[0-9]+-[0-9]+$`, E >= B, each a Number).
 * Written `BASE|byte-range:KEY` (:45-47).
 */
function byteRangeProvider(url: Parsed, below: KvStoreWithPath): KvStoreWithPath {
  ensureNoQueryOrFragmentParameters(url);
  const store: Store = {
    scheme: "byte-range",
    getUrl: (key) => `${baseUrlOf(below)}|byte-range:${key}`,
    // FileByteRangeHandle (src/kvstore/byte_range/file_handle.ts:28-53, :70-97): a stat is its length, with no
    // request; a read must lie within it, and an empty one reads nothing.
    read: (key, inWorker, range) => {
      const own = parseKey(key);
      if (range !== undefined && range.offset + range.length > own.length)
        fail(
          `Requested byte range ${JSON.stringify(range)} not valid for value of length ${own.length}`,
          "src/kvstore/byte_range/file_handle.ts:42-48",
        );
      const outer = range === undefined ? own : { offset: own.offset + range.offset, length: range.length };
      return outer.length === 0 ? false : below.store.read(below.path, inWorker, outer);
    },
    stat: (key) => ({ totalSize: parseKey(key).length }),
    singleKey: true,
    lists: false,
    fields: (key) => {
      const m = /^([0-9]+)-([0-9]+)$/.exec(key);
      return { range: m ? `${Number(m[1])}-${Number(m[2])}` : key };
    },
    below,
  };
  return { store, path: url.suffix ?? "" };
}

function parseKey(key: string): ByteRange {
  const m = /^([0-9]+)-([0-9]+)$/.exec(key);
  if (m !== null && Number(m[2]) >= Number(m[1])) return { offset: Number(m[1]), length: Number(m[2]) - Number(m[1]) };
  return fail(
    `Invalid key ${JSON.stringify(key)} for "byte-range:", expected "<begin>-<end>"`,
    "src/kvstore/byte_range/index.ts:28-40",
  );
}

/**
 * The suffix of ocdbt: and icechunk: (e13f1f4c src/kvstore/ocdbt/url.ts:44-55, src/kvstore/icechunk/url.ts:86-97):
 * no "?" or "#"; "@" up to the first "/" is the version, not percent-decoded; the rest the path, percent-decoded.
 * Without "@" there is no version: `ocdbt://v1/a` is the path "//v1/a". The store below is read as a directory
 * (`gs://b/db|ocdbt:` reads `gs://b/db/`), at the URL it writes for it.
 */
function versionedSuffix(url: Parsed, below: Base): { baseUrl: string; version?: string; path: string } {
  ensureNoQueryOrFragmentParameters(url);
  const m = /^(?:@([^/]*)(?:\/|$))?(.*)$/.exec(url.suffix ?? "") ?? nullMatch("src/kvstore/ocdbt/url.ts:46");
  return { baseUrl: below.store.getUrl(ensurePathIsDirectory(below.path)), version: m[1], path: m[2]! };
}

/** What parseOcdbtUrl and parseIcechunkUrl need of the store below: its URL for a path. */
interface Base {
  store: { getUrl(key: string): string };
  path: string;
}

/** parseOcdbtUrl (e13f1f4c src/kvstore/ocdbt/url.ts:40-56); its errors are "Invalid URL: URL" and the cause. */
export function parseOcdbtUrl(
  url: Parsed,
  below: Base,
): { baseUrl: string; version: Version | undefined; path: string } {
  return wrapCause(`Invalid URL: ${url.url}`, () => {
    const s = versionedSuffix(url, below);
    return {
      baseUrl: s.baseUrl,
      version: parseVersion(s.version),
      path: decode(s.path, "src/kvstore/ocdbt/url.ts:51"),
    };
  });
}

/** parseIcechunkUrl (e13f1f4c src/kvstore/icechunk/url.ts:82-98). */
export function parseIcechunkUrl(
  url: Parsed,
  below: Base,
): { baseUrl: string; version: RefSpec | undefined; path: string } {
  return wrapCause(`Invalid URL: ${url.url}`, () => {
    const s = versionedSuffix(url, below);
    return {
      baseUrl: s.baseUrl,
      version: parseRefSpec(s.version),
      path: decode(s.path, "src/kvstore/icechunk/url.ts:93"),
    };
  });
}

/** ocdbt:[@VERSION/]PATH (e13f1f4c src/kvstore/ocdbt/register_frontend.ts:35-41, src/kvstore/ocdbt/url.ts:30-56). */
function ocdbtProvider(url: Parsed, below: KvStoreWithPath): KvStoreWithPath {
  const { baseUrl, version, path } = parseOcdbtUrl(url, below);
  const written = (key: string) =>
    `${baseUrl}|ocdbt:${version === undefined ? "" : `@${formatVersion(version)}/`}${encodePathForUrl(key)}`;
  const store: Store = {
    scheme: "ocdbt",
    getUrl: written,
    // The worker reads the manifest first (getRoot: src/kvstore/ocdbt/metadata_cache.ts:51-64, :94), at the base
    // URL joined to it, parsed again.
    read: (key, inWorker) =>
      inWorker ? readUrl(pipelineUrlJoin(baseUrl, "manifest.ocdbt"), true) : proxied(store, key),
    stat: (key, inWorker) => {
      store.read(key, inWorker);
      return "io";
    },
    singleKey: false,
    lists: true,
    workerBelow: () => getKvStore(baseUrl),
    fields: (key) => ({ version: version === undefined ? "" : formatVersion(version), path: key }),
    below: { store: below.store, path: ensurePathIsDirectory(below.path) },
  };
  return { store, path };
}

export type Version = { generation: bigint } | { commitTime: bigint };

/**
 * parseVersion (e13f1f4c src/kvstore/ocdbt/version_specifier.ts:35-56): `v` and a generation without leading zeros
 * up to 2^64-1, or a commit time `YYYY-MM-DDThh:mm:ss[.f]Z`, two digits each, upper-case T and Z.
 */
function parseVersion(text: string | undefined): Version | undefined {
  if (text === undefined) return undefined;
  const m = /^(?:v([1-9]\d*)|(?:\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d*)?Z))$/.exec(text);
  if (m === null)
    return fail(
      `Invalid OCDBT version specifier: ${JSON.stringify(text)}`,
      "src/kvstore/ocdbt/version_specifier.ts:39-46",
    );
  if (m[1] !== undefined) {
    const generation = BigInt(m[1]);
    if (generation > 0xffffffffffffffffn)
      fail(`Invalid generation number: ${generation}`, "src/kvstore/ocdbt/version_specifier.ts:50-52");
    return { generation };
  }
  return { commitTime: parseCommitTime(text) };
}

/**
 * parseCommitTime (e13f1f4c src/kvstore/ocdbt/version_specifier.ts:58-83): the seconds by Date.parse (:68), so
 * month 13 or second 60 is NaN, which BigInt refuses, and February 30 is March 2; a fraction of more than 9 digits
 * is rounded to nanoseconds (:80), a "." without digits is no fraction (:78).
 */
function parseCommitTime(text: string): bigint {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:(\.\d*))?Z$/.exec(text)!;
  const seconds = Date.parse(`${m[1]}Z`);
  if (Number.isNaN(seconds))
    fail(
      "The number NaN cannot be converted to a BigInt because it is not an integer",
      "src/kvstore/ocdbt/version_specifier.ts:68, :77",
    );
  let time = BigInt(seconds) * 1000000n;
  const sub = m[2];
  if (sub !== undefined && sub.length > 1) time += BigInt(Math.min(999999999, Math.round(Number(sub) * 1e9)));
  return time;
}

/**
 * formatVersion, formatCommitTime (e13f1f4c src/kvstore/ocdbt/version_specifier.ts:26-33, :85-104): `v` and the
 * generation; the commit time as an ISO instant with the fraction's trailing zeros dropped. An instant
 * toISOString cannot write in 24 characters throws.
 */
export function formatVersion(v: Version): string {
  if ("generation" in v) return `v${v.generation}`;
  let fraction = v.commitTime % 1000000000n;
  let seconds = v.commitTime / 1000000000n;
  if (fraction < 0n) {
    fraction += 1000000000n;
    seconds -= 1n;
  }
  const where = "src/kvstore/ocdbt/version_specifier.ts:92-95";
  const iso = wrap(() => new Date(Number(seconds) * 1000).toISOString(), where);
  if (iso.length !== 24) fail(`Invalid commit time: ${v.commitTime} -> ${iso}`, where);
  const frac = fraction === 0n ? "" : `.${fraction.toString().padStart(9, "0").replace(/0+$/, "")}`;
  return `${iso.slice(0, 19)}${frac}Z`;
}

/**
 * icechunk:[@REF/]PATH (e13f1f4c src/kvstore/icechunk/register_frontend.ts:35-41, src/kvstore/icechunk/url.ts:34-98);
 * no ref is branch main (src/kvstore/icechunk/backend.ts:53).
 */
function icechunkProvider(url: Parsed, below: KvStoreWithPath): KvStoreWithPath {
  const { baseUrl, version: ref, path } = parseIcechunkUrl(url, below);
  if (ref !== undefined && ref.kind !== "snapshot" && ref.name.includes("/"))
    met.slashInRef.push(`${ref.kind}.${ref.name}`);
  const written = (key: string) =>
    `${baseUrl}|icechunk:${ref === undefined ? "" : `@${formatRefSpec(ref)}/`}${encodePathForUrl(key)}`;
  const store: Store = {
    scheme: "icechunk",
    getUrl: written,
    read: (key, inWorker) => (inWorker ? readRef(baseUrl, ref) : proxied(store, key)),
    stat: (key, inWorker) => {
      store.read(key, inWorker);
      return "io";
    },
    singleKey: false,
    lists: true,
    workerBelow: () => getKvStore(baseUrl),
    fields: (key) => ({ ref: ref === undefined ? "branch:main" : `${ref.kind}:${ref.name}`, path: key }),
    below: { store: below.store, path: ensurePathIsDirectory(below.path) },
  };
  return { store, path };
}

/**
 * What the worker reads first of an Icechunk repository (resolveRefSpec, e13f1f4c
 * src/kvstore/icechunk/metadata_cache.ts:228-249): a branch's directory of refs, listed (:150-154); a tag's
 * ref.json (:198-203); a snapshot's file (src/kvstore/icechunk/snapshot.ts:260). Each at the base URL joined to it.
 */
function readRef(baseUrl: string, ref: RefSpec | undefined): boolean {
  const r = ref ?? { kind: "branch", name: "main" };
  if (r.kind === "snapshot") return readUrl(pipelineUrlJoin(baseUrl, `snapshots/${r.name}`), true);
  if (r.kind === "tag")
    return readUrl(pipelineUrlJoin(pipelineUrlJoin(baseUrl, `refs/tag.${r.name}/`), "ref.json"), true);
  const kv = getKvStore(pipelineUrlJoin(baseUrl, `refs/branch.${r.name}/`));
  if (!kv.store.lists) fail("store.list is not a function", "src/kvstore/proxy.ts:163-167");
  return kv.store.read(kv.path, true);
}

export interface RefSpec {
  kind: "branch" | "tag" | "snapshot";
  name: string;
}

/**
 * parseRefSpec (e13f1f4c src/kvstore/icechunk/url.ts:58-80): `branch.NAME` or `tag.NAME` (NAME not empty, no "/"
 * before it is decoded, then percent-decoded), or a snapshot id: 20 characters of Crockford base32, upper case
 * (src/kvstore/icechunk/ref.ts:39-41).
 */
function parseRefSpec(text: string | undefined): RefSpec | undefined {
  if (text === undefined) return undefined;
  for (const kind of ["branch", "tag"] as const) {
    if (!text.startsWith(`${kind}.`)) continue;
    const name = text.slice(kind.length + 1);
    if (name.length === 0 || name.includes("/"))
      fail(`Invalid ${kind} name: ${JSON.stringify(name)}`, "src/kvstore/icechunk/url.ts:64-66");
    return { kind, name: decode(name, "src/kvstore/icechunk/url.ts:67") };
  }
  if (/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{20}$/.test(text)) return { kind: "snapshot", name: text };
  return fail(`Invalid ref spec: ${JSON.stringify(text)}`, "src/kvstore/icechunk/url.ts:76-79");
}

/** formatRefSpec (e13f1f4c src/kvstore/icechunk/url.ts:44-52). */
const formatRefSpec = (r: RefSpec) => (r.kind === "snapshot" ? r.name : `${r.kind}.${encodePathForUrl(r.name)}`);

/** The key-value store adapters, by exact scheme (e13f1f4c src/kvstore/context.ts:113-127). */
const ADAPTERS: ReadonlyMap<string, (url: Parsed, below: KvStoreWithPath) => KvStoreWithPath> = new Map([
  ["byte-range", byteRangeProvider],
  ["gzip", gzipProvider],
  ["icechunk", icechunkProvider],
  ["ocdbt", ocdbtProvider],
  ["zip", zipProvider],
]);

/** describeProtocolUsage (e13f1f4c src/kvstore/context.ts:141-149). */
function usage(scheme: string): string {
  if (BASES.has(scheme)) return `; "${scheme}:" may only be used as a base kvstore protocol`;
  if (ADAPTERS.has(scheme)) return `; "${scheme}:" may only be used as a kvstore adapter protocol`;
  return "";
}

/**
 * KvStoreContext.getKvStore (e13f1f4c src/kvstore/context.ts:82-93): the first component by its base provider, each
 * next one by its adapter provider. `steps`: also write each store's URL as it goes (as the harness does, to name
 * the component that fails); the error then carries the stage of the component that failed.
 */
function getKvStore(url: string, steps = false): KvStoreWithPath {
  const parts = splitPipelineUrl(url);
  let kv: KvStoreWithPath | undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const stage: NeuroglancerStage = i === 0 ? "kvstore-base" : "kvstore-adapter";
    try {
      if (kv === undefined) {
        const provider = BASES.get(part.scheme);
        if (provider === undefined)
          fail(
            `Invalid base kvstore protocol "${part.scheme}:"${usage(part.scheme)}`,
            "src/kvstore/context.ts:100-111",
          );
        kv = provider!(part);
      } else {
        const provider = ADAPTERS.get(part.scheme);
        if (provider === undefined)
          fail(
            `Invalid kvstore adapter protocol "${part.scheme}:"${usage(part.scheme)}; supported schemes: ` +
              JSON.stringify([...ADAPTERS.keys()]),
            "src/kvstore/context.ts:113-127",
          );
        kv = provider!(part, kv);
      }
      if (steps) kv!.store.getUrl(kv!.path);
    } catch (e) {
      if (e instanceof NgError && e.stage === null) e.stage = stage;
      throw e;
    }
  }
  return kv!;
}

/** `f()`, or undefined where it throws. */
function attempt<T>(f: (() => T) | undefined): T | undefined {
  try {
    return f?.();
  } catch {
    return undefined;
  }
}

/** KvStoreContext.read (e13f1f4c src/kvstore/context.ts:166-172): the URL is parsed again, then read. */
function readUrl(url: string, inWorker = false): boolean {
  const { store, path } = getKvStore(url);
  return store.read(path, inWorker);
}

/**
 * The reading of a store and the stores below it, bottom first: what is read, so for a store the worker reads,
 * the worker's parse of the URL it is handed (`icechunk:@branch.a%2Fb/` is written `@branch.a/b/`, which the
 * worker reads as the branch "a" and the path "b/").
 */
function readingOf(kv: KvStoreWithPath, inWorker = false): NeuroglancerComponent[] {
  if (kv.store.workerBelow !== undefined && !inWorker) {
    let again: KvStoreWithPath | undefined;
    try {
      again = getKvStore(kv.store.getUrl(kv.path));
    } catch {
      // Not readable there: the frontend's reading, the best there is.
    }
    if (again !== undefined) return readingOf(again, true);
  }
  const below = (inWorker && attempt(kv.store.workerBelow)) || kv.store.below;
  return [...(below ? readingOf(below, inWorker) : []), { scheme: kv.store.scheme, fields: kv.store.fields(kv.path) }];
}

// ---------------------------------------------------------------------------------------------------------------
// Data sources (src/datasource/): what reads the store.

/** What a data source found: the URL it memoizes, the URLs it reads first (one is enough to read storage). */
interface SourceReads {
  directory: string;
  reads: string[];
  /** The file name its reading drops from the last path ("zarr.json"), when it reads one. */
  file?: string;
}

interface FormatOptions {
  /** The data-source component. */
  url: Parsed;
  /** The URL before it (GetKvStoreBasedDataSourceOptions.kvStoreUrl). */
  kvStoreUrl: string;
}

/**
 * urlSafeToJSON (e13f1f4c src/util/json.ts:316-366), in part: "&", "_" and "," outside double-quoted strings are
 * commas. Its single-quoted strings are not modelled.
 */
function urlSafeToJson(text: string): string {
  let out = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === "\\") {
      out += c + (text[i + 1] ?? "");
      i++;
      continue;
    }
    if (c === '"') quoted = !quoted;
    out += !quoted && /[&_,]/.test(c) ? "," : c;
  }
  return out;
}

/**
 * parseQueryStringParameters (e13f1f4c src/util/json.ts:619-636): `k=v` pairs split at "&" or ";", each value
 * percent-decoded; or url-safe JSON after "{" (:623-625).
 */
function parseQueryStringParameters(text: string): Record<string, unknown> {
  if (text === "") return {};
  if (text.startsWith("{")) {
    const value: unknown = wrap(() => JSON.parse(urlSafeToJson(text)), "src/util/json.ts:623-625");
    if (typeof value !== "object" || value === null || Array.isArray(value))
      fail(`Expected JSON object, but received: ${JSON.stringify(value)}.`, "src/util/json.ts:454-461");
    return value as Record<string, unknown>;
  }
  const out: Record<string, unknown> = {};
  for (const part of text.split(/[&;]/)) {
    const m = /^([^=&;]+)=([^&;]*)$/.exec(part);
    if (m === null) fail(`Invalid query string part: ${JSON.stringify(part)}.`, "src/util/json.ts:629-632");
    const value = decode(m![2]!, "src/util/json.ts:633");
    Object.defineProperty(out, m![1]!, { value, enumerable: true, configurable: true });
  }
  return out;
}

/**
 * ZarrDataSource.get (e13f1f4c src/datasource/zarr/frontend.ts:455-498): no query (an empty "?" is none); the
 * path is joined to the store as a directory (`gs://b/a|zarr3:sub` reads `gs://b/a/sub/`); the fragment holds
 * parameters, of which `dimension_separator` must be "." or "/" (src/datasource/zarr/metadata/parse.ts:65-72).
 * Metadata read (getMetadata, :378-453): zarr2 `.zarray` and `.zattrs`, zarr3 `zarr.json`, zarr all three, each
 * URL a string concatenation, parsed again.
 */
function zarrSource(version: "" | "2" | "3") {
  return (o: FormatOptions): SourceReads => {
    const { authorityAndPath, query, fragment } = parseUrlSuffix(o.url.suffix);
    if (query)
      fail(
        `Invalid URL ${JSON.stringify(o.url.url)}: query parameters not supported`,
        "src/datasource/zarr/frontend.ts:462-466",
      );
    const directory = kvstoreEnsureDirectoryPipelineUrl(
      pipelineUrlJoin(kvstoreEnsureDirectoryPipelineUrl(o.kvStoreUrl), authorityAndPath ?? ""),
    );
    const parameters = parseQueryStringParameters(fragment || "");
    const separator = Object.hasOwn(parameters, "dimension_separator") ? parameters.dimension_separator : undefined;
    if (separator !== undefined && separator !== "." && separator !== "/")
      fail(
        `Error parsing "dimension_separator" property: Expected "." or "/", but received: ${JSON.stringify(separator)}`,
        "src/datasource/zarr/frontend.ts:494-498, src/datasource/zarr/metadata/parse.ts:65-72",
      );
    const v2 = [`${directory}.zarray`, `${directory}.zattrs`];
    const v3 = [`${directory}zarr.json`];
    if (version === "2") return { directory, reads: v2, file: ".zarray" };
    return { directory, reads: version === "3" ? v3 : [...v3, ...v2], file: "zarr.json" };
  };
}

/**
 * N5DataSource.get (e13f1f4c src/datasource/n5/frontend.ts:637-658): no "?" or "#"; the path joined as zarr's is;
 * then attributes.json in the directory and each one above it (getAttributesJsonUrls, :317-342), each written by
 * the store and parsed again.
 */
function n5Source(o: FormatOptions): SourceReads {
  ensureNoQueryOrFragmentParameters(o.url);
  const directory = kvstoreEnsureDirectoryPipelineUrl(
    pipelineUrlJoin(kvstoreEnsureDirectoryPipelineUrl(o.kvStoreUrl), o.url.suffix ?? ""),
  );
  const kv = getKvStore(directory);
  const reads: string[] = [];
  let path = kv.path.slice(0, -1);
  for (;;) {
    reads.push(kv.store.getUrl(joinPath(path, "attributes.json")));
    kv.store.getUrl(ensurePathIsDirectory(path));
    if (path === "") break;
    path = path.slice(0, Math.max(path.lastIndexOf("/"), 0));
  }
  return { directory, reads, file: "attributes.json" };
}

/**
 * PrecomputedDataSource.get (e13f1f4c src/datasource/precomputed/frontend.ts:1319-1345): no query and no path
 * (`|neuroglancer-precomputed:` only), fragment parameters (`#type=mesh`); reads `info` in the directory
 * (getJsonMetadata, :745, pipelineUrlJoin: before the query).
 */
function precomputedSource(o: FormatOptions): SourceReads {
  const { authorityAndPath, query, fragment } = parseUrlSuffix(o.url.suffix);
  const where = "src/datasource/precomputed/frontend.ts:1325-1334";
  if (query) fail(`Invalid URL ${JSON.stringify(o.url.url)}: query parameters not supported`, where);
  if (authorityAndPath) fail(`Invalid URL ${JSON.stringify(o.url.url)}: non-empty path not supported`, where);
  parseQueryStringParameters(fragment ?? "");
  const directory = kvstoreEnsureDirectoryPipelineUrl(o.kvStoreUrl);
  return { directory, reads: [pipelineUrlJoin(directory, "info")], file: "info" };
}

/**
 * DeepzoomDataSource.get (e13f1f4c src/datasource/deepzoom/frontend.ts:303-318): no suffix; the store's URL is
 * the file read, but not one ending ".json" or with ".json?" (getDZIMetadata, :221-228).
 */
function deepzoomSource(o: FormatOptions): SourceReads {
  ensureEmptyUrlSuffix(o.url);
  if (o.kvStoreUrl.endsWith(".json") || o.kvStoreUrl.includes(".json?"))
    fail("DZI-JSON: OpenSeadragon hack not supported yet.", "src/datasource/deepzoom/frontend.ts:221-228");
  return { directory: o.kvStoreUrl, reads: [o.kvStoreUrl] };
}

/**
 * NiftiDataSource.get (e13f1f4c src/datasource/nifti/frontend.ts:204-210, :114-135): no suffix; the file is read
 * by the worker, at the store's URL.
 */
function niftiSource(o: FormatOptions): SourceReads {
  ensureEmptyUrlSuffix(o.url);
  return { directory: o.kvStoreUrl, reads: [o.kvStoreUrl] };
}

/**
 * SingleMeshDataSource.get, for obj: and vtk: (e13f1f4c src/single_mesh/frontend.ts:705-711): no suffix; the
 * worker reads `SCHEME://` and the store's URL.
 */
function singleMeshSource(o: FormatOptions): SourceReads {
  ensureEmptyUrlSuffix(o.url);
  return { directory: `${o.url.scheme}://${o.kvStoreUrl}`, reads: [o.kvStoreUrl] };
}

/**
 * The data sources a last component names, by exact scheme (registerKvStoreBasedDataProvider in each
 * src/datasource/X/register_default.ts; zarr: src/datasource/zarr/register_default.ts:29-36). `|precomputed:` is
 * not one (only `precomputed://`); nor is any upper case.
 */
const FORMATS: ReadonlyMap<string, (o: FormatOptions) => SourceReads> = new Map([
  ["deepzoom", deepzoomSource],
  ["n5", n5Source],
  ["nifti", niftiSource],
  ["obj", singleMeshSource],
  ["neuroglancer-precomputed", precomputedSource],
  ["vtk", singleMeshSource],
  ["zarr", zarrSource("")],
  ["zarr2", zarrSource("2")],
  ["zarr3", zarrSource("3")],
]);

/**
 * The `scheme://` data sources (DataSourceRegistry.dataSources): each format's legacy form
 * (KvStoreBasedDataSourceLegacyUrlAdapter, e13f1f4c src/datasource/index.ts:618-656), `precomputed://` for
 * neuroglancer-precomputed (src/datasource/precomputed/frontend.ts:1405-1408), and data sources of their own.
 */
const LEGACY_FORMATS: ReadonlyMap<string, string> = new Map([
  ["deepzoom", "deepzoom"],
  ["n5", "n5"],
  ["nifti", "nifti"],
  ["obj", "obj"],
  ["precomputed", "neuroglancer-precomputed"],
  ["vtk", "vtk"],
  ["zarr", "zarr"],
  ["zarr2", "zarr2"],
  ["zarr3", "zarr3"],
]);
/**
 * Not URL pipelines: each reads `scheme://` and text of its own (src/datasource/X/frontend.ts). Modelled: local://
 * and boss://'s first check; the others' reading is not.
 */
const OWN_SOURCES = new Set(["boss", "brainmaps", "dvid", "graphene", "local", "nggraph", "render"]);

/**
 * A data source's reads, all started together: accepted when one of them makes a request (whatever the others
 * throw); what it reads, from the first that does.
 */
function readSource(reads: SourceReads): NeuroglancerComponent[] {
  let first: NgError | undefined;
  for (const url of reads.reads) {
    try {
      if (readUrl(url)) return readingOf(getKvStore(url));
    } catch (e) {
      if (!(e instanceof NgError)) throw e;
      first ??= e;
    }
  }
  throw first ?? new NgError("it read nothing: an empty byte range", "src/kvstore/byte_range/file_handle.ts:85-91");
}

/** The reading of a data source: the store it reads, the file name dropped from its path, then the format. */
function sourceReading(reading: NeuroglancerComponent[], file: string | undefined, format: string) {
  const last = reading[reading.length - 1]!.fields;
  for (const [k, name] of [
    ["path", file],
    ["url", file === undefined ? undefined : encodePathForUrl(file)],
  ] as const) {
    if (name !== undefined && last[k]?.endsWith(name)) last[k] = last[k]!.slice(0, -name.length);
  }
  return [...reading, { scheme: format, fields: format === "neuroglancer-precomputed" ? {} : { path: "" } }];
}

// ---------------------------------------------------------------------------------------------------------------

interface Outcome {
  format: string;
  directory: string | null;
  reading: NeuroglancerComponent[];
}

/**
 * DataSourceRegistry.resolvePipeline (e13f1f4c src/datasource/index.ts:369-415): a base store's scheme first
 * resolves a pipeline; any other needs one `scheme://` component naming a data source.
 */
function resolvePipeline(url: string, notes: string[]): Outcome | "unknown" {
  const parts = splitPipelineUrl(url);
  const base = parts[0]!;
  if (BASES.has(base.scheme)) return resolveKvStoreBasedDataSource(url, notes);
  if (parts.length !== 1)
    fail(`${base.scheme}: scheme does not support | URL pipelines`, "src/datasource/index.ts:388-390");
  const suffix = base.suffix ?? "";
  if (!suffix.startsWith("//"))
    fail(`${base.scheme}: URLs must start with "${base.scheme}://"`, "src/datasource/index.ts:392-395");
  const providerUrl = suffix.slice(2);
  const format = LEGACY_FORMATS.get(base.scheme);
  if (format !== undefined) return legacySource(base.scheme, format, providerUrl, notes);
  if (base.scheme === "boss") return bossSource(providerUrl);
  if (base.scheme === "local") return localSource(base.url);
  if (OWN_SOURCES.has(base.scheme)) return "unknown";
  return fail(`Unsupported scheme: ${base.scheme}:`, "src/datasource/index.ts:414");
}

/**
 * resolveKvStoreBasedDataSource (e13f1f4c src/datasource/index.ts:339-367): a last component that names a data
 * source reads the URL before it; none: the format is auto-detected (:349-353).
 */
function resolveKvStoreBasedDataSource(url: string, notes: string[]): Outcome {
  const finalPart = parsePipelineUrlComponent(finalPipelineUrlComponent(url));
  const source = FORMATS.get(finalPart.scheme);
  if (source === undefined) return autoDetectFormat(url, notes);
  if (finalPart.suffix === undefined) notes.push(`reads the bare "${finalPart.scheme}" as "${finalPart.scheme}:"`);
  const kvStoreUrl = url.slice(0, url.length - finalPart.url.length - 1);
  return format(finalPart.scheme, source({ url: finalPart, kvStoreUrl }), notes);
}

function format(name: string, reads: SourceReads, notes: string[]): Outcome {
  const reading = sourceReading(readSource(reads), reads.file, name);
  const http = reading.find((c) => c.fields.query !== undefined && c.fields.query !== "");
  if (http && reads.file !== undefined && name.startsWith("zarr") && http.fields.query!.endsWith(reads.file))
    notes.push(
      `reads the metadata at the URL with "${reads.file}" appended to its query ("${http.fields.query}"): ` +
        `2.41.2 joins the file name to the directory URL as a string (${AT} src/datasource/zarr/frontend.ts:427)`,
    );
  return { format: name, directory: reads.directory, reading };
}

/**
 * How much of a file auto-detection reads: the longest prefix and suffix its file formats ask for (composeAutoDetect
 * FileSpecs, e13f1f4c src/kvstore/auto_detect.ts:112-122): deepzoom's 500 bytes (src/datasource/deepzoom/frontend.ts:
 * 340-344), zip's last 22 + 4096 (src/kvstore/zip/auto_detect.ts:37-45, src/kvstore/zip/metadata.ts:96).
 */
const FILE_PREFIX = 500;
const FILE_SUFFIX = 22 + 4096;

/**
 * autoDetectFormat (e13f1f4c src/kvstore/auto_detect.ts:175-281): the store is parsed, then probed (its path as a
 * file, else the files of each format in it as a directory): the format found needs the network.
 */
function autoDetectFormat(url: string, notes: string[]): Outcome {
  const kv = getKvStore(url);
  if (!pathIsDirectory(kv.path) || kv.store.singleKey) {
    // As a file: a stat, then its first bytes (and, of a known size, its last ones) (:185-241); what is found there
    // with no request (an empty byte range) is simply no format.
    const st = kv.store.stat(kv.path, false);
    if (st !== "io") {
      const { totalSize } = st;
      if (totalSize === undefined) kv.store.read(kv.path, false, { offset: 0, length: FILE_PREFIX });
      else if (totalSize <= FILE_PREFIX + FILE_SUFFIX) kv.store.read(kv.path, false);
      else
        [
          { offset: 0, length: FILE_PREFIX },
          { offset: totalSize - FILE_SUFFIX, length: FILE_SUFFIX },
        ].some((range) => kv.store.read(kv.path, false, range));
    }
  } else kv.store.stat(`${kv.path}zarr.json`, false);
  notes.push("names no format: it probes the store for one (auto-detection, which needs the network)");
  return { format: "auto-detect", directory: null, reading: readingOf(kv) };
}

/**
 * A format's `scheme://URL` form (KvStoreBasedDataSourceLegacyUrlAdapter, e13f1f4c src/datasource/index.ts:634-656):
 * one store URL, whose query and fragment are the format's (`zarr://gs://b/a#dimension_separator=/`).
 */
function legacySource(scheme: string, name: string, providerUrl: string, notes: string[]): Outcome {
  if (providerUrl.includes("|")) fail("Only a single pipeline component supported", "src/datasource/index.ts:635-637");
  const { base, queryAndFragment } = extractQueryAndFragment(providerUrl);
  const source = FORMATS.get(name)!;
  notes.push(`reads "${scheme}://URL" as its data source ${name} on the store URL`);
  const out = format(
    name,
    source({ url: parsePipelineUrlComponent(`${name}:${queryAndFragment}`), kvStoreUrl: base }),
    notes,
  );
  return { ...out, format: `${scheme}://` };
}

/**
 * local:// (e13f1f4c src/datasource/local.ts:32-33, :48-108): the in-memory annotation or equivalence layers, by
 * their exact URLs; nothing is read.
 */
function localSource(url: string): Outcome {
  if (url !== "local://annotations" && url !== "local://equivalences")
    fail("Invalid local data source URL", "src/datasource/local.ts:108");
  return { format: "local://", directory: null, reading: [] };
}

/** boss://URL (e13f1f4c src/datasource/boss/frontend.ts:751, :939-956): an http(s) host, then a volume path. */
function bossSource(providerUrl: string): Outcome {
  if (!/^((?:http|https):\/\/[^/?]+)\/(.*)$/.test(providerUrl))
    fail(`Invalid boss volume path: ${JSON.stringify(providerUrl)}`, "src/datasource/boss/frontend.ts:940-945");
  return { format: "boss://", directory: null, reading: [] };
}

/**
 * The stage Neuroglancer's refusal is given: the key-value store's, when the store the URL names (without a
 * data-source component) is itself refused; else the data source's.
 */
function kvStoreOf(url: string): { canonical: string } | { stage: NeuroglancerStage; error: string } {
  try {
    const kv = getKvStore(url, true);
    return { canonical: kv.store.getUrl(kv.path) };
  } catch (e) {
    if (!(e instanceof NgError)) throw e;
    return { stage: e.stage ?? "kvstore-base", error: e.message };
  }
}

/** The data-source component, as the layer source names one: the last of two or more, or a `scheme://` alone. */
function formatComponent(parts: Parsed[]): { legacy: boolean; text: string } | null {
  const last = parts[parts.length - 1]!;
  if (parts.length > 1 && FORMATS.has(last.scheme)) return { legacy: false, text: last.url };
  if (
    parts.length === 1 &&
    !BASES.has(last.scheme) &&
    (LEGACY_FORMATS.has(last.scheme) || OWN_SOURCES.has(last.scheme))
  )
    return { legacy: true, text: last.url };
  return null;
}

/**
 * The most components the model follows. Neuroglancer parses the URL again at each store the worker reads and at
 * each file a data source reads, so the work grows with the cube of their number; past this the answer is unknown.
 */
const MAX_COMPONENTS = 128;

/**
 * Neuroglancer 2.41.2's reading of `input` as a layer source: accepted (it gets past parsing and would read
 * storage), with its spelling and reading, or refused, with the stage and why. Never throws.
 */
export function readNeuroglancer(input: string): NeuroglancerPrediction {
  stringArgument("readNeuroglancer()", "its input", input);
  const notes: string[] = [];
  met = { unfetchable: [], slashInRef: [] };
  // DataSourceRegistry.get (e13f1f4c src/datasource/index.ts:421-424): white space trimmed (String.prototype.trim,
  // a BOM too), then every trailing "|".
  const trimmed = input.trim();
  if (trimmed !== input) notes.push("trims the white space around the input");
  const url = trimmed.replace(/\|+$/, "");
  if (url !== trimmed) notes.push('drops the trailing "|"');
  let parts: Parsed[];
  try {
    parts = splitPipelineUrl(url);
  } catch (e) {
    if (!(e instanceof NgError)) throw e;
    return { accepts: false, stage: "split", reason: `a line terminator in a component: ${because(e)}`, notes };
  }
  const named = formatComponent(parts);
  if (parts.length > MAX_COMPONENTS) {
    return {
      accepts: "unknown",
      format: named === null ? "auto-detect" : parsePipelineUrlComponent(named.text).scheme,
      reason: `it has ${parts.length} components: the model follows at most ${MAX_COMPONENTS}`,
      notes,
    };
  }
  const kvUrl = named && !named.legacy ? url.slice(0, url.length - named.text.length - 1) : url;
  let outcome: Outcome | "unknown";
  try {
    outcome = resolvePipeline(url, notes);
  } catch (e) {
    if (!(e instanceof NgError)) throw e;
    const kv = named?.legacy ? null : kvStoreOf(kvUrl);
    const stage = kv !== null && "stage" in kv ? kv.stage : "datasource";
    return { accepts: false, stage, reason: because(e), notes };
  }
  if (outcome === "unknown") {
    const scheme = parts[0]!.scheme;
    return {
      accepts: "unknown",
      format: `${scheme}://`,
      reason: `its ${scheme}:// data source reads the rest in a form of its own, not a URL pipeline (not modelled)`,
      notes,
    };
  }
  versionNotes(outcome.reading, notes);
  if (met.unfetchable.length > 0)
    notes.push(
      `asks for ${JSON.stringify(met.unfetchable[0])}, which is no URL: the request fails, and it finds nothing ` +
        `there (${AT} src/util/http_request.ts:141-146)`,
    );
  for (const ref of new Set(met.slashInRef))
    notes.push(
      `writes the ref "${ref}" with its "/" as it is, so that its worker reads the name up to the "/" as the ref and ` +
        `the rest as a path (${AT} src/kvstore/icechunk/url.ts:44-52)`,
    );
  const kv = named?.legacy ? null : kvStoreOf(kvUrl);
  const canonical = kv !== null && "canonical" in kv ? kv.canonical : null;
  return {
    accepts: true,
    canonical,
    url: canonical === null ? null : named && !named.legacy ? `${canonical}|${named.text}` : canonical,
    format: outcome.format,
    directory: outcome.directory,
    reading: outcome.reading,
    notes,
  };
}

/** Neuroglancer's message, and where it throws it. */
const because = (e: NgError) => (e.where === undefined ? e.message : `${e.message} (${AT} ${e.where})`);

/** What a reader of url-pipeline v0 would not expect: `ocdbt://v1/` and `icechunk://branch.main/` are paths. */
function versionNotes(reading: NeuroglancerComponent[], notes: string[]): void {
  for (const c of reading) {
    if ((c.scheme === "ocdbt" || c.scheme === "icechunk") && c.fields.path?.startsWith("//")) {
      const what = c.scheme === "ocdbt" ? "no version (the latest)" : "the default ref (branch main)";
      notes.push(
        `reads "${c.scheme}:${c.fields.path}" as the path "${c.fields.path}" with ${what}: ` +
          `it takes a version only after "@" ` +
          `(${AT} src/kvstore/${c.scheme}/url.ts:${c.scheme === "ocdbt" ? 46 : 88})`,
      );
    }
    if ((c.scheme === "gs" || c.scheme === "s3") && /[?#]/.test(c.fields.path ?? ""))
      notes.push(
        `reads "?" and "#" in a ${c.scheme}: key as part of the key ` +
          `(${AT} src/kvstore/${c.scheme === "gs" ? "gcs/register.ts:30" : "s3/common.ts:113"})`,
      );
  }
}

/**
 * How TensorStore 0.1.85 reads a URL pipeline: its verdict and the canonical URL it writes back (`.url` of
 * `tensorstore.KvStore.Spec(url)`, else of `tensorstore.Spec(url)`), predicted from rules found by running it.
 * The runs are `scripts/tensorstore/read_urls.py` over the differential corpus (`npm run test:tensorstore`); the
 * recorded answers are `test/fixtures/tensorstore/runs.json`, replayed by `test/portability/tensorstore.test.ts`.
 * Where a rule agrees with TensorStore's source, the source is named too (google/tensorstore; the files are
 * read for the rule, the behaviour is the run's).
 *
 * This module knows nothing of the grammar: it reads the string as TensorStore does. The pipeline is split at
 * every "|"; each part is split as a generic URI (RFC 3986 3: scheme ":" ["//" authority] path ["?" query]
 * ["#" fragment], the scheme compared case-sensitively), then read by its scheme's rule below.
 */
import { stringArgument } from "../arguments";

export const TENSORSTORE = {
  implementation: "TensorStore",
  version: "0.1.85",
  sources: [
    "runs of tensorstore 0.1.85 (the PyPI wheel) through scripts/tensorstore/read_urls.py, recorded in " +
      "test/fixtures/tensorstore/runs.json",
    'google/tensorstore tensorstore/internal/uri_utils.cc (ParseGenericUri: fragment, then query, then "//")',
    "google/tensorstore tensorstore/kvstore/http/driver.cc (SplitParsedHttpUrl, GetUrl)",
    "google/tensorstore tensorstore/kvstore/gcs/validate.cc (IsValidBucketName)",
  ],
} as const;

/**
 * One component as TensorStore reads it, in decoded values: `path` (memory, file, zip, ocdbt, and the bucket
 * roots with `bucket`), `version` (ocdbt: `v1` or a commit time as TensorStore writes it), `url` and `query`
 * (http and https: the URL of the store, as TensorStore writes it, and its query with the "?", or "" for none),
 * `pointer` (json), `dtype` (cast). A format's
 * path is already in the path of the store before it.
 */
export interface TensorStoreComponent {
  scheme: string;
  fields: Record<string, string>;
}

/** What TensorStore does with one input, as the model predicts it. */
export type TensorStorePrediction =
  | {
      accepts: true;
      /** The URL it writes back; null when it accepts the input but cannot write it as a URL (a relative file: path). */
      canonical: string | null;
      /** What it reads, component by component (an `auto:` it inserts before `cast:` is left out). */
      reading: TensorStoreComponent[];
      notes: string[];
    }
  | { accepts: false; reason: string; notes: string[] };

/**
 * The roles TensorStore gives its URL schemes: a pipeline is one root, then key-value adapters, then at most one
 * format ("kvstore-based TensorStore URL scheme"), then TensorStore adapters. Runs: a root after "|", an adapter
 * or format first, a format or adapter after a format, are refused.
 */
type Role = "root" | "adapter" | "format" | "tensorstore-adapter";

/**
 * What a format does with its path and with the path of the key-value store before it:
 * - `fold`: its path is appended to the store's path, which is written as a directory (`memory://x|zarr3:a` is
 *   `memory://x/a/|zarr3:`);
 * - `none`: it takes no path ("Path not supported"); `directory` also writes the store's path as a directory;
 * - `pointer`: a JSON pointer.
 */
type FormatPath = "fold" | "none" | "directory" | "pointer";

interface SchemeRule {
  role: Role;
  format?: FormatPath;
}

/**
 * TensorStore 0.1.85's URL schemes, all of them: every driver named in its documentation was run, and only these
 * answer other than "unsupported URL scheme" (`zarr`, `kvstack`, `tsgrpc`, `stack`, `downsample`, `array`,
 * `neuroglancer_uint64_sharded`, `zarr3_sharding_indexed`, `icechunk`, `hdf5`, `byte-range`, `gzip`, `s3+https`
 * are not schemes; nor is any upper-case spelling: `FILE:`, `Zarr3:`).
 */
const SCHEMES: Readonly<Record<string, SchemeRule>> = {
  file: { role: "root" },
  memory: { role: "root" },
  gs: { role: "root" },
  gcs_grpc: { role: "root" },
  s3: { role: "root" },
  http: { role: "root" },
  https: { role: "root" },
  zip: { role: "adapter" },
  ocdbt: { role: "adapter" },
  zarr2: { role: "format", format: "fold" },
  zarr3: { role: "format", format: "fold" },
  n5: { role: "format", format: "fold" },
  "neuroglancer-precomputed": { role: "format", format: "directory" },
  json: { role: "format", format: "pointer" },
  auto: { role: "format", format: "none" },
  png: { role: "format", format: "none" },
  jpeg: { role: "format", format: "none" },
  tiff: { role: "format", format: "none" },
  avif: { role: "format", format: "none" },
  webp: { role: "format", format: "none" },
  bmp: { role: "format", format: "none" },
  cast: { role: "tensorstore-adapter" },
};

/** The data types `cast:` takes (runs: `cast:uint8`; `cast:UINT8`, `cast:uint%38`, `cast:` refused). */
const DTYPES = new Set(
  (
    "bool char byte int2 int4 int8 uint8 int16 uint16 int32 uint32 int64 uint64 float4_e2m1fn float8_e3m4 " +
    "float8_e4m3fn float8_e4m3fnuz float8_e4m3b11fnuz float8_e5m2 float8_e5m2fnuz float8_e8m0fnu bfloat16 " +
    "float16 float32 float64 complex64 complex128 string ustring json"
  ).split(" "),
);

/**
 * Characters TensorStore writes as they are in a decoded path (object keys, memory, zip, ocdbt, zarr, json, and
 * http paths it decodes): runs over every printable ASCII character, raw, %XX and %xx, in each kind of path.
 * Everything else is written %XX (upper case) of its UTF-8 bytes.
 */
const KEY_LITERAL = /[A-Za-z0-9\-._~!$&'()*+,;=:/]/;
/** `file:` writes "@" as it is too (runs: `file:///a%40b` is `file:///a@b`). */
const FILE_LITERAL = /[A-Za-z0-9\-._~!$&'()*+,;=:/@]/;
/**
 * A %XX that stands for a reserved character (RFC 3986 2.2: gen-delims and sub-delims): TensorStore keeps the
 * http path up to it as written, undecoded (runs over %00 to %FF: `http://h/x%2fy%41` stays; `http://h/x%20y%41`
 * is `http://h/x%20yA`).
 */
const HTTP_RESERVED_ESCAPES = /%(?:2[1346-9a-cA-CfF]|3[abdfABDF]|40|5[bdBD])/g;
/** The characters C's isspace() skips around a commit time (runs: `@ 2025-01-01T00:00:00Z /` is read). */
const C_SPACE = /^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g;

/** Why the input is refused, thrown inside the model and caught by {@link readTensorStore}. */
class Refusal extends Error {}
const refuse = (why: string): never => {
  throw new Refusal(why);
};

/** The bytes %XX sequences and raw characters stand for; refuses a bad %-escape and text that is not UTF-8. */
function decode(text: string, what: string): string {
  const bytes: number[] = [];
  const enc = new TextEncoder();
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "%") {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex))
        refuse(`a "%" that is not followed by two hex digits in ${what} ("Invalid percent-encoding")`);
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      const cp = text.codePointAt(i)!;
      if (cp > 0xffff) i++;
      for (const b of enc.encode(String.fromCodePoint(cp))) bytes.push(b);
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return refuse(`${what} is not UTF-8 once percent-decoded ("Invalid UTF-8")`);
  }
}

function encodeWith(text: string, literal: RegExp): string {
  let out = "";
  for (const ch of text) {
    if (ch.length === 1 && literal.test(ch)) out += ch;
    else for (const b of new TextEncoder().encode(ch)) out += `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** One part of the pipeline split as TensorStore splits a URI: "#" first, then "?", then a leading "//". */
interface Generic {
  scheme: string;
  /** Whether "//" followed the scheme. */
  delimited: boolean;
  /** After "scheme:" and "//", before "?" and "#". */
  authorityAndPath: string;
  /** With "//": up to the first "/"; without: empty. */
  authority: string;
  /** With "//": from the first "/"; without: all of `authorityAndPath`. */
  path: string;
  query: string;
  fragment: string;
}

function generic(scheme: string, rest: string): Generic {
  let fragment = "";
  let query = "";
  const hash = rest.indexOf("#");
  if (hash >= 0) [rest, fragment] = [rest.slice(0, hash), rest.slice(hash + 1)];
  const q = rest.indexOf("?");
  if (q >= 0) [rest, query] = [rest.slice(0, q), rest.slice(q + 1)];
  if (!rest.startsWith("//"))
    return { scheme, delimited: false, authorityAndPath: rest, authority: "", path: rest, query, fragment };
  rest = rest.slice(2);
  const slash = rest.indexOf("/");
  const authority = slash < 0 ? rest : rest.slice(0, slash);
  return {
    scheme,
    delimited: true,
    authorityAndPath: rest,
    authority,
    path: slash < 0 ? "" : rest.slice(slash),
    query,
    fragment,
  };
}

/** An empty "?" or "#" is no query or fragment (runs: `memory://x?`, `zarr2:#` are read); a non-empty one is refused. */
function noQueryOrFragment(g: Generic): void {
  if (g.fragment !== "") refuse(`a fragment in "${g.scheme}:" ("Fragment identifier not supported")`);
  if (g.query !== "") refuse(`a query in "${g.scheme}:" ("Query string not supported")`);
}

function needsSlashes(g: Generic): void {
  if (!g.delimited)
    refuse(
      `it needs "${g.scheme}://": it reads no "${g.scheme}:" without "//" (its message: Scheme "${g.scheme}://" not present in url)`,
    );
}

/**
 * A key-value store of the pipeline: the decoded path TensorStore keeps, how it writes itself with a path (null:
 * it cannot be written as a URL), and what else it reads.
 */
interface Store {
  scheme: string;
  path: string;
  write: (path: string) => string | null;
  fields?: (path: string) => Record<string, string>;
}

/**
 * A path used as a directory (tensorstore/internal/path.h EnsureDirectoryPath): "/" becomes "", any other
 * non-empty path gains a final "/" (runs: `memory:///|zarr3:` is `memory://|zarr3:`, `http://h/|ocdbt:` is
 * `http://h|ocdbt:`).
 */
function asDirectory(path: string): string {
  if (path === "/") return "";
  return path === "" || path.endsWith("/") ? path : `${path}/`;
}

/** GCS bucket names (gcs/validate.cc IsValidBucketName; runs: `b`, `Bucket`, `a..b`, `a-.b`, `_ab` refused). */
function gcsBucket(b: string): void {
  const labelsOk = b
    .split(".")
    .every((l) => l !== "" && l.length <= 63 && /^[a-z0-9_-]+$/.test(l) && !l.startsWith("-") && !l.endsWith("-"));
  if (b.length < 3 || b.length > 222 || !/^[a-z0-9]/.test(b) || !/[a-z0-9]$/.test(b) || !labelsOk) {
    refuse(`"${b}" is not a GCS bucket name it accepts ("Invalid GCS bucket name")`);
  }
}

/**
 * S3 bucket names as 0.1.85 checks them (runs): 3 to 255 characters of letters (either case), digits, ".", "-",
 * "_"; every "."-separated label starts and ends with a letter or digit; not an IPv4 address; not `xn--...`,
 * `sthree-...`, `...-s3alias`, `...--ol-s3`, compared case-sensitively (`XN--b` is accepted). It accepts the other
 * names AWS reserves: `amzn-s3-demo-...`, `....mrap`, `...--x-s3`, `...--table-s3` (D64).
 */
function s3Bucket(b: string): void {
  const labelsOk = b.split(".").every((l) => /^[A-Za-z0-9]([A-Za-z0-9_-]*[A-Za-z0-9])?$/.test(l));
  if (b.length < 3 || b.length > 255 || !labelsOk)
    refuse(`"${b}" is not an S3 bucket name it accepts ("Invalid S3 bucket name")`);
  if (/^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(b))
    refuse(`"${b}" is formatted as an IP address ("Invalid S3 bucket name")`);
  if (b.startsWith("xn--") || b.startsWith("sthree-") || b.endsWith("-s3alias") || b.endsWith("--ol-s3"))
    refuse(`"${b}" has a prefix or suffix S3 reserves ("Invalid S3 bucket name")`);
}

/**
 * The GCS object names 0.1.85 refuses besides controls (runs; gcs/validate.cc IsValidObjectName): ".", "..", a name
 * that starts with ".well-known/acme-challenge" (without Google's trailing "/": the bare name too), over 1024 bytes
 * in UTF-8. The empty key is the bucket.
 */
function gcsPathRefused(key: string): boolean {
  return (
    key === "." ||
    key === ".." ||
    key.startsWith(".well-known/acme-challenge") ||
    new TextEncoder().encode(key).length > 1024
  );
}

/** A control character (runs: `gs://bucket/a%01`, `%0A`, `%7F` are "Invalid GCS path"). */
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The root key-value stores, by scheme. */
const ROOTS: Readonly<Record<string, (g: Generic, notes: string[]) => Store>> = {
  memory(g) {
    needsSlashes(g);
    noQueryOrFragment(g);
    return {
      scheme: "memory",
      path: decode(g.authorityAndPath, "a memory: path"),
      write: (p) => `memory://${encodeWith(p, KEY_LITERAL)}`,
    };
  },
  file: fileRoot,
  gs: bucketRoot,
  gcs_grpc: bucketRoot,
  s3: bucketRoot,
  http: httpRoot,
  https: httpRoot,
};

function bucketRoot(g: Generic, notes: string[]): Store {
  needsSlashes(g);
  noQueryOrFragment(g);
  const bucket = g.authority;
  if (g.scheme === "s3") s3Bucket(bucket);
  else gcsBucket(bucket);
  const key = decode(g.path.slice(1), `the ${g.scheme}: key`);
  if (g.scheme !== "s3" && CONTROL.test(key)) refuse('a control character in a GCS object name ("Invalid GCS path")');
  if (g.scheme !== "s3" && gcsPathRefused(key))
    refuse(`${JSON.stringify(key.slice(0, 40))} is not a GCS object name it accepts ("Invalid GCS path")`);
  if (g.path === "") notes.push(`writes the bucket root "${g.scheme}://${bucket}" as "${g.scheme}://${bucket}/"`);
  return {
    scheme: g.scheme,
    path: key,
    write: (p) => `${g.scheme}://${bucket}/${encodeWith(p, KEY_LITERAL)}`,
    fields: (path) => ({ bucket, path }),
  };
}

/**
 * `file://`: no host but `localhost`; the path cut at a NUL, "\" read as "/", dot-segments and empty segments
 * removed (runs: `file:///a/%00/b` is `file:///a/`, `file:///a\b` is `file:///a/b`). A path that is not absolute
 * (`file:///|zarr3:`: "/" as a directory is "") is read, but not written as a URL ("file: URIs do not support
 * relative paths").
 */
function fileRoot(g: Generic, notes: string[]): Store {
  needsSlashes(g);
  noQueryOrFragment(g);
  if (g.authority !== "" && g.authority !== "localhost")
    refuse('it reads no file: host but "localhost" ("file: URIs do not support authority")');
  if (g.authority === "localhost") notes.push('drops the host "localhost"');
  if (g.path === "") refuse('a file: URL without a path ("file: URIs do not support relative paths")');
  let decoded = decode(g.path, "the file: path");
  const nul = decoded.indexOf("\u0000");
  if (nul >= 0) {
    decoded = decoded.slice(0, nul);
    notes.push("cuts the file: path at its NUL");
  }
  const segments = decoded.replace(/\\/g, "/").split("/").slice(1);
  const out: string[] = [];
  for (const s of segments) {
    if (s === "" || s === ".") continue;
    if (s === "..") out.pop();
    else out.push(s);
  }
  const last = segments[segments.length - 1];
  const trailing = out.length > 0 && (last === "" || last === "." || last === "..");
  const path = `/${out.join("/")}${trailing ? "/" : ""}`;
  if (path !== decoded && nul < 0) notes.push("removes dot-segments and empty segments from file: paths");
  return { scheme: "file", path, write: (p) => (p.startsWith("/") ? `file://${encodeWith(p, FILE_LITERAL)}` : null) };
}

/**
 * http(s) (kvstore/http/driver.cc): the authority and the query are kept as written, and so is the path up to the
 * segment with the last %XX that stands for a reserved character (RFC 3986 2.2); the rest of the path is
 * percent-decoded (refused when that fails) and written again with {@link KEY_LITERAL} (runs:
 * `http://h/a%2f/b%41` is `http://h/a%2f/bA`, `http://h/x%41/a%2fb` stays). Without "//", a path with no such %XX
 * is all path (`http:x` is `http:///x`); one with it is read as if "//" were there (`http:a%2fb/c` is
 * `http://a%2fb/c`).
 */
function httpRoot(g: Generic, notes: string[]): Store {
  if (g.fragment !== "") refuse('a fragment ("Fragment identifier not supported")');
  const query = g.query === "" ? "" : `?${g.query}`;
  if (/[\u0000-\u0020\u007f-\uffff]/.test(g.query))
    notes.push("keeps the query as written, spaces and non-ASCII included");
  const text = g.authorityAndPath;
  let last = -1;
  for (const m of text.matchAll(HTTP_RESERVED_ESCAPES)) last = m.index;
  let kept: string;
  let rest: string;
  if (!g.delimited && last < 0) {
    [kept, rest] = ["", text];
  } else {
    const split = text.indexOf("/", Math.max(last, 0));
    [kept, rest] = split < 0 ? [text, ""] : [text.slice(0, split), text.slice(split)];
    if (!g.delimited) notes.push(`reads "${g.scheme}:" without "//" as if it had them`);
    if (last >= 0) notes.push(`keeps "${kept}" as written, undecoded: it has a percent-encoded reserved character`);
    else if (/[\u0000-\u0020\u007f-\uffff]/.test(kept))
      notes.push("keeps the host as written, spaces and non-ASCII included");
  }
  const base = `${g.scheme}://${kept}`;
  const url = (p: string) => `${base}${p === "" || p.startsWith("/") ? "" : "/"}${encodeWith(p, KEY_LITERAL)}`;
  return {
    scheme: g.scheme,
    path: decode(rest, "an http path"),
    write: (p) => url(p) + query,
    fields: (p) => ({ url: url(p), query }),
  };
}

/** `zip:` takes no "//" ("Scheme \"zip:\" not present in url"). */
function zipAdapter(g: Generic): Store {
  if (g.delimited)
    refuse('"zip://": it reads a zip: path without "//" (its message: Scheme "zip:" not present in url)');
  noQueryOrFragment(g);
  return { scheme: "zip", path: decode(g.path, "a zip: path"), write: (p) => `zip:${encodeWith(p, KEY_LITERAL)}` };
}

/**
 * `ocdbt:`: `@VERSION/path` or a path. With "//", what follows up to the next "/" is an authority TensorStore
 * drops: `ocdbt://v1/a` is `ocdbt:/a`, the latest version, whatever the text said.
 */
function ocdbtAdapter(g: Generic, notes: string[]): Store {
  noQueryOrFragment(g);
  let version: string | null = null;
  let text = g.path;
  if (g.delimited) {
    if (g.authority !== "") {
      notes.push(
        `reads "ocdbt://${g.authority}" as an authority it drops, not as a version: the path is what follows it ` +
          `("ocdbt://v1/a" is read as "ocdbt:/a", the latest version)`,
      );
    }
  } else if (text.startsWith("@")) {
    const slash = text.indexOf("/");
    version = ocdbtVersion(slash < 0 ? text.slice(1) : text.slice(1, slash), notes);
    if (slash < 0) notes.push('writes the version with its "/"');
    text = slash < 0 ? "" : text.slice(slash + 1);
  }
  const at = version === null ? "" : `@${version}/`;
  return {
    scheme: "ocdbt",
    path: decode(text, "an ocdbt: path"),
    write: (p) => `ocdbt:${at}${encodeWith(p, KEY_LITERAL)}`,
    fields: (path) => ({ version: version ?? "", path }),
  };
}

const NS_PER_S = 1_000_000_000n;
/** The last instant TensorStore can represent: int64 nanoseconds since 1970 (runs: `2262-04-11T23:47:16.854775807Z`). */
const MAX_NS = (1n << 63n) - 1n;

/** Days from 1970-01-01 to a proleptic Gregorian date. */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

/**
 * OCDBT versions (runs): generations `v` 1 to 2^64-1 (leading zeros dropped); commit times parsed as absl's
 * `%Y-%m-%dT%H:%M:%E*SZ`: whitespace around is skipped, month to second take one or two digits, second 60 is the
 * next minute, a fraction is cut at nanoseconds, and the instant must lie in 1970-01-01T00:00:00Z to
 * 2262-04-11T23:47:16.854775807Z. Nothing is percent-decoded (`@v%31` is refused).
 */
function ocdbtVersion(v: string, notes: string[]): string {
  if (v.startsWith("v")) {
    if (!/^v[0-9]+$/.test(v)) refuse(`"${v}" is not an OCDBT version ("Invalid generation number")`);
    const n = BigInt(v.slice(1));
    if (n < 1n || n >= 1n << 64n) refuse(`"${v}" is not an OCDBT generation (1 to 2^64-1)`);
    if (`v${n}` !== v) notes.push(`writes the generation "${v}" as "v${n}"`);
    return `v${n}`;
  }
  const m = /^([0-9]+)-([0-9]{1,2})-([0-9]{1,2})T([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:\.([0-9]+))?Z$/.exec(
    v.replace(C_SPACE, ""),
  );
  if (!m) return refuse(`"${v}" is not an OCDBT version ("Invalid OCDBT commit time")`);
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year > 2262) refuse(`"${v}" is outside the instants it represents (1970 to 2262)`);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (month < 1 || month > 12 || day < 1 || day > days[month - 1]! || hour > 23 || minute > 59 || second > 60) {
    refuse(`"${v}" is not a real instant ("Invalid OCDBT commit time")`);
  }
  // absl keeps a quarter of a nanosecond: a time past the last nanosecond by that much cannot be represented.
  const digits = (m[7] ?? "").padEnd(10, "0");
  const fraction = BigInt(digits.slice(0, 9));
  const quarters = Math.floor(Number(`0.${digits.slice(9)}`) * 4);
  const seconds = BigInt(daysFromCivil(year, month, day)) * 86400n + BigInt(hour * 3600 + minute * 60 + second);
  const ns = seconds * NS_PER_S + fraction;
  if (ns < 0n || ns > MAX_NS || (ns === MAX_NS && quarters > 0))
    refuse(`"${v}" is outside the instants it represents (1970 to 2262)`);
  const canonical = formatInstant(ns);
  if (canonical !== v) notes.push(`writes the commit time "${v}" as "${canonical}"`);
  return canonical;
}

function formatInstant(ns: bigint): string {
  const s = Number(ns / NS_PER_S);
  const frac = (ns % NS_PER_S).toString().padStart(9, "0").replace(/0+$/, "");
  const iso = new Date(s * 1000).toISOString().slice(0, 19);
  return `${iso}${frac ? `.${frac}` : ""}Z`;
}

/**
 * TensorStore 0.1.85's reading of `input`: accepted with its canonical URL, or refused with why. Every input
 * gets an answer: a scheme outside {@link SCHEMES} is refused ("unsupported URL scheme").
 */
export function readTensorStore(input: string): TensorStorePrediction {
  stringArgument("readTensorStore()", "its input", input);
  const notes: string[] = [];
  try {
    const reading: TensorStoreComponent[] = [];
    return { accepts: true, canonical: readPipeline(input, notes, reading), reading, notes };
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    return { accepts: false, reason: e.message, notes };
  }
}

function ruleOf(scheme: string): SchemeRule {
  const rule = Object.hasOwn(SCHEMES, scheme) ? SCHEMES[scheme] : undefined;
  if (rule) return rule;
  if (Object.hasOwn(SCHEMES, scheme.toLowerCase())) {
    return refuse(
      `it compares schemes case-sensitively: "${scheme}" is not "${scheme.toLowerCase()}" ("unsupported URL scheme")`,
    );
  }
  return refuse(`it has no "${scheme}" scheme ("unsupported URL scheme")`);
}

/** Where a part may stand, by the roles before it. */
const AFTER: Readonly<Record<"kvstore" | "format" | "tensorstore-adapter", readonly Role[]>> = {
  kvstore: ["adapter", "format", "tensorstore-adapter"],
  format: ["tensorstore-adapter"],
  "tensorstore-adapter": ["tensorstore-adapter"],
};

function readPipeline(input: string, notes: string[], reading: TensorStoreComponent[]): string | null {
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(input)) {
    refuse("a lone surrogate: the text is not Unicode, so it has no UTF-8 form to hand to TensorStore");
  }
  const parts = input.split("|");
  const stores: Store[] = [];
  const tail: string[] = [];
  const formats: TensorStoreComponent[] = [];
  let state: keyof typeof AFTER = "kvstore";
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === "") refuse('an empty sub-URL ("URL must be non-empty")');
    const colon = part.indexOf(":");
    if (colon < 0 && i === 0) refuse(`"${part}" has no scheme ("URL scheme must be specified")`);
    const scheme = colon < 0 ? part : part.slice(0, colon);
    if (colon < 0) notes.push(`writes the bare "${scheme}" as "${scheme}:"`);
    const rule = ruleOf(scheme);
    const g = generic(scheme, colon < 0 ? "" : part.slice(colon + 1));
    if (i === 0) {
      if (rule.role !== "root") refuse(`"${scheme}:" is not valid as the first URL pipeline component`);
      stores.push(ROOTS[scheme]!(g, notes));
      continue;
    }
    if (rule.role === "root")
      refuse(`the root scheme "${scheme}:" after "|" ("not valid following a KvStore URL pipeline component")`);
    if (!AFTER[state].includes(rule.role)) refuse(`"${scheme}:" is not valid after "${parts[i - 1]}"`);
    const base = stores[stores.length - 1]!;
    if (rule.role === "adapter") {
      if (scheme === "ocdbt") base.path = asDirectory(base.path);
      stores.push(scheme === "zip" ? zipAdapter(g) : ocdbtAdapter(g, notes));
    } else if (rule.role === "format") {
      tail.push(format(scheme, rule.format!, g, base, notes));
      const fields: Record<string, string> =
        rule.format === "fold"
          ? { path: "" }
          : rule.format === "pointer"
            ? { pointer: decode(g.authorityAndPath, "") }
            : {};
      formats.push({ scheme, fields });
      state = "format";
    } else {
      noQueryOrFragment(g);
      if (!DTYPES.has(g.authorityAndPath))
        refuse(`"${g.authorityAndPath}" is not a data type it has ("Unsupported data type")`);
      if (state === "kvstore") {
        tail.push("auto:");
        notes.push('inserts "auto:" before "cast:"');
      }
      tail.push(`cast:${g.authorityAndPath}`);
      formats.push({ scheme, fields: { dtype: g.authorityAndPath } });
      state = "tensorstore-adapter";
    }
  }
  for (const s of stores) reading.push({ scheme: s.scheme, fields: s.fields ? s.fields(s.path) : { path: s.path } });
  reading.push(...formats);
  const written = stores.map((s) => s.write(s.path));
  if (written.includes(null)) {
    notes.push("cannot write it back as a URL (a relative file: path)");
    return null;
  }
  return [...written, ...tail].join("|");
}

/** A format: its written form, after updating the path of the key-value store before it. */
function format(scheme: string, how: FormatPath, g: Generic, base: Store, notes: string[]): string {
  noQueryOrFragment(g);
  if (how === "fold") {
    const path = decode(g.authorityAndPath, `a ${scheme}: path`);
    if (path !== "")
      notes.push(`writes the ${scheme}: path into the path before it ("...|${scheme}:p" is ".../p/|${scheme}:")`);
    base.path = asDirectory(asDirectory(base.path) + path);
    return `${scheme}:`;
  }
  if (how === "pointer") {
    const pointer = decode(g.authorityAndPath, "the json: pointer");
    if (pointer !== "" && !pointer.startsWith("/")) refuse('a JSON pointer that does not start with "/"');
    if (/~(?![01])/.test(pointer)) refuse('a "~" in a JSON pointer that is not "~0" or "~1"');
    return `json:${encodeWith(pointer, KEY_LITERAL)}`;
  }
  if (g.authorityAndPath !== "") refuse(`"${scheme}:" takes no path ("Path not supported")`);
  if (how === "directory") base.path = asDirectory(base.path);
  return `${scheme}:`;
}

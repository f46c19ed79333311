/**
 * The syntax tree of a URL pipeline. Names follow the spec's ABNF: an `absolute-url-pipeline` is a
 * {@link Pipeline} of sub-URLs, the first a `root-sub-url`, the rest `adapter-sub-url`s.
 *
 * Every node has its source `span` (UTF-16 offsets into the input, end exclusive) and `raw` text. Components
 * that may hold percent-encoded bytes carry both the `raw` text and the percent-decoded `value` (RFC 3986 2.1,
 * UTF-8). A tree returned by `parse` has passed the strict value checks, so every `value` is exact.
 */

import type { BodilessScheme, PathScheme } from "../../generated/schemes";

export type DialectName = "url-pipeline-v0" | "zep8";

export interface Span {
  /** Offset of the first character (UTF-16 code units). */
  start: number;
  /** Offset just past the last character. */
  end: number;
}

/** A piece of text from the input, with its percent-decoded value. */
export interface Component {
  raw: string;
  /** `raw` with %XX sequences decoded as UTF-8. */
  value: string;
  span: Span;
}

/** A decimal number from the input (byte offsets, generations). */
export interface Integer {
  raw: string;
  value: bigint;
  span: Span;
}

/** url-pipeline v0's simplified `host`: an IPv4 address, a bracketed IPv6 address, or a name. */
export interface Host extends Component {
  kind: "ipv4" | "ipv6" | "name";
}

export interface Port {
  raw: string;
  /** null for an empty port (`http://example.com:`), which RFC 3986 allows. */
  value: number | null;
  span: Span;
}

interface SubUrlBase<S extends string> {
  /** The scheme, lower-cased (the spec: "the canonical representation is lowercase"). */
  scheme: S;
  /** The scheme as written. */
  rawScheme: string;
  span: Span;
  raw: string;
}

interface AdapterBase<S extends string> extends SubUrlBase<S> {
  /** False for the bare form (`|zip`), which ZEP 8 makes equal to `|zip:`. */
  colon: boolean;
}

// ---- root sub-URLs ----

/** `file:` (RFC 8089): file:/p, file:///p, file://localhost/p, file://host/share/p. */
export interface FileSubUrl extends SubUrlBase<"file"> {
  /** True when written with "//" (u2, u3); false for file:/p (u1). */
  hasAuthority: boolean;
  /** The host, when one is written (`localhost` included); null for file:/p and file:///p. */
  host: Host | null;
  path: Component;
}

/** `http:` and `https:`. */
export interface HttpSubUrl extends SubUrlBase<"http" | "https"> {
  host: Host;
  port: Port | null;
  path: Component;
  query: Component | null;
}

/** `s3://bucket/path` and `gs://bucket/path`. */
export interface BucketSubUrl extends SubUrlBase<"s3" | "gs"> {
  bucket: Component;
  /** The object key: `raw` as written after the bucket (with its "/"), `value` the key without that "/" (D37). */
  path: Component;
}

/** `s3+http://endpoint/path` and `s3+https://...`: the bucket, if any, is part of the path. */
export interface S3CompatibleSubUrl extends SubUrlBase<"s3+http" | "s3+https"> {
  host: Host;
  port: Port | null;
  path: Component;
}

/** `memory:` with an optional "/" or "//" before the path (all three spellings name one location). */
export interface MemorySubUrl extends SubUrlBase<"memory"> {
  prefix: "" | "/" | "//";
  path: Component;
}

/** `vendor.scheme:...` (url-pipeline v0 `nonstandard-sub-url`), as a root or an adapter. */
export interface NonstandardSubUrl extends SubUrlBase<`${string}.${string}`> {
  vendor: string;
  /** The part after "vendor." (the `scheme` rule), lower-cased. */
  name: string;
  /** `authority-and-path`. */
  body: Component;
  query: Component | null;
}

// ---- adapter sub-URLs ----

/**
 * Adapters whose body is an optional path (zip, zarr, zarr2, zarr3, n5, hdf5): every scheme whose rule is
 * `X-sub-url = X-scheme [ ":" X-path ]` (generated/schemes.d.ts).
 */
export interface PathAdapterSubUrl extends AdapterBase<PathScheme> {
  path: Component;
}

/**
 * Adapters with no body (compression and image formats, neuroglancer-precomputed): every scheme whose rule
 * is `X-sub-url = X-scheme [ ":" ]` (generated/schemes.d.ts).
 */
export interface BodilessAdapterSubUrl extends AdapterBase<BodilessScheme> {}

export type OcdbtVersion =
  | { kind: "generation"; raw: string; span: Span; generation: bigint }
  | { kind: "commit-time"; raw: string; span: Span; time: CommitTime };

export interface CommitTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  nanosecond: number;
}

/** `ocdbt:` with an optional version (`ocdbt://v1/` in url-pipeline v0, `ocdbt:@v1/` in ZEP 8). */
export interface OcdbtSubUrl extends AdapterBase<"ocdbt"> {
  version: OcdbtVersion | null;
  path: Component;
}

export type IcechunkRef =
  | { kind: "branch"; name: Component; raw: string; span: Span }
  | { kind: "tag"; name: Component; raw: string; span: Span }
  | { kind: "snapshot"; id: string; raw: string; span: Span };

/** The reference an Icechunk sub-URL reads, written or not: a branch or tag by its (decoded) name, or a snapshot. */
export type EffectiveIcechunkRef =
  | { kind: "branch"; name: string }
  | { kind: "tag"; name: string }
  | { kind: "snapshot"; id: string };

/** `icechunk:` with an optional reference; none means branch main. */
export interface IcechunkSubUrl extends AdapterBase<"icechunk"> {
  /** The reference as written, or null when none is. */
  ref: IcechunkRef | null;
  /**
   * The reference read: `ref`'s, or branch main when none is written (ZEP 8: "icechunk:path/to/node/ (equivalent to
   * icechunk:@branch.main/path/to/node/)"), so that equivalent spellings have equal values.
   */
  effectiveRef: EffectiveIcechunkRef;
  path: Component;
}

/** `json:` with an RFC 6901 JSON pointer. */
export interface JsonSubUrl extends AdapterBase<"json"> {
  pointer: Component & {
    /** Reference tokens after percent-decoding and ~1/~0 unescaping; [] for the whole document. */
    tokens: string[];
  };
}

/** `byte-range:START-END`, end exclusive. */
export interface ByteRangeSubUrl extends AdapterBase<"byte-range"> {
  start: Integer;
  end: Integer;
}

/** ZEP 8's `..:path` adapter. */
export interface DotDotSubUrl extends AdapterBase<".."> {
  path: Component;
}

export type RootSubUrl = FileSubUrl | HttpSubUrl | BucketSubUrl | S3CompatibleSubUrl | MemorySubUrl | NonstandardSubUrl;
export type AdapterSubUrl =
  | PathAdapterSubUrl
  | BodilessAdapterSubUrl
  | OcdbtSubUrl
  | IcechunkSubUrl
  | JsonSubUrl
  | ByteRangeSubUrl
  | DotDotSubUrl
  | NonstandardSubUrl;
export type SubUrl = RootSubUrl | AdapterSubUrl;

/** An `absolute-url-pipeline`. */
export interface Pipeline {
  type: "pipeline";
  dialect: DialectName;
  /** The root sub-URL, then each adapter in order. */
  subUrls: [RootSubUrl, ...AdapterSubUrl[]];
  span: Span;
  raw: string;
  /** Its text, `raw`: `String(tree)` is the pipeline as written, as `String(url)` is `url.href`. */
  toString(): string;
}

/** A ZEP 8 `relative-url-pipeline` that is not absolute: a path, or a `..` adapter, then adapters. */
export interface RelativePipeline {
  type: "relative-pipeline";
  dialect: DialectName;
  /** The `absolute-path` or `relative-path`; null when the reference starts with a `..` adapter. */
  path: Component | null;
  subUrls: AdapterSubUrl[];
  span: Span;
  raw: string;
  /** Its text, `raw`. */
  toString(): string;
}

/** What `parse` returns for a rule that is not a pipeline (`options.rule`), e.g. `URI` or `IPv6address`. */
export interface RuleMatch {
  type: "rule-match";
  dialect: DialectName;
  /** The ABNF rule name, as the grammar spells it. */
  rule: string;
  /** The sub-URL, when the rule is one (`root-sub-url`, `zip-sub-url`, ...). */
  subUrl: SubUrl | null;
  span: Span;
  raw: string;
  /** Its text, `raw`. */
  toString(): string;
}

export type ParseResult = Pipeline | RelativePipeline | RuleMatch;

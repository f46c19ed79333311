/**
 * kind(): the resource kind a URL pipeline refers to, as far as the URL alone tells it (ZEP 8, "Resource
 * kinds"), and the check that every adapter's base is of a kind the adapter accepts.
 *
 * ZEP 8 (2025-11), "Resource kinds": "`file`: Single file within a key-value store ... `directory`: Single
 * directory within a key-value store ... `dataset`: An array, group, or other dataset with a defined format ...
 * Depending on the URL schemes involved, in some cases the resource kind can be determined syntatically from the
 * URL alone, while in other cases it can only be resolved by actually accessing the resource." Each scheme's prose
 * then says "The base URL must refer to a `file` resource" (or `directory`) and "The resultant resource kind is
 * ...". {@link SCHEME_KINDS} is those sentences as a table; `test/meaning/kind.test.ts` checks it against the
 * `; @base` / `; @result` headers of the grammar files (generated/DIALECT/dialect.json), so the two cannot drift.
 *
 * Decisions (docs/decisions.md, "Resource kinds"): the kinds are ZEP 8's, with "file-or-directory" for "may be
 * either `file` or `directory`", except that a dataset is named in the dialect's words (url-pipeline v0: "array",
 * "array-or-array-group", "array-or-other", from each grammar file's `; @result-url-pipeline-v0` header); a vendor (non-standard) scheme yields "unknown" and has its base
 * unchecked; the directory rule reads the path as written (`%2F` is not a `/`); `memory:` is always
 * "file-or-directory"; a dataset is the base of no adapter; a pipeline with a ZEP 8 `..` adapter has a kind only
 * after the `..` is resolved.
 */
import { optionsArgument } from "../arguments";
import type { KindErrorCode } from "../codes";
import { DIALECTS, getDialect, hasVendorSchemes } from "../dialects";
import {
  baseKindMessage,
  isDirectoryPath,
  kindRule,
  meets,
  yields,
  type BaseKind,
  type ResourceKind,
  type SchemeKindRule,
  type Why,
} from "../kinds";
import { parse, type ParseOptions } from "../parse";
import type { DialectName, Pipeline, Span, SubUrl } from "../tree/nodes";

/** Options: those of `parse` (they apply when `pipeline` is a string), without `rule`. */
export type KindOptions = Omit<ParseOptions, "rule">;

/** One sub-URL of the pipeline, as an error names it. */
export interface SubUrlRef {
  /** Its index in `pipeline.subUrls` (0 is the root). */
  index: number;
  /** Its scheme, lower-cased. */
  scheme: string;
  /** Its text. */
  raw: string;
  span: Span;
}

export interface KindErrorDetails {
  code: KindErrorCode;
  /** The pipeline's text. */
  input: string;
  dialect: DialectName;
  /** The adapter at fault: the one whose base is of the wrong kind, or the first `..`. */
  adapter: SubUrlRef;
  /** The sub-URL just before it: the last sub-URL of its base URL, the one that gives the base its kind. */
  base: SubUrlRef;
  /** "base-kind": the kind the adapter needs; null for "unresolved-dotdot". */
  needs: BaseKind | null;
  /** "base-kind": the base's kind; null for "unresolved-dotdot". */
  found: ResourceKind | null;
  message: string;
}

/**
 * The error {@link kind} throws for a valid pipeline whose kind it cannot give: an adapter whose base is of a
 * kind it does not accept (`code: "base-kind"`), or a ZEP 8 `..` adapter not yet resolved
 * (`code: "unresolved-dotdot"`). `adapter` and `base` name the two sub-URLs involved.
 *
 * @example
 * ```ts
 * try {
 *   kind("s3://bucket/dir/|zip:");
 * } catch (e) {
 *   if (e instanceof KindError) {
 *     e.code;          // "base-kind"
 *     e.adapter.index; // 1
 *     e.base.raw;      // "s3://bucket/dir/"
 *     e.message;       // 'zip: sub-URL 2 "zip:" needs a file as its base, but sub-URL 1 "s3://bucket/dir/" is a directory: its path ends with "/"'
 *   }
 * }
 * ```
 */
export class KindError extends Error implements KindErrorDetails {
  override readonly name = "KindError";
  readonly code: KindErrorCode;
  readonly input: string;
  readonly dialect: DialectName;
  readonly adapter: SubUrlRef;
  readonly base: SubUrlRef;
  readonly needs: BaseKind | null;
  readonly found: ResourceKind | null;
  /** Where the adapter at fault starts in `input` (UTF-16 offset), as `UrlPipelineSyntaxError.offset` is. */
  readonly offset: number;

  constructor(d: KindErrorDetails) {
    super(d.message);
    this.code = d.code;
    this.input = d.input;
    this.dialect = d.dialect;
    this.adapter = d.adapter;
    this.base = d.base;
    this.needs = d.needs;
    this.found = d.found;
    this.offset = d.adapter.span.start;
  }

  toJSON(): { code: KindErrorCode; offset: number; message: string } {
    return { code: this.code, offset: this.offset, message: this.message };
  }
}

/**
 * The kind of resource a URL pipeline refers to, as far as its text tells (ZEP 8 "Resource kinds"), after
 * checking that each adapter's base is of a kind the adapter accepts.
 *
 * - A string is parsed first (`options` as for `parse`; `UrlPipelineSyntaxError` if it is not a valid pipeline).
 * - Throws {@link KindError} when an adapter's base cannot be of the kind it needs (code `"base-kind"`): a
 *   "file" base is met by a file or a file-or-directory, a "directory" base by a directory or a
 *   file-or-directory, and a dataset meets neither; or when the pipeline has a ZEP 8 `..` adapter (code
 *   `"unresolved-dotdot"`: resolve it first).
 * - A vendor scheme (`vendor.scheme:`, url-pipeline v0) yields `"unknown"`; neither its base nor the base of the
 *   adapter after it is checked.
 * - Throws TypeError for a relative pipeline, an unknown dialect, or a tree that is not a pipeline of its dialect.
 *
 * @example
 * ```ts
 * kind("s3://bucket/path/");                         // "directory" (the path ends with "/")
 * kind("s3://bucket/path");                          // "file-or-directory"
 * kind("s3://bucket/path%2F");                       // "file-or-directory" (%2F is not a "/")
 * kind("https://example.com/dir/");                  // "file-or-directory" (http has no directory rule)
 * kind("https://example.com/a.zip|zip:");            // "directory" (zip: with an empty path)
 * kind("https://example.com/a.zip|zip:x/a.gz|gzip"); // "file"
 * kind("s3://bucket/a.zip|zip:data/|zarr3:");        // "array-or-array-group" (v0's words)
 * kind("s3://bucket/a.zip|zip:data/|zarr3:", { dialect: "zep8" }); // "dataset"
 * kind("s3://bucket/a.json|json:");                  // "array"
 * kind("file:///a|example.custom:x");                // "unknown"
 * kind("file:///db/|ocdbt:@v1/x", { dialect: "zep8" }); // "file-or-directory"
 * kind(parse("memory:"));                            // "file-or-directory" (a tree works too)
 * kind("s3://bucket/dir/|gzip");
 * // throws KindError 'gzip: sub-URL 2 "gzip" needs a file as its base, but sub-URL 1 "s3://bucket/dir/" is a
 * // directory: its path ends with "/"'
 * kind("gs://bucket/d/|zarr3:|json:");
 * // throws KindError 'json: sub-URL 2 "json:" needs a file as its base, but sub-URL 1 "zarr3:" is an array or an
 * // array group: zarr3: always yields an array or an array group, and no adapter takes a dataset as its base'
 * kind("gs://bucket/a.zip|zip:b.zip|..:c/|zarr3:", { dialect: "zep8" });
 * // throws KindError (code "unresolved-dotdot"): resolve the ".." first
 * ```
 */
export function kind(pipeline: string | Pipeline, options?: KindOptions): ResourceKind {
  const all = kindsFor("kind()", pipeline, options);
  return all[all.length - 1]!;
}

/**
 * The kind after each sub-URL: `kinds(p)[i]` is the kind of the pipeline made of `p.subUrls[0..i]`. The last is
 * {@link kind}'s answer; the same errors.
 *
 * @example
 * ```ts
 * kinds("s3://bucket/a.zip|zip:data/|zarr3:"); // ["file-or-directory", "directory", "array-or-array-group"]
 * ```
 */
export function kinds(pipeline: string | Pipeline, options?: KindOptions): ResourceKind[] {
  return kindsFor("kinds()", pipeline, options);
}

/** {@link kinds}, its argument errors naming `caller`. */
function kindsFor(caller: string, pipeline: string | Pipeline, options: KindOptions = {}): ResourceKind[] {
  optionsArgument(caller, options);
  const p = toPipeline(caller, pipeline, options);
  const subUrls = p.subUrls;
  const ref = (i: number): SubUrlRef => {
    const s = subUrls[i]!;
    return { index: i, scheme: s.scheme, raw: s.raw, span: { start: s.span.start, end: s.span.end } };
  };

  // Before any base check: a ".." discards the adapter before it, so a mismatch it would remove is no error.
  const dotdot = subUrls.findIndex((s) => s.scheme === "..");
  if (dotdot > 0) {
    const s = subUrls[dotdot]!;
    const noAdapter =
      dotdot === 1
        ? '; here no adapter precedes it, which ZEP 8 makes an error ("It is an error if there are no remaining ' +
          'adapter sub-URLs when resolving the .. adapter")'
        : "";
    throw new KindError({
      code: "unresolved-dotdot",
      input: p.raw,
      dialect: p.dialect,
      adapter: ref(dotdot),
      base: ref(dotdot - 1),
      needs: null,
      found: null,
      message:
        `..: sub-URL ${dotdot + 1} ${JSON.stringify(s.raw)} must be resolved first: a ".." adapter discards the ` +
        `adapter before it (ZEP 8: "The presence of a .. adapter causes the prior adapter to be discarded"), so the ` +
        `pipeline's kind is known only once its ".." adapters are resolved${noAdapter}`,
    });
  }

  const out: ResourceKind[] = [];
  let current: ResourceKind = "unknown";
  let why: Why = "";
  for (let i = 0; i < subUrls.length; i++) {
    const s = subUrls[i]!;
    const rule = kindRule(s.scheme);
    if (rule === null) {
      // A vendor scheme: no text gives its base or its result (decision D28).
      current = "unknown";
      why = "";
      out.push(current);
      continue;
    }
    if (i > 0 && (rule.base === "file" || rule.base === "directory") && !meets(current, rule.base)) {
      throw new KindError({
        code: "base-kind",
        input: p.raw,
        dialect: p.dialect,
        adapter: ref(i),
        base: ref(i - 1),
        needs: rule.base,
        found: current,
        message: baseKindMessage(ref(i), ref(i - 1), rule.base, current, why),
      });
    }
    [current, why] = resultOf(s, rule, p.dialect);
    out.push(current);
  }
  return out;
}

/** The kind a sub-URL yields, with the reason as an error message would give it. */
function resultOf(s: SubUrl, rule: SchemeKindRule, dialect: DialectName): [ResourceKind, Why] {
  if (rule.result !== "directory-if-path-empty-or-ends-with-slash") return yields(s.scheme, rule, dialect, "other");
  // The path as written: "%2F" is data, not a "/" (RFC 3986 2.2; decision D28).
  const path = (s as { path: { raw: string } }).path.raw;
  return yields(s.scheme, rule, dialect, !isDirectoryPath(path) ? "other" : path === "" ? "empty" : "slash");
}

// v0 `nonstandard-scheme = vendor "." scheme`, vendor = ALPHA *( ALPHA / DIGIT / "-" ), lower-cased in the tree.
const VENDOR_SCHEME = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9+.-]*$/;

/** Each dialect's schemes by role, from its dialect.json. */
const DIALECT_SCHEMES = new Map(
  Object.values(DIALECTS).map((d) => [d.meta.name, new Map(d.meta.schemes.map((s) => [s.scheme, s.role]))]),
);
/**
 * Whether the dialect has vendor schemes (url-pipeline v0's `nonstandard-sub-url`; ZEP 8 has none). Asked only for
 * a scheme the dialect's registry lacks; reading the rules loads the parser.
 */
const vendorSchemes = (dialect: DialectName) => hasVendorSchemes(DIALECTS[dialect].meta);

function toPipeline(caller: string, pipeline: string | Pipeline, options: KindOptions): Pipeline {
  // The verdict's own kind check is this function's to make, with its KindError: the grammar and the values alone.
  if (typeof pipeline === "string") return parse(pipeline, { ...options, kinds: false });
  if (typeof pipeline !== "object" || pipeline === null) {
    throw new TypeError(`${caller} takes a string or a Pipeline, not ${pipeline === null ? "null" : typeof pipeline}`);
  }
  const type = (pipeline as { type?: unknown }).type;
  if (type === "relative-pipeline") {
    throw new TypeError(
      `${caller} takes an absolute pipeline: a relative pipeline has a kind only once it is resolved against its base`,
    );
  }
  if (type !== "pipeline")
    throw new TypeError(`${caller} takes a string or a Pipeline, not an object of type ${JSON.stringify(type)}`);
  const dialect = getDialect(pipeline.dialect).meta.name;
  if (options.dialect !== undefined && options.dialect !== dialect) {
    throw new TypeError(`options.dialect is "${options.dialect}", but the pipeline is of dialect "${dialect}"`);
  }
  const subUrls: unknown = pipeline.subUrls;
  if (!Array.isArray(subUrls) || subUrls.length === 0) throw new TypeError("a Pipeline has at least one sub-URL");
  const roles = DIALECT_SCHEMES.get(dialect)!;
  subUrls.forEach((s: SubUrl, i) => {
    const role = i === 0 ? "root" : "adapter";
    const scheme: unknown = s?.scheme;
    if (typeof scheme !== "string" || typeof s.raw !== "string" || typeof s.span !== "object")
      throw new TypeError(`sub-URL ${i + 1} is not a sub-URL`);
    if (kindRule(scheme) !== null) {
      if (roles.get(scheme) !== role) {
        throw new TypeError(
          `sub-URL ${i + 1}: "${scheme}" is not ${role === "root" ? "a root" : "an adapter"} scheme of dialect ${dialect}`,
        );
      }
      const rule = kindRule(scheme)!;
      if (
        rule.result === "directory-if-path-empty-or-ends-with-slash" &&
        typeof (s as { path?: { raw?: unknown } }).path?.raw !== "string"
      ) {
        throw new TypeError(`sub-URL ${i + 1} (${scheme}) has no path`);
      }
    } else if (!vendorSchemes(dialect) || !VENDOR_SCHEME.test(scheme)) {
      throw new TypeError(
        `sub-URL ${i + 1}: "${scheme}" is not a scheme of dialect ${dialect}${
          vendorSchemes(dialect) ? " nor a vendor scheme (vendor.scheme)" : ""
        }`,
      );
    }
  });
  return pipeline;
}

/**
 * Relative URL pipelines and the `..` adapter (ZEP 8, 2025-11, "Relative URL pipeline syntax" and the `..` scheme).
 *
 * - {@link resolveDotDot}: an absolute pipeline with its `..` adapters resolved, in order.
 * - {@link resolve}: a reference (a relative or absolute pipeline) resolved against an absolute base pipeline.
 * - {@link pathComponentOf}: what "the path component" of a sub-URL is, scheme by scheme, for both.
 *
 * Paths are resolved with RFC 3986 section 5.2 (`rfc3986-resolve.ts`), on raw (percent-encoded) text, as the RFC
 * does. Every result is written with `formatSubUrl` and parsed again, so it is a real tree; a result that does not
 * parse, or would read back as something else, is a {@link ResolveError} "invalid-result". Decisions: see
 * docs/decisions.md (relative resolution).
 */
import { subUrlArgument } from "../arguments";
import { describeValue } from "../describe-value";
import { getDialect } from "../dialects";
import { UrlPipelineSyntaxError } from "../errors";
import { parse, type PipelineOptions } from "../parse";
import type * as T from "../tree/nodes";
import { encodeLeadingAt } from "../strict/percent-encoding";
import type { DialectName, Pipeline, RelativePipeline, SubUrl } from "../tree/nodes";
import { isBodilessAdapter, isNonstandard, isPathAdapter, schemesOfShape, type OwnSubUrls } from "../schemes";
import { format, formatSubUrl } from "./format";
import { ResolveError, removeDotSegments } from "./rfc3986-resolve";

/**
 * Where `..` adapters are permitted (ZEP 8: "For security, implementation SHOULD place limits on where this scheme
 * is permitted"): "allow" all, "forbid" any, or at most `max` (a non-negative integer, or Infinity).
 */
export type DotDotPolicy = "allow" | "forbid" | { max: number };

export interface ResolveOptions {
  /** "url-pipeline-v0" or "zep8". Default: the dialect of a tree argument, else "url-pipeline-v0". */
  dialect?: DialectName;
  /**
   * The `..` adapters a reference may contain (only a *relative* reference: an absolute one names its own root,
   * and its `..`s cannot leave it). Default "allow", as the ZEP's own examples need; for a reference from an
   * untrusted source pass "forbid" or `{ max: N }` (ZEP 8: "implementation SHOULD place limits").
   */
  dotdot?: DotDotPolicy;
  /**
   * What a path's ".." segments do when they climb above the root of a sub-URL with no host or bucket (zip:,
   * zarr3:, ocdbt: and icechunk: with or without a version, `file:/p`; e.g. `../../b` against `zip:a`): "error"
   * (default) throws {@link ResolveError} "above-root"; "clamp" drops them, as RFC 3986 5.2.4 does. Where a host
   * or a bucket comes first (`s3://bucket/`, `https://host/`, `file:///`), RFC 3986's clamping applies either way:
   * the root there is the authority's.
   */
  aboveRoot?: "error" | "clamp";
  /** Passed to every `parse` (the inputs, and the result): see `ParseOptions.maxLength`. */
  maxLength?: number;
  /** Passed to every `parse`: see `ParseOptions.maxSubUrls`. */
  maxSubUrls?: number;
}

/**
 * The path component of a sub-URL, as relative resolution sees it: `authority` says whether something that acts as
 * an RFC 3986 authority comes before the path (RFC 3986 5.2.3: a base "with a defined authority component and an
 * empty path" merges as "/" + the reference's path), `path` and `query` are raw text (`query` undefined: none).
 */
export interface PathComponent {
  authority: boolean;
  path: string;
  query: string | undefined;
}

/**
 * The path component of a sub-URL, or null when its scheme has none (then only an empty relative path applies).
 * - file: its path, after the authority when there is one (`file:///p`, `file://host/p`); `file:/p` has none.
 * - http, https: RFC 3986 (host and port are the authority); the base's query is kept (D26).
 * - s3, gs: the path after the bucket, which acts as the authority (ZEP 8's example: `/file.zip` against
 *   `gs://bucket/path/to/` is `gs://bucket/file.zip`).
 * - s3+http, s3+https: the path after the endpoint, the `bucket/` prefix included (ZEP 8: "the path component
 *   includes the `bucket/` prefix even if the endpoint is in fact a multi-bucket endpoint").
 * - ocdbt, icechunk: the path after `@version` / `@ref`, which is kept and acts as the authority in the merge (ZEP 8:
 *   "the path component does not include the `@version/` prefix"; `@v2` + `c` is `@v2/c`); with no version, the
 *   whole body. Either way, ".." above the path's root is refused as in a path with no authority (D59).
 * - zip, zarr, zarr2, zarr3, n5, hdf5: the body, a path with no authority.
 * - none: gzip, zstd, avif, bmp, jpeg, png, tiff, webp, neuroglancer-precomputed (ZEP 8: "Currently no path is
 *   supported"), byte-range (a byte range, not a path), json (an RFC 6901 pointer, in which "." and ".." are member
 *   names, not dot-segments), memory and vendor schemes (url-pipeline v0 only, which has no relative pipelines).
 */
export function pathComponentOf(s: SubUrl): PathComponent | null {
  subUrlArgument("pathComponentOf(): its argument", s);
  return pathOf(s);
}

function pathOf(s: SubUrl): PathComponent | null {
  if (isPathAdapter(s)) return { authority: false, path: s.path.raw, query: undefined };
  if (isBodilessAdapter(s) || isNonstandard(s)) return null;
  const of = PATH_OF[s.scheme as keyof OwnSubUrls] as ((s: SubUrl) => PathComponent) | null;
  return of === null ? null : of(s);
}

/** Per scheme with a node type of its own: its path component, or null for a scheme that has none. */
const PATH_OF: { readonly [S in keyof OwnSubUrls]: ((s: OwnSubUrls[S]) => PathComponent) | null } = {
  file: (f) => ({ authority: f.hasAuthority, path: f.path.raw, query: undefined }),
  http: (h) => ({ authority: true, path: h.path.raw, query: h.query?.raw }),
  https: (h) => ({ authority: true, path: h.path.raw, query: h.query?.raw }),
  "s3+http": (h) => ({ authority: true, path: h.path.raw, query: undefined }),
  "s3+https": (h) => ({ authority: true, path: h.path.raw, query: undefined }),
  s3: (b) => ({ authority: true, path: b.path.raw, query: undefined }),
  gs: (b) => ({ authority: true, path: b.path.raw, query: undefined }),
  ocdbt: (o) => ({ authority: o.version !== null, path: o.path.raw, query: undefined }),
  icechunk: (i) => ({ authority: i.ref !== null, path: i.path.raw, query: undefined }),
  memory: null,
  "..": null,
  json: null,
  "byte-range": null,
};

const PATH_SCHEMES = schemesOfShape("path");

/**
 * Whether the sub-URLs of `scheme` (lower-case) have a path component ({@link pathComponentOf} is not null): the
 * path adapters and the schemes PATH_OF has a function for; not the bodiless adapters, nor vendor schemes.
 */
export function hasPathComponent(scheme: string): boolean {
  return PATH_SCHEMES.has(scheme) || (Object.hasOwn(PATH_OF, scheme) && PATH_OF[scheme as keyof OwnSubUrls] !== null);
}

/**
 * The schemes with an optional version before their path (ZEP 8 `ocdbt:@v1/path`, `icechunk:@branch.main/path`):
 * the version acts as the authority in the merge ({@link pathComponentOf}), and a path without one must not start
 * with "@".
 */
export const VERSIONED_SCHEMES: ReadonlySet<string> = new Set(["ocdbt", "icechunk"]);

interface Context {
  dialect: DialectName;
  aboveRoot: "error" | "clamp";
  maxLength: number | undefined;
  maxSubUrls: number | undefined;
}

/**
 * Resolves the `..` adapters of an absolute pipeline, in order (ZEP 8): each discards the adapter before it, and its
 * path is resolved (RFC 3986 5.2: merge, remove_dot_segments) against the path of the sub-URL before the discarded
 * one. E.g. `gs://bucket/path/to/outer.zip|zip:path/to/inner.zip|..:other/zarr/hierarchy|zarr3:path/to/array` is
 * `gs://bucket/path/to/other/zarr/hierarchy|zarr3:path/to/array` (no "/" is added after `hierarchy`).
 *
 * `options.dotdot` (default "allow") limits the `..` adapters of `pipeline`. Throws `UrlPipelineSyntaxError` for an
 * invalid string, {@link ResolveError} ("dotdot-at-root", "dotdot-forbidden", "dotdot-limit", "no-path",
 * "invalid-result"), and TypeError for invalid options or arguments.
 */
export function resolveDotDotPipeline(pipeline: string | Pipeline, options: ResolveOptions = {}): Pipeline {
  const { ctx, dotdot } = readOptions(options, "allow", [pipeline]);
  const p = toPipeline(pipeline, ctx, "pipeline");
  checkDotDotPolicy(p.subUrls, dotdot, "pipeline");
  const made = new WeakMap<SubUrl, Made>();
  return finish(collapse(p.subUrls, ctx, made), ctx, made);
}

/**
 * Resolves `reference` against the absolute pipeline `base` (ZEP 8, "Relative URL pipeline syntax"):
 * - the base's `..` adapters are resolved first (a base with one that cannot be resolved is an error);
 * - an absolute pipeline replaces the base (its `..` adapters resolved);
 * - otherwise its `absolute_path` or `relative_path` applies to the path component of the base's inner-most (last)
 *   sub-URL (see {@link pathComponentOf}) as RFC 3986 5.2.2 applies a path-only reference: merge,
 *   remove_dot_segments, and the query (kept for an empty path, dropped otherwise); an empty path changes nothing;
 *   then its adapters are appended, and all `..` adapters are resolved in order (the base's first).
 *
 * In url-pipeline v0, which has no relative pipelines, `reference` must be absolute ("relative-unsupported").
 * `options.dotdot` (default "allow") limits the `..` adapters of a relative reference: "forbid" or `{ max: N }` for
 * untrusted references.
 *
 * Throws `UrlPipelineSyntaxError` for an invalid string (the base must be an absolute pipeline; the reference, in
 * zep8, a `relative-url-pipeline`), {@link ResolveError} for what cannot be resolved, TypeError for invalid options
 * or arguments.
 */
export function resolvePipeline(
  base: string | Pipeline,
  reference: string | Pipeline | RelativePipeline,
  options: ResolveOptions = {},
): Pipeline {
  const { ctx, dotdot } = readOptions(options, "allow", [base, reference]);
  const b = toPipeline(base, ctx, "base");
  const r = toReference(reference, ctx);
  const made = new WeakMap<SubUrl, Made>();
  // The base's own `..` adapters first, even when an absolute reference replaces it: an error in the base is one.
  const subUrls = collapse(b.subUrls, ctx, made);
  if (r.type === "pipeline") return finish(collapse(r.subUrls, ctx, made), ctx, made);
  checkDotDotPolicy(r.subUrls, dotdot, "reference");
  if (r.path !== null && r.path.raw !== "") {
    const last = subUrls.length - 1;
    subUrls[last] = applyPath(subUrls[last]!, r.path.raw, ctx, made, []);
  }
  return finish(collapse([...subUrls, ...r.subUrls], ctx, made), ctx, made);
}

/**
 * The absolute pipeline `reference` names relative to `base`, as its text: {@link resolvePipeline}'s tree, written
 * (`normalize()` too returns text; `parse(reference, base)` returns the tree).
 *
 * @example
 * resolve("gs://bucket/path/to/", "file.zip|zip:path/within/zip", { dialect: "zep8" });
 * // "gs://bucket/path/to/file.zip|zip:path/within/zip"
 */
export function resolve(
  base: string | Pipeline,
  reference: string | Pipeline | RelativePipeline,
  options: ResolveOptions = {},
): string {
  return resolvePipeline(base, reference, options).raw;
}

/**
 * `pipeline` with its `..` adapters resolved, as its text: {@link resolveDotDotPipeline}'s tree, written.
 *
 * @example
 * resolveDotDot("gs://bucket/o.zip|zip:i.zip|..:other|zarr3:", { dialect: "zep8" }); // "gs://bucket/other|zarr3:"
 */
export function resolveDotDot(pipeline: string | Pipeline, options: ResolveOptions = {}): string {
  return resolveDotDotPipeline(pipeline, options).raw;
}

// ---- the steps ----

/** The `..` adapters, in order, each discarding the adapter before it (ZEP 8, the `..` scheme). */
function collapse(subUrls: readonly SubUrl[], ctx: Context, made: WeakMap<SubUrl, Made>): SubUrl[] {
  const stack: SubUrl[] = [];
  for (const s of subUrls) {
    if (s.scheme !== "..") {
      stack.push(s);
      continue;
    }
    const root = stack[0];
    if (stack.length < 2 || root === undefined) {
      throw new ResolveError(
        "dotdot-at-root",
        `the .. adapter ${JSON.stringify(s.raw)} has no adapter left to discard: the sub-URL before it, ` +
          `${JSON.stringify(root?.raw ?? "")}, is the root (ZEP 8: "It is an error if there are no remaining adapter ` +
          `sub-URLs when resolving the .. adapter")`,
        { subUrls: root ? [s, root] : [s] },
      );
    }
    const discarded = stack.pop()!;
    const prior = stack.pop()!;
    stack.push(applyPath(prior, (s as T.DotDotSubUrl).path.raw, ctx, made, [s, discarded]));
  }
  return stack;
}

/** How resolution made a sub-URL: for the read-back check and the error reports of {@link finish}. */
interface Made {
  target: SubUrl;
  referencePath: string;
  /** The `..` adapter and the adapter it discarded, when a `..` made it. */
  involved: SubUrl[];
  expected: PathComponent;
}

/**
 * A path-only reference applied to one sub-URL (RFC 3986 5.2.2 with an undefined scheme, authority, query and
 * fragment): a copy of the sub-URL with the new path (and query), its `raw` written with formatSubUrl. It is not
 * parsed here (parsing each step would cost the sub-URL's length per `..`): {@link finish} parses the whole result
 * once and checks that each sub-URL made here reads back as made.
 */
function applyPath(
  target: SubUrl,
  referencePath: string,
  ctx: Context,
  made: WeakMap<SubUrl, Made>,
  involved: SubUrl[],
): SubUrl {
  // ZEP 8: "If the relative_path is the empty string, the path component of the inner-most sub-URL remains
  // unchanged" (and RFC 3986 5.2.2 keeps the base's path and query), whatever the scheme.
  if (referencePath === "") return target;
  const pc = pathOf(target);
  if (pc === null) {
    throw new ResolveError(
      "no-path",
      `the path ${JSON.stringify(referencePath)} cannot apply to ${JSON.stringify(target.raw)}: a ${target.scheme}: ` +
        `sub-URL has no path component`,
      { subUrls: [target, ...involved] },
    );
  }
  const path = referencedPath(target.scheme, pc, referencePath, ctx.aboveRoot);
  if (path === null) {
    throw new ResolveError(
      "above-root",
      `the path ${JSON.stringify(referencePath)} climbs above the root of ${JSON.stringify(target.raw)}: its ".." ` +
        `segments leave the ${target.scheme}: path, and RFC 3986 5.2.4 would drop them silently (pass ` +
        `options.aboveRoot "clamp" to drop them)`,
      { subUrls: [target, ...involved] },
    );
  }
  // The base's query is kept (D26): ZEP 8 leaves it open ("TODO: Specify how the query string propagates"), and
  // TensorStore and Neuroglancer keep it, where RFC 3986 5.2.2 would drop it for a reference with a path.
  const copy = withPath(target, path, pc.query, ctx.dialect);
  made.set(copy, { target, referencePath, involved, expected: { authority: pc.authority, path, query: pc.query } });
  return copy;
}

/**
 * The path that a path-only reference (not empty) gives a sub-URL of `scheme` whose path component is `pc`: T.path of
 * RFC 3986 5.2.2 ({@link resolvePath}), written as the scheme needs it; null when its ".." segments climb above the
 * root of a path with no authority and `aboveRoot` is "error".
 */
export function referencedPath(
  scheme: string,
  pc: PathComponent,
  referencePath: string,
  aboveRoot: "error" | "clamp",
): string | null {
  let climbed = false;
  // A path with no authority that does not start with "/" (`zip:a/b`, `icechunk:a/b`) is resolved from its root, as
  // "/" + the path, and written back without that "/" (D59): RFC 3986 5.2.4 run over the rootless path itself would
  // turn `a/b` + `../c` or `/c` into `/c`, a path of another form than its base's, and for ocdbt and icechunk
  // another path than the one their versioned spelling gives.
  const rootless = !pc.authority && !pc.path.startsWith("/");
  const resolved = resolvePath(rootless ? { ...pc, path: `/${pc.path}` } : pc, referencePath, () => (climbed = true));
  // (A result that starts with "//" keeps them: its first segment is empty, which no rootless path can write, and
  // finish() refuses what reads back otherwise.)
  const path = rootless && resolved.startsWith("/") && !resolved.startsWith("//") ? resolved.slice(1) : resolved;
  // RFC 3986 5.2.4 drops a ".." that has nothing left to remove. Below a host or a bucket that is the web's rule; in
  // an archive's, a hierarchy's or a database's path it would silently name something else. ocdbt's and icechunk's
  // with a version too: `icechunk:a/` and `icechunk:@branch.main/a/` are the same path (ZEP 8), so they refuse alike.
  if (climbed && (!pc.authority || VERSIONED_SCHEMES.has(scheme)) && aboveRoot === "error") return null;
  // ZEP 8 (ocdbt:, icechunk:): "if the path starts with @ it must be percent-encoded as %40 to avoid ambiguity with
  // the @version component".
  return VERSIONED_SCHEMES.has(scheme) && !pc.authority ? encodeLeadingAt(path) : path;
}

/** A segment "." or ".." (RFC 3986 5.2.4's dot-segments), anywhere in a path. */
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

/**
 * T.path of RFC 3986 5.2.2 for a reference with a non-empty path and nothing else:
 * remove_dot_segments(R.path) or remove_dot_segments(merge(Base.path, R.path)), as `transformReference`
 * (rfc3986-resolve.ts) computes it. When the part of the base's path that the merge keeps has no dot-segments (as
 * every path that resolution writes), remove_dot_segments leaves that part as it is, and only "/" + R.path, whose
 * ".." may remove its last segments, goes through the algorithm: the base is only scanned by a regular expression
 * and sliced. Without that, each `..` adapter would run the algorithm over the whole path it applies to (a 60,000-
 * character path and five hundred `..` took seconds). test/meaning/resolve.test.ts checks it against
 * transformReference.
 */
export function resolvePath(base: PathComponent, referencePath: string, onAboveRoot?: () => void): string {
  if (referencePath.startsWith("/")) return removeDotSegments(referencePath, onAboveRoot);
  // 5.2.3: the merged path is `kept` + "/" + R.path, or R.path alone.
  let kept: string;
  if (base.authority && base.path === "") kept = "";
  else {
    const cut = base.path.lastIndexOf("/");
    if (cut < 0) return removeDotSegments(referencePath, onAboveRoot);
    kept = base.path.slice(0, cut);
  }
  const rest = `/${referencePath}`;
  if (DOT_SEGMENT.test(kept)) return removeDotSegments(kept + rest, onAboveRoot);
  // 5.2.4 moves `kept` to the output segment by segment (rule E) and leaves "/" + R.path as the input buffer, which
  // begins with "/": only rules B, C and E apply from there on. Rule C's pops take the last pieces of `rest`'s
  // output first, then the last segments of `kept` (its end moves back to the "/" before its last segment).
  let keptEnd = kept.length;
  const output: string[] = [];
  const pop = () => {
    if (output.length > 0) output.pop();
    else if (keptEnd === 0) onAboveRoot?.();
    else keptEnd = Math.max(kept.lastIndexOf("/", keptEnd - 1), 0);
  };
  const n = rest.length;
  const restIs = (x: string) => n - i === x.length && rest.startsWith(x, i);
  let i = 0;
  while (i < n) {
    if (rest.startsWith("/./", i)) i += 2;
    else if (restIs("/.")) {
      output.push("/");
      i = n;
    } else if (rest.startsWith("/../", i)) {
      i += 3;
      pop();
    } else if (restIs("/..")) {
      pop();
      output.push("/");
      i = n;
    } else {
      const next = rest.indexOf("/", i + 1);
      const end = next < 0 ? n : next;
      output.push(rest.slice(i, end));
      i = end;
    }
  }
  return kept.slice(0, keptEnd) + output.join("");
}

/**
 * A copy of `s` with a new path (and query, for http and https) and the `raw` that formatSubUrl writes for it. Its
 * components' `value`s are not decoded: only {@link finish}'s parse gives the real tree.
 */
function withPath(s: SubUrl, path: string, query: string | undefined, dialect: DialectName): SubUrl {
  const component = (raw: string): T.Component => ({ raw, value: raw, span: { start: 0, end: raw.length } });
  const copy: Record<string, unknown> = { ...s, path: component(path) };
  // A bare adapter (`zip` for `zip:`) needs its ":" back once it has a path.
  if ("colon" in s) copy.colon = s.colon || path !== "";
  if (s.scheme === "http" || s.scheme === "https") copy.query = query === undefined ? null : component(query);
  const raw = formatSubUrl(copy as unknown as SubUrl, dialect);
  return { ...copy, raw, span: { start: 0, end: raw.length } } as unknown as SubUrl;
}

/**
 * The sub-URLs written with formatSubUrl and parsed as one pipeline, so that the result is a real, valid tree; each
 * sub-URL that resolution made must read back with the path it was given (e.g. file:/a with the path //b/c is
 * written file://b/c, which reads back as the host b).
 */
function finish(subUrls: readonly SubUrl[], ctx: Context, made: WeakMap<SubUrl, Made>): Pipeline {
  const text = subUrls.map((s) => formatSubUrl(s, ctx.dialect)).join("|");
  const invalid = (i: number, why: string, cause?: unknown): ResolveError => {
    const s = subUrls[i];
    const m = s && made.get(s);
    if (!s || !m) {
      const what = s ? `${JSON.stringify(s.raw)} ${why}` : why;
      return new ResolveError("invalid-result", `the result ${JSON.stringify(text)} is not a valid pipeline: ${what}`, {
        subUrls: s ? [s] : [],
        result: text,
        cause,
      });
    }
    return new ResolveError(
      "invalid-result",
      `resolving ${JSON.stringify(m.referencePath)} against ${JSON.stringify(m.target.raw)} gives ` +
        `${JSON.stringify(s.raw)}, which ${why}`,
      { subUrls: [m.target, ...m.involved], result: s.raw, cause },
    );
  };
  let p: Pipeline;
  try {
    p = parse(text, grammarOf(ctx));
  } catch (e) {
    if (!(e instanceof UrlPipelineSyntaxError)) throw e;
    if (e.kind === "limit") throw invalid(-1, e.message, e);
    // The sub-URL the error is in: sub-URL i starts after i "|"s (no sub-URL's text holds a "|", D22).
    const i = text.slice(0, e.offset).split("|").length - 1;
    throw invalid(i, `is not a valid ${subUrls[i]?.scheme}: sub-URL: ${e.message}`, e);
  }
  subUrls.forEach((s, i) => {
    const m = made.get(s);
    if (!m) return;
    const back = p.subUrls[i];
    const read = back && back.scheme === s.scheme ? pathOf(back) : null;
    const want = m.expected;
    if (!read || read.authority !== want.authority || read.path !== want.path || read.query !== want.query) {
      throw invalid(i, `does not say the path ${JSON.stringify(want.path)}: it reads back differently`);
    }
  });
  return p;
}

function checkDotDotPolicy(subUrls: readonly SubUrl[], policy: DotDotPolicy, what: "pipeline" | "reference"): void {
  if (policy === "allow") return;
  const dotdots = subUrls.filter((s) => s.scheme === "..");
  if (policy === "forbid" && dotdots.length > 0) {
    throw new ResolveError(
      "dotdot-forbidden",
      `the ${what} has a .. adapter (${JSON.stringify(dotdots[0]!.raw)}) and options.dotdot is "forbid" ` +
        `(pass "allow" or { max: N } for ${what}s that may leave their base's adapters)`,
      { subUrls: dotdots },
    );
  }
  if (typeof policy === "object" && dotdots.length > policy.max) {
    throw new ResolveError(
      "dotdot-limit",
      `the ${what} has ${dotdots.length} .. adapters; options.dotdot allows at most ${policy.max}`,
      { subUrls: dotdots.slice(policy.max) },
    );
  }
}

// ---- inputs and options ----

function readOptions(
  options: unknown,
  defaultPolicy: DotDotPolicy,
  trees: unknown[],
): { ctx: Context; dotdot: DotDotPolicy } {
  if (typeof options !== "object" || options === null)
    throw new TypeError(`options must be an object, not ${describeValue(options)}`);
  const o = options as ResolveOptions;
  let dialect: DialectName | undefined = o.dialect === undefined ? undefined : getDialect(o.dialect).meta.name;
  for (const t of trees) {
    if (typeof t !== "object" || t === null || !("dialect" in t)) continue;
    const d = (t as { dialect: DialectName }).dialect;
    if (dialect === undefined) dialect = getDialect(d).meta.name;
    else if (d !== dialect) {
      throw new TypeError(
        `a ${d} tree cannot be resolved in dialect ${dialect} (options.dialect, or the other tree's)`,
      );
    }
  }
  return {
    ctx: {
      dialect: dialect ?? getDialect(undefined).meta.name,
      aboveRoot: aboveRootOption(o.aboveRoot),
      maxLength: o.maxLength,
      maxSubUrls: o.maxSubUrls,
    },
    dotdot: dotdotOption(o.dotdot, defaultPolicy),
  };
}

function aboveRootOption(v: unknown): "error" | "clamp" {
  if (v === undefined) return "error";
  if (v === "error" || v === "clamp") return v;
  throw new TypeError(`options.aboveRoot must be "error" or "clamp", not ${describeValue(v)}`);
}

function dotdotOption(v: unknown, fallback: DotDotPolicy): DotDotPolicy {
  if (v === undefined) return fallback;
  if (v === "allow" || v === "forbid") return v;
  if (typeof v === "object" && v !== null && "max" in v) {
    const max = (v as { max: unknown }).max;
    if (max === Infinity || (typeof max === "number" && Number.isInteger(max) && max >= 0)) return { max };
  }
  throw new TypeError(
    `options.dotdot must be "allow", "forbid" or { max: N } with N a non-negative integer or Infinity, not ${describeValue(v)}`,
  );
}

function isTree(x: unknown, type: string): boolean {
  return (
    typeof x === "object" &&
    x !== null &&
    (x as { type?: unknown }).type === type &&
    Array.isArray((x as { subUrls?: unknown }).subUrls)
  );
}

/**
 * The options resolution parses with: the dialect, the limits, and the grammar and values alone. Resolution is a
 * reading of the text, as RFC 3986 5.2 is; the verdict on the kinds of what it names is the caller's
 * (`parse(reference, base)` and `validate(reference, base)` give it; decision D62).
 */
function grammarOf(ctx: Context): PipelineOptions {
  return { dialect: ctx.dialect, maxLength: ctx.maxLength, maxSubUrls: ctx.maxSubUrls, kinds: false };
}

/** A base or a pipeline: a string is parsed; a tree is written with format() and parsed again, so that it is valid. */
function toPipeline(x: unknown, ctx: Context, what: string): Pipeline {
  const limits = grammarOf(ctx);
  if (typeof x === "string") return parse(x, limits);
  if (isTree(x, "pipeline")) return parse(format(x as Pipeline), limits);
  throw new TypeError(
    `the ${what} must be an absolute pipeline: a string or a Pipeline tree, not ${isTree(x, "relative-pipeline") ? "a relative pipeline" : describeValue(x)}`,
  );
}

/** RFC 3986 3.1: a scheme, then ":". What an absolute pipeline starts with, and a relative one does not. */
const STARTS_WITH_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

function toReference(x: unknown, ctx: Context): Pipeline | RelativePipeline {
  const limits = grammarOf(ctx);
  const relativeUnsupported = (what: string, cause?: unknown) =>
    new ResolveError(
      "relative-unsupported",
      `${what} is not an absolute pipeline, and url-pipeline v0 has no relative ones ("Relative URL pipelines are ` +
        `not currently supported by this specification"): resolve relative pipelines in the "zep8" dialect ` +
        `(options.dialect: "zep8"; --dialect zep8 on the command line)`,
      { cause },
    );
  let text: string;
  if (typeof x === "string") text = x;
  else if (isTree(x, "pipeline") || isTree(x, "relative-pipeline")) {
    if (ctx.dialect !== "zep8" && (x as RelativePipeline).type === "relative-pipeline") {
      throw relativeUnsupported("the reference");
    }
    text = format(x as Pipeline | RelativePipeline);
  } else {
    throw new TypeError(
      `the reference must be a string, a Pipeline or a RelativePipeline tree, not ${describeValue(x)}`,
    );
  }
  if (ctx.dialect === "zep8")
    return parse(text, { ...limits, rule: "relative-url-pipeline" }) as Pipeline | RelativePipeline;
  try {
    return parse(text, limits);
  } catch (e) {
    // Not an absolute pipeline. Without a scheme it is a relative reference (RFC 3986 4.2), which v0 does not have;
    // with one, it is an invalid absolute pipeline, and the syntax error says where.
    if (e instanceof UrlPipelineSyntaxError && e.kind !== "limit" && !STARTS_WITH_SCHEME.test(text)) {
      throw relativeUnsupported(`the reference ${JSON.stringify(text)}`, e);
    }
    throw e;
  }
}

/**
 * RFC 3986 section 5.2, "Relative Resolution", on generic URI strings: each step of the RFC as its own function,
 * named and ordered as the RFC writes them.
 *
 * - 5.2.1 pre-parse: {@link parseUriReference} (the regular expression of Appendix B);
 * - 5.2.2 transform references: {@link transformReference}, the *strict* algorithm (a reference with a scheme is
 *   taken as it is, even when its scheme is the base's: `http:g` against `http://a/b/c/d;p?q` is `http:g`);
 * - 5.2.3 merge paths: {@link mergePaths};
 * - 5.2.4 remove dot segments: {@link removeDotSegments};
 * - 5.3 component recomposition: {@link recomposeUri}.
 *
 * {@link resolveUriReference} puts them together, after checking its inputs with the RFC's own ABNF (section 5.1: a
 * base URI "must conform to the <absolute-URI> syntax rule"; section 4.1: a reference is a `URI-reference`).
 *
 * The pipeline-level resolution (ZEP 8) is in `resolve.ts`; its error class {@link ResolveError} is defined here,
 * the lowest layer, so that both modules throw the same class.
 */
import { stringArgument } from "../arguments";
import { parse } from "../parse";
import type { SubUrl } from "../tree/nodes";
import type { ResolveErrorCode } from "../codes";

/** What went wrong in a resolution: `ResolveError.code`, with what each means (docs/codes.md). */

/**
 * The one error of resolution that is not a syntax error of an input. `code` says what; `subUrls` are the sub-URLs
 * involved, when there are any (each with the span of the text it was parsed from: the base, the reference, or a
 * sub-URL written by an earlier step of the resolution); `result` is the text that was refused ("invalid-result":
 * the sub-URL that resolution wrote, or else the whole result); `cause` is the parser's error, when there is one.
 */
export class ResolveError extends Error {
  override readonly name = "ResolveError";
  readonly code: ResolveErrorCode;
  readonly subUrls: readonly SubUrl[];
  readonly result: string | null;

  constructor(
    code: ResolveErrorCode,
    message: string,
    details: { subUrls?: readonly SubUrl[]; result?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.subUrls = details.subUrls ?? [];
    this.result = details.result ?? null;
  }
}

/**
 * The five components of a URI reference (RFC 3986 section 3). `undefined` is an undefined component: "A component
 * is undefined if its associated delimiter does not appear in the URI reference; the path component is never
 * undefined, though it may be empty" (5.2.1).
 */
export interface UriComponents {
  scheme: string | undefined;
  authority: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

/** RFC 3986 Appendix B, verbatim. */
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/s;

/**
 * 5.2.1 (and Appendix B): a URI reference split into its components. Non-validating, as Appendix B is: it splits
 * any string; {@link resolveUriReference} validates before it splits.
 */
export function parseUriReference(reference: string): UriComponents {
  const m = APPENDIX_B.exec(reference);
  // Every group of the expression is optional or matches the empty string, so it always matches.
  if (!m) throw new Error("unreachable: RFC 3986 Appendix B matches every string");
  return { scheme: m[2], authority: m[4], path: m[5] ?? "", query: m[7], fragment: m[9] };
}

/** 5.2.2, the strict algorithm ("if defined(R.scheme)", without the "(not strict) and" variant). */
export function transformReference(base: UriComponents, reference: UriComponents): UriComponents {
  const R = reference;
  const B = base;
  const T: UriComponents = { scheme: undefined, authority: undefined, path: "", query: undefined, fragment: undefined };
  if (R.scheme !== undefined) {
    T.scheme = R.scheme;
    T.authority = R.authority;
    T.path = removeDotSegments(R.path);
    T.query = R.query;
  } else {
    if (R.authority !== undefined) {
      T.authority = R.authority;
      T.path = removeDotSegments(R.path);
      T.query = R.query;
    } else {
      if (R.path === "") {
        T.path = B.path;
        if (R.query !== undefined) {
          T.query = R.query;
        } else {
          T.query = B.query;
        }
      } else {
        if (R.path.startsWith("/")) {
          T.path = removeDotSegments(R.path);
        } else {
          T.path = mergePaths(B, R.path);
          T.path = removeDotSegments(T.path);
        }
        T.query = R.query;
      }
      T.authority = B.authority;
    }
    T.scheme = B.scheme;
  }
  T.fragment = R.fragment;
  return T;
}

/**
 * 5.2.3: "If the base URI has a defined authority component and an empty path, then return a string consisting of
 * "/" concatenated with the reference's path; otherwise, return a string consisting of the reference's path
 * component appended to all but the last segment of the base URI's path (i.e., excluding any characters after the
 * right-most "/" in the base URI path, or excluding the entire base URI path if it does not contain any "/"
 * characters)." Only the base's authority (defined or not) and path are used.
 */
export function mergePaths(base: Pick<UriComponents, "authority" | "path">, referencePath: string): string {
  if (base.authority !== undefined && base.path === "") return `/${referencePath}`;
  return base.path.slice(0, base.path.lastIndexOf("/") + 1) + referencePath;
}

/**
 * 5.2.4, the input-buffer/output-buffer algorithm, rule by rule (A to E). The input buffer is `path` from offset
 * `i`; the output buffer is kept as the list of what rule E moved (each "[/]segment"), so that rule C's "remove the
 * last segment and its preceding "/" (if any)" is one pop: linear time for any input.
 */
export function removeDotSegments(path: string, onAboveRoot?: () => void): string {
  stringArgument("removeDotSegments()", "a path", path);
  const output: string[] = [];
  // `onAboveRoot` is told when a ".." has nothing left to remove (rules A, C on an empty output, D): the segments
  // the RFC drops there would climb above the path's root.
  const pop = () => {
    if (output.length === 0) onAboveRoot?.();
    else output.pop();
  };
  let i = 0;
  const n = path.length;
  // "The input buffer is exactly s": compared in place, never by slicing (a slice per step would be quadratic).
  const restIs = (s: string) => n - i === s.length && path.startsWith(s, i);
  while (i < n) {
    // A. a prefix "../" or "./" is removed.
    if (path.startsWith("../", i)) {
      onAboveRoot?.();
      i += 3;
    } else if (path.startsWith("./", i)) {
      i += 2;
      // B. a prefix "/./" or "/." (a complete segment) is replaced by "/".
    } else if (path.startsWith("/./", i)) {
      i += 2;
    } else if (restIs("/.")) {
      // The input buffer becomes "/", which rule E then moves: the end.
      output.push("/");
      i = n;
      // C. a prefix "/../" or "/.." (a complete segment) is replaced by "/", and the last segment of the output, with
      // its preceding "/" if any, is removed.
    } else if (path.startsWith("/../", i)) {
      i += 3;
      pop();
    } else if (restIs("/..")) {
      pop();
      output.push("/");
      i = n;
      // D. an input of just "." or ".." is removed.
    } else if (restIs(".") || restIs("..")) {
      if (restIs("..")) onAboveRoot?.();
      i = n;
      // E. the first segment, with its initial "/" if any, moves to the output.
    } else {
      const next = path.indexOf("/", i + 1);
      const end = next < 0 ? n : next;
      output.push(path.slice(i, end));
      i = end;
    }
  }
  return output.join("");
}

/** 5.3, component recomposition. */
export function recomposeUri(c: UriComponents): string {
  let result = "";
  if (c.scheme !== undefined) result += `${c.scheme}:`;
  if (c.authority !== undefined) result += `//${c.authority}`;
  result += c.path;
  if (c.query !== undefined) result += `?${c.query}`;
  if (c.fragment !== undefined) result += `#${c.fragment}`;
  return result;
}

/**
 * Resolves a URI reference against a base URI (RFC 3986 section 5.2, strict), e.g.
 * `resolveUriReference("http://a/b/c/d;p?q", "../g")` is `"http://a/b/g"`.
 *
 * Throws `UrlPipelineSyntaxError` when `base` is not an RFC 3986 `absolute-URI` (a scheme, no fragment: section
 * 5.1) or `reference` is not a `URI-reference`, and {@link ResolveError} `"invalid-result"` when the target is not
 * a URI: with no authority, a path that starts with "//" (from, e.g., `/..//g` against `a:b`) cannot be written
 * (section 3.3: "If a URI does not contain an authority component, then the path cannot begin with two slash
 * characters"); 5.3 would write it as an authority. Throws TypeError for arguments that are not strings.
 */
export function resolveUriReference(base: string, reference: string): string {
  if (typeof base !== "string" || typeof reference !== "string") {
    throw new TypeError(`resolveUriReference() takes two strings, not ${typeof base} and ${typeof reference}`);
  }
  parse(base, { rule: "absolute-URI" });
  parse(reference, { rule: "URI-reference" });
  const target = transformReference(parseUriReference(base), parseUriReference(reference));
  const result = recomposeUri(target);
  if (target.authority === undefined && target.path.startsWith("//")) {
    throw new ResolveError(
      "invalid-result",
      `the target of ${JSON.stringify(reference)} against ${JSON.stringify(base)} has no authority and the path ` +
        `${JSON.stringify(target.path)}, which starts with "//": RFC 3986 cannot write it (section 3.3)`,
      { result },
    );
  }
  return result;
}

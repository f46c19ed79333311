/**
 * ZEP 8's `..` adapter on text, for the kind walk of base-kind.ts: what `..:P` makes of the sub-URL before the
 * adapter it discards ("The path component is interpreted relative to the path of the sub-URL immediately prior to
 * the discarded adapter sub-URL"), as resolveDotDot() makes it from trees (src/meaning/resolve.ts), without a parser:
 * - the path component of a valid sub-URL is read from its text: after `scheme:`, RFC 3986 section 3's
 *   `"//" authority path-abempty` (an authority has no "/", so the path starts at the first "/" after it; s3: and
 *   gs: buckets, s3+http: endpoints and file: hosts are written that way), ZEP 8's `@version/path` for ocdbt: and
 *   icechunk: (no version or reference has a "/"), else the whole body; it ends at a "?" (RFC 3986 3.3: a path has
 *   none, and http: has a query after it). Which schemes have one is resolve.ts's {@link hasPathComponent}, and
 *   the new path is its {@link referencedPath};
 * - the sub-URL is then written as formatSubUrl() writes the copy resolve.ts makes (its text before the path, the
 *   new path, its query), and resolveDotDot()'s final check, that the result parses and each made sub-URL reads
 *   back with the path it was given, is the DFA's verdict on it (adapters are context-free after `|`: the grammar
 *   is `root *( "|" adapter )`) and this reading of its text.
 * test/complete/dotdot.test.ts holds the reading to pathComponentOf() on the parser's trees.
 */
import { accepts } from "../dfa/verdict";
import { versionMark } from "../meaning/format";
import { hasPathComponent, referencedPath, VERSIONED_SCHEMES, type PathComponent } from "../meaning/resolve";
import type { DialectName } from "../tree/nodes";
import { pipelineAutomaton } from "./engine";
import { asciiLower } from "./position";

/** A sub-URL's text, split around its path component. */
export interface PathText {
  /** The whole sub-URL. */
  text: string;
  /** The text before the path: `gs://bucket`, `ocdbt:@v1`, `zip:`, or a bare adapter's name (`zip`). */
  head: string;
  /** Whether it is a bare adapter (no ":"), which needs its ":" back before a path. */
  bare: boolean;
  pc: PathComponent;
}

/**
 * The path component of a valid sub-URL (a ZEP 8 one: the dialect with `..`) and the text before it; null for a
 * scheme that has none (gzip, json, byte-range, ...).
 *
 * @example
 * ```ts
 * pathText("gs://bucket/a/b.zip", "zep8");
 * // { text: "gs://bucket/a/b.zip", head: "gs://bucket", bare: false, pc: { authority: true, path: "/a/b.zip", query: undefined } }
 * pathText("ocdbt:@v1/x", "zep8").pc; // { authority: true, path: "/x", query: undefined }
 * pathText("zip", "zep8");            // { text: "zip", head: "zip", bare: true, pc: { authority: false, path: "", ... } }
 * ```
 */
export function pathText(text: string, dialect: DialectName): PathText | null {
  const colon = text.indexOf(":");
  const scheme = asciiLower(colon < 0 ? text : text.slice(0, colon));
  if (!hasPathComponent(scheme)) return null;
  if (colon < 0) return { text, head: text, bare: true, pc: { authority: false, path: "", query: undefined } };
  const body = colon + 1;
  const mark = versionMark(dialect);
  const opener = text.startsWith("//", body)
    ? "//"
    : VERSIONED_SCHEMES.has(scheme) && text.startsWith(mark, body)
      ? mark
      : null;
  const authority = opener !== null;
  const start = authority ? endOfAuthority(text, body + opener.length) : body;
  const q = text.indexOf("?", start);
  const end = q < 0 ? text.length : q;
  return {
    text,
    head: text.slice(0, start),
    bare: false,
    pc: { authority, path: text.slice(start, end), query: q < 0 ? undefined : text.slice(q + 1) },
  };
}

/** Where an authority (or a version) that starts at `from` ends: at the first "/" or "?", or the end (RFC 3986 3.2). */
function endOfAuthority(text: string, from: number): number {
  for (let i = from; i < text.length; i++) if (text[i] === "/" || text[i] === "?") return i;
  return text.length;
}

/**
 * What `..:P` (P not empty) makes of the sub-URL `target` of `scheme` (lower-case): its new path component and
 * text, as resolveDotDot() writes them; null where resolveDotDot() throws for it (".." above the root of a path
 * with no authority).
 *
 * @example
 * ```ts
 * applyDotDot("gs", pathText("gs://bucket/a/b.zip", "zep8")!, "c/d/").pc.path; // "/a/c/d/"
 * ```
 */
export function applyDotDot(scheme: string, target: PathText, referencePath: string): PathText | null {
  const path = referencedPath(scheme, target.pc, referencePath, "error");
  if (path === null) return null;
  const { bare, pc } = target;
  // resolve.ts's withPath(): a bare adapter gets its ":" back once it has a path.
  const head = bare && path !== "" ? `${target.head}:` : target.head;
  return {
    text: `${head}${path}${pc.query === undefined ? "" : `?${pc.query}`}`,
    head,
    bare: bare && path === "",
    pc: { authority: pc.authority, path, query: pc.query },
  };
}

/**
 * Whether a sub-URL that `..` made, written `made.text`, is valid after `context` ("" for a root; for an adapter a
 * valid root and `|`, as openings.ts's adapterContext() gives) and reads back with the path component it was given.
 */
export function readsBack(made: PathText, context: string, dialect: DialectName): boolean {
  if (!accepts(pipelineAutomaton(dialect), context + made.text)) return false;
  const back = pathText(made.text, dialect);
  return (
    back !== null &&
    back.pc.authority === made.pc.authority &&
    back.pc.path === made.pc.path &&
    back.pc.query === made.pc.query
  );
}

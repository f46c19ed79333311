/**
 * arcp URIs, draft-soilandreyes-arcp-03 "The Archive and Package (arcp) URI scheme" (February 2018), read with the
 * draft's own ABNF (section 3, grammar/arcp/arcp-uri.abnf, start rule `arcp-URI`).
 *
 * - Pipeline to arcp: a pipeline whose last sub-URL is `zip:` names an entry of the archive the sub-URLs before it
 *   name. Section 4.1 item 3: "Implementations creating location-based authorities SHOULD generate the v5 UUID
 *   using the URL namespace 6ba7b811-9dad-11d1-80b4-00c04fd430c8 and an retrievable archive URL": the archive's
 *   URL is its pipeline, written canonically (decision D44), and the entry is the path (`arcp://uuid,<v5>/<entry>`).
 *   With the archive's bytes or SHA-256 digest, the hash-based authority of item 4 ("SHOULD use the hash method
 *   sha-256 without truncation", RFC 6920's alg-val with base64url): `arcp://ni,sha-256;<digest>/<entry>`.
 * - arcp to pipeline: "implementations cannot resolve which location was used" (4.1 item 3), and a hash names
 *   bytes, not a place: the caller maps authorities to archive pipelines (`options.authorities`). The path is
 *   normalized first (section 7: "Implementations SHOULD perform Path Segment Normalization [RFC3986] before
 *   converting arcp URIs"), so no `..` climbs out of the archive. A query ("its semantics is undefined by this
 *   specification", 3) and a fragment have no place in a zip: path.
 * - Relative references inside an archive resolve as RFC 3986 5.2 says, as Appendix A.1 does: `../../../outside.txt`
 *   against a resource of the archive is `arcp://uuid,<uuid>/outside.txt` ({@link resolveArcp}).
 */
import { stringArgument } from "../arguments";
import { UrlPipelineSyntaxError } from "../errors";
import { removeDotSegments, resolveUriReference } from "../meaning/rfc3986-resolve";
import { parse } from "../parse";
import type { Pipeline, PathAdapterSubUrl } from "../tree/nodes";
import {
  dotSegment,
  verbatim,
  written,
  type FromContext,
  type Piece,
  type SyntaxTranslator,
  type ToContext,
} from "./common";
import { base64url, fromHex, sha256, uuidV5 } from "./digest";
import { charAt, TranslateError } from "./errors";

/** RFC 4122 Appendix C, "Name string is a URL": the namespace arcp's location-based authorities use. */
export const URL_NAMESPACE = "6ba7b811-9dad-11d1-80b4-00c04fd430c8";

/** RFC 3986 Appendix B, with "//" required: scheme, authority, path, query, fragment of an arcp-URI. */
const PARTS = /^([^:]+):\/\/([^/?#]*)([^?#]*)(?:(\?)([^#]*))?(?:(#)(.*))?$/s;

/**
 * The authority as a key for options.authorities: the prefix lower-case, a UUID lower-case (RFC 4122 3: hex
 * "is case insensitive on input"), a name lower-case (a reg-name is a host: RFC 3986 3.2.2); an ni digest as written.
 */
export function authorityKey(authority: string): string {
  const m = /^(uuid|ni|name),(.*)$/is.exec(authority);
  if (!m) return authority;
  const prefix = m[1]!.toLowerCase();
  return `${prefix},${prefix === "ni" ? m[2] : m[2]!.toLowerCase()}`;
}

function checkArcp(text: string, fail: (offset: number, message: string, cause: Error) => never): RegExpExecArray {
  try {
    parse(text, { rule: "arcp-URI" });
  } catch (e) {
    if (!(e instanceof UrlPipelineSyntaxError)) throw e;
    fail(e.offset, `not an arcp URI (draft-soilandreyes-arcp-03 section 3): ${e.message}`, e);
  }
  return PARTS.exec(text)!;
}

/** arcp to a pipeline: its sub-URLs, as pieces (src/translate/from.ts). */
export function fromArcp(ctx: FromContext): Piece[][] {
  const m = checkArcp(ctx.input, (offset, message, cause) => ctx.fail("arcp/syntax", offset, message, cause));
  const authority = m[2]!;
  const authorityAt = m[1]!.length + 3;
  const pathAt = authorityAt + authority.length;
  const path = m[3]!;
  if (m[4] !== undefined)
    ctx.fail(
      "arcp/query",
      pathAt + path.length,
      "the draft leaves a query's meaning undefined, and a zip: path cannot carry one",
    );
  if (m[6] !== undefined) ctx.fail("arcp/fragment", ctx.input.indexOf("#", pathAt), "a URL pipeline has no fragments");
  const map = ctx.options.authorities ?? {};
  const key = authorityKey(authority);
  const found = Object.keys(map).find((k) => authorityKey(k) === key);
  if (found === undefined) {
    const kind = /^uuid,/i.test(authority)
      ? `a UUID (version ${authority.charAt(19)}), which cannot be inverted to the location it was made from`
      : /^ni,/i.test(authority)
        ? "a digest of the archive's bytes, which names no place"
        : "a name known only where it was given";
    ctx.fail(
      "arcp/unknown-authority",
      authorityAt,
      `the authority ${JSON.stringify(authority)} is ${kind}: ` +
        "options.authorities (CLI: --authority AUTHORITY=PIPELINE) must map it to the archive's pipeline",
    );
  }
  const archive = archivePipeline(found, map[found]!, ctx);
  // Section 7: "Implementations SHOULD perform Path Segment Normalization [RFC3986] before converting arcp URIs".
  const normalized = removeDotSegments(path);
  const entry = normalized.replace(/^\//, "");
  const zip = archive.subUrls[archive.subUrls.length - 1] as PathAdapterSubUrl;
  const roots = archive.subUrls.slice(0, -1).map((s) => [written(s.raw, authorityAt)]);
  return [
    ...roots,
    [
      written(`zip:${zip.path.raw}`, authorityAt),
      normalized === path ? verbatim(entry, pathAt + 1) : written(entry, pathAt + 1),
    ],
  ];
}

/** The archive pipeline an authority is mapped to: valid in the dialect, ending in zip: with a directory path. */
function archivePipeline(authority: string, text: unknown, ctx: FromContext): Pipeline {
  const where = `options.authorities[${JSON.stringify(authority)}]`;
  if (typeof text !== "string") throw new TypeError(`translate(): ${where} must be a pipeline string`);
  let tree: Pipeline;
  try {
    tree = parse(text, { dialect: ctx.dialect }) as Pipeline;
  } catch (e) {
    if (!(e instanceof UrlPipelineSyntaxError)) throw e;
    throw new TypeError(`translate(): ${where} is not a valid URL pipeline (${ctx.dialect}): ${e.message}`);
  }
  const last = tree.subUrls[tree.subUrls.length - 1]!;
  if (
    last.scheme !== "zip" ||
    !((last as PathAdapterSubUrl).path.value === "" || (last as PathAdapterSubUrl).path.value.endsWith("/"))
  ) {
    throw new TypeError(
      `translate(): ${where} must name an archive: a pipeline ending in zip: (or zip:DIRECTORY/), not ${JSON.stringify(text)}`,
    );
  }
  return tree;
}

function toForeign(ctx: ToContext): { text: string } {
  const subs = ctx.canonical.subUrls;
  const last = subs[subs.length - 1]!;
  if (subs.length < 2 || last.scheme !== "zip") {
    ctx.fail(
      "arcp/not-archive",
      subs.length < 2 ? ctx.input.length : ctx.tree.subUrls[subs.length - 1]!.span.start,
      "an arcp URI names a resource inside an archive: the pipeline must end in zip:",
    );
  }
  const entry = (last as PathAdapterSubUrl).path;
  const dot = dotSegment(entry.value);
  if (dot !== null) {
    ctx.fail(
      "arcp/dot-segment",
      ctx.offsetIn(subs.length - 1, (x) => (x as PathAdapterSubUrl).path, dot),
      'the way back removes "." and ".." from an arcp path (section 7): a zip: path keeps them',
    );
  }
  const archive = subs
    .slice(0, -1)
    .map((s) => s.raw)
    .join("|");
  const digest = archiveDigest(ctx.options);
  const authority = digest ? `ni,sha-256;${base64url(digest)}` : `uuid,${uuidV5(URL_NAMESPACE, archive)}`;
  return { text: `arcp://${authority}/${entry.raw}` };
}

/** The SHA-256 digest the options give (the bytes hashed, or the digest itself), or null. */
function archiveDigest(options: ToContext["options"]): Uint8Array | null {
  if (options.archiveBytes !== undefined) return sha256(options.archiveBytes);
  const d = options.archiveSha256;
  if (d === undefined) return null;
  return typeof d === "string" ? fromHex(d)! : d;
}

export const arcp: SyntaxTranslator = { fromForeign: fromArcp, toForeign };

/**
 * A reference resolved against an arcp base (RFC 3986 5.2, as draft-soilandreyes-arcp-03 Appendix A.1 does):
 * `resolveArcp("arcp://uuid,32a423d6-52ab-47e3-a9cd-54f418a48571/doc.html", "../../../outside.txt")` is
 * `"arcp://uuid,32a423d6-52ab-47e3-a9cd-54f418a48571/outside.txt"`. A reference that leaves the archive (another
 * scheme or authority) is a TranslateError `arcp/other-archive`: section 7, "Applications SHOULD employ Same Orgin
 * policy [RFC6454] checks if resolving cross-references is not desired". An invalid base is `arcp/syntax`; an
 * invalid reference an UrlPipelineSyntaxError (rule URI-reference).
 */
export function resolveArcp(base: string, reference: string): string {
  stringArgument("resolveArcp()", "a base arcp URI", base);
  stringArgument("resolveArcp()", "a reference", reference);
  const error = (
    input: string,
    code: "arcp/syntax" | "arcp/other-archive",
    offset: number,
    message: string,
    cause?: Error,
  ) =>
    new TranslateError(code, `arcp: ${charAt(input, offset)}: ${message}`, {
      input,
      offset,
      syntax: "arcp",
      direction: "from",
      cause,
    });
  const b = checkArcp(base, (offset, message, cause) => {
    throw error(base, "arcp/syntax", offset, message, cause);
  });
  const target = resolveUriReference(base.replace(/#.*$/s, ""), reference);
  const t = PARTS.exec(target);
  if (!t || t[1]!.toLowerCase() !== b[1]!.toLowerCase() || authorityKey(t[2]!) !== authorityKey(b[2]!)) {
    throw error(
      reference,
      "arcp/other-archive",
      0,
      `the reference names ${JSON.stringify(target)}, outside the archive ` +
        `of ${JSON.stringify(base)} (draft-soilandreyes-arcp-03 section 7: Same Origin checks)`,
    );
  }
  return target;
}

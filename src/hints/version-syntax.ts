/**
 * OCDBT versions and Icechunk references, which the two dialects spell differently (spec README, "Syntax changes
 * ZEP 8 -> url-pipeline v0"): ZEP 8 (and TensorStore, Neuroglancer) write `ocdbt:@v1/path` and
 * `icechunk:@branch.x/path`; url-pipeline v0 writes `ocdbt://v1/path` and `icechunk://branch.x/path`.
 *
 * - url-pipeline v0, valid input (`zep8-version-syntax`): `ocdbt:@v1/path` is grammatical in v0, but there it is
 *   the path `@v1/path`, not version v1 ("hazard: an old `ocdbt:@v1/x` is still grammatical in v0 as a path
 *   starting with `@`, with another meaning"). A warning, with the v0 spelling, when the text after "@" looks like
 *   a version (`v123`, an RFC 3339 UTC time) or a reference (`branch.NAME`, `tag.NAME`, a 20-character snapshot id).
 * - zep8, invalid input (`v0-version-syntax`): `ocdbt://v1/path` is not ZEP 8 (an ocdbt path cannot start with
 *   "//"): the ZEP 8 spelling `ocdbt:@v1/path`.
 * - zep8, invalid input (`at-sign-path`): `ocdbt:@abc` where `abc` is no version: ZEP 8 says a path starting
 *   with "@" "must be percent-encoded as `%40`": `ocdbt:%40abc`.
 */
import type { IcechunkSubUrl, OcdbtSubUrl } from "../tree/nodes";
import { quote, replacePart, type Candidate, type HintKind } from "./types";

/** A generation or a commit time, as the grammar spells them (`v`, `T` and `Z` are case-sensitive, D9). */
const OCDBT_VERSION = /^(?:v[0-9]+|[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?Z)$/;
/** A branch, a tag or a snapshot id (20 upper-case base32 characters). */
const ICECHUNK_REF = /^(?:branch\.[^/]+|tag\.[^/]+|[0-9A-Z]{20})$/;

/** A commit time with its "T" or "Z" in lower case. */
const LOWER_CASE_TIME = /^[0-9]{4}-[0-9]{2}-[0-9]{2}[tT][0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?[zZ]$/;

const looksVersioned = (scheme: string, v: string) => (scheme === "ocdbt" ? OCDBT_VERSION : ICECHUNK_REF).test(v);
const what = (scheme: string) => (scheme === "ocdbt" ? "version" : "reference");
/** The text between "@" (or "//") and the next "/". */
const head = (body: string) => {
  const slash = body.indexOf("/");
  return slash < 0 ? body : body.slice(0, slash);
};

export const versionSyntax: HintKind = {
  name: "version-syntax",

  // ZEP 8's "@" forms in url-pipeline v0; nothing else is worth a warning on a valid input.
  validPrecheck: (input, meta) => meta.name === "url-pipeline-v0" && input.includes(":@"),

  onValid(ctx) {
    if (ctx.meta.name !== "url-pipeline-v0" || ctx.result.valid !== true) return [];
    const tree = ctx.result.pipeline;
    if (tree.type !== "pipeline") return [];
    // The path spans of every ocdbt:/icechunk: sub-URL without a version whose path reads like ZEP 8's "@version/".
    const found: { sub: OcdbtSubUrl | IcechunkSubUrl; version: string }[] = [];
    for (const sub of tree.subUrls) {
      if (sub.scheme !== "ocdbt" && sub.scheme !== "icechunk") continue;
      const s = sub as OcdbtSubUrl | IcechunkSubUrl;
      if (("version" in s ? s.version : s.ref) !== null || s.path.raw[0] !== "@") continue;
      const version = head(s.path.raw.slice(1));
      if (looksVersioned(s.scheme, version)) found.push({ sub: s, version });
    }
    if (found.length === 0) return [];
    let text = "";
    let at = 0;
    for (const { sub } of found) {
      text += `${ctx.input.slice(at, sub.path.span.start)}//${sub.path.raw.slice(1)}`;
      at = sub.path.span.end;
    }
    text += ctx.input.slice(at);
    // If the path was meant: "%40", which every reader, ZEP 8's included, reads as the same path (D40).
    let encoded = "";
    at = 0;
    for (const { sub } of found) {
      encoded += `${ctx.input.slice(at, sub.path.span.start)}%40${sub.path.raw.slice(1)}`;
      at = sub.path.span.end;
    }
    encoded += ctx.input.slice(at);
    const { sub, version } = found[0]!;
    const more = found.length > 1 ? ` (and ${found.length - 1} more)` : "";
    return [{
      code: "zep8-version-syntax",
      message: `url-pipeline v0 reads ${quote(sub.path.raw)} as a path, not as the ${what(sub.scheme)} ${quote(version)}: ` +
        `"${sub.scheme}:@${version}/" is ZEP 8 syntax, v0 writes "${sub.scheme}://${version}/"${more}`,
      text,
    }, {
      code: "at-sign-path",
      message: `if ${quote(sub.path.raw)} is meant as a path, write its "@" as "%40": ZEP 8 readers such as TensorStore ` +
        `read "${sub.scheme}:@${version}" as the ${what(sub.scheme)} ${quote(version)}${more}`,
      text: encoded,
    }];
  },

  onInvalid(ctx) {
    if (ctx.meta.name !== "zep8" || ctx.result.valid !== false) return [];
    const out: Candidate[] = [];
    const input = ctx.input;
    // v0's "//VERSION" in ZEP 8: every such sub-URL at once.
    if (input.includes("://")) {
      const parts = ctx.parts();
      let first: { from: string; to: string; scheme: string } | null = null;
      const fixed = parts.map((p) => {
        const m = /^(ocdbt|icechunk):\/\//i.exec(p.text);
        if (!m || p.index === 0) return p.text;
        const scheme = m[1]!.toLowerCase();
        if (!looksVersioned(scheme, head(p.text.slice(m[0].length)))) return p.text;
        const to = `${m[1]}:@${p.text.slice(m[0].length)}`;
        first ??= { from: p.text, to, scheme };
        return to;
      });
      if (first !== null) {
        const { from, to, scheme } = first as { from: string; to: string; scheme: string };
        out.push({
          code: "v0-version-syntax",
          message: `${quote(from)} is url-pipeline v0's ${scheme} ${what(scheme)} syntax; ZEP 8 writes ${quote(to)}`,
          text: fixed.join("|"),
        });
      }
    }
    // A path starting with "@" that is no version: ZEP 8 wants "%40".
    const p = ctx.errorPart();
    if (p && p.index > 0 && ctx.result.error.kind === "syntax") {
      const m = /^(ocdbt|icechunk):@/i.exec(p.text);
      if (m) {
        const scheme = m[1]!.toLowerCase();
        const rest = p.text.slice(m[0].length);
        // A commit time with a lower-case "t" or "z" is a version misspelt, not a path: commit-time-case.ts.
        if (!looksVersioned(scheme, head(rest)) && !(scheme === "ocdbt" && LOWER_CASE_TIME.test(head(rest)))) {
          out.push({
            code: "at-sign-path",
            message: `${quote(`@${head(rest)}`)} is not an ${scheme} ${what(scheme)}: in ZEP 8 an ${scheme}: path that ` +
              `starts with "@" must be written with "%40" ("@" starts the ${what(scheme)})`,
            text: replacePart(ctx.parts(), p.index, `${m[1]}:%40${rest}`),
          });
        }
      }
    }
    return out;
  },
};

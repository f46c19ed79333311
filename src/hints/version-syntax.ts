/**
 * OCDBT versions and Icechunk references, which the two dialects spell differently (spec README, "Syntax changes
 * ZEP 8 -> url-pipeline v0"): ZEP 8 (and TensorStore, Neuroglancer) write `ocdbt:@v1/path` and
 * `icechunk:@branch.x/path`; url-pipeline v0 writes `ocdbt://v1/path` and `icechunk://branch.x/path`.
 *
 * - url-pipeline v0, invalid input (`zep8-version-syntax`, `at-sign-path`): an ocdbt: or icechunk: path cannot
 *   start with "@" in v0 (decision D40), since every ZEP 8 reader takes `ocdbt:@v1/path` for version v1. When the
 *   text after "@" looks like a version (`v123`, an RFC 3339 UTC time) or a reference (`branch.NAME`, `tag.NAME`, a
 *   20-character snapshot id), the v0 spelling `ocdbt://v1/path`; always, the path with "%40".
 * - zep8, invalid input (`v0-version-syntax`): `ocdbt://v1/path` is not ZEP 8 (an ocdbt path cannot start with
 *   "//"): the ZEP 8 spelling `ocdbt:@v1/path`.
 * - zep8, invalid input (`at-sign-path`): `ocdbt:@abc` where `abc` is no version: ZEP 8 says a path starting
 *   with "@" "must be percent-encoded as `%40`": `ocdbt:%40abc`.
 * - both, invalid input (`generation-without-v`): `ocdbt://1/` (v0), `ocdbt:@1/` (zep8): the generation with its
 *   "v", `ocdbt://v1/`, `ocdbt:@v1/`.
 */
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

  onInvalid(ctx) {
    if (ctx.result.valid !== false) return [];
    const out: Candidate[] = [];
    const input = ctx.input;
    // v0's "//VERSION" in ZEP 8: every such sub-URL at once.
    if (ctx.meta.name === "zep8" && input.includes("://")) {
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
    // A path starting with "@": in ZEP 8 one that is no version, in url-pipeline v0 any (D40).
    const p = ctx.errorPart();
    if (!p || p.index === 0 || ctx.result.error.kind !== "syntax") return out;
    // A generation without its "v" (`ocdbt://1/`, ZEP 8's `ocdbt:@1/`): both grammars write it "v" DIGITS.
    const bare = /^(ocdbt:(?:\/\/|@))([0-9]+)(?=\/|$)/i.exec(p.text);
    if (bare && bare[1]!.endsWith(ctx.meta.name === "zep8" ? "@" : "//")) {
      out.push({
        code: "generation-without-v",
        message: `an OCDBT generation is written with a "v": ${quote(`v${bare[2]}`)}, not ${quote(bare[2]!)}`,
        text: replacePart(ctx.parts(), p.index, `${bare[1]}v${p.text.slice(bare[1]!.length)}`),
        // `v0` is no generation either: only worth saying with a fix.
        speculative: true,
      });
    }
    const m = /^(ocdbt|icechunk):@/i.exec(p.text);
    if (!m) return out;
    const scheme = m[1]!.toLowerCase();
    const rest = p.text.slice(m[0].length);
    const version = head(rest);
    const encoded = replacePart(ctx.parts(), p.index, `${m[1]}:%40${rest}`);
    if (ctx.meta.name === "url-pipeline-v0") {
      // ZEP 8's "@version/" (TensorStore's, Neuroglancer's): v0 writes it "//version/"; or, if a path was meant,
      // "%40", which every reader reads as the same path.
      if (looksVersioned(scheme, version)) {
        out.push({
          code: "zep8-version-syntax",
          message: `"${scheme}:@${version}" is ZEP 8's ${scheme} ${what(scheme)} syntax; url-pipeline v0 writes ` +
            `"${scheme}://${version}"`,
          text: replacePart(ctx.parts(), p.index, `${m[1]}://${rest}`),
        });
      }
      out.push({
        code: "at-sign-path",
        message: `in url-pipeline v0 an ${scheme}: path cannot start with "@", which ZEP 8 readers such as TensorStore ` +
          `read as the start of a ${what(scheme)}: if ${quote(`@${rest}`)} is meant as a path, write its "@" as "%40"`,
        text: encoded,
      });
      return out;
    }
    // A commit time with a lower-case "t" or "z" is a version misspelt, not a path: commit-time-case.ts.
    if (!looksVersioned(scheme, version) && !(scheme === "ocdbt" && LOWER_CASE_TIME.test(version))) {
      out.push({
        code: "at-sign-path",
        message: `${quote(`@${version}`)} is not an ${scheme} ${what(scheme)}: in ZEP 8 an ${scheme}: path that ` +
          `starts with "@" must be written with "%40" ("@" starts the ${what(scheme)})`,
        text: encoded,
      });
    }
    return out;
  },
};

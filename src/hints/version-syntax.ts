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
 * - both, invalid input (`version-spelling`): a version with the dialect's marker, spelt otherwise than the grammar
 *   spells it: a generation without its "v" or with "V" (`ocdbt://1/`, `ocdbt:@V1/`: `v1`), a commit time without
 *   its "Z", a reference without its kind (`icechunk:@main/`: a branch, `branch.main`) or with another separator
 *   (`branch/main`, `tag:v1`: `branch.main`, `tag.v1`). Only with a fix that is valid.
 */
import { quote, replacePart, type Candidate, type HintKind } from "./types";

/** url-pipeline v0's version marker: "ocdbt://", "icechunk://". */
const SLASHED_VERSION = /^(ocdbt|icechunk):\/\//i;
/** A versioned scheme, its marker ("//" or "@") and the body. */
const MARKED = /^((ocdbt|icechunk):(\/\/|@))(.*)$/is;
/** ZEP 8's version marker: "ocdbt:@", "icechunk:@". */
const AT_VERSION = /^(ocdbt|icechunk):@/i;

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

/**
 * A version `body` (what follows "@" or "//") spelt as the grammar spells it, when it is a common misspelling: the
 * version as written (`was`), as the grammar writes it (`is`), why, and the whole body with it; null otherwise.
 */
function respell(scheme: string, body: string): { was: string; is: string; why: string; body: string } | null {
  const was = head(body);
  const rest = body.slice(was.length);
  // `spelt`: what is respelt, the version or more of the body.
  const fixed = (is: string, why = "", spelt = was) => ({ was: spelt, is, why, body: is + body.slice(spelt.length) });
  if (scheme === "ocdbt") {
    if (/^[0-9]+$/.test(was)) return fixed(`v${was}`, ' (a generation is written with a "v")');
    if (/^V[0-9]+$/.test(was)) return fixed(`v${was.slice(1)}`, ' (the "v" is lower case)');
    if (/^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?$/.test(was))
      return fixed(`${was}Z`, ' (a commit time is UTC, ending in "Z")');
    return null;
  }
  // `branch/main/...`: the kind, then the name as the next segment.
  const kind = /^(branch|tag)$/i.exec(was);
  if (kind && /^\/[^/]/.test(rest)) {
    const name = head(rest.slice(1));
    return fixed(`${kind[1]!.toLowerCase()}.${name}`, "", `${was}/${name}`);
  }
  const other = /^(branch|tag)[:_=](.+)$/i.exec(was);
  if (other) return fixed(`${other[1]!.toLowerCase()}.${other[2]}`);
  // A name alone: a branch's, most likely (not a snapshot id, 20 upper-case base32 characters).
  if (/^[A-Za-z0-9_-]+$/.test(was) && !/^(?:branch|tag)$/i.test(was) && !/^[0-9A-Z]{20}$/.test(was)) {
    return fixed(`branch.${was}`, ' (a branch is written "branch.NAME", a tag "tag.NAME")');
  }
  return null;
}

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
        const m = SLASHED_VERSION.exec(p.text);
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
    // What follows reads an "ocdbt:" or "icechunk:" part: most refused inputs have none (their first letter tells).
    const initial = p.text.charCodeAt(0) | 0x20;
    if (initial !== 0x6f && initial !== 0x69) return out;
    // A version with this dialect's marker, spelt otherwise than the grammar spells it.
    const marked = MARKED.exec(p.text);
    if (marked && marked[3] === (ctx.meta.name === "zep8" ? "@" : "//")) {
      const [, prefix, name, marker, body] = marked as unknown as [string, string, string, string, string];
      const scheme = name.toLowerCase();
      const respelt = respell(scheme, body);
      if (respelt) {
        out.push({
          code: "version-spelling",
          message: `${quote(marker + respelt.was)} is not how ${scheme}: writes a ${what(scheme)}: ${quote(marker + respelt.is)}${respelt.why}`,
          text: replacePart(ctx.parts(), p.index, prefix + respelt.body),
          // Only worth saying with a fix that is valid (`v0` is no generation either).
          speculative: true,
        });
      }
    }
    const m = AT_VERSION.exec(p.text);
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
          message:
            `"${scheme}:@${version}" is ZEP 8's ${scheme} ${what(scheme)} syntax; url-pipeline v0 writes ` +
            `"${scheme}://${version}"`,
          text: replacePart(ctx.parts(), p.index, `${m[1]}://${rest}`),
        });
      }
      out.push({
        code: "at-sign-path",
        message:
          `in url-pipeline v0 an ${scheme}: path cannot start with "@", which ZEP 8 readers such as TensorStore ` +
          `read as the start of a ${what(scheme)}: if ${quote(`@${rest}`)} is meant as a path, write its "@" as "%40"`,
        text: encoded,
        // What looks like a version, read as a path, names another node.
        ...(looksVersioned(scheme, version)
          ? { changes: `the ${what(scheme)} ${quote(`@${version}`)} becomes part of the path` }
          : {}),
      });
      return out;
    }
    // A commit time with a lower-case "t" or "z" is a version misspelt, not a path: commit-time-case.ts.
    if (!looksVersioned(scheme, version) && !(scheme === "ocdbt" && LOWER_CASE_TIME.test(version))) {
      out.push({
        code: "at-sign-path",
        message:
          `${quote(`@${version}`)} is not an ${scheme} ${what(scheme)}: in ZEP 8 an ${scheme}: path that ` +
          `starts with "@" must be written with "%40" ("@" starts the ${what(scheme)})`,
        text: encoded,
      });
    }
    return out;
  },
};

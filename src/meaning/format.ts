/**
 * format(): a tree back to text, from its fields (not its `raw`), so that a tree changed or built in code is
 * written as it now reads. Every piece is written as its `raw` text: a tree from `parse` formats to its input
 * exactly, and `parse(format(t))` gives back `t`.
 */
import type * as T from "../tree/nodes";
import { dispatchOwn, isBodilessAdapter, isNonstandard, isPathAdapter, type PerOwnScheme } from "../schemes";
import type { DialectName, Pipeline, RelativePipeline, RuleMatch, SubUrl } from "../tree/nodes";
import { subUrlArgument } from "../arguments";
import { dialectArgument, treeArgument } from "../tree-arguments";

/**
 * The text of a pipeline, a relative pipeline (ZEP 8), or a rule match (its sub-URL, if it is one, else its `raw`).
 * Throws TypeError for anything else.
 */
export function format(tree: Pipeline | RelativePipeline | RuleMatch): string {
  treeArgument("format()", tree, ["pipeline", "relative-pipeline", "rule-match"]);
  if (tree.type === "rule-match") return tree.subUrl ? writeSubUrl(tree.subUrl, tree.dialect) : tree.raw;
  const parts = tree.subUrls.map((s) => writeSubUrl(s, tree.dialect));
  if (tree.type === "relative-pipeline" && tree.path !== null) parts.unshift(tree.path.raw);
  return parts.join("|");
}

/**
 * One sub-URL. `dialect` matters only for the versions of ocdbt and icechunk: `ocdbt://v1/` in url-pipeline v0,
 * `ocdbt:@v1/` in ZEP 8.
 */
export function formatSubUrl(s: SubUrl, dialect: DialectName): string {
  subUrlArgument("formatSubUrl(): its first argument", s);
  dialectArgument("formatSubUrl()", dialect);
  return writeSubUrl(s, dialect);
}

function writeSubUrl(s: SubUrl, dialect: DialectName): string {
  const scheme = s.rawScheme;
  if (isPathAdapter(s)) return s.colon ? `${scheme}:${s.path.raw}` : scheme;
  if (isBodilessAdapter(s)) return s.colon ? `${scheme}:` : scheme;
  // Vendor schemes (`vendor.scheme:`), url-pipeline v0 `nonstandard-sub-url`.
  if (isNonstandard(s)) return `${scheme}:${s.body.raw}${s.query ? `?${s.query.raw}` : ""}`;
  return dispatchOwn(WRITE, s, dialect);
}

/** Each scheme with a node type of its own, written back from its parts as they were written. */
const WRITE: PerOwnScheme<string, [DialectName]> = {
  file: (f) => `${f.rawScheme}:${f.hasAuthority ? `//${f.host?.raw ?? ""}` : ""}${f.path.raw}`,
  http: (h) => httpLike(h, h.query),
  https: (h) => httpLike(h, h.query),
  "s3+http": (h) => httpLike(h, null),
  "s3+https": (h) => httpLike(h, null),
  s3: (b) => `${b.rawScheme}://${b.bucket.raw}${b.path.raw}`,
  gs: (b) => `${b.rawScheme}://${b.bucket.raw}${b.path.raw}`,
  memory: (m) => `${m.rawScheme}:${m.prefix}${m.path.raw}`,
  "..": (p) => (p.colon ? `${p.rawScheme}:${p.path.raw}` : p.rawScheme),
  ocdbt: (o, dialect) =>
    o.colon ? `${o.rawScheme}:${o.version ? `${versionMark(dialect)}${o.version.raw}` : ""}${o.path.raw}` : o.rawScheme,
  icechunk: (i, dialect) =>
    i.colon ? `${i.rawScheme}:${i.ref ? `${versionMark(dialect)}${i.ref.raw}` : ""}${i.path.raw}` : i.rawScheme,
  json: (j) => (j.colon ? `${j.rawScheme}:${j.pointer.raw}` : j.rawScheme),
  "byte-range": (r) => `${r.rawScheme}:${r.start.raw}-${r.end.raw}`,
};

function httpLike(h: T.HttpSubUrl | T.S3CompatibleSubUrl, query: T.Component | null): string {
  return `${h.rawScheme}://${h.host.raw}${h.port ? `:${h.port.raw}` : ""}${h.path.raw}${query ? `?${query.raw}` : ""}`;
}

/** What introduces an ocdbt version or icechunk reference: "//" in url-pipeline v0, "@" in ZEP 8. */
export function versionMark(dialect: DialectName): string {
  return dialect === "zep8" ? "@" : "//";
}

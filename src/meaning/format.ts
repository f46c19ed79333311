/**
 * format(): a tree back to text, from its fields (not its `raw`), so that a tree changed or built in code is
 * written as it now reads. Every piece is written as its `raw` text: a tree from `parse` formats to its input
 * exactly, and `parse(format(t))` gives back `t`.
 */
import type * as T from "../tree/nodes";
import { isBodilessAdapter, isPathAdapter } from "../tree/schemes";
import type { DialectName, Pipeline, RelativePipeline, RuleMatch, SubUrl } from "../tree/nodes";
import { dialectArgument, subUrlArgument, treeArgument } from "../arguments";

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
  switch (s.scheme) {
    case "file": {
      const f = s as T.FileSubUrl;
      return `${scheme}:${f.hasAuthority ? `//${f.host?.raw ?? ""}` : ""}${f.path.raw}`;
    }
    case "http":
    case "https": {
      const h = s as T.HttpSubUrl;
      return `${scheme}://${h.host.raw}${h.port ? `:${h.port.raw}` : ""}${h.path.raw}${h.query ? `?${h.query.raw}` : ""}`;
    }
    case "s3+http":
    case "s3+https": {
      const h = s as T.S3CompatibleSubUrl;
      return `${scheme}://${h.host.raw}${h.port ? `:${h.port.raw}` : ""}${h.path.raw}`;
    }
    case "s3":
    case "gs": {
      const b = s as T.BucketSubUrl;
      return `${scheme}://${b.bucket.raw}${b.path.raw}`;
    }
    case "memory": {
      const m = s as T.MemorySubUrl;
      return `${scheme}:${m.prefix}${m.path.raw}`;
    }
    case "..": {
      const p = s as T.DotDotSubUrl;
      return p.colon ? `${scheme}:${p.path.raw}` : scheme;
    }
    case "ocdbt": {
      const o = s as T.OcdbtSubUrl;
      if (!o.colon) return scheme;
      return `${scheme}:${o.version ? `${versionMark(dialect)}${o.version.raw}` : ""}${o.path.raw}`;
    }
    case "icechunk": {
      const i = s as T.IcechunkSubUrl;
      if (!i.colon) return scheme;
      return `${scheme}:${i.ref ? `${versionMark(dialect)}${i.ref.raw}` : ""}${i.path.raw}`;
    }
    case "json": {
      const j = s as T.JsonSubUrl;
      return j.colon ? `${scheme}:${j.pointer.raw}` : scheme;
    }
    case "byte-range": {
      const r = s as T.ByteRangeSubUrl;
      return `${scheme}:${r.start.raw}-${r.end.raw}`;
    }
    default: {
      // Vendor schemes (`vendor.scheme:`), url-pipeline v0 `nonstandard-sub-url`.
      const n = s as T.NonstandardSubUrl;
      return `${scheme}:${n.body.raw}${n.query ? `?${n.query.raw}` : ""}`;
    }
  }
}

/** What introduces an ocdbt version or icechunk reference: "//" in url-pipeline v0, "@" in ZEP 8. */
export function versionMark(dialect: DialectName): string {
  return dialect === "zep8" ? "@" : "//";
}

/**
 * Actions for sub-URLs and pipelines: each turns the match of one `*-sub-url` rule into its tree node.
 * Match shapes: generated/DIALECT/matches.d.ts (the scheme's text comes first, as its `*-scheme` rule).
 */
import type { MatchSpan } from "../../generated/url-pipeline-v0/matches";
import { attachProblem } from "../strict/problems";
import type * as T from "../tree/nodes";
import { pipelineTree, relativePipelineTree } from "../tree/roots";
import { byteRangeBounds, component } from "./components";
import type { V0, Values, Zep8 } from "./types";

// Nodes are written field by field, not spread from a common base: object spreads cost about a microsecond each
// in V8, several times what the rest of an action costs. The field order is the node type's.

export function fileSubUrl(m: V0<"file-sub-url">, at: MatchSpan, text: string): T.FileSubUrl {
  const h = m[2];
  return {
    scheme: "file",
    rawScheme: m[0],
    span: at,
    raw: text,
    hasAuthority: h.hasAuthority,
    host: h.host,
    path: h.path,
  };
}

export function fileHierPart(m: V0<"file-hier-part">): Values["file-hier-part"] {
  if (m.rule === "local-path") return { hasAuthority: false, host: null, path: m.value };
  const [, [host, path]] = m.value;
  return { hasAuthority: true, host, path };
}

export function httpSubUrl(m: V0<"http-sub-url">, at: MatchSpan, text: string): T.HttpSubUrl {
  const [scheme, , host, port, path, query] = m;
  return {
    scheme: scheme.toLowerCase() as "http" | "https",
    rawScheme: scheme,
    span: at,
    raw: text,
    host,
    port: port?.[1] ?? null,
    path,
    query: query?.[1] ?? null,
  };
}

export function bucketSubUrl(m: V0<"s3-sub-url"> | V0<"gs-sub-url">, at: MatchSpan, text: string): T.BucketSubUrl {
  return { scheme: m[0].toLowerCase() as "s3" | "gs", rawScheme: m[0], span: at, raw: text, bucket: m[2], path: m[3] };
}

export function s3CompatibleSubUrl(m: V0<"s3-http-sub-url">, at: MatchSpan, text: string): T.S3CompatibleSubUrl {
  const [scheme, , host, port, path] = m;
  return {
    scheme: scheme.toLowerCase() as "s3+http" | "s3+https",
    rawScheme: scheme,
    span: at,
    raw: text,
    host,
    port: port?.[1] ?? null,
    path,
  };
}

export function memorySubUrl(m: V0<"memory-sub-url">, at: MatchSpan, text: string): T.MemorySubUrl {
  return {
    scheme: "memory",
    rawScheme: m[0],
    span: at,
    raw: text,
    prefix: m[2] as T.MemorySubUrl["prefix"],
    path: m[3],
  };
}

export function nonstandardSubUrl(m: V0<"nonstandard-sub-url">, at: MatchSpan, text: string): T.NonstandardSubUrl {
  const scheme = m[0];
  const dot = scheme.indexOf(".");
  const { body, query } = m[2];
  return {
    // The grammar's `vendor "." scheme`: the dot is there.
    scheme: scheme.toLowerCase() as T.NonstandardSubUrl["scheme"],
    rawScheme: scheme,
    span: at,
    raw: text,
    vendor: scheme.slice(0, dot).toLowerCase(),
    name: scheme.slice(dot + 1).toLowerCase(),
    body,
    query,
  };
}

export function schemeSpecificPart(m: V0<"scheme-specific-part">): Values["scheme-specific-part"] {
  // `[ "?" query ]` builds nothing, so it arrives as its text: "" when absent, else "?" and the query.
  const [body, question] = m;
  if (question === "") return { body, query: null };
  const start = body.span.end + 1;
  return { body, query: component(question.slice(1), { start, end: start + question.length - 1 }) };
}

/** zip, zarr, zarr2, zarr3, n5, hdf5: `scheme [ ":" path ]`. */
export function pathAdapter(m: V0<"zip-sub-url">, at: MatchSpan, text: string): T.PathAdapterSubUrl {
  const path = m[1]?.[1] ?? component("", { start: at.end, end: at.end });
  return {
    scheme: m[0].toLowerCase() as T.PathAdapterSubUrl["scheme"],
    rawScheme: m[0],
    span: at,
    raw: text,
    colon: m[1] !== null,
    path,
  };
}

/** gzip, zstd, images, neuroglancer-precomputed: `scheme [ ":" ]`, so the match is just its text. */
export function bodilessAdapter(m: V0<"gzip-sub-url">, at: MatchSpan, text: string): T.BodilessAdapterSubUrl {
  const colon = m.endsWith(":");
  const rawScheme = colon ? m.slice(0, -1) : m;
  return {
    scheme: rawScheme.toLowerCase() as T.BodilessAdapterSubUrl["scheme"],
    rawScheme,
    span: at,
    raw: text,
    colon,
  };
}

/** ocdbt in both dialects: `ocdbt [ ":" ( ("//" / "@") version path-abempty / path ) ]`. */
export function ocdbtSubUrl(
  m: V0<"ocdbt-sub-url"> | Zep8<"ocdbt-sub-url">,
  at: MatchSpan,
  text: string,
): T.OcdbtSubUrl {
  const body = m[1]?.[1];
  const node = (version: T.OcdbtVersion | null, path: T.Component): T.OcdbtSubUrl => ({
    scheme: "ocdbt",
    rawScheme: m[0],
    span: at,
    raw: text,
    colon: m[1] !== null,
    version,
    path,
  });
  if (body === undefined) return node(null, component("", { start: at.end, end: at.end }));
  if (Array.isArray(body)) return node(body[1], body[2]);
  return node(null, body);
}

/** icechunk in both dialects: `icechunk [ ":" ( ("//" / "@") ref path-abempty / path ) ]`. */
export function icechunkSubUrl(
  m: V0<"icechunk-sub-url"> | Zep8<"icechunk-sub-url">,
  at: MatchSpan,
  text: string,
): T.IcechunkSubUrl {
  const body = m[1]?.[1];
  const node = (ref: T.IcechunkRef | null, path: T.Component): T.IcechunkSubUrl => ({
    scheme: "icechunk",
    rawScheme: m[0],
    span: at,
    raw: text,
    colon: m[1] !== null,
    ref,
    effectiveRef: effectiveRef(ref),
    path,
  });
  if (body === undefined) return node(null, component("", { start: at.end, end: at.end }));
  if (Array.isArray(body)) return node(body[1], body[2]);
  return node(null, body);
}

/** ZEP 8: `icechunk:` is "equivalent to `icechunk:@branch.main/`". */
function effectiveRef(ref: T.IcechunkRef | null): T.EffectiveIcechunkRef {
  if (ref === null) return { kind: "branch", name: "main" };
  if (ref.kind === "snapshot") return { kind: "snapshot", id: ref.id };
  return { kind: ref.kind, name: ref.name.value };
}

export function jsonSubUrl(m: V0<"json-sub-url">, at: MatchSpan, text: string): T.JsonSubUrl {
  const pointer = m[1]?.[1] ?? { raw: "", value: "", span: { start: at.end, end: at.end }, tokens: [] };
  return { scheme: "json", rawScheme: m[0], span: at, raw: text, colon: m[1] !== null, pointer };
}

export function byteRangeSubUrl(m: V0<"byte-range-sub-url">, at: MatchSpan, text: string): T.ByteRangeSubUrl {
  const [scheme, , start, , end] = m;
  const node: T.ByteRangeSubUrl = {
    scheme: "byte-range",
    rawScheme: scheme,
    span: at,
    raw: text,
    colon: true,
    start,
    end,
  };
  const problem = byteRangeBounds(start, end);
  return problem ? attachProblem(node, problem) : node;
}

export function dotdotSubUrl(m: Zep8<"dotdot-sub-url">, at: MatchSpan, text: string): T.DotDotSubUrl {
  return { scheme: "..", rawScheme: m[0], span: at, raw: text, colon: true, path: m[2] };
}

/** `..` after a "|": `..:path`, or a bare `..` (ZEP 8: an adapter "may omit the final ':'"), whose path is empty. */
export function dotdotAdapter(m: Zep8<"dotdot-adapter">, at: MatchSpan, text: string): T.DotDotSubUrl {
  if (m.rule === "dotdot-sub-url") return m.value;
  return {
    scheme: "..",
    rawScheme: m.value,
    span: at,
    raw: text,
    colon: false,
    path: component("", { start: at.end, end: at.end }),
  };
}

export function makePipelineAction(dialect: T.DialectName) {
  return (m: V0<"absolute-url-pipeline"> | Zep8<"absolute-url-pipeline">, at: MatchSpan, text: string): T.Pipeline =>
    pipelineTree(dialect, [m[0], ...m[1].map(([, adapter]) => adapter)], at, text);
}

export function makeRelativePipelineAction(dialect: T.DialectName) {
  return (m: Zep8<"relative-url-pipeline">, at: MatchSpan, text: string): T.Pipeline | T.RelativePipeline => {
    if (m.rule === "absolute-url-pipeline") return m.value;
    const adapters = m.value[1].map(([, adapter]) => adapter);
    if (m.rule === "#0") return relativePipelineTree(dialect, at, text, m.value[0], adapters);
    return relativePipelineTree(dialect, at, text, null, [m.value[0], ...adapters]);
  };
}

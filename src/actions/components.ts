/**
 * Actions for the pieces of a sub-URL: paths, hosts, ports, buckets, versions, references.
 * Each takes the match the generated parser hands it (types in generated/DIALECT/matches.d.ts) and returns a
 * tree node; strict value checks record problems on the node (src/strict/problems.ts) instead of throwing.
 */
import type { MatchSpan } from "../../generated/url-pipeline-v0/matches";
import { attachProblem, withProblemOf, type Problem } from "../strict/problems";
import { isIpv4Address } from "../strict/patterns";
import { byteRangeProblem, checkMatch, gcsKeyAt } from "../strict/span-checks";
import { parseCommitTime, parseGeneration } from "../strict/ocdbt-version";
import { percentDecode, percentDecodeLossy } from "../strict/percent-encoding";
import { parsePort } from "../strict/port";
import { isProblem } from "../strict/value-problem";
import { withBigint } from "../tree/json";
import type { Component, Host, IcechunkRef, Integer, OcdbtVersion, Port, Span } from "../tree/nodes";
import type { V0 } from "./types";

/** A component: its text, percent-decoded; bytes that are not UTF-8 are a problem (RFC 3986 2.5). */
export function component(raw: string, at: Span): Component {
  if (!raw.includes("%")) return { raw, value: raw, span: at };
  const decoded = percentDecode(raw);
  if (!isProblem(decoded)) return { raw, value: decoded.value, span: at };
  return attachProblem(
    { raw, value: percentDecodeLossy(raw), span: at },
    { offset: at.start + decoded.offset, message: decoded.message, code: "value/percent-encoding" },
  );
}

/**
 * A ZIP entry name. ZIP APPNOTE 4.4.17.1: "The path stored MUST NOT contain a drive or device letter, or a leading
 * slash", so `zip:/a` and `zip:a` name one entry, whose value has no leading "/" (decision D36). The raw text keeps
 * what was written; an encoded `%2F` is data, not this slash.
 */
export function zipPath(_m: unknown, at: MatchSpan, text: string): Component {
  return withoutLeadingSlash(component(text, at));
}

/**
 * An S3 or GCS object key. v0: `s3://bucket/path/to/file` is "within the AWS S3 bucket named `bucket`, the path
 * `path/to/file`": the "/" after the bucket separates, it is not part of the key (decision D37). A key that does
 * start with "/" is written with two: `s3://bucket//a`.
 */
export function objectKey(_m: unknown, at: MatchSpan, text: string): Component {
  return withoutLeadingSlash(component(text, at));
}

/** A gs: key: as any object key, and Google Cloud's object name rules (D64), by the DFA's check of it. */
export function gcsObjectKey(_m: unknown, at: MatchSpan, text: string): Component {
  const p = gcsKeyAt(text, 0);
  const problem = p === null ? null : { offset: at.start + p.offset, message: p.message, code: p.code! };
  return checked(withoutLeadingSlash(component(text, at)), problem);
}

/**
 * The path after an OCDBT version or an Icechunk reference. v0: `ocdbt://2025-01-01T01:23:45.678Z/path/within/database`
 * "Refers to a file at `path/within/database`"; ZEP 8: "the path component does not include the `@version/`
 * prefix". The one "/" after the version separates it from the path (decision D38).
 */
export function pathAfterVersion(_m: unknown, at: MatchSpan, text: string): Component {
  return withoutLeadingSlash(component(text, at));
}

/** The component with one leading "/" of its raw text left out of its value (an encoded %2F is data). */
function withoutLeadingSlash(c: Component): Component {
  if (c.raw.charCodeAt(0) !== 0x2f /* / */) return c;
  return withProblemOf({ raw: c.raw, value: c.value.slice(1), span: c.span }, c);
}

/** Action for every rule whose match is just a component. */
export function componentAction(_m: unknown, at: MatchSpan, text: string): Component {
  return component(text, at);
}

/**
 * v0's host: its kind is what RFC 3986 3.2.2 makes of the text ("If host matches the rule for IPv4address, then it
 * should be considered an IPv4 address literal and not a reg-name"), not which of v0's simplified rules matched:
 * `999.1.1.1` and `01.2.3.4` are names. A bracketed host must be an IPv6address (decision D2).
 */
export function pipelineHost(m: V0<"pipeline-host">, at: MatchSpan, text: string): Host {
  if (m.rule === "pipeline-ipv6address") {
    return checked(host("ipv6", component(text, at)), checkMatch("pipeline-ipv6address", text, at));
  }
  return host(m.rule === "pipeline-ipv4address" && isIpv4Address(text) ? "ipv4" : "name", component(text, at));
}

/** A host node from its component. (Explicit fields, not a spread: spreads are slow in V8, and this is per parse.) */
function host(kind: Host["kind"], c: Component): Host {
  return withProblemOf({ kind, raw: c.raw, value: c.value, span: c.span }, c);
}

export function fileAuth(m: V0<"file-auth">, at: MatchSpan, text: string): Host {
  return m.rule === "pipeline-host" ? m.value : host("name", component(text, at));
}

export function port(_m: string, at: MatchSpan, text: string): Port {
  const parsed = parsePort(text);
  return checked(
    { raw: text, value: isProblem(parsed) ? null : parsed.value, span: at },
    checkMatch("http-port", text, at),
  );
}

export function s3Bucket(_m: string, at: MatchSpan, text: string): Component {
  return checked(component(text, at), checkMatch("s3-bucket", text, at));
}

export function gsBucket(_m: string, at: MatchSpan, text: string): Component {
  return checked(component(text, at), checkMatch("gs-bucket", text, at));
}

/** A node with the problem of its value check, if it has one (src/strict/span-checks.ts). */
function checked<T extends object>(node: T, problem: Problem | null): T {
  return problem ? attachProblem(node, problem) : node;
}

export function integer(_m: string, at: MatchSpan, text: string): Integer {
  return withBigint({ raw: text, value: BigInt(text), span: at });
}

export function byteRangeBounds(start: Integer, end: Integer): Problem | null {
  const p = byteRangeProblem(start.raw, start.span.start, end.raw, end.span.start);
  return p ? { offset: p.offset, message: p.message, code: "value/byte-range" } : null;
}

export function ocdbtVersion(m: V0<"ocdbt-version">, at: MatchSpan, text: string): OcdbtVersion {
  const problem = checkMatch("ocdbt-version", text, at);
  if (m.rule === "ocdbt-generation") {
    const g = problem ? null : parseGeneration(text.slice(1));
    const generation = g && !isProblem(g) ? g.value : 0n;
    return checked(withBigint({ kind: "generation" as const, raw: text, span: at, generation }), problem);
  }
  const t = problem ? null : parseCommitTime(text);
  if (!t || isProblem(t)) {
    return checked(
      {
        kind: "commit-time",
        raw: text,
        span: at,
        time: { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, nanosecond: 0 },
      },
      problem,
    );
  }
  const { year, month, day, hour, minute, second, nanosecond } = t;
  return { kind: "commit-time", raw: text, span: at, time: { year, month, day, hour, minute, second, nanosecond } };
}

export function icechunkRef(m: V0<"icechunk-ref">, at: MatchSpan, text: string): IcechunkRef {
  if (m.rule === "icechunk-snapshot-id") return { kind: "snapshot", id: text, raw: text, span: at };
  const kind = m.rule === "icechunk-branch" ? "branch" : "tag";
  return checked({ kind, name: m.value[1], raw: text, span: at }, checkMatch("icechunk-ref", text, at));
}

/** RFC 6901: percent-decode the whole pointer (section 6), then split on "/" and unescape "~1" and "~0". */
export function jsonPointer(_m: string, at: MatchSpan, text: string): Component & { tokens: string[] } {
  const c = component(text, at);
  const tokens = c.value === "" ? [] : c.value.slice(1).split("/");
  const node = withProblemOf(
    { raw: c.raw, value: c.value, span: c.span, tokens: tokens.map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~")) },
    c,
  );
  return checked(node, checkMatch("json-pointer", text, at));
}

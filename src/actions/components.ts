/**
 * Actions for the pieces of a sub-URL: paths, hosts, ports, buckets, versions, references.
 * Each takes the match the generated parser hands it (types in generated/DIALECT/matches.d.ts) and returns a
 * tree node; strict value checks record problems on the node (src/strict/problems.ts) instead of throwing.
 */
import type { MatchSpan } from "../../generated/url-pipeline-v0/matches";
import { attachProblem, type Problem } from "../strict/problems";
import {
  checkGcsBucket,
  checkS3Bucket,
  isProblem,
  parseByteRange,
  parseCommitTime,
  parseGeneration,
  parsePort,
  percentDecode,
  percentDecodeLossy,
} from "../strict/values";
import type { Component, Host, IcechunkRef, Integer, OcdbtVersion, Port, Span } from "../tree/nodes";
import type { V0 } from "./types";

/** A component: its text, percent-decoded; bytes that are not UTF-8 are a problem (RFC 3986 2.5). */
export function component(raw: string, at: Span): Component {
  if (!raw.includes("%")) return { raw, value: raw, span: at };
  const decoded = percentDecode(raw);
  if (!isProblem(decoded)) return { raw, value: decoded.value, span: at };
  return attachProblem(
    { raw, value: percentDecodeLossy(raw), span: at },
    { offset: at.start + decoded.offset, message: decoded.message },
  );
}

/** Action for every rule whose match is just a component. */
export function componentAction(_m: unknown, at: MatchSpan, text: string): Component {
  return component(text, at);
}

export function pipelineHost(m: V0<"pipeline-host">, at: MatchSpan, text: string): Host {
  const kind = m.rule === "pipeline-ipv4address" ? "ipv4" : m.rule === "pipeline-ipv6address" ? "ipv6" : "name";
  return { kind, ...component(text, at) };
}

export function fileAuth(m: V0<"file-auth">, at: MatchSpan, text: string): Host {
  return m.rule === "pipeline-host" ? m.value : { kind: "name", ...component(text, at) };
}

export function port(_m: string, at: MatchSpan, text: string): Port {
  const parsed = parsePort(text);
  if (isProblem(parsed)) return attachProblem({ raw: text, value: null, span: at }, shift(parsed, at));
  return { raw: text, value: parsed.value, span: at };
}

export function s3Bucket(_m: string, at: MatchSpan, text: string): Component {
  return checked(component(text, at), checkS3Bucket);
}

export function gsBucket(_m: string, at: MatchSpan, text: string): Component {
  return checked(component(text, at), checkGcsBucket);
}

/** Runs a check on the decoded value; offsets map back to the raw text only when nothing was encoded. */
function checked(c: Component, check: (value: string) => { offset: number; message: string } | null): Component {
  const problem = check(c.value);
  if (!problem) return c;
  const offset = c.raw === c.value ? c.span.start + problem.offset : c.span.start;
  return attachProblem(c, { offset, message: problem.message });
}

export function integer(_m: string, at: MatchSpan, text: string): Integer {
  return { raw: text, value: BigInt(text), span: at };
}

export function byteRangeBounds(start: Integer, end: Integer): Problem | null {
  const r = parseByteRange(start.raw, end.raw);
  if (!isProblem(r)) return null;
  const at = r.field === "start" ? start.span : end.span;
  return { offset: at.start + r.offset, message: r.message };
}

export function ocdbtVersion(m: V0<"ocdbt-version">, at: MatchSpan, text: string): OcdbtVersion {
  if (m.rule === "ocdbt-generation") {
    const digits = text.slice(1);
    const g = parseGeneration(digits);
    const node: OcdbtVersion = { kind: "generation", raw: text, span: at, generation: isProblem(g) ? 0n : g.value };
    if (isProblem(g)) return attachProblem(node, { offset: at.start + 1 + g.offset, message: g.message });
    if (digits.length > 1 && digits.startsWith("0")) {
      // Decision D10: one spelling per generation, as Neuroglancer's v([1-9][0-9]*) requires.
      return attachProblem(node, {
        offset: at.start + 1,
        message: `OCDBT generation numbers are written without leading zeros: write v${g.value}`,
      });
    }
    return node;
  }
  const t = parseCommitTime(text);
  if (isProblem(t)) {
    return attachProblem(
      { kind: "commit-time", raw: text, span: at, time: { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, nanosecond: 0 } },
      shift(t, at),
    );
  }
  const { year, month, day, hour, minute, second, nanosecond } = t;
  return { kind: "commit-time", raw: text, span: at, time: { year, month, day, hour, minute, second, nanosecond } };
}

export function icechunkRef(m: V0<"icechunk-ref">, at: MatchSpan, text: string): IcechunkRef {
  if (m.rule === "icechunk-snapshot-id") return { kind: "snapshot", id: text, raw: text, span: at };
  const kind = m.rule === "icechunk-branch" ? "branch" : "tag";
  const name = m.value[1];
  const node: IcechunkRef = { kind, name, raw: text, span: at };
  if (name.raw === "") {
    return attachProblem(node, {
      offset: name.span.start,
      message: `an Icechunk ${kind} name must not be empty: write ${kind}.NAME`,
    });
  }
  return node;
}

/** RFC 6901: percent-decode the whole pointer (section 6), then split on "/" and unescape "~1" and "~0". */
export function jsonPointer(_m: string, at: MatchSpan, text: string): Component & { tokens: string[] } {
  const c = component(text, at);
  const tokens = c.value === "" ? [] : c.value.slice(1).split("/");
  const node = { ...c, tokens: tokens.map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~")) };
  if (c.value !== "" && !c.value.startsWith("/")) {
    return attachProblem(node, { offset: c.span.start, message: "a JSON pointer is empty or starts with \"/\" (RFC 6901)" });
  }
  const bad = /~(?![01])/.exec(c.value);
  if (bad) {
    return attachProblem(node, {
      offset: c.raw === c.value ? c.span.start + bad.index : c.span.start,
      message: 'in a JSON pointer "~" must be followed by 0 or 1 ("~0" is "~", "~1" is "/"; RFC 6901 section 3)',
    });
  }
  return node;
}

function shift(p: { offset: number; message: string }, at: Span): Problem {
  return { offset: at.start + p.offset, message: p.message };
}

/**
 * The value checks of the tagged rules (tagged-rules.json), run on the spans the DFA engine records. They decide
 * exactly what the semantic actions in src/actions decide on the tree (the differential tests hold the two
 * engines to the same verdicts and offsets), so that a valid input is answered without building a tree.
 *
 * Keyed by the generated `Tag` types: a rule added to tagged-rules.json without a check here does not compile.
 * Four of them answer a plain span, their common case, with a precheck on the input (./prechecks.ts, decision D61),
 * and run their full rules only where it is not sure.
 * Percent-encoded text must be UTF-8 in every component (RFC 3986 2.5 via decision D14); in the pipeline rules
 * every `pct-encoded` lies in a component and no two components touch without a delimiter, so that is checked
 * once over the whole input ({@link checkPercentEncodedUtf8}).
 */
import type { Tag } from "../../generated/url-pipeline-v0/dfa";
import type { Tag as Zep8Tag } from "../../generated/zep8/dfa";
import { isIpv6Address } from "./patterns";
import { isPlain, PRECHECKS } from "./prechecks";
import type { ValueCode } from "../codes";
import type { Problem } from "./problems";
import { checkGcsBucket, checkGcsObjectName, checkS3Bucket } from "./buckets";
import { parseByteRange } from "./byte-range";
import { parseCommitTime, parseGeneration } from "./ocdbt-version";
import { percentDecode, percentEncodingProblem } from "./percent-encoding";
import { parsePort } from "./port";
import { isProblem, smallIntegerAt, type ValueProblem } from "./value-problem";

/** A tagged rule of either dialect (src/strict/tagged-rules.json, as the generated DFA tables name them). */
export type AnyTag = Tag | Zep8Tag;

/**
 * A check of the tagged span [start, end) of `input`; [previousStart, previousEnd) is the span recorded just
 * before it (byte-range-end needs its start), -1 when there is none. Offsets in the result are offsets in the
 * input. (Plain numbers, no span objects: this runs on every valid input.)
 */
export type SpanCheck = (
  input: string,
  start: number,
  end: number,
  previousStart: number,
  previousEnd: number,
) => SpanProblem | null;

/** What a span check finds: where and what; the code is its tag's ({@link SPAN_CODES}). */
export interface SpanProblem {
  offset: number;
  message: string;
  /** A code other than its tag's (SPAN_CODES): a gs: key checked with its bucket. */
  code?: ValueCode;
}

function shift(p: ValueProblem, start: number): SpanProblem {
  return { offset: start + p.offset, message: p.message };
}

/** A bucket: decoded first; a check of the decoded value maps back to the raw text only if nothing was encoded. */
function bucket(check: (name: string) => ValueProblem | null): SpanCheck {
  return (input, start, end) => {
    const raw = input.slice(start, end);
    const decoded = percentDecode(raw);
    // A UTF-8 problem is the component's own (checkPercentEncodedUtf8 reports it): the name is not checked then.
    if (isProblem(decoded)) return null;
    const p = check(decoded.value);
    if (!p) return null;
    return { offset: raw === decoded.value ? start + p.offset : start, message: p.message };
  };
}

/** OCDBT `v<digits>` (decision D10: 1 .. 2^64 - 1, no leading zeros) or an RFC 3339 UTC commit time. */
const ocdbtVersion: SpanCheck = (input, start, end) => {
  const text = input.slice(start, end);
  if (text.charCodeAt(0) === 0x76 /* v */) {
    const digits = text.slice(1);
    const g = parseGeneration(digits);
    if (isProblem(g)) return shift(g, start + 1);
    if (digits.length > 1 && digits.startsWith("0")) {
      return {
        offset: start + 1,
        message: `OCDBT generation numbers are written without leading zeros: write v${g.value}`,
      };
    }
    return null;
  }
  const t = parseCommitTime(text);
  return isProblem(t) ? shift(t, start) : null;
};

/**
 * `branch.NAME` and `tag.NAME` need a name, and the name, decoded, has no "/" (decision D15: the grammar's
 * `segment` has none, and `%2F` must not smuggle one in); a snapshot id is all the grammar says.
 */
const icechunkRef: SpanCheck = (input, start, end) => {
  for (const kind of REF_KINDS) {
    if (!input.startsWith(kind.prefix, start)) continue;
    if (end === start + kind.prefix.length) {
      return { offset: end, message: `an Icechunk ${kind.name} name must not be empty: write ${kind.name}.NAME` };
    }
    // Only a percent-encoded "/" can make a name wrong (a name without "%" is answered by the precheck).
    const text = input.slice(start, end);
    const slash = text.search(/%2f/i);
    if (slash < 0) return null;
    const decoded = percentDecode(text.slice(kind.prefix.length));
    // A UTF-8 problem is the component's own (checkPercentEncodedUtf8 reports it).
    if (isProblem(decoded)) return null;
    return {
      offset: start + slash,
      message: `an Icechunk ${kind.name} name cannot contain "/", not even as %2F: "${decoded.value}" is not a ${kind.name} name`,
    };
  }
  return null;
};

/** The references that carry a name (a snapshot id is all the grammar says). */
const REF_KINDS = [
  { name: "branch", prefix: "branch." },
  { name: "tag", prefix: "tag." },
] as const;

/** RFC 6901 on the percent-decoded pointer: empty or starting with "/", and "~" only as "~0" or "~1". */
const jsonPointer: SpanCheck = (input, start, end) => {
  const raw = input.slice(start, end);
  const decoded = percentDecode(raw);
  if (isProblem(decoded)) return null;
  const value = decoded.value;
  if (value !== "" && !value.startsWith("/")) {
    return { offset: start, message: 'a JSON pointer is empty or starts with "/" (RFC 6901)' };
  }
  const bad = /~(?![01])/.exec(value);
  if (bad) {
    return {
      offset: raw === value ? start + bad.index : start,
      message: 'in a JSON pointer "~" must be followed by 0 or 1 ("~0" is "~", "~1" is "/"; RFC 6901 section 3)',
    };
  }
  return null;
};

/**
 * v0's bracketed host, "[" 3*( HEXDIG / ":" / "." ) "]", is named ipv6address: its text must be an RFC 3986
 * IPv6address (decision D2; `[:::]` and `[1:2:3:4:5:6:7:8:9]` are not).
 */
const ipv6Address: SpanCheck = (input, start, end) => {
  const address = input.slice(start + 1, end - 1);
  if (isIpv6Address(address)) return null;
  return {
    offset: start + 1,
    message: `a host in brackets must be an IPv6 address (RFC 3986 section 3.2.2), and "${address.length > 45 ? `${address.slice(0, 45)}...` : address}" is not one`,
  };
};

const port: SpanCheck = (input, start, end) => {
  const p = parsePort(input.slice(start, end));
  return isProblem(p) ? shift(p, start) : null;
};

/** Decision D11: both ends below 2^64, START <= END; checked when the end is read. */
const byteRangeEnd: SpanCheck = (input, start, end, previousStart, previousEnd) => {
  // The grammar puts byte-range-start right before: "byte-range:" START "-" END. The common case without a slice.
  const first = smallIntegerAt(input, previousStart, previousEnd);
  if (first >= 0 && first <= smallIntegerAt(input, start, end)) return null;
  return byteRangeProblem(input.slice(previousStart, previousEnd), previousStart, input.slice(start, end), start);
};

/** A byte range START-END whose digits are at `startAt` and `endAt` in the input: its problem, or null. */
export function byteRangeProblem(first: string, startAt: number, last: string, endAt: number): SpanProblem | null {
  const r = parseByteRange(first, last);
  if (!isProblem(r)) return null;
  return { offset: (r.field === "start" ? startAt : endAt) + r.offset, message: r.message };
}

/**
 * A gs: bucket, then its key (decision D64): the key is the rest of the sub-URL after the bucket (`gs-path`, after
 * its "/", D37), checked here with the bucket, whose span the DFA records, so that the automaton needs no tag of its
 * own for it. The parser's action for gs-path runs the same function on the same text (gcsObjectKey).
 */
function gsBucketThenKey(bucket: SpanCheck): SpanCheck {
  return (input, start, end, previousStart, previousEnd) =>
    bucket(input, start, end, previousStart, previousEnd) ?? gcsKeyAt(input, end);
}

/** The problem of the gs: key that starts at `at` (its "/", or the sub-URL's end: the bucket itself). */
export function gcsKeyAt(input: string, at: number): SpanProblem | null {
  let end = input.indexOf("|", at);
  if (end < 0) end = input.length;
  if (end - at <= 1) return null; // empty, or "/": the bucket itself
  const p = checkGcsObjectName(input.slice(at + 1, end));
  return p ? { offset: at + 1 + p.offset, message: p.message, code: "value/object-name" } : null;
}

/** The stable code of each tag's problems (src/codes.ts). */
export const SPAN_CODES: Readonly<Record<AnyTag, ValueCode>> = {
  "s3-bucket": "value/bucket-name",
  "gs-bucket": "value/bucket-name",
  "http-port": "value/port",
  "pipeline-ipv6address": "value/ipv6-address",
  "ocdbt-version": "value/ocdbt-version",
  "icechunk-ref": "value/icechunk-ref",
  "json-pointer": "value/json-pointer",
  "byte-range-start": "value/byte-range",
  "byte-range-end": "value/byte-range",
};

/**
 * The checks that have a precheck (./prechecks.ts), without it: each finds what is wrong, or that nothing is.
 * @internal (test/strict/prechecks.test.ts holds each precheck to its full check)
 */
export const FULL_CHECKS: Readonly<Record<keyof typeof PRECHECKS, SpanCheck>> = {
  "ocdbt-version": ocdbtVersion,
  "s3-bucket": bucket(checkS3Bucket),
  "gs-bucket": bucket(checkGcsBucket),
  "icechunk-ref": icechunkRef,
};

/**
 * The check of a tag that has a precheck: the full check runs only where the precheck is not sure. (The full
 * check's call sees every such tag, but it is made only then; the precheck's calls are the same for all.)
 */
function withPrecheck(tag: keyof typeof PRECHECKS): SpanCheck {
  const plain = PRECHECKS[tag];
  const full = FULL_CHECKS[tag];
  return (input, start, end, previousStart, previousEnd) =>
    isPlain(plain, input, start, end) ? null : full(input, start, end, previousStart, previousEnd);
}

/** Each tag's check. */
export const SPAN_CHECKS: Readonly<Record<AnyTag, SpanCheck>> = {
  "s3-bucket": withPrecheck("s3-bucket"),
  "gs-bucket": gsBucketThenKey(withPrecheck("gs-bucket")),
  "http-port": port,
  "pipeline-ipv6address": ipv6Address,
  "ocdbt-version": withPrecheck("ocdbt-version"),
  "icechunk-ref": withPrecheck("icechunk-ref"),
  "json-pointer": jsonPointer,
  // Its digits are all the grammar allows; the range is checked with the end.
  "byte-range-start": () => null,
  "byte-range-end": byteRangeEnd,
};

/**
 * The check of `tag` on a match whose text is `text` at `at` in the input, as the semantic actions run it on the
 * tree: the same function the DFA engine runs on its spans, so each value rule is checked by one function.
 */
export function checkMatch(tag: AnyTag, text: string, at: { start: number; end: number }): Problem | null {
  const p = SPAN_CHECKS[tag](text, 0, text.length, -1, -1);
  return p ? { offset: at.start + p.offset, message: p.message, code: p.code ?? SPAN_CODES[tag] } : null;
}

/** The first percent-encoded run of the input that is not UTF-8, as a problem; null if there is none. */
export function checkPercentEncodedUtf8(input: string): Problem | null {
  const p = percentEncodingProblem(input);
  return p ? { offset: p.offset, message: p.message, code: "value/percent-encoding" } : null;
}

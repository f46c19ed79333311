/**
 * Percent-encoding, the package's one module for it (RFC 3986 2.1, 2.3, 2.5, 6.2.2.1, 6.2.2.2).
 *
 * Decoding: the bytes of `%XX` runs must be UTF-8 (decision D14); the value checks, the actions and the DFA's span
 * checks read them through these functions. Encoding: normalize(), the builder, file paths (RFC 8089), the
 * translations and the hints' fixes all write %XX through them.
 */
import { firstIllFormed } from "./utf8";
import { problem, type ValueProblem } from "./value-problem";

// ---- decoding ----

// ignoreBOM: a decoded U+FEFF at the start of a run is data and must be kept. Not fatal: a run is checked first
// (firstIllFormed) where ill-formed UTF-8 is refused, and replaced (U+FFFD) where it is not.
const utf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  return -1;
}

/** The byte encoded by `%XX` at `i` (which holds the '%'), or -1 if the two hex digits are missing. */
function pctByte(raw: string, i: number): number {
  if (i + 2 >= raw.length) return -1;
  const hi = hexValue(raw.charCodeAt(i + 1));
  const lo = hexValue(raw.charCodeAt(i + 2));
  return hi < 0 || lo < 0 ? -1 : (hi << 4) | lo;
}

/** The problem of a run of `%XX` triplets at `runStart` whose bytes are not UTF-8 (`bad`: why, from firstIllFormed). */
function illFormedProblem(raw: string, runStart: number, bad: { index: number; why: string }): ValueProblem {
  const at = runStart + 3 * bad.index;
  return problem(
    at,
    `percent-encoded bytes must form valid UTF-8, but the sequence starting at ${raw.slice(at, at + 3)} is invalid because ${bad.why}.`,
  );
}

/** The bytes of the `%XX` run being read, kept between calls (it only grows; nothing here runs re-entrantly). */
let runBytes = new Uint8Array(64);

/**
 * The problem {@link percentDecode} reports for `raw`, or null, without decoding: no decoder call and no string
 * built. For the DFA engine, which checks every valid input that has a "%".
 */
export function percentEncodingProblem(raw: string): ValueProblem | null {
  const first = raw.indexOf("%");
  if (first < 0) return null;
  const result = decodeImpl(raw, first, "check");
  return typeof result === "string" ? null : result;
}

/**
 * Shared implementation. Reads each maximal run of `%XX` triplets as UTF-8 (a multi-byte character must be encoded
 * entirely within one run) and copies every other character unchanged. "strict" and "check" refuse a run that is
 * not UTF-8 by Unicode's Table 3-7 (firstIllFormed: what a fatal TextDecoder refuses, with why) and a '%' without
 * two hex digits; "check" builds no string (it returns ""); "lossy" replaces what is ill-formed, as the WHATWG
 * decoder does.
 */
function decodeImpl(raw: string, first: number, mode: "strict" | "check" | "lossy"): string | ValueProblem {
  const out: string[] = [];
  const build = mode !== "check";
  let copied = 0; // raw[copied, i) is literal text not yet appended
  let i = first;
  while (i >= 0) {
    if (build && i > copied) out.push(raw.slice(copied, i));
    const runStart = i;
    let n = 0;
    while (i < raw.length && raw.charCodeAt(i) === 0x25) {
      const b = pctByte(raw, i);
      if (b < 0) break;
      if (n === runBytes.length) {
        const grown = new Uint8Array(n * 2);
        grown.set(runBytes);
        runBytes = grown;
      }
      runBytes[n++] = b;
      i += 3;
    }
    if (n === 0) {
      // '%' not followed by two hex digits (the caller promised this cannot happen).
      if (mode !== "lossy") {
        return problem(
          i,
          "a '%' must be followed by two hexadecimal digits (as in %2F) to form a percent-encoded byte.",
        );
      }
      out.push("%");
      i++;
    } else {
      if (mode !== "lossy") {
        const bad = firstIllFormed(runBytes, n);
        if (bad) return illFormedProblem(raw, runStart, bad);
      }
      // Well-formed (or lossy): the decoder's replacement characters are only for the lossy mode.
      if (build) out.push(utf8.decode(runBytes.subarray(0, n)));
    }
    copied = i;
    i = raw.indexOf("%", i);
  }
  if (copied < raw.length) out.push(raw.slice(copied));
  return out.join("");
}

/**
 * Percent-decodes `raw` per RFC 3986 section 2.1 and requires the decoded
 * bytes to be valid UTF-8 (Unicode's Table 3-7, what a fatal TextDecoder
 * accepts). Characters
 * other than `%XX` triplets are kept as they are. On invalid UTF-8 the
 * problem's offset is that of the '%' starting the first invalid sequence.
 * Strings without '%' are returned unchanged without any copying.
 */
export function percentDecode(raw: string): { value: string } | ValueProblem {
  const first = raw.indexOf("%");
  if (first < 0) return { value: raw };
  const result = decodeImpl(raw, first, "strict");
  return typeof result === "string" ? { value: result } : result;
}

/**
 * Like {@link percentDecode}, but never fails: every ill-formed UTF-8
 * sequence (maximal subpart, as the WHATWG Encoding Standard specifies)
 * becomes U+FFFD, and a '%' not followed by two hex digits is kept literally.
 */
export function percentDecodeLossy(raw: string): string {
  const first = raw.indexOf("%");
  if (first < 0) return raw;
  const result = decodeImpl(raw, first, "lossy");
  // Cannot be a problem in lossy mode; fall back to the input to stay total.
  return typeof result === "string" ? result : raw;
}

// ---- encoding ----

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * RFC 3986 6.2.2.1 and 6.2.2.2: hex digits of every %XX upper-cased, and %XX of an unreserved character
 * decoded ("should be decoded by URI normalizers"). `keepEncoded` lists unreserved characters that mean
 * something else where the text sits (`~` in a JSON pointer, RFC 6901 escapes) and stay encoded.
 */
export function normalizePercent(raw: string, keepEncoded = ""): string {
  if (!raw.includes("%")) return raw;
  return raw.replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(c) && !keepEncoded.includes(c) ? c : `%${hex.toUpperCase()}`;
  });
}

/** Characters a path segment may hold as they are (RFC 3986 `pchar` without pct-encoded). */
export const PCHAR = "A-Za-z0-9\\-._~!$&'()*+,;=:@";

/**
 * `value` as text where the characters matched by the class body `allowed` stand for themselves and every other
 * character is %XX of its UTF-8 bytes, upper-case hex. A lone surrogate cannot be UTF-8: TypeError.
 */
export function percentEncode(value: string, allowed: string): string {
  const keep = new RegExp(`[${allowed}]`);
  let out = "";
  for (const ch of value) {
    if (keep.test(ch)) {
      out += ch;
      continue;
    }
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff)
      throw new TypeError(`a lone surrogate (U+${cp.toString(16).toUpperCase()}) has no UTF-8 encoding`);
    out += utf8PercentEncode(cp);
  }
  return out;
}

/** %XX of one byte, upper-case hex (RFC 3986 2.1: "should use uppercase hexadecimal digits"). */
export function percentByte(byte: number): string {
  return `%${byte < 16 ? "0" : ""}${byte.toString(16).toUpperCase()}`;
}

/** %XX of each UTF-8 byte of one code point (not a surrogate), upper-case hex. */
export function utf8PercentEncode(codePoint: number): string {
  const c = codePoint;
  if (c < 0x80) return percentByte(c);
  if (c < 0x800) return percentByte(0xc0 | (c >> 6)) + percentByte(0x80 | (c & 0x3f));
  if (c < 0x10000)
    return percentByte(0xe0 | (c >> 12)) + percentByte(0x80 | ((c >> 6) & 0x3f)) + percentByte(0x80 | (c & 0x3f));
  return (
    percentByte(0xf0 | (c >> 18)) +
    percentByte(0x80 | ((c >> 12) & 0x3f)) +
    percentByte(0x80 | ((c >> 6) & 0x3f)) +
    percentByte(0x80 | (c & 0x3f))
  );
}

/** A path: segments encoded as `pchar`, "/" kept as the separator. */
export function encodePath(value: string): string {
  return percentEncode(value, `${PCHAR}/`);
}

/**
 * A path without an OCDBT version or Icechunk reference, written so that it cannot read as one: a leading "@" as
 * %40 (ZEP 8: it "must be percent-encoded as %40 to avoid ambiguity with the @version component"; in url-pipeline
 * v0 too, where it is a path, so that ZEP 8 readers such as TensorStore read the same path: D40).
 */
export function encodeLeadingAt(path: string): string {
  return path.startsWith("@") ? `%40${path.slice(1)}` : path;
}

/** The offset of the first "%" in `text` that does not begin a `%XX` triplet (RFC 3986 2.1), or -1. */
export function malformedPercent(text: string): number {
  const m = /%(?![0-9A-Fa-f]{2})/.exec(text);
  return m ? m.index : -1;
}

/**
 * `text` whose `%XX` triplets are already percent-encodings (as in a URL of another syntax): the triplets kept as
 * they are, every other character not matched by the class body `allowed` written as %XX of its UTF-8 bytes, and
 * a "%" that begins no triplet as %25. A lone surrogate has no UTF-8 form: TypeError.
 */
export function percentEncodeKeepingTriplets(text: string, allowed: string): string {
  let out = "";
  let last = 0;
  const triplet = /%[0-9A-Fa-f]{2}/g;
  for (let m = triplet.exec(text); m !== null; m = triplet.exec(text)) {
    out += percentEncode(text.slice(last, m.index), allowed) + m[0];
    last = m.index + 3;
  }
  return out + percentEncode(text.slice(last), allowed);
}

/**
 * The offset in `raw` (percent-encoded, RFC 3986 2.1) where the character at `index` of its decoded value starts:
 * a %XX sequence of one UTF-8 character decodes to one code point (one or two UTF-16 code units). For messages
 * that name a decoded character by its place in the text as written.
 */
export function rawOffsetOfDecoded(raw: string, index: number): number {
  let decoded = 0;
  let i = 0;
  while (i < raw.length && decoded < index) {
    if (raw[i] === "%" && /^[0-9A-Fa-f]{2}$/.test(raw.slice(i + 1, i + 3))) {
      const lead = parseInt(raw.slice(i + 1, i + 3), 16);
      const bytes = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
      i += 3 * bytes;
      decoded += bytes === 4 ? 2 : 1;
    } else {
      const code = raw.charCodeAt(i);
      const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < raw.length;
      i += pair ? 2 : 1;
      decoded += pair ? 2 : 1;
    }
  }
  return Math.min(i, raw.length);
}

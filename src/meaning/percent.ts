/**
 * Percent-encoding, the package's one module for it (RFC 3986 2.1, 2.3, 6.2.2.1, 6.2.2.2): normalize(), the
 * builder, file paths (RFC 8089) and the hints' fixes all write %XX through these functions.
 */

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

/**
 * Whether bytes are UTF-8 (Unicode 15, table 3-7 "Well-Formed UTF-8 Byte Sequences": no overlong forms, no
 * surrogates, nothing above U+10FFFF), and where and why not, without a decoder: a fatal TextDecoder says so by
 * throwing, and an exception costs more than the check (the value checks read every percent-encoded run; the hints,
 * each run of a refused input; check, each line it cannot decode).
 */

/**
 * Locates the first ill-formed UTF-8 sequence in `bytes` (Unicode Standard,
 * Table 3-7 "Well-Formed UTF-8 Byte Sequences"): the index of its first byte
 * and why it is ill-formed, or null if the bytes are well-formed: what a fatal
 * TextDecoder accepts (test/strict/utf8.test.ts compares them), with the why. The why is worded for the
 * percent-decoder's value errors, its one reader (a "run" is a run of %XX); the others read only the index.
 */
export function firstIllFormed(bytes: Uint8Array, length: number): { index: number; why: string } | null {
  let i = 0;
  while (i < length) {
    const b = bytes[i] ?? 0;
    if (b <= 0x7f) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    let whyLo = "it is not followed by a continuation byte (%80 to %BF)";
    let whyHi = whyLo;
    if (b >= 0x80 && b <= 0xbf) {
      return { index: i, why: "it is a continuation byte (%80 to %BF) without a preceding lead byte" };
    } else if (b === 0xc0 || b === 0xc1) {
      return { index: i, why: "it starts an overlong encoding of an ASCII character" };
    } else if (b >= 0xf5) {
      return { index: i, why: "%F5 to %FF never occur in UTF-8" };
    } else if (b <= 0xdf) {
      need = 1;
    } else if (b <= 0xef) {
      need = 2;
      if (b === 0xe0) {
        lo = 0xa0;
        whyLo = "it is an overlong encoding";
      }
      if (b === 0xed) {
        hi = 0x9f;
        whyHi = "it encodes a UTF-16 surrogate (U+D800 to U+DFFF), which is not a character";
      }
    } else {
      need = 3;
      if (b === 0xf0) {
        lo = 0x90;
        whyLo = "it is an overlong encoding";
      }
      if (b === 0xf4) {
        hi = 0x8f;
        whyHi = "it encodes a value above U+10FFFF";
      }
    }
    for (let k = 1; k <= need; k++) {
      const c = i + k < length ? bytes[i + k] : undefined;
      if (c === undefined) {
        return {
          index: i,
          why: `it is truncated (${need + 1} bytes are needed but the percent-encoded run ends after ${k})`,
        };
      }
      if (k === 1 && c >= 0x80 && c < lo) return { index: i, why: whyLo };
      if (k === 1 && c <= 0xbf && c > hi) return { index: i, why: whyHi };
      if (c < 0x80 || c > 0xbf) {
        return {
          index: i,
          why: `it is truncated (${need + 1} bytes are needed but byte ${k + 1} is not a continuation byte)`,
        };
      }
    }
    i += need + 1;
  }
  return null;
}

/** The index of the first byte that does not begin or continue a well-formed sequence, or -1 when all do. */
export function firstNonUtf8Byte(b: Uint8Array): number {
  return firstIllFormed(b, b.length)?.index ?? -1;
}

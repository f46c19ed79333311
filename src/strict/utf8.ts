/**
 * Whether bytes are UTF-8, without a decoder: a fatal TextDecoder says so by throwing, and an exception costs more
 * than the check (the hints test each run of percent-encoded bytes of a refused input; check, each line it cannot
 * decode).
 */

/**
 * Where bytes stop being UTF-8: the index of the first byte that does not begin or continue a well-formed
 * sequence (Unicode 15, table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF), or -1 when all are.
 */
export function firstNonUtf8Byte(b: Uint8Array): number {
  for (let i = 0; i < b.length; ) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    // The sequence's length, and the range its second byte must be in (the rest are 0x80-0xBF).
    let n: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) n = 2;
    else if (c >= 0xe0 && c <= 0xef) {
      n = 3;
      if (c === 0xe0) lo = 0xa0;
      else if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      n = 4;
      if (c === 0xf0) lo = 0x90;
      else if (c === 0xf4) hi = 0x8f;
    } else return i;
    if (i + n > b.length) return i;
    const second = b[i + 1]!;
    if (second < lo || second > hi) return i;
    for (let k = 2; k < n; k++) if ((b[i + k]! & 0xc0) !== 0x80) return i;
    i += n;
  }
  return -1;
}

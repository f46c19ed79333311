/**
 * src/strict/utf8.ts: where bytes stop being UTF-8, and why, held to what a fatal TextDecoder accepts (the
 * reference it replaces where an exception would cost more than the check).
 */
import fc from "fast-check";
import { firstIllFormed, firstNonUtf8Byte } from "../../src/strict/utf8";

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const decodes = (b: Uint8Array): boolean => {
  try {
    fatal.decode(b);
    return true;
  } catch {
    return false;
  }
};

/** Bytes that are often near-UTF-8: lead bytes of every length, continuation bytes, ASCII, and the edges between. */
const nearUtf8 = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0x00, max: 0x7f }),
      fc.integer({ min: 0x80, max: 0xbf }),
      fc.constantFrom(0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0x9f, 0xa0, 0x8f, 0x90),
    ),
    { maxLength: 12 },
  )
  .map((xs) => Uint8Array.from(xs));

describe("firstNonUtf8Byte, against a fatal TextDecoder", () => {
  test("-1 exactly when the decoder accepts; otherwise the bytes before it decode, and the sequence there does not", () => {
    fc.assert(
      fc.property(nearUtf8, (b) => {
        const at = firstNonUtf8Byte(b);
        expect(at === -1).toBe(decodes(b));
        if (at >= 0) {
          expect(decodes(b.subarray(0, at))).toBe(true);
          // No well-formed sequence of 1 to 4 bytes starts there.
          for (let n = 1; n <= 4 && at + n <= b.length; n++) expect(decodes(b.subarray(at, at + n))).toBe(false);
        }
      }),
      { numRuns: 4000, seed: 20261128 },
    );
  });
});

describe("firstIllFormed says why", () => {
  test.each([
    [[0x80], 0, "a continuation byte (%80 to %BF) without a preceding lead byte"],
    [[0xc0, 0xaf], 0, "an overlong encoding of an ASCII character"],
    [[0xf5, 0x80], 0, "%F5 to %FF never occur in UTF-8"],
    [[0x61, 0xe0, 0x80, 0x80], 1, "an overlong encoding"],
    [[0xed, 0xa0, 0x80], 0, "a UTF-16 surrogate"],
    [[0xf4, 0x90, 0x80, 0x80], 0, "above U+10FFFF"],
    [[0x61, 0xc3], 1, "truncated (2 bytes are needed but the percent-encoded run ends after 1)"],
    [[0xe2, 0x82, 0x41], 0, "truncated (3 bytes are needed but byte 3 is not a continuation byte)"],
  ])("%j: at %i, %s", (bytes, index, why) => {
    const bad = firstIllFormed(Uint8Array.from(bytes), bytes.length)!;
    expect(bad.index).toBe(index);
    expect(bad.why).toContain(why);
  });

  test("well-formed bytes: null, and only the first `length` bytes are read", () => {
    expect(firstIllFormed(Uint8Array.from([0x61, 0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80]), 7)).toBeNull();
    expect(firstIllFormed(Uint8Array.from([0x61, 0xff]), 1)).toBeNull();
  });
});

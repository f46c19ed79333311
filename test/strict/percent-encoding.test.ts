import fc from "fast-check";
import {
  encodePath,
  normalizePercent,
  percentByte,
  percentDecode,
  percentDecodeLossy,
  percentEncode,
  percentEncodingProblem,
  utf8PercentEncode,
} from "../../src/strict/percent-encoding";
import { isProblem, type ValueProblem } from "../../src/strict/value-problem";
import { expectProblem } from "./helpers";

// ---- decoding ----

describe("percentEncodingProblem and percentDecode: UTF-8 as a fatal TextDecoder reads it", () => {
  const hex = (b: number) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  /** The reference: each run of %XX decoded on its own by a fatal TextDecoder; null when one refuses. */
  const reference = (raw: string): string | null => {
    try {
      return raw.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) =>
        fatal.decode(Uint8Array.from(run.slice(1).split("%"), (h) => parseInt(h, 16))),
      );
    } catch {
      return null;
    }
  };
  const agree = (raw: string) => {
    const expected = reference(raw);
    const decoded = percentDecode(raw);
    const problem = percentEncodingProblem(raw);
    expect({ raw, decoded: isProblem(decoded) ? null : decoded.value, refused: problem !== null }).toEqual({
      raw,
      decoded: expected,
      refused: expected === null,
    });
    // Both report the same problem.
    if (problem) expect(decoded).toEqual(problem);
  };

  test("every lead byte, alone and with each boundary of Table 3-7 as the byte after it", () => {
    const seconds = [
      -1, 0x00, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5,
      0xff,
    ];
    for (let a = 0; a < 256; a++) {
      for (const b of seconds) {
        // Alone, and followed by one or two continuation bytes (so that a three- or four-byte lead is not merely truncated).
        for (const rest of ["", "%80", "%80%80"]) agree(`x/${hex(a)}${b < 0 ? "" : hex(b)}${rest}y`);
      }
    }
  });

  test("runs of up to six bytes, several runs, and a run longer than the buffer it starts with", () => {
    const byte = fc.oneof(
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 0x80, max: 0xbf }),
      fc.constantFrom(0xe0, 0xed, 0xf0, 0xf4, 0xc2),
    );
    const run = fc.array(byte, { minLength: 1, maxLength: 6 }).map((bs) => bs.map(hex).join(""));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom("", "a", "/", "\u00e9"), run), { maxLength: 4 }), (parts) => {
        agree(parts.map(([text, r]) => text + r).join(""));
      }),
      { numRuns: 20000, seed: 20261125 },
    );
    const long = `${"%C3%A9".repeat(100)}%FF`;
    agree(long);
    expect(percentEncodingProblem(long)?.offset).toBe(600);
    agree("%C3%A9".repeat(100));
  });

  test("a '%' without two hex digits is a problem where it stands", () => {
    expect(percentEncodingProblem("ab%4")).toEqual(percentDecode("ab%4"));
    expect(percentEncodingProblem("ab%4")?.offset).toBe(2);
  });
});

describe("percentDecode", () => {
  test("returns the very same string when there is no '%'", () => {
    const s = "plain/path-with_no.escapes";
    const r = percentDecode(s);
    expect(r).toEqual({ value: s });
    expect(percentDecodeLossy(s)).toBe(s);
  });

  test.each<[string, string]>([
    ["%E2%82%AC", "€"],
    ["price%20%E2%82%AC5", "price €5"],
    ["a%2Fb%2fc", "a/b/c"], // upper- and lower-case hex
    ["%F0%9F%98%80!", "😀!"], // 4-byte sequence
    ["%EF%BB%BFx", "\uFEFFx"], // a leading BOM is data, not stripped
    ["%00", "\u0000"],
    ["%25", "%"],
    ["caf\u00e9%20x", "caf\u00e9 x"], // non-'%' characters are taken as they are
    ["%C3%A9", "\u00e9"],
    ["%ED%9F%BF", "\uD7FF"], // last code point before the surrogates
    ["%F4%8F%BF%BF", "\u{10FFFF}"], // highest code point
  ])("decodes %p", (raw, decoded) => {
    expect(percentDecode(raw)).toEqual({ value: decoded });
    expect(percentDecodeLossy(raw)).toBe(decoded);
  });

  test.each<[string, number, string, RegExp]>([
    ["%C0%AF", 0, "\uFFFD\uFFFD", /overlong/], // overlong encoding of '/'
    ["x/%C0%AF", 2, "x/\uFFFD\uFFFD", /overlong/],
    ["%E0%80%AF", 0, "\uFFFD\uFFFD\uFFFD", /overlong/], // 3-byte overlong '/'
    ["%F0%80%80%AF", 0, "\uFFFD\uFFFD\uFFFD\uFFFD", /overlong/],
    ["%ED%A0%80", 0, "\uFFFD\uFFFD\uFFFD", /surrogate/], // lone high surrogate U+D800
    ["%ED%B0%80", 0, "\uFFFD\uFFFD\uFFFD", /surrogate/], // lone low surrogate U+DC00
    ["%E2%82", 0, "\uFFFD", /truncated.*3 bytes are needed but the percent-encoded run ends after 2/],
    ["ab%E2%82cd", 2, "ab\uFFFDcd", /truncated/], // cut short by a literal character
    ["%E2%82%41", 0, "\uFFFDA", /truncated.*byte 3 is not a continuation byte/],
    ["%41%E2%82%AC%80", 12, "A€\uFFFD", /continuation byte.*without a preceding lead byte/],
    ["%FF", 0, "\uFFFD", /%F5 to %FF never occur/],
    ["%F4%90%80%80", 0, "\uFFFD\uFFFD\uFFFD\uFFFD", /above U\+10FFFF/],
    ["%E2%82%AC/%E2", 10, "€/\uFFFD", /truncated/], // first invalid sequence is in a later run
  ])("rejects %p at offset %p (lossy: %p)", (raw, offset, lossy, why) => {
    const p = expectProblem(percentDecode(raw), offset, /must form valid UTF-8/);
    expect(p.message).toMatch(why);
    expect(p.message).toContain(raw.slice(offset, offset + 3));
    expect(percentDecodeLossy(raw)).toBe(lossy);
  });

  test("a '%' without two hex digits is a problem, and literal in the lossy variant", () => {
    expectProblem(percentDecode("a%2"), 1, /two hexadecimal digits/);
    expectProblem(percentDecode("%41%G1"), 3, /two hexadecimal digits/);
    expect(percentDecodeLossy("a%2")).toBe("a%2");
    expect(percentDecodeLossy("%41%G1%42")).toBe("A%G1B");
  });

  test("agrees with TextDecoder on arbitrary percent-encoded bytes", () => {
    const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
    const lossy = new TextDecoder("utf-8", { ignoreBOM: true });
    const encode = (bytes: Uint8Array): string =>
      Array.from(bytes, (b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
    // Bias towards bytes that matter for UTF-8 validity.
    const byte = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x80, 0xbf, 0xc2, 0xe0, 0xed, 0xf0, 0xf4));
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 12 }), (list) => {
        const bytes = Uint8Array.from(list);
        const raw = encode(bytes);
        expect(percentDecodeLossy(raw)).toBe(lossy.decode(bytes));
        let expected: string | undefined;
        try {
          expected = strict.decode(bytes);
        } catch {
          expected = undefined;
        }
        const r = percentDecode(raw);
        if (expected !== undefined) {
          expect(r).toEqual({ value: expected });
          expect(expected).toBe(decodeURIComponent(raw));
        } else {
          expect(isProblem(r)).toBe(true);
          const at = (r as ValueProblem).offset;
          expect(at % 3).toBe(0);
          // Everything before the reported sequence is valid UTF-8 on its own ...
          expect(() => strict.decode(bytes.subarray(0, at / 3))).not.toThrow();
          // ... and the lossy decoding of the rest starts with a replacement character.
          expect(lossy.decode(bytes.subarray(at / 3)).startsWith("\uFFFD")).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

// ---- encoding ----

describe("normalizePercent (RFC 3986 6.2.2.1, 6.2.2.2)", () => {
  test.each([
    ["a%2fb", "a%2Fb"],
    ["%41%7e%2D%2e%5F", "A~-._"],
    ["%c3%a9", "%C3%A9"],
    ["plain", "plain"],
    ["%25", "%25"],
  ])("%s -> %s", (raw, out) => expect(normalizePercent(raw)).toBe(out));
  test("characters listed in keepEncoded stay encoded", () => expect(normalizePercent("%7e%41", "~")).toBe("%7EA"));
});

describe("percentEncode", () => {
  test("UTF-8 bytes, upper-case hex; allowed characters as they are", () => {
    expect(percentEncode("a b\u00e9\u{1F600}", "a-z")).toBe("a%20b%C3%A9%F0%9F%98%80");
    expect(encodePath("/a b/c|d#e?f%g")).toBe("/a%20b/c%7Cd%23e%3Ff%25g");
  });
  test("a lone surrogate has no UTF-8: TypeError", () => expect(() => percentEncode("\udc00", "a")).toThrow(TypeError));
});

test("utf8PercentEncode: each UTF-8 byte as %XX, upper-case", () => {
  expect([0x20, 0x7c, 0xe9, 0x65e5, 0x1f600].map(utf8PercentEncode)).toEqual([
    "%20",
    "%7C",
    "%C3%A9",
    "%E6%97%A5",
    "%F0%9F%98%80",
  ]);
  for (const cp of [0x41, 0x7ff, 0x800, 0xffff, 0x10000, 0x10ffff]) {
    expect(decodeURIComponent(utf8PercentEncode(cp))).toBe(String.fromCodePoint(cp));
  }
});

test("percentByte: two upper-case hex digits", () => {
  expect([0, 0x0a, 0x7c, 0xff].map(percentByte)).toEqual(["%00", "%0A", "%7C", "%FF"]);
});

import fc from "fast-check";
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
  percentEncodingProblem,
  smallInteger,
  type ValueProblem,
} from "../../src/strict/values";

const U64_MAX = "18446744073709551615"; // 2^64 - 1
const TWO_POW_64 = "18446744073709551616";

/** Asserts that `x` is a problem at `offset` whose message matches `pattern`. */
function expectProblem(x: unknown, offset: number, pattern: RegExp): ValueProblem {
  expect(isProblem(x)).toBe(true);
  const p = x as ValueProblem;
  expect(p.offset).toBe(offset);
  expect(p.message).toMatch(pattern);
  return p;
}

describe("isProblem", () => {
  test("recognises problems and rejects successful results", () => {
    expect(isProblem({ offset: 0, message: "x" })).toBe(true);
    expect(isProblem({ value: 1n })).toBe(false);
    expect(isProblem({ value: null })).toBe(false);
    expect(isProblem(null)).toBe(false);
    expect(isProblem("offset")).toBe(false);
  });
});

describe("checkS3Bucket", () => {
  const a255 = "a".repeat(255);

  test.each([
    ["aaa"], // spec example, minimum length
    [a255], // spec example, legacy maximum length
    ["My_Legacy.Bucket-1"], // legacy rules allow uppercase and '_'
    ["UPPER"],
    ["a_b"],
    ["docexamplebucket1"],
    ["my.bucket.name"],
    ["1.2.3"], // three numeric parts is not an IPv4 address
    ["1.2.3.4.5"],
    ["1.2.3.a"],
  ])("accepts %p", (name) => {
    expect(checkS3Bucket(name)).toBeNull();
  });

  test.each<[string, number, RegExp]>([
    ["aa", 0, /3 to 255 characters long, but this one has 2/],
    ["", 0, /3 to 255 characters long, but this one has 0/],
    ["a".repeat(256), 0, /3 to 255 characters long, but this one has 256/],
    ["my bucket", 2, /only letters, digits, '\.', '-' and '_'.*a space/],
    ["bucket/x", 6, /only letters.*'\/'/],
    ["caf\u00e9", 3, /only letters.*'é' \(U\+00E9\)/],
    ["-abc", 0, /must begin with a letter or digit.*'-'/],
    ["_abc", 0, /must begin with a letter or digit.*'_'/],
    [".abc", 0, /must begin with a letter or digit.*'\.'/],
    ["abc-", 3, /must end with a letter or digit.*'-'/],
    ["abc.", 3, /must end with a letter or digit.*'\.'/],
    ["my..bucket", 2, /two adjacent periods/],
    ["192.168.5.4", 0, /IPv4 address/],
    ["1.2.3.4", 0, /IPv4 address/],
    ["999.999.999.999", 0, /IPv4 address/],
  ])("rejects %p at offset %p", (name, offset, pattern) => {
    expectProblem(checkS3Bucket(name), offset, pattern);
  });

  test("reports the first bad character before the length", () => {
    expectProblem(checkS3Bucket("a#"), 1, /'#'/);
  });
});

describe("checkGcsBucket", () => {
  const spec220 =
    "label1-is-sixty-two-characters-long-xxxxxxxxxxxxxxxxxxxxxxxxxx." +
    "label2-is-sixty-two-characters-long-yyyyyyyyyyyyyyyyyyyyyyyyyy." +
    "label3-is-sixty-two-characters-long-zzzzzzzzzzzzzzzzzzzzzzzzzz." +
    "label4-is-thirty-one-characters";

  test("spec example with dots has the expected shape", () => {
    expect(spec220).toHaveLength(220);
    expect(spec220.split(".").map((p) => p.length)).toEqual([62, 62, 62, 31]);
  });

  test.each([
    ["bucket"],
    ["aaa"],
    [spec220],
    ["a".repeat(63)],
    ["my_bucket-1.example.com"],
    [`${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(30)}`], // 222
    ["go-ogle"],
    ["my-goog"], // "goog" only matters as a prefix
    ["gooogle"], // not one of the documented spellings
    ["1.2.3"],
  ])("accepts %p", (name) => {
    expect(checkGcsBucket(name)).toBeNull();
  });

  test.each<[string, number, RegExp]>([
    ["Bucket", 0, /only lowercase letters, digits, '-', '_' and '\.'.*uppercase letter 'B'/],
    ["bucKet", 3, /uppercase letter 'K'/],
    ["my bucket", 2, /only lowercase letters.*a space/],
    [
      "ab",
      0,
      /^gs bucket names must be 3 to 63 characters long \(or up to 222 with dots, each dot-separated part at most 63\), but this one has 2\.$/,
    ],
    ["a".repeat(64), 0, /3 to 63 characters long.*but this one has 64/],
    [`${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(31)}`, 0, /up to 222 with dots.*has 223/],
    [`abc.${"x".repeat(64)}.def`, 4, /each dot-separated part.*at most 63.*has 64/],
    ["-bucket", 0, /must start with a letter or digit.*'-'/],
    ["_bucket", 0, /must start with a letter or digit.*'_'/],
    ["bucket.", 6, /must end with a letter or digit.*'\.'/],
    ["192.168.5.4", 0, /dotted-decimal/],
    ["goog", 0, /prefix "goog"/],
    ["googbucket", 0, /prefix "goog"/],
    ["google-bucket", 0, /prefix "goog"/],
    ["xgooglex", 1, /"google" or a close misspelling.*contains "google"/],
    ["my-g00gle-data", 3, /contains "g00gle"/],
    ["my-g0ogle", 3, /contains "g0ogle"/],
    ["my-go0gle", 3, /contains "go0gle"/],
  ])("rejects %p at offset %p", (name, offset, pattern) => {
    expectProblem(checkGcsBucket(name), offset, pattern);
  });
});

describe("parseGeneration", () => {
  test.each<[string, bigint]>([
    ["1", 1n],
    ["42", 42n],
    ["0001", 1n], // leading zeros allowed, the value counts
    [U64_MAX, 18446744073709551615n],
    [`000${U64_MAX}`, 18446744073709551615n],
  ])("accepts %p", (digits, value) => {
    expect(parseGeneration(digits)).toEqual({ value });
  });

  test.each<[string, number, RegExp]>([
    ["0", 0, /at least 1.*this one is 0/],
    ["0000", 0, /at least 1/],
    [TWO_POW_64, 0, new RegExp(`less than 2\\^64 \\(at most ${U64_MAX}\\), but this one is ${TWO_POW_64}`)],
    ["9".repeat(100), 0, /less than 2\^64.*a 100-digit number/],
    ["", 0, /at least one decimal digit/],
    ["12a", 2, /only decimal digits.*'a'/],
  ])("rejects %p", (digits, offset, pattern) => {
    expectProblem(parseGeneration(digits), offset, pattern);
  });
});

describe("parseCommitTime", () => {
  test("parses all fields and keeps the canonical form", () => {
    expect(parseCommitTime("2024-02-29T12:34:56.789Z")).toEqual({
      year: 2024,
      month: 2,
      day: 29,
      hour: 12,
      minute: 34,
      second: 56,
      nanosecond: 789_000_000,
      canonical: "2024-02-29T12:34:56.789Z",
    });
  });

  test.each<[string, number, string]>([
    ["2000-02-29T00:00:00Z", 0, "2000-02-29T00:00:00Z"], // divisible by 400: leap
    ["2023-12-31T23:59:59Z", 0, "2023-12-31T23:59:59Z"],
    ["2023-01-01T00:00:00.0Z", 0, "2023-01-01T00:00:00Z"], // zero fraction dropped
    ["2023-01-01T00:00:00.000000000Z", 0, "2023-01-01T00:00:00Z"],
    ["2023-01-01T00:00:00.120Z", 120_000_000, "2023-01-01T00:00:00.12Z"], // trailing zeros dropped
    ["2023-01-01T00:00:00.123456789Z", 123_456_789, "2023-01-01T00:00:00.123456789Z"], // 9 digits
    ["2023-01-01T00:00:00.000000001Z", 1, "2023-01-01T00:00:00.000000001Z"],
    ["2023-04-30T00:00:00Z", 0, "2023-04-30T00:00:00Z"],
    ["0000-02-29T00:00:00Z", 0, "0000-02-29T00:00:00Z"], // year 0 is divisible by 400
  ])("accepts %p", (text, nanosecond, canonical) => {
    const r = parseCommitTime(text);
    expect(isProblem(r)).toBe(false);
    expect(r).toMatchObject({ nanosecond, canonical });
  });

  test.each<[string, number, RegExp]>([
    ["2023-02-29T00:00:00Z", 8, /February 2023 has 28 days \(2023 is not a leap year\).*01 to 28.*29/],
    ["1900-02-29T00:00:00Z", 8, /February 1900 has 28 days \(1900 is not a leap year\)/],
    ["2024-02-30T00:00:00Z", 8, /February 2024 has 29 days \(2024 is a leap year\).*01 to 29.*30/],
    ["2023-04-31T00:00:00Z", 8, /April 2023 has 30 days.*01 to 30.*31/],
    ["2023-01-32T00:00:00Z", 8, /January 2023 has 31 days/],
    ["2023-01-00T00:00:00Z", 8, /01 to 31.*00/],
    ["2023-13-01T00:00:00Z", 5, /month.*01 to 12.*13/],
    ["2023-00-01T00:00:00Z", 5, /month.*01 to 12.*00/],
    ["2023-12-31T24:00:00Z", 11, /hour.*00 to 23.*24/],
    ["2023-12-31T23:60:00Z", 14, /minute.*00 to 59.*60/],
    ["2016-12-31T23:59:60Z", 17, /second.*00 to 59.*leap seconds are not accepted.*60/],
    ["2023-12-31T23:59:61Z", 17, /second.*00 to 59.*61/],
    ["2023-01-01T00:00:00.1234567890Z", 29, /at most 9 digits.*has 10/],
    ["2023-01-01t00:00:00Z", 0, /YYYY-MM-DDTHH:MM:SS\[\.fraction\]Z/],
    ["2023-01-01T00:00:00z", 0, /form/],
    ["2023-01-01T00:00:00+00:00", 0, /form/],
    ["2023-01-01T00:00:00.Z", 0, /form/],
    ["2023-1-01T00:00:00Z", 0, /form/],
    ["2023-01-01T00:00:00Z\n", 0, /form/],
    ["", 0, /form/],
  ])("rejects %p at offset %p", (text, offset, pattern) => {
    expectProblem(parseCommitTime(text), offset, pattern);
  });
});

describe("parseByteRange", () => {
  test.each<[string, string, bigint, bigint]>([
    ["0", "0", 0n, 0n],
    ["0", "99", 0n, 99n],
    ["5", "5", 5n, 5n],
    ["007", "010", 7n, 10n],
    [U64_MAX, U64_MAX, 18446744073709551615n, 18446744073709551615n],
  ])("accepts %p-%p", (start, end, s, e) => {
    expect(parseByteRange(start, end)).toEqual({ start: s, end: e });
  });

  test.each<[string, string, "start" | "end", number, RegExp]>([
    [TWO_POW_64, TWO_POW_64, "start", 0, /start of a byte range must be less than 2\^64.*unsigned 64-bit/],
    ["0", TWO_POW_64, "end", 0, new RegExp(`end of a byte range must be less than 2\\^64 \\(at most ${U64_MAX}\\)`)],
    ["10", "5", "end", 0, /START <= END.*end 5 is less than the start 10/],
    [U64_MAX, "0", "end", 0, /START <= END/],
    ["", "5", "start", 0, /at least one decimal digit/],
    ["1", "2x", "end", 1, /only decimal digits.*'x'/],
  ])("rejects %p-%p", (start, end, field, offset, pattern) => {
    const r = parseByteRange(start, end);
    expectProblem(r, offset, pattern);
    expect(r).toMatchObject({ field });
  });
});

describe("parsePort", () => {
  test.each<[string, number | null]>([
    ["", null],
    ["0", 0],
    ["80", 80],
    ["065535", 65535],
    ["65535", 65535],
  ])("accepts %p", (digits, value) => {
    expect(parsePort(digits)).toEqual({ value });
  });

  test.each<[string, number, RegExp]>([
    ["65536", 0, /between 0 and 65535, but this one is 65536/],
    ["99999999999999999999999", 0, /between 0 and 65535/],
    ["8o", 1, /only decimal digits.*'o'/],
  ])("rejects %p", (digits, offset, pattern) => {
    expectProblem(parsePort(digits), offset, pattern);
  });
});

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

describe("fast paths: the same answers as the full checks", () => {
  test("smallInteger: 1 to 15 ASCII digits, else -1", () => {
    expect(
      ["0", "007", "65535", "999999999999999", "", "1234567890123456", "1a", "-1", "\u0661"].map(smallInteger),
    ).toEqual([0, 7, 65535, 999999999999999, -1, -1, -1, -1, -1]);
  });

  test("parsePort's fast path gives what its full path gives", () => {
    for (const p of ["0", "80", "65535", "65536", "000065535", "99999999999999999999"]) {
      const full = BigInt(p) <= 65535n ? { value: Number(p) } : "problem";
      const r = parsePort(p);
      expect(isProblem(r) ? "problem" : r).toEqual(full);
    }
  });
});

/**
 * The prechecks (src/strict/prechecks.ts) are shortcuts of the span checks: where one says a span is plain, its
 * full check must find nothing; the composed check (SPAN_CHECKS) must give the full check's answer everywhere;
 * and the shortcut must be taken where it is meant to be, on the plain spans of the spec's examples.
 */
import fc from "fast-check";
import { automatonFor } from "../../src/dfa/dialects";
import { lastRun, scan } from "../../src/dfa/scan";
import { isPlain, PRECHECKS as PATTERNS } from "../../src/strict/prechecks";
import { FULL_CHECKS, gcsKeyAt, SPAN_CHECKS } from "../../src/strict/span-checks";
import v0Examples from "../fixtures/spec/url-pipeline-v0.json";
import zep8Examples from "../fixtures/spec/zep8.json";

type Precheck = (input: string, start: number, end: number) => boolean;
type Tag = keyof typeof FULL_CHECKS;

const precheck =
  (tag: Tag): Precheck =>
  (input, start, end) =>
    isPlain(PATTERNS[tag], input, start, end);
const PRECHECKS = Object.fromEntries(Object.keys(PATTERNS).map((t) => [t, precheck(t as Tag)])) as Record<
  Tag,
  Precheck
>;
const plainS3Bucket = precheck("s3-bucket");
const plainGcsBucket = precheck("gs-bucket");
const plainIcechunkRef = precheck("icechunk-ref");
const TAGS = Object.keys(PRECHECKS) as Tag[];

/**
 * Pieces that each full check treats apart: the characters of each name, the ones it refuses, what it decodes,
 * and the words it looks for. Spans are made of them, with text around them, since a precheck must not read
 * past its span.
 */
const PIECES = [
  "v",
  "v1",
  "T",
  "Z",
  "2024-",
  "01-",
  "29",
  "T00:00:00",
  ".5",
  "a",
  "b",
  "z",
  "A",
  "Z",
  "0",
  "1",
  "9",
  ".",
  "..",
  "-",
  "_",
  "~",
  "~0",
  "~1",
  "~2",
  "%",
  "%2F",
  "%2f",
  "%41",
  "%FF",
  "/",
  "|",
  ":",
  "g",
  "o",
  "goog",
  "google",
  "g0ogle",
  "g00gle",
  "gle",
  "branch.",
  "tag.",
  "branch",
  "1.2.3.4",
  "xn--",
  "sthree-",
  "amzn-s3-demo-",
  "-s3alias",
  "--ol-s3",
  ".mrap",
  "--x-s3",
  "--usw2-az1--x-s3",
  "--table-s3",
  "é",
  "\u{1F600}",
  " ",
];
const text = (maxLength: number) => fc.array(fc.constantFrom(...PIECES), { maxLength }).map((parts) => parts.join(""));
/**
 * OCDBT versions: generations of 0 to 21 digits, and commit times of the right shape with any digits, each also
 * with one character changed, dropped or doubled anywhere.
 */
function version(): fc.Arbitrary<string> {
  const digit = fc.constantFrom(..."0123456789");
  const digits = (min: number, max: number) =>
    fc.array(digit, { minLength: min, maxLength: max }).map((d) => d.join(""));
  const generation = digits(0, 21).map((d) => `v${d}`);
  // Any digits, or the values at the edges of each field's range and of the calendar.
  const field = (n: number, ...edges: string[]) => fc.oneof(digits(n, n), fc.constantFrom(...edges));
  const commitTime = fc
    .tuple(
      field(4, "2023", "2024", "2000", "1900", "2100", "0000"),
      field(2, "00", "01", "02", "04", "06", "09", "11", "12", "13"),
      field(2, "00", "01", "28", "29", "30", "31", "32"),
      field(2, "00", "23", "24"),
      field(2, "00", "59", "60"),
      field(2, "00", "59", "60"),
      fc.option(digits(0, 11)),
    )
    .map(([y, mo, d, h, mi, s, f]) => `${y}-${mo}-${d}T${h}:${mi}:${s}${f === null ? "" : `.${f}`}Z`);
  const shaped = fc.oneof(
    generation,
    commitTime,
    fc.constantFrom("2024-02-28T23:59:59.999999999Z", "2100-02-28T00:00:00Z", "v18446744073709551615"),
  );
  const edited = fc.tuple(shaped, fc.nat(), fc.constantFrom(..."0123456789-T:.Zztv ", "")).map(([t, at, c]) => {
    const i = at % (t.length + 1);
    return t.slice(0, i) + c + t.slice(i + (c === "" ? 1 : 0));
  });
  return fc.oneof(shaped, edited);
}

/** A span of `body` between `before` and `after`, as the full checks and the prechecks are called. */
const spanIn = fc.tuple(text(2), fc.oneof(text(8), longName(), version()), text(2)).map(([before, body, after]) => ({
  input: before + body + after,
  start: before.length,
  end: before.length + body.length,
}));

/** Names at the length limits: 63 and 64 without a dot, parts of 63 and 64, 222 and 223 in all, 255 and 256. */
function longName(): fc.Arbitrary<string> {
  return fc
    .constantFrom(62, 63, 64, 221, 222, 223, 254, 255, 256)
    .chain((n) =>
      fc
        .constantFrom("a", "b1", "ab.", `${"a".repeat(62)}.`, `${"a".repeat(63)}.`, `${"a".repeat(64)}.`)
        .map((unit) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n)),
    );
}

describe.each(TAGS)("%s", (tag) => {
  const plain = PRECHECKS[tag];

  test("where the precheck says plain, the full check finds nothing; the composed check is the full check", () => {
    fc.assert(
      fc.property(spanIn, ({ input, start, end }) => {
        const expected = FULL_CHECKS[tag](input, start, end, -1, -1);
        if (plain(input, start, end)) expect(expected).toBeNull();
        // A gs: bucket's check goes on to its key, after the span (D64), whichever way the bucket was checked.
        const composed = tag === "gs-bucket" ? (expected ?? gcsKeyAt(input, end)) : expected;
        expect(SPAN_CHECKS[tag](input, start, end, -1, -1)).toEqual(composed);
      }),
      { numRuns: 20_000 },
    );
  });

  test("every span of up to three pieces, alone and between other text", () => {
    const bodies = [""];
    for (let k = 0; k < 3; k++)
      for (const b of bodies.slice()) for (const p of PIECES) if (b.length < 12) bodies.push(b + p);
    for (const body of new Set(bodies)) {
      for (const [before, after] of [
        ["", ""],
        ["x", "y"],
        ["/", "|a"],
      ] as const) {
        const input = before + body + after;
        const [start, end] = [before.length, before.length + body.length];
        if (plain(input, start, end)) expect([body, FULL_CHECKS[tag](input, start, end, -1, -1)]).toEqual([body, null]);
      }
    }
  });
});

test("ocdbt-version: every commit time of the fields' edge values, and generations of every length", () => {
  const plain = precheck("ocdbt-version");
  const full = FULL_CHECKS["ocdbt-version"];
  const times: string[] = [];
  for (const y of ["2023", "2024", "2000", "1900", "2100", "0000", "9999"]) {
    for (const mo of ["00", "01", "02", "04", "06", "09", "11", "12", "13", "1a"]) {
      for (const d of ["00", "01", "09", "10", "19", "20", "28", "29", "30", "31", "32", "40"]) {
        for (const time of ["00:00:00", "23:59:59", "24:00:00", "00:60:00", "00:00:60", "2:00:00"]) {
          for (const f of ["", ".", ".1", ".123456789", ".1234567890"]) times.push(`${y}-${mo}-${d}T${time}${f}Z`);
        }
      }
    }
  }
  const generations = Array.from({ length: 22 }, (_, n) =>
    ["0", "1", "9"].map((first) => `v${n === 0 ? "" : first + "9".repeat(n - 1)}`),
  ).flat();
  let plainCount = 0;
  for (const v of [...times, ...generations]) {
    const input = `@${v}/`;
    if (!plain(input, 1, 1 + v.length)) continue;
    plainCount++;
    expect([v, full(input, 1, 1 + v.length, -1, -1)]).toEqual([v, null]);
  }
  // The shortcut answers those in range up to the 28th: every year, 7 months, 6 days (01 09 10 19 20 28), 2
  // times, 3 fractions ("", .1, .123456789); and generations of 1 to 15 digits without a leading zero.
  expect(plainCount).toBe(7 * 7 * 6 * 2 * 3 + 2 * 15);
});

describe("the shortcut is taken on the plain spans of the spec's examples", () => {
  const spans = new Map<Tag, string[]>(TAGS.map((t) => [t, []]));
  const visit = (dialect: "url-pipeline-v0" | "zep8", rule: string, input: string) => {
    const a = automatonFor(dialect, rule)!;
    if (scan(a, input) !== -1) return;
    for (let i = 0; i < lastRun.spanCount; i++) {
      const tag = a.tags[lastRun.spans[i * 3]! - 1]!;
      const [start, end] = [lastRun.spans[i * 3 + 1]!, lastRun.spans[i * 3 + 2]!];
      if (tag in PRECHECKS) spans.get(tag as Tag)!.push(input.slice(start, end));
    }
  };
  for (const e of v0Examples.examples) visit("url-pipeline-v0", "absolute-url-pipeline", e.url);
  for (const e of zep8Examples.valid) visit("zep8", "absolute-url-pipeline", e.url);

  test.each(TAGS)("%s", (tag) => {
    const found = spans.get(tag)!;
    expect(found.length).toBeGreaterThan(0);
    // A span the full check has nothing to say of, and nothing to decode, is plain; the others are looked at.
    const notPlain = found.filter((s) => !PRECHECKS[tag](s, 0, s.length));
    const expectedNotPlain = found.filter((s) =>
      tag === "ocdbt-version"
        ? /-(29|3\d)T/.test(s)
        : s.includes("%") || (tag === "icechunk-ref" && !/^(branch|tag)\./.test(s)) || /^\d/.test(s),
    );
    expect(notPlain).toEqual(expectedNotPlain);
  });
});

describe("examples", () => {
  const at = (check: Precheck, body: string) => check(`x${body}|`, 1, 1 + body.length);
  test("S3: a letter first, letters, digits, -, _ and single dots, an alphanumeric last, 3 to 255", () => {
    for (const yes of ["bucket", "My_Bucket-1.data", "abc", "a".repeat(255)])
      expect([yes, at(plainS3Bucket, yes)]).toEqual([yes, true]);
    for (const no of ["ab", "a".repeat(256), "1bucket", "a..b", "a.", "a-", ".ab", "a~b", "a%41b", "a b"])
      expect([no, at(plainS3Bucket, no)]).toEqual([no, false]);
  });
  test("GCS: lower case, 63 without a dot and 222 with, no goog", () => {
    for (const yes of ["bucket", "my_bucket-1.data", "a..b", `${"a".repeat(63)}.${"b".repeat(63)}`, "gab", "g1x"])
      expect([yes, at(plainGcsBucket, yes)]).toEqual([yes, true]);
    for (const no of [
      "Bucket",
      "a".repeat(64),
      `${"a".repeat(64)}.b`,
      "googx",
      "xg0x",
      "1.2.3.4",
      "a.",
      "ab-",
      "a%41b",
    ])
      expect([no, at(plainGcsBucket, no)]).toEqual([no, false]);
  });
  test("OCDBT: a generation of at most 15 digits, or a commit time up to the 28th of a month", () => {
    const plainVersion = precheck("ocdbt-version");
    for (const yes of [
      "v1",
      "v123456789012345",
      "2025-01-01T01:23:45.678Z",
      "0000-12-28T23:59:59Z",
      "2025-02-28T00:00:00.123456789Z",
    ])
      expect([yes, at(plainVersion, yes)]).toEqual([yes, true]);
    // Not sure: the full check decides (the first four are valid, the others not).
    for (const no of [
      "v1234567890123456",
      "2024-02-29T00:00:00Z",
      "2025-01-31T00:00:00Z",
      "2025-12-30T00:00:00Z",
      "v0",
      "v01",
      "2025-13-01T00:00:00Z",
      "2025-01-01T24:00:00Z",
      "2025-01-01T00:00:60Z",
      "2025-01-01T00:00:00.1234567890Z",
      "2025-01-01T00:00:00z",
    ]) {
      expect([no, at(plainVersion, no)]).toEqual([no, false]);
    }
  });
  test("Icechunk: a branch or tag with a name and nothing to decode", () => {
    for (const yes of ["branch.main", "tag.v1", "branch.a.b"])
      expect([yes, at(plainIcechunkRef, yes)]).toEqual([yes, true]);
    for (const no of ["branch.", "tag.", "main", "1CECHNKREP0F1RSTCMT0", "branch.a%2Fb"])
      expect([no, at(plainIcechunkRef, no)]).toEqual([no, false]);
  });
});

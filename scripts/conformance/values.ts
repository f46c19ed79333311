/**
 * The value checks at their boundaries (src/strict/): each rule the ABNF cannot state, just inside and just outside
 * its range, in both dialects where the scheme is in both. Each rests on the decision that states the rule
 * (docs/decisions.md); the package's verdict, offset and code are the expected answer.
 */
import type { Question } from "./types";

const V0 = "url-pipeline-v0";
const ZEP8 = "zep8";
const BOTH = [V0, ZEP8] as const;

/** A version or reference, as each dialect writes it: v0 `ocdbt://V/`, ZEP 8 `ocdbt:@V/`. */
const versioned = (dialect: string, scheme: "ocdbt" | "icechunk", ref: string) =>
  `file:///db/|${scheme}:${dialect === V0 ? "//" : "@"}${ref}/`;

const U64_MAX = "18446744073709551615";
const U64_OVER = "18446744073709551616";

interface Boundary {
  why: string;
  /** The dialects it applies to (both by default). */
  dialects?: readonly string[];
  inputs: (dialect: string) => string[];
}

const a = (n: number) => "a".repeat(n);

const BOUNDARIES: readonly Boundary[] = [
  {
    why: "D11",
    inputs: () =>
      ["0", "65535", "65536", "99999", "00065535", "", "4294967296"].map((p) => `http://example.com:${p}/x`),
  },
  {
    why: "D10",
    inputs: (d) =>
      ["v1", "v0", `v${U64_MAX}`, `v${U64_OVER}`, "v01", "v99999999999999999999"].map((v) => versioned(d, "ocdbt", v)),
  },
  {
    // Leap days, month lengths, each field's range, the fraction's nine digits.
    why: "D10",
    inputs: (d) =>
      [
        "2024-02-29T00:00:00Z",
        "2023-02-29T00:00:00Z",
        "2000-02-29T12:00:00Z",
        "1900-02-29T12:00:00Z",
        "2023-02-28T23:59:59Z",
        "2023-04-30T00:00:00Z",
        "2023-04-31T00:00:00Z",
        "2023-12-31T23:59:59Z",
        "2023-13-01T00:00:00Z",
        "2023-00-10T00:00:00Z",
        "2023-01-00T00:00:00Z",
        "2023-01-32T00:00:00Z",
        "2023-01-01T24:00:00Z",
        "2023-01-01T00:60:00Z",
        "2023-01-01T00:00:60Z",
        "2025-01-01T01:23:45.123456789Z",
        "2025-01-01T01:23:45.1234567890Z",
        "2025-01-01T01:23:45.Z",
        "2025-01-01T01:23:45",
      ].map((t) => versioned(d, "ocdbt", t)),
  },
  {
    // RFC 3339 allows "t" and "z"; the texts write only upper case, and so does TensorStore.
    why: "D9",
    inputs: (d) =>
      ["2024-02-29t00:00:00Z", "2024-02-29T00:00:00z", "V1", "Branch.main"].map((t) =>
        versioned(d, t.startsWith("B") ? "icechunk" : "ocdbt", t),
      ),
  },
  {
    why: "D8",
    inputs: () =>
      [
        "ab",
        "abc",
        a(63),
        a(64),
        a(255),
        a(256),
        "-abc",
        "abc-",
        "a..b",
        "a.b",
        "192.168.5.4",
        "192.168.5",
        "Legacy_Bucket",
        "a%62c",
        "a~b",
      ].map((b) => `s3://${b}/x`),
  },
  {
    why: "D64",
    inputs: () =>
      [
        "xn--abc",
        "sthree-abc",
        "amzn-s3-demo-abc",
        "abc-s3alias",
        "abc--ol-s3",
        "abc.mrap",
        "abc--table-s3",
        "base--use1-az4--x-s3",
        "abc--x-s3",
        "Xn--abc",
      ].map((b) => `s3://${b}/x`),
  },
  {
    why: "D8",
    inputs: () =>
      [
        "ab",
        "abc",
        a(63),
        a(64),
        `${a(63)}.${a(63)}.${a(63)}.${a(30)}`,
        `${a(63)}.${a(63)}.${a(63)}.${a(31)}`,
        `${a(64)}.b`,
        "Bucket",
        "goog-abc",
        "my-google-bucket",
        "my-g00gle",
        "192.168.5.4",
        "-abc",
        "abc_",
        "a_b",
        "a%62c",
        "%61bc",
        "a%42c",
      ].map((b) => `gs://${b}/x`),
  },
  {
    why: "D64",
    inputs: () =>
      [
        ".",
        "..",
        "./x",
        ".well-known/acme-challenge/x",
        ".well-known/x",
        a(1024),
        a(1025),
        `${a(1022)}%C3%A9`,
        "a%0Ab",
        "a%0db",
        "",
      ].map((k) => `gs://bucket/${k}`),
  },
  {
    why: "D12",
    inputs: () =>
      [
        "0-0",
        "5-5",
        "5-4",
        "0-1",
        `0-${U64_MAX}`,
        `0-${U64_OVER}`,
        `${U64_MAX}-${U64_MAX}`,
        `${U64_OVER}-1`,
        "10-5",
      ].map((r) => `s3://bucket/x|byte-range:${r}`),
  },
  {
    why: "D2",
    inputs: () =>
      ["::1", "::ffff:1.2.3.4", ":::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9", "1::2::3", "fe80::1", "::ffff:1.2.3.256"]
        .map((h) => `http://[${h}]/x`)
        // The other schemes with a host: each reads the bracket in its own states of the automaton.
        .concat(
          ["1::", "2001:db8::1", "::ffff:10.0.0.1"].flatMap((h) => [
            `file://[${h}]/x`,
            `https://[${h}]:8080/x`,
            `s3+http://[${h}]/b/x`,
            `s3+https://[${h}]/b/x`,
          ]),
        ),
  },
  {
    why: "D13",
    inputs: () =>
      ["", "/", "/a", "/a~0b~1c", "/a~2", "/a~", "/%7E0", "/%7E2", "/a/b/0"].map((p) => `s3://bucket/x.json|json:${p}`),
  },
  {
    why: "D15",
    inputs: (d) =>
      [
        "branch.main",
        "branch.",
        "tag.v1",
        "tag.",
        "branch.a%2Fb",
        "branch.a%2fb",
        "0123456789ABCDEFGHJK",
        "0123456789ABCDEFGHJ",
        "0123456789ABCDEFGHIK",
      ].map((r) => versioned(d, "icechunk", r)),
  },
  {
    why: "D14",
    inputs: () =>
      [
        "%C3%A9",
        "%E9",
        "%C0%AF",
        "%ED%A0%80",
        "%ED%9F%BF",
        "%F4%8F%BF%BF",
        "%F4%90%80%80",
        "%EF%BB%BF",
        "%80",
        "%E2%82",
      ].map((p) => `s3://bucket/a${p}b`),
  },
  {
    why: "D17",
    inputs: () => ["s3://bucket/a|", "s3://bucket/a||zip:", "|zip:", "s3://bucket/a.zip|zip:|", "|"],
  },
  {
    why: "D18",
    inputs: () => [
      "https://example.com/p?q=1",
      "https://example.com/p#f",
      "s3://bucket/a?x=1",
      "file:///a?x",
      "s3://bucket/a#f",
    ],
  },
  {
    why: "D19",
    inputs: () => ["https://user@example.com/x", "https://user:pw@example.com/x", "http://@example.com/x"],
  },
  {
    why: "D40",
    inputs: () => ["file:///db/|ocdbt:@v1/x", "file:///db/|ocdbt:%40v1/x", "file:///db/|icechunk:@branch.main/x"],
  },
  {
    why: "D6",
    inputs: () => [
      "file:/tmp/x",
      "file:///tmp/x",
      "file://localhost/tmp/x",
      "file://server/share/x",
      "file:tmp/x",
      "file://",
      "file:",
    ],
  },
  { why: "D7", dialects: [V0], inputs: () => ["memory:x", "memory:/x", "memory://x", "memory:", "memory:///x"] },
  {
    why: "D9",
    inputs: () => ["S3://bucket/a|ZIP:x|Zarr3:", "FILE:///tmp/x", "s3://bucket/a.zip|ZiP", "HTTPS://EXAMPLE.COM/X"],
  },
];

/** The boundary cases of a dialect, as questions (validate; normalize where the input is valid is added later). */
export function boundaryQuestions(dialect: string): Question[] {
  return BOUNDARIES.filter((b) => (b.dialects ?? BOTH).includes(dialect)).flatMap((b) =>
    b.inputs(dialect).map((input): Question => ({ op: "validate", dialect, input, why: b.why })),
  );
}

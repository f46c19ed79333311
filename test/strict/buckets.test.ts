import { checkGcsBucket, checkS3Bucket } from "../../src/strict/buckets";
import { expectProblem } from "./helpers";

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

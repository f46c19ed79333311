import { checkGcsBucket, checkGcsObjectName, checkS3Bucket } from "../../src/strict/buckets";
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

  // AWS, "General purpose bucket naming rules": "Bucket names must not start with the prefix xn--." ... "must not
  // end with the suffix -s3alias. This suffix is reserved for access point alias names." (decision D64).
  test.each<[string, number, RegExp]>([
    ["xn--bucket", 0, /must not start with the prefix "xn--" \(AWS, "General purpose bucket naming rules"\)/],
    ["sthree-x", 0, /prefix "sthree-"/],
    ["sthree-configurator", 0, /prefix "sthree-"/],
    ["amzn-s3-demo-bucket", 0, /prefix "amzn-s3-demo-"/],
    ["amzn-s3-demo-bucket--usw2-az1--x-s3", 0, /prefix "amzn-s3-demo-"/], // the prefix, whatever the suffix
    ["bucket-s3alias", 6, /must not end with the suffix "-s3alias", which AWS reserves for access points/],
    ["bucket--ol-s3", 6, /suffix "--ol-s3"/],
    ["bucket.mrap", 6, /suffix "\.mrap"/],
    ["bucket--table-s3", 6, /suffix "--table-s3"/],
    ["bucket--x-s3", 6, /suffix "--x-s3", which AWS reserves for directory buckets \(BASE--ZONE-ID--x-s3\)/],
  ])("refuses the reserved name %p at offset %p", (name, offset, pattern) => {
    expectProblem(checkS3Bucket(name), offset, pattern);
  });

  test.each([
    // A directory bucket's own rules want the suffix: "bucket-base-name--zone-id--x-s3" (AWS, "Directory bucket
    // naming rules"), at most 63 characters.
    ["bucket--usw2-az1--x-s3"],
    ["my-data--use1-az4--x-s3"],
    // Names with an upper case letter or "_" are legacy names (before March 1, 2018), made before these were reserved,
    // and TensorStore 0.1.85 accepts them too.
    ["XN--bucket"],
    ["Bucket-s3alias"],
    ["my_bucket--x-s3"],
    ["xn-bucket"], // one "-"
    ["bucket-s3aliasx"],
  ])("accepts %p", (name) => {
    expect(checkS3Bucket(name)).toBeNull();
  });

  test("a --x-s3 name over 63 characters is no directory bucket", () => {
    const name = `${"b".repeat(50)}--usw2-az1--x-s3`;
    expect(name.length).toBeGreaterThan(63);
    expectProblem(checkS3Bucket(name), name.length - 6, /suffix "--x-s3"/);
  });
});

describe("checkGcsObjectName", () => {
  // Google Cloud, "Object names": "Object names can contain any sequence of valid Unicode characters, of length
  // 1-1024 bytes when UTF-8 encoded. Object names cannot contain Carriage Return or Line Feed characters. ... Object
  // names cannot be named . or .. ... Object names cannot start with .well-known/acme-challenge/" (decision D64).
  test.each<[string, number, RegExp]>([
    [".", 0, /^a gs object name must not be "\." \(Google Cloud, "Object names"\)\.$/],
    ["..", 0, /must not be "\.\."/],
    ["%2E", 0, /must not be "\."/], // as written in a URL
    ["%2e%2E", 0, /must not be "\.\."/],
    [".well-known/acme-challenge/token", 0, /must not start with "\.well-known\/acme-challenge\/"/],
    [".well-known/acme-challenge/", 0, /acme-challenge/],
    ["%2Ewell-known/acme-challenge/x", 0, /acme-challenge/],
    ["a%0Ab", 1, /must not contain a carriage return or a line feed/],
    ["ab%0d", 2, /carriage return/],
    ["a".repeat(1025), 0, /must not be over 1024 bytes of UTF-8 \(this one is 1025\)/],
    ["%C3%A9".repeat(513), 0, /this one is 1026/], // "é" is two bytes
  ])("refuses %p at offset %p", (raw, offset, pattern) => {
    expectProblem(checkGcsObjectName(raw), offset, pattern);
  });

  test.each([
    [""], // the bucket itself names no object
    ["a"],
    [".a"],
    ["a/."], // only the whole name
    ["..."],
    [".well-known/acme-challenge"], // Google's rule has the "/" (TensorStore refuses this one too: a portability note)
    [".well-known/other"],
    ["a".repeat(1024)],
    ["%C3%A9".repeat(512)],
    ["a%0Bb"],
    ["%E0%A4%A"], // not this check's to find (percent-encoding is found first)
  ])("accepts %p", (raw) => {
    expect(checkGcsObjectName(raw)).toBeNull();
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

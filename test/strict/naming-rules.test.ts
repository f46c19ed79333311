/**
 * The providers' naming rules in the verdict (decision D64), in both dialects and by every entry: the main
 * entry's parse(), validate() and canParse(), and the parser-free validators. The rules themselves are tested in
 * ./buckets.test.ts.
 */
import { canParse, parse, validate } from "../../src/api";
import { UrlPipelineSyntaxError } from "../../src/errors";
import * as lean from "../../src/validate";
import type { DialectName } from "../../src/tree/nodes";

const DIALECTS: DialectName[] = ["url-pipeline-v0", "zep8"];

/** [input, offset, code, message]: AWS's reserved names, Google's object names. */
const REFUSED: [string, number, string, RegExp][] = [
  ["s3://sthree-x/", 5, "value/bucket-name", /prefix "sthree-"/],
  ["s3://xn--bucket/", 5, "value/bucket-name", /prefix "xn--"/],
  ["s3://amzn-s3-demo-bucket/", 5, "value/bucket-name", /prefix "amzn-s3-demo-"/],
  ["s3://bucket-s3alias/", 11, "value/bucket-name", /suffix "-s3alias"/],
  ["s3://bucket--ol-s3/", 11, "value/bucket-name", /suffix "--ol-s3"/],
  ["s3://bucket.mrap/", 11, "value/bucket-name", /suffix "\.mrap"/],
  ["s3://bucket--x-s3/", 11, "value/bucket-name", /suffix "--x-s3"/],
  ["s3://bucket--table-s3/", 11, "value/bucket-name", /suffix "--table-s3"/],
  ["gs://bucket/.", 12, "value/object-name", /must not be "\."/],
  ["gs://bucket/..", 12, "value/object-name", /must not be "\.\."/],
  ["gs://bucket/.well-known/acme-challenge/x", 12, "value/object-name", /acme-challenge/],
  ["gs://bucket/a%0Ab", 13, "value/object-name", /line feed/],
  ["gs://bucket/a%0Db|zip:x", 13, "value/object-name", /carriage return/],
  [`gs://bucket/${"a".repeat(1025)}`, 12, "value/object-name", /over 1024 bytes of UTF-8 \(this one is 1025\)/],
  ["gs://bucket/.|zip:x", 12, "value/object-name", /must not be "\."/],
  ["gs://bucket/%0A%FF", 15, "value/percent-encoding", /valid UTF-8/], // the one error: the encoding's
];

const ACCEPTED = [
  "s3://bucket--usw2-az1--x-s3/data.zarr/|zarr3:", // a directory bucket
  "s3://XN--legacy/a", // a legacy name, made before the prefix was reserved
  "gs://bucket/", // the bucket itself
  "gs://bucket/a/./b", // "." is only refused as the whole name
  "gs://bucket/.well-known/x",
  `gs://bucket/${"a".repeat(1024)}`,
];

describe.each(DIALECTS)("%s", (dialect) => {
  test.each(REFUSED)("%j is refused at %p with %p", (input, offset, code, message) => {
    const r = validate(input, { dialect });
    expect(r.valid).toBe(false);
    if (r.valid) return;
    expect([r.error.kind, r.error.code, r.error.offset]).toEqual(["value", code, offset]);
    expect(r.error.message).toMatch(message);
    expect(canParse(input, { dialect })).toBe(false);
    let thrown: unknown;
    try {
      parse(input, { dialect });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(UrlPipelineSyntaxError);
    const e = thrown as UrlPipelineSyntaxError;
    expect([e.code, e.offset, e.message]).toEqual([code, offset, r.error.message]);
    // The parser-free entries give the message without the main entry's "in SUB-URL (scheme): " (docs/api.md).
    const l = lean.validate(input, { dialect });
    expect(l.valid ? null : [l.error.code, l.error.offset]).toEqual([code, offset]);
    expect(r.error.message.endsWith(`: ${l.valid ? "" : l.error.message}`)).toBe(true);
  });

  test.each(ACCEPTED.map((s) => [s]))("%j is valid", (input) => {
    expect(validate(input, { dialect }).valid).toBe(true);
    expect(lean.validate(input, { dialect }).valid).toBe(true);
    expect(() => parse(input, { dialect })).not.toThrow();
  });
});

import { fixes, hintsOf } from "./helpers";

test.each([
  ["s3://localhost:5000/bucket/path/to/file", "s3+http://localhost:5000/bucket/path/to/file"],
  ["s3://minio:9000/b/k|zip:a", "s3+http://minio:9000/b/k|zip:a"],
  // CloudFiles' spelling
  ["s3://https://s3emulator.com/coolguy/", "s3+https://s3emulator.com/coolguy/"],
])("an S3-compatible server in an s3: URL: %s -> %s", (input, replacement) => {
  expect(fixes(input)[0]).toEqual(["s3-endpoint", replacement]);
  expect(hintsOf(input)[0]!.keepsMeaning).toBe(true);
});

test("the message says why: a bucket name has no ':'", () => {
  expect(hintsOf("s3://localhost:5000/b/k")[0]!.message).toMatch(/a bucket name has no ":".*s3\+https: for TLS/);
});

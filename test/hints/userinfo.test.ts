/**
 * src/hints/userinfo.ts: a user name or password in a root's authority, which no root has (D19).
 */
import { fixes, hintsOf, ofCode, ZEP8 } from "./helpers";

test.each([
  ["https://user:secret@example.com/a.zarr|zarr3:", "https://example.com/a.zarr|zarr3:"],
  ["https://user@example.com/a", "https://example.com/a"],
  ["http://user:pw@example.com:8080/a|zip:x", "http://example.com:8080/a|zip:x"],
  ["s3+https://key:secret@minio.example.com/bucket/a|zarr3:", "s3+https://minio.example.com/bucket/a|zarr3:"],
  // RFC 3986 3.2.1: the userinfo is what comes before the last "@" of the authority.
  ["https://a@b:c@example.com/x", "https://example.com/x"],
])("%s", (input, replacement) => {
  expect(fixes(input)).toEqual([["userinfo", replacement]]);
});

test("zep8 too", () => {
  expect(fixes("https://user:pw@example.com/a|zarr3:", ZEP8)).toEqual([["userinfo", "https://example.com/a|zarr3:"]]);
});

test("the message does not repeat the credentials", () => {
  const [hint] = hintsOf("https://user:secret@example.com/a");
  expect(hint!.message).toBe(
    'remove the credentials before "@": no root of a pipeline has a user name or password (RFC 9110 4.2.4)',
  );
  expect(hint!.message).not.toContain("secret");
});

test.each([
  ['an "@" in the path', "https://example.com/a@b|zip:x@ y"],
  ["an error after the authority", "https://example.com/a b@c"],
  ['not after a "|"', "s3://bucket/a|zarr3://u@h/x"],
])("none for %s: %s", (_why, input) => {
  expect(ofCode(input, "userinfo")).toEqual([]);
});

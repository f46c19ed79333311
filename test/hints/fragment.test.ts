import { fixes, hintsOf } from "./helpers";

test.each([
  ["http://example.com/file.nc#section", "http://example.com/file.nc"],
  ["file:///C:/a/index.html#storage-format", "file:///C:/a/index.html"],
  ["https://h/a.zip#x|zip:b", "https://h/a.zip|zip:b"],
])("a fragment is no part of what the URL names (RFC 3986 3.5): %s -> %s", (input, replacement) => {
  const hints = hintsOf(input);
  expect(fixes(input)[0]).toEqual(["fragment", replacement]);
  expect(hints[0]!.keepsMeaning).toBe(true);
  // Encoding the "#" names another resource: after, and said.
  const encode = hints.find((h) => h.code === "percent-encode");
  expect(encode?.keepsMeaning).toBe(false);
});

test("not on s3: and gs: keys, where a # may be part of the key, nor a viewer link or an NCZarr mode", () => {
  expect(fixes("s3://bucket/a#b").map(([c]) => c)).not.toContain("fragment");
  expect(fixes("https://host/#!gs://b/s.json").map(([c]) => c)).not.toContain("fragment");
  expect(fixes("https://host/a#mode=zarr").map(([c]) => c)).not.toContain("fragment");
});

/** src/hints/file-host.ts: `file://NAME/...` where NAME looks like a path's first segment (D63). */
import { validate } from "../../src/api";
import { fixes } from "./helpers";

test.each([
  ["file://home/me/data.zarr", "file:///home/me/data.zarr"],
  ["file://data/x.zip|zip:a", "file:///data/x.zip|zip:a"],
  ["file://example.zarr/", "file:///example.zarr/"],
  ["file://Users/me/a.tif|tiff", "file:///Users/me/a.tif|tiff"],
  // A single-label host is one too: a UNC server name would be; the hint says what it reads, and what to write.
  ["file://fileserver/share/a", "file:///fileserver/share/a"],
])("valid %s: advice, with the local path", (input, replacement) => {
  const r = validate(input);
  expect(r.valid).toBe(true);
  expect(fixes(input)).toEqual([["file-host", replacement]]);
  expect(r.hints[0]!.message).toMatch(
    /names the host .*a slash is missing .*SHOULD not support file:\/\/relative\/path/,
  );
});

test.each([
  "file://localhost/tmp/a",
  "file://server.example.com/share",
  "file://1.2.3.4/a",
  "file://[::1]/a",
  "file:///home/me",
])("%s: a host keeps its meaning (no hint)", (input) => {
  expect(validate(input).valid).toBe(true);
  expect(fixes(input).filter(([code]) => code === "file-host")).toEqual([]);
});

test("file://example.zarr, with no path: invalid, and a message that no file: URL names a relative path", () => {
  const r = validate("file://example.zarr");
  expect(r.valid).toBe(false);
  expect(r.hints.find((h) => h.code === "file-host")).toEqual({
    code: "file-host",
    message: expect.stringMatching(/names the host "example.zarr" and no path/),
  });
});

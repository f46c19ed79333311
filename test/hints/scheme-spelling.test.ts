/**
 * src/hints/scheme-spelling.ts: misspelt schemes by edit distance against the schemes valid at that place, and
 * other names for a scheme.
 */
import zep8Spec from "../fixtures/spec/zep8.json";
import { fixes, hintsOf, ofCode, ZEP8, ZEP8_RELATIVE } from "./helpers";

describe("misspelt schemes", () => {
  test.each([
    ["s3://bucket/a.zip|zipp:x", [["misspelt-scheme", "s3://bucket/a.zip|zip:x"]]],
    ["s3://bucket/a.zip|zipp", [["misspelt-scheme", "s3://bucket/a.zip|zip"]]],
    [
      "httsps://example.com/a",
      [
        ["misspelt-scheme", "https://example.com/a"],
        ["misspelt-scheme", "http://example.com/a"],
      ],
    ],
    [
      "file:/x|zar3:",
      [
        ["misspelt-scheme", "file:/x|zarr3:"],
        ["misspelt-scheme", "file:/x|zarr:"],
      ],
    ],
    ["file:/x|pgn:", [["misspelt-scheme", "file:/x|png:"]]], // a transposition
    ["file:/x|pgn:", [["misspelt-scheme", "file:/x|png:"]]],
    ["S3://bucket/a|ZIPP:x", [["misspelt-scheme", "S3://bucket/a|ZIP:x"]]], // the case it was typed in
    ["s4://bucket/a", [["misspelt-scheme", "s3://bucket/a"]]],
    ["fiel:///tmp/a", [["misspelt-scheme", "file:///tmp/a"]]],
  ])("%s", (input, expected) => {
    expect(fixes(input)).toEqual(expected);
  });

  test("the message names the role and the guess", () => {
    expect(hintsOf("s3://bucket/a.zip|zipp:x")[0]!.message).toBe(
      '"zipp" is not an adapter scheme; did you mean "zip"?',
    );
    expect(hintsOf("fiel:///a")[0]!.message).toBe('"fiel" is not a root scheme; did you mean "file"?');
  });

  test("the 2023 ZEP 8 text's typo", () => {
    const note = zep8Spec.notes.find((n) => n.input.startsWith("httsps:"))!.input;
    expect(fixes(note)[0]).toEqual(["misspelt-scheme", note.replace("httsps", "https")]);
    expect(fixes(note, ZEP8)[0]).toEqual(["misspelt-scheme", note.replace("httsps", "https")]);
  });

  test("the schemes are the dialect's: memory and hdf5 are url-pipeline v0's", () => {
    expect(fixes("memroy:")[0]).toEqual(["misspelt-scheme", "memory:"]);
    expect(ofCode("memroy:", "misspelt-scheme", ZEP8)).toEqual([]);
    expect(ofCode("file:/a|hdf:", "misspelt-scheme")[0]!.replacement).toBe("file:/a|hdf5:");
    expect(ofCode("file:/a|hdf:", "misspelt-scheme", ZEP8)).toEqual([]);
  });

  test("roots are not offered after |, adapters not first", () => {
    expect(ofCode("s3://bucket/a|fil:x", "misspelt-scheme")).toEqual([]);
    expect(ofCode("zipp:x", "misspelt-scheme")).toEqual([]);
  });

  test("only the nearest is shown when no guess makes the input valid", () => {
    // "htps" is 1 from https and from http; the port is out of range (D11) with either.
    expect(fixes("htps://example.com:99999/x")).toEqual([["misspelt-scheme", null]]);
    expect(hintsOf("htps://example.com:99999/x")[0]!.message).toContain('did you mean "https"?');
  });

  test.each([
    "s3://bucket/a|zip.x:y", // a vendor scheme (url-pipeline v0)
    "file:///a|b.zip", // a file name after a stray "|": pipe-in-path.ts
    "s3://bucket/a|s3://x/y", // a root after "|": scheme-role.ts
  ])("not a misspelling: %s", (input) => {
    expect(ofCode(input, "misspelt-scheme")).toEqual([]);
  });

  test("in zep8's relative rule the first sub-URL's scheme is a root's", () => {
    expect(fixes("htps://example.com/a|zip:", ZEP8_RELATIVE)[0]).toEqual([
      "misspelt-scheme",
      "https://example.com/a|zip:",
    ]);
  });
});

describe("other names for a scheme", () => {
  test.each([
    ["gcs://bucket/x", "gs://bucket/x"],
    ["s3a://bucket/x", "s3://bucket/x"],
    ["s3n://bucket/x", "s3://bucket/x"],
    ["file:/a.gz|gz", "file:/a.gz|gzip"],
    ["file:/a.gz|gz:", "file:/a.gz|gzip:"],
    ["file:/a.h5|h5:", "file:/a.h5|hdf5:"],
  ])("%s", (input, replacement) => {
    expect(fixes(input)[0]).toEqual(["scheme-alias", replacement]);
  });

  test("an alias whose replacement is still invalid keeps its hint (it is sure), without a replacement", () => {
    expect(fixes("gcs://b/x")).toEqual([["scheme-alias", null]]); // "b" is too short a bucket name (D8)
    expect(hintsOf("gcs://b/x")[0]!.message).toBe(
      '"gcs" is another name for "gs", which is how URL pipelines write it',
    );
  });

  test("and a misspelling nearby is still offered, after it, when it makes the input valid", () => {
    expect(fixes("file:/a.jpg|jpg:")).toEqual([["scheme-alias", "file:/a.jpg|jpeg:"]]);
  });

  test("where the dialect lacks the scheme (h5 in zep8): says so, and offers no scheme spelt like it (n5 is another format)", () => {
    expect(hintsOf("file:/a.h5|h5:", ZEP8)).toEqual([
      { code: "scheme-alias", message: '"h5" is another name for "hdf5", which is no scheme of zep8' },
    ]);
  });
});

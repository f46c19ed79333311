/**
 * Issue #5 item 1: every class of error has a message in the user's terms: where it is (sub-URL and scheme), what
 * the grammar expected there named after its rules, and a caret line.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { validate } from "../../src/api";
import { parse, type ParseOptions } from "../../src/parse";
import type { UrlPipelineSyntaxError } from "../../src/errors";
import { DIALECTS } from "../../src/dialects";

function error(input: string, options: ParseOptions = {}): UrlPipelineSyntaxError {
  const r = validate(input, options);
  if (r.valid) throw new Error(`${input} is valid`);
  return r.error;
}

/** The dialect's schemes of a role in registry order (generated/url-pipeline-v0/dialect.json), as messages list them. */
const named = (role: string) =>
  DIALECTS["url-pipeline-v0"].meta.schemes
    .filter((s) => s.role === role)
    .map((s) => s.scheme)
    .join(", ");
const ADAPTERS_V0 = named("adapter");
const ROOTS = named("root");

test("the registry lists the schemes in the order of the dialect's file list (grammar/dialects/url-pipeline-v0.json)", () => {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(__dirname, "../../grammar/dialects/url-pipeline-v0.json"), "utf8"),
  ) as { files: { path: string }[] };
  const { schemes } = DIALECTS["url-pipeline-v0"].meta;
  const inFileOrder = manifest.files.flatMap((f) => schemes.filter((s) => s.file === `grammar/${f.path}`));
  expect(inFileOrder.map((s) => s.scheme)).toEqual(schemes.map((s) => s.scheme));
  // Today's, which the messages below name.
  expect(ADAPTERS_V0).toMatch(/^ocdbt, icechunk, zip, byte-range, gzip, zstd, zarr3,/);
  expect(ROOTS).toMatch(/^file, http, https, s3, s3\+http, s3\+https, gs, memory\b/);
});

describe("syntax errors in a sub-URL's body: where, and what was expected, in rule names", () => {
  test("a character that must be encoded in a path", () => {
    const e = error("s3://bucket/a b");
    expect(e.message).toBe(
      'in "s3://bucket/a b" (s3): expected a path character (letter, digit, - . _ ~ ! $ & \' ( ) * + , ; = : @, or %XX), "/", "|" or the end of the input, found " "',
    );
    expect(e.subUrl).toMatchObject({ index: 0, count: 1, raw: "s3://bucket/a b", scheme: "s3" });
  });

  test("a fragment, in the second of three sub-URLs", () => {
    const e = error("s3://bucket/a.zip|zip:x#y|zarr3:");
    expect(e.message).toMatch(/^in sub-URL 2 of 3, "zip:x#y" \(zip\): expected a path character .*, found "#"$/);
    expect(e.subUrl).toMatchObject({ index: 1, count: 3, start: 18, end: 25, scheme: "zip" });
  });

  test("a bad percent-encoding", () => {
    expect(error("s3://bucket/a%zz").message).toBe('in "s3://bucket/a%zz" (s3): expected a hex digit, found "z"');
  });

  test("an input that ends too soon", () => {
    expect(error("memory:a|byte-range:1-").message).toBe(
      'in sub-URL 2 of 2, "byte-range:1-" (byte-range): expected a digit, found the end of the input',
    );
    expect(error("s3://").message).toBe(
      'in "s3://" (s3): expected an unreserved character (letter, digit, "-", ".", "_", "~") or a percent-encoded byte (%XX), found the end of the input',
    );
  });

  test("a keyword inside a body (an icechunk reference)", () => {
    expect(error("file:///d/|icechunk://brunch.x/").message).toBe(
      'in sub-URL 2 of 2, "icechunk://brunch.x/" (icechunk): expected "a", found "u"',
    );
  });
});

describe("errors in a scheme", () => {
  test("an unknown adapter scheme: the adapter schemes of the dialect, and the vendor form", () => {
    const e = error("s3://bucket/a.zip|zipp:x");
    expect(e.offset).toBe(22);
    expect(e.message).toBe(
      `"zipp" is not an adapter scheme of url-pipeline-v0: the adapter schemes are ${ADAPTERS_V0}, and a non-standard scheme is written "vendor.name"`,
    );
  });

  test("an unknown root scheme", () => {
    expect(error("httsps://example.com/").message).toBe(
      `"httsps" is not a root scheme of url-pipeline-v0: the root schemes are ${ROOTS}, and a non-standard scheme is written "vendor.name"`,
    );
  });

  test('a root that is one word without a ":" (a file name, a vendor name): no scheme at all', () => {
    for (const [input, word] of [
      ["foo.bar|zip:x", "foo.bar"],
      ["a.zip|zip:x", "a.zip"],
      ["foo", "foo"],
    ]) {
      expect(error(input!).message).toBe(
        `"${word}" has no ":" and is not a root scheme of url-pipeline-v0: a pipeline starts with a root scheme and ":"; the root schemes are ${ROOTS}, and a non-standard scheme is written "vendor.name"`,
      );
    }
    // An adapter may be its scheme alone (`|gzip`): an unknown one is only unknown.
    expect(error("s3://b|zipp").message).toMatch(
      /^"zipp" is not an adapter scheme of url-pipeline-v0: the adapter schemes are /,
    );
  });

  test('zep8 has no vendor schemes, and its own adapters ("..", quoted: a name without a letter)', () => {
    const m = error("s3://bucket/a.zip|zipp:x", { dialect: "zep8" }).message;
    expect(m).toMatch(
      /^"zipp" is not an adapter scheme of zep8: the adapter schemes are .*, neuroglancer-precomputed, "\.\."$/,
    );
    expect(m).not.toContain("vendor");
  });

  test("an adapter scheme used as a root", () => {
    expect(error("zip:x").message).toBe(
      `"zip" is an adapter scheme: it reads the sub-URL before it, so it cannot start a pipeline; a pipeline starts with a root scheme (${ROOTS})`,
    );
  });

  test("a root scheme used as an adapter", () => {
    expect(error("s3://bucket/a|zip:x|file:///y").message).toBe(
      `"file" is a root scheme: it can only be the first sub-URL; sub-URL 3 needs an adapter scheme (${ADAPTERS_V0})`,
    );
  });

  test("empty sub-URLs: between two |, at the end, at the start, an empty input", () => {
    expect(error("s3://bucket/a||zip").message).toBe(
      `sub-URL 2 is empty: expected an adapter scheme (${ADAPTERS_V0}), found "|"`,
    );
    expect(error("s3://bucket/a|").message).toBe(
      `sub-URL 2 is empty: expected an adapter scheme (${ADAPTERS_V0}), found the end of the input`,
    );
    expect(error("|zip").message).toBe(
      `the pipeline starts with nothing: expected a root scheme (${ROOTS}), found "|"`,
    );
    expect(error("").message).toBe(
      `the pipeline starts with nothing: expected a root scheme (${ROOTS}), found the end of the input`,
    );
  });

  test("a known scheme with a bad body after its ':'", () => {
    expect(error("file:relative").message).toBe('in "file:relative" (file): expected "/", found "r"');
  });
});

describe("value and limit errors", () => {
  test("a value error says where it is too", () => {
    const e = error("gs://bucket/x|byte-range:5-1");
    expect(e.kind).toBe("value");
    expect(e.message).toBe(
      'in sub-URL 2 of 2, "byte-range:5-1" (byte-range): a byte range START-END needs START <= END, but the end 1 is less than the start 5.',
    );
    expect(e.subUrl).toMatchObject({ index: 1, scheme: "byte-range" });
  });

  test("a limit error has no sub-URL", () => {
    const e = error("memory:a|zip|zip", { maxSubUrls: 2 });
    expect(e.kind).toBe("limit");
    expect(e.subUrl).toBeNull();
  });
});

describe("other rules: expectations only", () => {
  test("IPv4address", () => {
    const e = error("1.2.3.x", { rule: "IPv4address" });
    expect(e.message).toMatch(/^expected a digit, found "x"$/);
    expect(e.subUrl).toBeNull();
  });
});

describe("format(): the message, where, and a caret under the offset", () => {
  test("control characters are shown escaped, and the caret stays under the spot", () => {
    const e = error("s3://bucket/a\tb");
    expect(e.format()).toBe(`${e.message} (offset 13)\n  s3://bucket/a\\x09b\n               ^`);
  });
  test("the line and column too past the first line (on it, the column is the offset plus one)", () => {
    const e = error("s3://bucket/a\r\nb|zip:x");
    expect(e.format().split("\n")[0]).toBe(`${e.message} (offset 13)`);
    // A syntax error is at the first line break at the latest (no pipeline has one); a limit may be after it.
    expect(error("file:/a\nfile:/b", { maxLength: 10 }).format().split("\n")[0]).toMatch(
      / \(offset 10, line 2, column 3\)$/,
    );
  });
  test("line and column: CRLF, CR and LF each end a line; the column counts UTF-16 code units from 1", () => {
    const at = (input: string) => {
      const e = error(input, { maxLength: input.length - 1 });
      return [e.offset, e.line, e.column];
    };
    // A limit error at maxLength: the offset is where we want it, past any line break.
    expect(at("ab")).toEqual([1, 1, 2]);
    expect(at("a\r\nbc")).toEqual([4, 2, 2]);
    expect(at("a\rb\nc\r\nde")).toEqual([8, 4, 2]);
    expect(at("\n\n")).toEqual([1, 2, 1]);
    // Between the CR and the LF of one break: already the next line.
    expect(at("a\r\n")).toEqual([2, 2, 1]);
    expect(error("\nx", { maxLength: 0 })).toMatchObject({ offset: 0, line: 1, column: 1 });
  });
  test('a long input is cut around the offset, with "..." where it is cut, and the caret under the spot', () => {
    const input = `s3://bucket/${"a".repeat(300)}#${"b".repeat(300)}`;
    const [, shown, caret] = error(input).format().split("\n");
    expect(shown).toBe(`  ...${"a".repeat(66)}#${"b".repeat(33)}...`);
    expect(caret).toBe(`  ${" ".repeat(69)}^`);
    // Near the start or the end, nothing is cut there.
    expect(
      error(`s3://bucket/a#${"b".repeat(300)}`)
        .format()
        .split("\n")[1],
    ).toBe(`  s3://bucket/a#${"b".repeat(86)}...`);
    expect(
      error(`s3://bucket/${"a".repeat(300)}#`)
        .format()
        .split("\n")[1],
    ).toBe(`  ...${"a".repeat(99)}#`);
  });
  test("parse throws the same error", () => {
    expect(() => parse("zipp:x")).toThrow('"zipp" is not a root scheme');
  });
});

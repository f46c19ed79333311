/**
 * How `check` reads standard input (src/cli/lines.ts): bytes split on LF wherever the chunks break, CRLF, a final
 * line without LF, a BOM only at the very start, lines that are not UTF-8 told apart; and the schemes `check`
 * reads from a valid pipeline's text (pipelineSchemes) are the tree's.
 */
import fc from "fast-check";
import { pipelineSchemes } from "../../src/cli/check-command";
import { LineSplitter } from "../../src/cli/lines";
import { firstNonUtf8Byte } from "../../src/strict/utf8";
import { validate } from "../../src/api";
import { schemesOf } from "../../src/schemes";
import v0 from "../fixtures/spec/url-pipeline-v0.json";
import zep8 from "../fixtures/spec/zep8.json";

type Line = string | { notUtf8: number[] };

/** The lines of `input` cut into chunks at `cuts` (byte offsets), as LineSplitter hands them over. */
function split(input: Uint8Array | string, cuts: number[] = []): Line[] {
  const bytes = typeof input === "string" ? Buffer.from(input) : input;
  const lines: Line[] = [];
  const splitter = new LineSplitter({ line: (t) => lines.push(t), notUtf8: (b) => lines.push({ notUtf8: [...b] }) });
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    // A reused buffer, overwritten after each push: the splitter must copy what it keeps.
    const chunk = Buffer.from(bytes.subarray(from, cut));
    splitter.push(chunk);
    chunk.fill(0x41);
    from = cut;
  }
  splitter.end();
  return lines;
}

describe("LineSplitter: a line longer than maxLineBytes is not held whole", () => {
  /** The lines of `input` in chunks of `size` bytes, lines over `max` bytes as { start, bytes }. */
  function splitCapped(input: string, size: number, max: number): (string | { start: string; bytes: number })[] {
    const bytes = Buffer.from(input);
    const out: (string | { start: string; bytes: number })[] = [];
    const splitter = new LineSplitter(
      {
        line: (t) => out.push(t),
        notUtf8: () => out.push("not utf-8"),
        overlong: (start, n) => out.push({ start: Buffer.from(start).toString(), bytes: n }),
      },
      max,
    );
    for (let at = 0; at < bytes.length; at += size) {
      const chunk = Buffer.from(bytes.subarray(at, at + size));
      splitter.push(chunk);
      chunk.fill(0x41); // reused by the caller: the splitter must copy what it keeps
    }
    splitter.end();
    return out;
  }

  test.each([1, 2, 3, 7, 64])(
    "in chunks of %p bytes: its start, its length, and the lines after it as usual",
    (size) => {
      const long = "x".repeat(50);
      expect(splitCapped(`a\n${long}\nb\r\n${long}`, size, 10)).toEqual([
        "a",
        { start: "xxxxxxxxxx", bytes: 50 },
        "b",
        { start: "xxxxxxxxxx", bytes: 50 },
      ]);
      // At most maxLineBytes is a line as any other, whatever the chunks.
      expect(splitCapped(`${"y".repeat(10)}\nz`, size, 10)).toEqual(["y".repeat(10), "z"]);
    },
  );

  test("the memory held is the cap, not the line: a 50 MB line in 64 KB chunks", () => {
    const splitter = new LineSplitter(
      { line: () => {}, notUtf8: () => {}, overlong: (start, n) => seen.push([start.length, n]) },
      1000,
    );
    const seen: [number, number][] = [];
    const chunk = new Uint8Array(65536).fill(0x61);
    for (let i = 0; i < 800; i++) splitter.push(chunk);
    splitter.push(Uint8Array.of(0x0a, 0x62));
    splitter.end();
    expect(seen).toEqual([[1000, 800 * 65536]]);
  });
});

describe("LineSplitter", () => {
  test("LF and CRLF breaks; nothing after a final LF; a final line without LF; a CR not before LF is text", () => {
    expect(split("a\nb\r\nc")).toEqual(["a", "b", "c"]);
    expect(split("a\n")).toEqual(["a"]);
    expect(split("")).toEqual([]);
    expect(split("\n\r\n\n")).toEqual(["", "", ""]);
    expect(split("a\rb\n")).toEqual(["a\rb"]);
    expect(split("a\r")).toEqual(["a\r"]);
  });

  test("a BOM at the start is dropped; U+FEFF anywhere else is text", () => {
    expect(split("\ufeffmemory:\n\ufeffb\n")).toEqual(["memory:", "\ufeffb"]);
    expect(split("\ufeff\ufeffa")).toEqual(["\ufeffa"]);
    expect(split("\ufeff")).toEqual([""]);
    expect(split("\ufeffa\n", [1])).toEqual(["a"]); // the BOM's bytes in two chunks
    expect(split(Buffer.from([0xef, 0xbb, 0xbf, 0xff, 0x0a]))).toEqual([{ notUtf8: [0xff] }]);
  });

  test("a line that is not UTF-8 is told apart; its neighbours in the same chunk are text", () => {
    expect(split(Buffer.from([0x61, 0x0a, 0x62, 0xc3, 0x28, 0x0d, 0x0a, 0xe2, 0x82, 0xac, 0x0a]))).toEqual([
      "a",
      { notUtf8: [0x62, 0xc3, 0x28] },
      "\u20ac",
    ]);
  });

  test("wherever the chunks break, the same lines", () => {
    const text = Buffer.concat([
      Buffer.from("\ufeffs3://b/a|zip\r\n\n€ x\r\n"),
      Buffer.from([0xf0, 0x9f, 0x98, 0x80, 0x0a, 0xed, 0xa0, 0x80, 0x0a]),
      Buffer.from("end"),
    ]);
    const whole = split(text);
    expect(whole).toEqual(["s3://b/a|zip", "", "€ x", "\u{1f600}", { notUtf8: [0xed, 0xa0, 0x80] }, "end"]);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: text.length }), { maxLength: 12 }), (cuts) => {
        expect(
          split(
            text,
            cuts.sort((a, b) => a - b),
          ),
        ).toEqual(whole);
      }),
      { seed: 12, numRuns: 300 },
    );
    // One byte a chunk.
    expect(
      split(
        text,
        Array.from({ length: text.length }, (_, i) => i),
      ),
    ).toEqual(whole);
  });

  test("a huge line over many chunks", () => {
    const long = `memory:${"a".repeat(3_000_000)}`;
    const cuts = Array.from({ length: 50 }, (_, i) => (i + 1) * 65_536);
    expect(split(`x\n${long}\r\ny`, cuts)).toEqual(["x", long, "y"]);
  });
});

describe("firstNonUtf8Byte", () => {
  test("examples: truncated, overlong, surrogate, above U+10FFFF, stray continuation", () => {
    expect(firstNonUtf8Byte(Buffer.from("a€\u{1f600}"))).toBe(-1);
    expect(firstNonUtf8Byte(Buffer.from([0x61, 0xc3]))).toBe(1);
    expect(firstNonUtf8Byte(Buffer.from([0x61, 0xc0, 0xaf]))).toBe(1);
    expect(firstNonUtf8Byte(Buffer.from([0xe0, 0x80, 0xaf]))).toBe(0);
    expect(firstNonUtf8Byte(Buffer.from([0x61, 0x62, 0xed, 0xa0, 0x80]))).toBe(2);
    expect(firstNonUtf8Byte(Buffer.from([0xf4, 0x90, 0x80, 0x80]))).toBe(0);
    expect(firstNonUtf8Byte(Buffer.from([0xf0, 0x9f, 0x98, 0x80, 0x80]))).toBe(4);
  });

  test("agrees with a fatal TextDecoder: the bytes before it decode, and from it on they do not", () => {
    const decoder = new TextDecoder("utf-8", { fatal: true });
    const decodes = (b: Uint8Array) => {
      try {
        decoder.decode(b);
        return true;
      } catch {
        return false;
      }
    };
    const byte = fc.oneof(
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 0x80, max: 0xbf }),
      fc.constantFrom(0xc2, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0x61),
    );
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 10 }), (list) => {
        const b = Uint8Array.from(list);
        const at = firstNonUtf8Byte(b);
        if (at < 0) return expect(decodes(b)).toBe(true);
        expect(decodes(b.subarray(0, at))).toBe(true);
        // No well-formed sequence starts at `at`: no prefix of the rest decodes, beyond the empty one.
        for (let end = at + 1; end <= Math.min(b.length, at + 4); end++)
          expect(decodes(b.subarray(at, end))).toBe(false);
      }),
      { seed: 13, numRuns: 2000 },
    );
  });
});

describe("pipelineSchemes: the schemes of a valid pipeline read from its text", () => {
  const cases: [string, "url-pipeline-v0" | "zep8"][] = [
    ...v0.examples.map((e) => [e.url, "url-pipeline-v0"] as [string, "url-pipeline-v0"]),
    ...v0.examples.map((e) => [e.url, "zep8"] as [string, "zep8"]),
    ...zep8.valid.map((e) => [e.url, "zep8"] as [string, "zep8"]),
    ["FILE:/x|ZIP|Zarr3:", "url-pipeline-v0"],
    ["gs://bucket/a.zip|zip:b|..|zip", "zep8"],
    [`memory:${"|gzip".repeat(1000)}`, "url-pipeline-v0"],
  ];
  test.each(cases.map(([url, dialect]) => [dialect, url]))("%s %s", (dialect, url) => {
    const r = validate(url, { dialect });
    if (r.valid) expect(pipelineSchemes(url)).toEqual(schemesOf(r.pipeline));
  });
  test("the cases above are mostly valid (the comparison is not vacuous)", () => {
    expect(cases.filter(([url, dialect]) => validate(url, { dialect }).valid).length).toBeGreaterThan(200);
  });
});

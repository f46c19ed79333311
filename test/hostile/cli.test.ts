/**
 * Hostile input for the url-pipeline command: whatever the arguments and standard input, the
 * exit status is 0, 1 or 2 and there is exactly one answer per input. main() is called with an in-memory io
 * (fast-check, fixed seeds); the last tests run the built binary (dist/cli/bin.js, built by `npm run build`, and
 * by `npm ci` through `prepare`).
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { run } from "../cli/run";

const fromCodes = (codes: number[]) => codes.map((c) => String.fromCharCode(c)).join("");
const codeUnit = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 0xffff }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x9f }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }) },
  { weight: 2, arbitrary: fc.constantFrom(0x00, 0x0d, 0x7c, 0x3a, 0x2f, 0x25, 0x2028, 0xfeff) },
);
const piece = fc.oneof(
  fc.array(codeUnit, { maxLength: 6 }).map(fromCodes),
  fc.constantFrom(
    "memory:",
    "s3://bucket/a.zip",
    "|zip:x/",
    "|zarr3:",
    "file:/x",
    "%C3",
    "%",
    "[::1]",
    "|",
    "\r",
    "\u0000",
  ),
);
/** One line of input: anything but LF; a CR only inside (a CR before the LF belongs to the line break). */
const line = fc.array(piece, { maxLength: 5 }).map((p) => p.join("").replace(/\n/g, "").replace(/\r+$/, ""));
const lines = fc.array(line, { maxLength: 8 });
const breaks = fc.array(fc.constantFrom("\n", "\r\n"), { minLength: 8, maxLength: 8 });

/** The JSON answers: one line each, parseable, in order, and consistent with the exit status. */
function checkJson(out: string, code: number, inputs: string[]): void {
  const answers = out === "" ? [] : out.replace(/\n$/, "").split("\n");
  assert.equal(answers.length, inputs.length, out);
  answers.forEach((a, i) => {
    const o = JSON.parse(a);
    assert.equal(o.input, inputs[i]);
    assert.equal(typeof o.valid, "boolean");
    if (!o.valid) {
      assert.ok(o.error.offset >= 0 && o.error.offset <= inputs[i]!.length && typeof o.error.message === "string");
      assert.ok(["syntax", "value", "kind", "limit"].includes(o.error.kind), a);
    }
    // Hints: always an array of {code, message, replacement?, keepsMeaning?}: keepsMeaning with a replacement.
    assert.ok(Array.isArray(o.hints), a);
    for (const h of o.hints) {
      assert.equal(typeof h.code, "string");
      assert.equal(typeof h.message, "string");
      assert.equal(typeof h.keepsMeaning, h.replacement === undefined ? "undefined" : "boolean", a);
      assert.ok(
        Object.keys(h).every((k) => ["code", "message", "replacement", "keepsMeaning"].includes(k)),
        a,
      );
    }
  });
  assert.equal(code, answers.some((a) => !JSON.parse(a).valid) ? 1 : 0);
}

/**
 * The readable answers: `valid: ...` (one line) or `invalid: ...` and two lines indented by two spaces, each
 * followed by its hints: `  hint: ...`, each perhaps followed by `        try: ...`. An answer to a line of standard
 * input starts with `line N: `, N growing from answer to answer.
 */
function checkText(out: string, code: number, count: number): void {
  let lastLine = 0;
  out = out.replace(/^line (\d+): /gm, (_whole, n: string) => {
    assert.ok(Number(n) > lastLine, out);
    lastLine = Number(n);
    return "";
  });
  const rows = out === "" ? [] : out.replace(/\n$/, "").split("\n");
  let answers = 0;
  let invalid = 0;
  for (let i = 0; i < rows.length; i++) {
    answers++;
    if (rows[i]!.startsWith("valid: ")) {
      while (rows[i + 1]?.startsWith("  hint: ")) {
        i++;
        if (rows[i + 1]?.startsWith("        try: ")) i++;
      }
      continue;
    }
    assert.ok(rows[i]!.startsWith("invalid: "), `row ${i}: ${JSON.stringify(rows[i])}`);
    invalid++;
    assert.ok(rows[i + 1]?.startsWith("  ") && /^ {2} *\^$/.test(rows[i + 2] ?? ""), out);
    i += 2;
    while (rows[i + 1]?.startsWith("  hint: ")) {
      i++;
      if (rows[i + 1]?.startsWith("        try: ")) i++;
    }
  }
  assert.equal(answers, count, out);
  assert.equal(code, invalid > 0 ? 1 : 0);
}

describe("check: one answer per input, exit 0 or 1", () => {
  test("standard input: any lines, LF or CRLF breaks, --json and readable", async () => {
    await fc.assert(
      fc.asyncProperty(lines, breaks, fc.boolean(), async (ls, br, json) => {
        const stdin = ls.map((l, i) => l + br[i]).join("");
        const r = await run(json ? ["check", "--json"] : ["check"], stdin);
        assert.equal(r.err, "");
        // Standard input is bytes (a lone surrogate is sent as the UTF-8 of U+FFFD); a BOM at its start is
        // dropped, and empty lines are skipped.
        const inputs = ls
          .map((l) => Buffer.from(l).toString())
          .map((l, i) => (i === 0 ? l.replace(/^\ufeff/, "") : l))
          .filter((l) => l !== "");
        if (json) checkJson(r.out, r.code, inputs);
        else checkText(r.out, r.code, inputs.length);
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  test("inputs as arguments after --, with every dialect and limit", async () => {
    const options = fc.constantFrom(
      [],
      ["--dialect", "zep8"],
      ["--rule", "URI"],
      ["--dialect=zep8", "--rule=relative-url-pipeline"],
      ["--max-length", "12"],
      ["--max-sub-urls=1"],
      ["--max-length", "Infinity", "--max-sub-urls", "0"],
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(piece, { maxLength: 5 }).map((p) => p.join("")),
          { maxLength: 6 },
        ),
        options,
        fc.boolean(),
        async (inputs, opts, json) => {
          const r = await run(["check", ...opts, ...(json ? ["--json"] : []), "--", ...inputs]);
          assert.equal(r.err, "");
          // No INPUT: standard input (empty here), so no answer.
          if (json) checkJson(r.out, r.code, inputs);
          else checkText(r.out, r.code, inputs.length);
        },
      ),
      { seed: 8, numRuns: 300 },
    );
  });

  test("an input over a limit is an answer like any other: invalid, exit 1", async () => {
    const long = `file:/${"a".repeat(70000 - 6)}`;
    const r = await run(["check", "--json", "--", long, "memory:", `memory:${"|gzip".repeat(1024)}`]);
    expect(r.code).toBe(1);
    const [a, b, c] = r.out
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(a.error).toEqual({
      offset: 65536,
      message: "input is 70000 characters long; the limit is 65536 (--max-length)",
      kind: "limit",
      code: "limit/max-length",
    });
    expect(b.valid).toBe(true);
    expect(c.error).toEqual({
      offset: 7 + 5 * 1023,
      message: "input has more than 1024 sub-URLs; the limit is 1024 (--max-sub-urls)",
      kind: "limit",
      code: "limit/max-sub-urls",
    });
    const off = await run(["check", "--max-length", "Infinity", "--max-sub-urls=Infinity", "--", long]);
    expect([off.code, off.out.startsWith("valid: file:/aaa")]).toEqual([0, true]);
  });

  test("parse honours the limits too", async () => {
    const r = await run(["parse", "--max-sub-urls", "1", "memory:|gzip"]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^input has more than 1 sub-URL; the limit is 1 \(--max-sub-urls\) \(offset 7\)\n/);
    expect((await run(["parse", "--max-length=7", "memory:"])).code).toBe(0);
  });
});

describe("any arguments: exit 0, 1 or 2, never an exception", () => {
  test.each<[string[]]>([
    [["--max-length", "-1"]],
    [["--max-length", "1.5"]],
    [["--max-length", ""]],
    [["--max-length", "1e3"]],
    [["--max-length", "0x10"]],
    [["--max-length", "inf"]],
    [["--max-sub-urls", "NaN"]],
    [["--max-sub-urls", " 1"]],
    [["--max-sub-urls=-0"]],
    [["--max-sub-urls"]],
  ])("a bad limit is a usage error: %j", async (args) => {
    for (const command of ["check", "parse"]) {
      const r = await run([command, ...args, "memory:"]);
      expect([r.code, r.out]).toEqual([2, ""]);
      expect(r.err).toMatch(
        /^url-pipeline: --max-(length|sub-urls) (takes a non-negative integer or Infinity|needs a value)/,
      );
    }
  });

  test("a dialect or rule named like a prototype key is a usage error", async () => {
    for (const k of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(await run(["check", "--dialect", k, "memory:"])).toMatchObject({
        code: 2,
        err: expect.stringContaining(`unknown dialect "${k}"`),
      });
      expect(await run(["check", "--rule", k, "memory:"])).toMatchObject({
        code: 2,
        err: expect.stringContaining(`unknown rule "${k}"`),
      });
    }
  });

  test("random argument lists", async () => {
    const token = fc.oneof(
      fc.constantFrom(
        "check",
        "parse",
        "--json",
        "--dialect",
        "zep8",
        "url-pipeline-v0",
        "--rule",
        "URI",
        "IPv6address",
        "--max-length",
        "--max-sub-urls",
        "0",
        "3",
        "Infinity",
        "-1",
        "--",
        "-",
        "--help",
        "-h",
        "--x",
        "__proto__",
        "memory:",
        "s3://bucket/a|zip:x",
        "--max-length=2",
        "--dialect=",
        "--rule=",
      ),
      fc.array(codeUnit, { maxLength: 5 }).map(fromCodes),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(token, { maxLength: 7 }),
        fc.array(line, { maxLength: 3 }),
        async (argv, stdinLines) => {
          const r = await run(argv, stdinLines.map((l) => `${l}\n`).join(""));
          assert.ok([0, 1, 2].includes(r.code), `exit ${r.code}`);
          if (r.code === 2) assert.ok(r.err.startsWith("url-pipeline: ") && r.out === "", r.err);
        },
      ),
      { seed: 9, numRuns: 400 },
    );
  });

  test("a huge argument list is not spread into a call (that overflows the stack)", async () => {
    const argv = ["parse", "--", ...new Array<string>(300_000).fill("memory:")];
    expect(await run(argv)).toMatchObject({ code: 2, err: expect.stringContaining("parse takes exactly one INPUT") });
  });
});

describe("the built binary", () => {
  const bin = path.resolve(__dirname, "../../dist/cli/bin.js");
  beforeAll(() => {
    // Fail, do not skip: these tests are the only ones that run what users run.
    if (!fs.existsSync(bin)) throw new Error(`${bin} is missing: run \`npm run build\` first (npm ci does it)`);
  });
  const node = (args: string[], input?: Buffer | string, stdio?: ("pipe" | number)[]) =>
    spawnSync(process.execPath, [bin, ...args], { input, stdio, encoding: "utf8", timeout: 30_000 });

  /** NUL, invalid UTF-8 (a lone continuation byte, a truncated sequence, an overlong "/", an encoded surrogate,
   * 0xFF), a BOM (not at the start: text), CRLF, a lone CR: each line is one input; an empty line is skipped. */
  const hostileStdin = Buffer.concat([
    Buffer.from("memory:\n"),
    Buffer.from("memory:a\u0000b\n"),
    Buffer.from([0x80, 0x0a]),
    Buffer.from([0x6d, 0x65, 0x6d, 0x6f, 0x72, 0x79, 0x3a, 0xc3, 0x0a]),
    Buffer.from([0x66, 0x69, 0x6c, 0x65, 0x3a, 0xc0, 0xaf, 0x0a]),
    Buffer.from([0x6d, 0x65, 0x6d, 0x6f, 0x72, 0x79, 0x3a, 0xed, 0xa0, 0x80, 0x0a]),
    Buffer.from([0xff, 0xfe, 0x0a]),
    Buffer.from("\ufeffmemory:\n"),
    Buffer.from("file:/x|zip:a\r\n"),
    Buffer.from("memory:a\rb\n"),
    Buffer.from("\r\n"),
    Buffer.from("s3://bucket/a.zip|zip:x/|zarr3:"),
  ]);
  const inputCount = 11;

  test("standard input with NUL, invalid UTF-8, CRLF: one JSON line per input, exit 1", () => {
    const r = node(["check", "--json"], hostileStdin);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(1);
    const answers = r.stdout
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(answers).toHaveLength(inputCount);
    expect(answers.map((a) => a.valid)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
      false,
      true,
    ]);
    // A line that is not UTF-8 is invalid at its first byte that is not (the input shows U+FFFD for such bytes).
    expect(
      answers.slice(2, 7).map((a) => [a.error.offset, a.error.message.startsWith("the line is not UTF-8"), a.hints]),
    ).toEqual([
      [0, true, []],
      [7, true, []],
      [5, true, []],
      [7, true, []],
      [0, true, []],
    ]);
    expect(answers[5].input).toMatch(/^memory:\ufffd+$/);
    expect(answers[1].input).toBe("memory:a\u0000b");
  });

  test("the same in readable form: one valid:/invalid: answer per input", () => {
    const r = node(["check"], hostileStdin);
    expect(r.status).toBe(1);
    checkText(r.stdout, r.status!, inputCount);
  });

  test("usage errors exit 2; a limit exceeded exits 1", () => {
    expect(node(["check", "--max-length", "-1", "memory:"]).status).toBe(2);
    expect(node(["parse", "--max-sub-urls", "x", "memory:"]).status).toBe(2);
    expect(node(["check", "--max-length", "3", "memory:"]).status).toBe(1);
  });

  test("standard input that cannot be read (a directory): exit 2 and a message", () => {
    const dir = fs.openSync(path.resolve(__dirname), "r");
    try {
      const r = node(["check"], undefined, [dir, "pipe", "pipe"]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^url-pipeline: cannot read standard input: /);
      expect(r.stdout).toBe("");
    } finally {
      fs.closeSync(dir);
    }
  });

  test("standard output closed early (EPIPE): exit 0, quietly (the reader went away, as with | head)", async () => {
    const child = spawn(process.execPath, [bin, "check"], { stdio: ["pipe", "pipe", "pipe"] });
    child.stdout.destroy(); // closes the read end before the command writes its first answer
    let err = "";
    child.stderr.setEncoding("utf8").on("data", (s: string) => (err += s));
    child.stdin.on("error", () => {}).end("memory:\n".repeat(10_000));
    const status = await new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    expect(status).toBe(0);
    expect(err).toBe("");
  });
});

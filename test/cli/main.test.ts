/**
 * The CLI contract of `check` and `parse`, their output and exit codes. Most tests call
 * main() with an in-memory io; the last ones run the built binary, as a user would.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as path from "node:path";
import { run } from "./run";

const jsonLines = (s: string) =>
  s
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l));

describe("check --json", () => {
  test("one object per input, in order, with schemes for valid pipelines", async () => {
    const r = await run(["check", "--json", "s3://bucket/a.zip|zip:x/|zarr3:", "file:/x|ZIP"]);
    expect(r.code).toBe(0);
    expect(jsonLines(r.out)).toEqual([
      { input: "s3://bucket/a.zip|zip:x/|zarr3:", valid: true, schemes: ["s3", "zip", "zarr3"], hints: [] },
      {
        input: "file:/x|ZIP",
        valid: true,
        schemes: ["file", "zip"],
        hints: [
          {
            code: "slashes-for-tensorstore",
            message: expect.any(String),
            replacement: "file:///x|zip",
            keepsMeaning: true,
          },
        ],
      },
    ]);
  });

  test("a valid input's hints are advice, shown by default: one fix that takes every piece of advice (D53)", async () => {
    const slashes = {
      code: "slashes-for-tensorstore",
      message: expect.stringMatching(/without "\/\/".*; also: TensorStore compares schemes case-sensitively/),
      replacement: "file:///x|zip",
      keepsMeaning: true,
    };
    const r = await run(["check", "--json", "file:/x|ZIP"]);
    expect(jsonLines(r.out)[0]).toEqual({
      input: "file:/x|ZIP",
      valid: true,
      schemes: ["file", "zip"],
      hints: [slashes],
    });
    const text = await run(["check", "file:/x|ZIP"]);
    expect(text.out).toMatch(
      /^valid: file:\/x\|ZIP {2}\[file \| zip\]\n {2}hint: TensorStore reads no "file:" without "\/\/".*\n {8}try: file:\/\/\/x\|zip\n$/,
    );
    // --portability adds each implementation's reading, after the hints.
    const portable = await run(["check", "--portability", "file:/x|ZIP"]);
    expect(portable.out.startsWith(text.out)).toBe(true);
    expect(portable.out).toMatch(/\n {2}TensorStore 0\.1\.85: refuses: /);
    // A valid input no reader refuses or misreads has none.
    expect((await run(["check", "s3://bucket/a.zip|zip:x/|zarr3:"])).out).toBe(
      "valid: s3://bucket/a.zip|zip:x/|zarr3:  [s3 | zip | zarr3]\n",
    );
  });

  test("an invalid input gives exit 1 and its error offset and message", async () => {
    const r = await run(["check", "--json", "s3://bucket/a.zip|zipp:x", "memory://"]);
    expect(r.code).toBe(1);
    const [bad, good] = jsonLines(r.out);
    expect(bad).toEqual({
      input: "s3://bucket/a.zip|zipp:x",
      valid: false,
      error: {
        offset: 22,
        message: expect.stringContaining('"zipp" is not an adapter scheme'),
        kind: "syntax",
        code: "syntax/unexpected-character",
      },
      hints: [
        {
          code: "misspelt-scheme",
          message: expect.any(String),
          replacement: "s3://bucket/a.zip|zip:x",
          keepsMeaning: true,
        },
      ],
    });
    expect(Object.keys(bad)).toEqual(["input", "valid", "error", "hints"]);
    expect(good).toEqual({ input: "memory://", valid: true, schemes: ["memory"], hints: [] });
  });

  test("without INPUT, each line of standard input; empty lines are skipped; no extra one after the last newline", async () => {
    const r = await run(["check", "--json"], "memory:\n\r\n\nfile:/x\n");
    expect(r.code).toBe(0);
    expect(jsonLines(r.out).map((o) => [o.input, o.valid])).toEqual([
      ["memory:", true],
      ["file:/x", true],
    ]);
  });

  test("an empty INPUT argument is still an input (only empty lines of standard input are skipped)", async () => {
    const r = await run(["check", "--json", "--", ""]);
    expect(r.code).toBe(1);
    expect(jsonLines(r.out)).toEqual([
      { input: "", valid: false, error: expect.objectContaining({ offset: 0, kind: "syntax" }), hints: [] },
    ]);
  });

  test("control characters, non-ASCII text and lone surrogates are inputs like any other", async () => {
    const inputs = ["memory:a\u0000b", "memory:é", "memory:\ud800", "memory:\u0007"];
    const r = await run(["check", "--json", "--", ...inputs]);
    expect(r.code).toBe(1);
    const objs = jsonLines(r.out);
    expect(objs.map((o) => o.input)).toEqual(inputs);
    expect(objs.map((o) => o.error.offset)).toEqual([8, 7, 7, 7]);
  });

  test("--rule and --dialect", async () => {
    const r = await run(["check", "--json", "--rule", "IPv6address", "::1", "1::2::3"]);
    expect(jsonLines(r.out).map((o) => o.valid)).toEqual([true, false]);
    expect(jsonLines(r.out)[0]).toEqual({ input: "::1", valid: true, hints: [] });
    const z = await run(["check", "--json", "--dialect", "zep8", "file:///x/|ocdbt:@v1/a"]);
    expect(jsonLines(z.out)[0]).toEqual({
      input: "file:///x/|ocdbt:@v1/a",
      valid: true,
      schemes: ["file", "ocdbt"],
      hints: [],
    });
  });

  test("-- ends the options, so an input may start with -", async () => {
    const r = await run(["check", "--json", "--", "--json"]);
    expect(jsonLines(r.out)).toEqual([
      { input: "--json", valid: false, error: expect.objectContaining({ offset: 0 }), hints: [] },
    ]);
  });
});

describe("check, readable output", () => {
  test("one line for a valid input, the error with a caret for an invalid one", async () => {
    const r = await run(["check", "s3://bucket/a|zip", "gs://bucket/a|zipp:x"]);
    expect(r.code).toBe(1);
    const lines = r.out.trimEnd().split("\n");
    expect(lines[0]).toBe("valid: s3://bucket/a|zip  [s3 | zip]");
    expect(lines[1]).toMatch(/^invalid: "zipp" is not an adapter scheme .* \(offset 18\)$/);
    expect(lines[2]).toBe("  gs://bucket/a|zipp:x");
    expect(lines[3]).toBe(`  ${" ".repeat(18)}^`);
  });
});

describe("check: hints", () => {
  test('readable: after each answer, "  hint: MESSAGE" and, with a fix, "        try: REPLACEMENT"', async () => {
    const r = await run(["check", "/tmp/a.zip|zip:x/", "file:///db/|ocdbt:@v1/path", "s3://bucket/a|zip"]);
    expect(r.code).toBe(1);
    const lines = r.out.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^invalid: /);
    expect(lines[1]).toBe("  /tmp/a.zip|zip:x/");
    expect(lines[2]).toBe("  ^");
    expect(lines[3]).toMatch(/^ {2}hint: "\/tmp\/a\.zip" is a local path/);
    expect(lines[4]).toBe("        try: file:///tmp/a.zip|zip:x/");
    // ZEP 8 version syntax is refused in url-pipeline v0 (D40): the v0 spelling; a hint without a fix, with no try
    // line; then the path with %40, which reads the version as a path (D65).
    expect(lines[5]).toMatch(/^invalid: /);
    expect(lines[6]).toBe("  file:///db/|ocdbt:@v1/path");
    expect(lines[7]).toBe(`  ${" ".repeat(18)}^`);
    expect(lines[8]).toBe('  hint: "ocdbt:@v1" is ZEP 8\'s ocdbt version syntax; url-pipeline v0 writes "ocdbt://v1"');
    expect(lines[9]).toBe("        try: file:///db/|ocdbt://v1/path");
    expect(lines[10]).toMatch(/^ {2}hint: this is a valid pipeline in the zep8 dialect/);
    expect(lines[11]).toMatch(
      /^ {2}hint: in url-pipeline v0 an ocdbt: path cannot start with "@".*changes what is named/,
    );
    expect(lines[12]).toBe("        try: file:///db/|ocdbt:%40v1/path");
    expect(lines[13]).toBe("valid: s3://bucket/a|zip  [s3 | zip]");
    expect(lines).toHaveLength(14);
  });

  test("a hint without a fix has no try line", async () => {
    const r = await run(["check", "data/a.zip"]);
    const lines = r.out.trimEnd().split("\n");
    expect(lines.slice(3).map((l) => l.slice(0, 8))).toEqual(["  hint: "]);
  });

  test("--json: hints always present, each with exactly code, message and, with a fix, replacement and keepsMeaning", async () => {
    const r = await run(["check", "--json", "--", "/tmp/a.zip", "data/a.zip", "memory://", "1.2.3.4"]);
    const [local, relative, valid, other] = jsonLines(r.out);
    expect(local.hints).toEqual([
      {
        code: "local-path",
        message: expect.stringContaining("local path"),
        replacement: "file:///tmp/a.zip",
        keepsMeaning: true,
      },
    ]);
    expect(Object.keys(local.hints[0])).toEqual(["code", "message", "replacement", "keepsMeaning"]);
    const changing = jsonLines((await run(["check", "--json", "file:///a|b.zip"])).out)[0].hints[0];
    expect([changing.replacement, changing.keepsMeaning]).toEqual(["file:///a%7Cb.zip", false]);
    expect(relative.hints).toEqual([{ code: "relative-path", message: expect.stringContaining("relative path") }]);
    expect(Object.keys(relative.hints[0])).toEqual(["code", "message"]);
    expect(valid.hints).toEqual([]);
    expect(other.hints).toEqual([]);
    const rule = await run(["check", "--json", "--rule", "URI", "/tmp/a.zip"]);
    expect(jsonLines(rule.out)[0].hints).toEqual([]); // hints are for the pipeline rules only
  });

  test("control characters in a hint are shown escaped, as in the input", async () => {
    const r = await run(["check", "--", "s3://bucket/a b\u0007"]);
    expect(r.out).not.toMatch(/\u0007/);
  });
});

describe("usage errors exit 2", () => {
  test.each([
    [["check", "--rule", "no-such-rule", "x"], /unknown rule "no-such-rule"/],
    [["check", "--dialect", "zep9", "x"], /unknown dialect "zep9"/],
    [["check", "--frobnicate", "x"], /unknown option "--frobnicate"/],
    [["check", "--rule"], /--rule needs a value/],
    [["frob"], /unknown command "frob"/],
    [[], /no command given/],
    [["parse", "a", "b"], /exactly one INPUT/],
  ])("%j", async (argv, message) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.out).toBe("");
  });
});

describe("parse", () => {
  test("prints the tree as JSON (bigints as strings)", async () => {
    const r = await run(["parse", "file:/x|byte-range:0-10"]);
    expect(r.code).toBe(0);
    const tree = JSON.parse(r.out);
    expect(tree.type).toBe("pipeline");
    expect(tree.subUrls[1]).toMatchObject({ scheme: "byte-range", start: { value: "0" }, end: { value: "10" } });
  });
  test("an invalid input: the formatted error on stderr, exit 1", async () => {
    const r = await run(["parse", "file:/x|byte-range:10-0"]);
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toMatch(/byte range/);
    expect(r.err).toMatch(/\n {2}file:\/x\|byte-range:10-0\n {2}\s+\^\n$/);
  });
});

describe("the built binary", () => {
  const bin = path.resolve(__dirname, "../../dist/cli/bin.js");
  test("check with inputs on the command line", () => {
    const out = execFileSync(process.execPath, [bin, "check", "--json", "s3://bucket/a.zip|zip:x/|zarr3:"], {
      encoding: "utf8",
    });
    expect(JSON.parse(out)).toEqual({
      input: "s3://bucket/a.zip|zip:x/|zarr3:",
      valid: true,
      schemes: ["s3", "zip", "zarr3"],
      hints: [],
    });
  });
  test("check reading standard input; exit 1 when one is invalid", () => {
    const r = spawnSync(process.execPath, [bin, "check", "--json"], { input: "memory:\nzip:x\n", encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stdout.trimEnd().split("\n")).toHaveLength(2);
  });
  test("usage error: exit 2", () => {
    expect(spawnSync(process.execPath, [bin, "check", "--nope"], { encoding: "utf8" }).status).toBe(2);
  });
});

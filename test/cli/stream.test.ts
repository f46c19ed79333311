/**
 * The streaming `check` and the command line around it: standard input as bytes (BOM, CRLF,
 * empty lines, lines that are not UTF-8), --json's error kind and hint codes, --version, help, one-line usage
 * errors; then the built binary: an answer comes out before the input ends, and `| head -1` ends it quietly.
 */
import { spawn } from "node:child_process";
import * as path from "node:path";
import { run } from "./run";
import pkg from "../../package.json";

const jsonLines = (s: string) =>
  s
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l));

describe("check reading standard input", () => {
  test("a line past the length limit: the limit error, from its start (not held whole), and the lines after it", async () => {
    const long = "s3://bucket/".padEnd(300_000, "a");
    const chunks = [long.slice(0, 100_000), long.slice(100_000), "\nmemory:\n"];
    const r = await run(["check", "--json", "--max-length", "100"], chunks);
    const [first, second] = jsonLines(r.out);
    expect(first).toMatchObject({
      bytes: 300_000,
      line: 1,
      valid: false,
      error: { kind: "limit", code: "limit/max-length", offset: 100 },
    });
    expect(first.input.length).toBeLessThan(1000);
    expect(long.startsWith(first.input)).toBe(true);
    expect(second).toMatchObject({ input: "memory:", line: 2, valid: true });
    const text = await run(["check", "--max-length", "100"], chunks);
    expect(text.out).toMatch(
      /^line 1: invalid: the line is 300000 bytes long, over 100 characters; the limit is 100 \(--max-length\)/,
    );
    expect(text.out).toMatch(/\nline 2: valid: memory:/);
  });

  test("a BOM at the start is dropped, CRLF accepted, empty lines skipped", async () => {
    const r = await run(["check", "--json"], "\ufeffmemory:\r\n\r\n\nfile:/x|zip\r\n\n");
    expect(r).toMatchObject({ code: 0, err: "" });
    expect(jsonLines(r.out).map((o) => o.input)).toEqual(["memory:", "file:/x|zip"]);
  });

  test("only empty lines: no answer, exit 0", async () => {
    expect(await run(["check"], "\n\r\n\n")).toEqual({ code: 0, out: "", err: "" });
  });

  test("lines across chunks are put together", async () => {
    const r = await run(["check", "--json"], ["mem", "ory:\r", "\nfile:", "/x"]);
    expect(jsonLines(r.out).map((o) => [o.input, o.valid])).toEqual([
      ["memory:", true],
      ["file:/x", true],
    ]);
  });

  test("a line that is not UTF-8: invalid at its first such byte (UTF-16 offset), no hints; the others answered as usual", async () => {
    // "é" is 2 bytes, 1 UTF-16 unit: the bad byte 0xFF is byte 9, UTF-16 offset 8.
    const stdin = Buffer.concat([
      Buffer.from("memory:é"),
      Buffer.from([0xff, 0x41, 0x0a]),
      Buffer.from("/tmp/a.zip\n"),
    ]);
    const r = await run(["check", "--json"], stdin);
    expect(r.code).toBe(1);
    const [bad, local] = jsonLines(r.out);
    expect(bad).toEqual({
      input: "memory:é\ufffdA",
      line: 1,
      valid: false,
      error: {
        offset: 8,
        message: expect.stringMatching(/^the line is not UTF-8 text: byte 0xFF at byte 9 of the line/),
        kind: "syntax",
        code: "syntax/not-utf8",
      },
      hints: [],
    });
    expect(local.hints.map((h: { code: string }) => h.code)).toEqual(["local-path"]);
    const text = await run(["check"], stdin);
    const lines = text.out.split("\n");
    expect(lines[0]).toMatch(/^line 1: invalid: the line is not UTF-8 text: .* \(offset 8\)$/);
    expect(lines[1]).toBe("  memory:é\ufffdA");
    expect(lines[2]).toBe(`  ${" ".repeat(8)}^`);
    expect(lines[3]).toMatch(/^line 2: invalid: /); // no hint line for the bytes
  });

  test("an unreadable standard input: what was answered, then a message, exit 2", async () => {
    let out = "";
    let err = "";
    const code = await (await import("../../src/cli/main")).main(["check"], {
      stdout: (s) => void (out += s),
      stderr: (s) => void (err += s),
      stdin: async function* () {
        yield Buffer.from("memory://\n");
        throw new Error("EIO: i/o error, read");
      },
    });
    expect([code, out, err]).toEqual([
      2,
      "line 1: valid: memory://  [memory]\n",
      "url-pipeline: cannot read standard input: EIO: i/o error, read\n",
    ]);
  });
});

describe("check --json: the error's kind and the hints' codes", () => {
  test.each([
    ["s3://bucket/a.zip|zipp:x", "syntax", "syntax/unexpected-character", ["misspelt-scheme"]],
    ["gs://bucket/x|byte-range:10-5", "value", "value/byte-range", []],
    [`memory:${"|gzip".repeat(1024)}`, "limit", "limit/max-sub-urls", []],
  ])("%s: %s", async (input, kind, code, codes) => {
    const [o] = jsonLines((await run(["check", "--json", "--", input])).out);
    expect(Object.keys(o.error)).toEqual(["offset", "message", "kind", "code"]);
    expect([o.error.kind, o.error.code]).toEqual([kind, code]);
    expect(o.hints.map((h: { code: string }) => h.code)).toEqual(codes);
  });
});

describe("--version, help", () => {
  test("--version prints the version in package.json", async () => {
    expect(await run(["--version"])).toEqual({ code: 0, out: `${pkg.version}\n`, err: "" });
  });

  test("--help, -h and help print the whole manual; help COMMAND and COMMAND --help that command's part", async () => {
    const whole = (await run(["help"])).out;
    expect(await run(["--help"])).toEqual({ code: 0, out: whole, err: "" });
    expect((await run(["-h"])).out).toBe(whole);
    for (const command of ["check", "parse", "normalize", "resolve", "kind", "complete", "from-path", "to-path"]) {
      expect(whole).toContain(`  url-pipeline ${command} `);
      const part = await run(["help", command]);
      expect(part.code).toBe(0);
      expect(part.out).toContain(`  url-pipeline ${command} `);
      expect(part.out.match(/^ {2}url-pipeline /gm)).toHaveLength(1);
      expect(part.out).toContain("exit status:");
      expect(await run([command, "--help"])).toEqual(part);
      expect(await run([command, "-h"])).toEqual(part);
    }
  });

  test("a command's part lists the shared options it takes, and no others", async () => {
    const check = (await run(["help", "check"])).out;
    expect(check).toMatch(/--rule NAME/);
    expect(check).toMatch(/empty lines are skipped/);
    const complete = (await run(["help", "complete"])).out;
    expect(complete).toMatch(/--dialect D/);
    expect(complete).not.toMatch(/--max-length/);
    expect((await run(["help", "to-path"])).out).not.toMatch(/--dialect/);
    // The whole manual says which commands take each shared option.
    expect((await run(["help"])).out).toMatch(/--rule NAME .*\n +\(check, parse\)\n/);
  });

  test("--help with the command's other arguments missing still prints its part", async () => {
    expect((await run(["resolve", "--help"])).code).toBe(0);
    expect((await run(["from-path", "--help"])).code).toBe(0);
  });
});

describe("usage errors: one line, then where the manual is; exit 2", () => {
  const HINT = 'Run "url-pipeline help" (or "url-pipeline COMMAND --help") for usage.\n';
  test.each([
    [["frob"], 'unknown command "frob"'],
    [[], "no command given"],
    [["help", "frob"], 'unknown command "frob"'],
    [["help", "check", "parse"], "help takes at most one COMMAND"],
    [["--version", "x"], 'unknown command "--version"'],
    [
      ["check", "--frobnicate"],
      'unknown option "--frobnicate" for check (an INPUT that starts with "-" goes after --)',
    ],
    [["check", "-x"], 'unknown option "-x" for check (an INPUT that starts with "-" goes after --)'],
    [["check", "--posix", "x"], 'unknown option "--posix" for check'],
    [["kind", "--dotdot=allow", "x"], 'unknown option "--dotdot" for kind'],
    [["check", "--rule"], "--rule needs a value"],
    [["check", "--rule", "--json"], '--rule needs a value (one that starts with "-" is written --rule=VALUE)'],
    [["check", "--json=yes"], "--json takes no value"],
    [["check", "--max-length", "x"], '--max-length takes a non-negative integer or Infinity, not "x"'],
    [["from-path", "--posix", "--windows", "a"], "from-path takes one of --posix and --windows"],
    [["to-path", "file:///a"], "to-path needs --posix or --windows"],
    [["resolve", "a"], "resolve takes exactly two arguments, BASE and REFERENCE"],
  ])("%j", async (argv, message) => {
    expect(await run(argv)).toEqual({ code: 2, out: "", err: `url-pipeline: ${message}\n${HINT}` });
  });

  test("--opt=value and -- still work", async () => {
    const r = await run([
      "check",
      "--json",
      "--dialect=zep8",
      "--max-length=100",
      "--",
      "--rule",
      "file:/x|ocdbt:@v1/",
    ]);
    expect(jsonLines(r.out).map((o) => [o.input, o.valid])).toEqual([
      ["--rule", false],
      ["file:/x|ocdbt:@v1/", true],
    ]);
  });
});

describe("the built binary, streaming", () => {
  const bin = path.resolve(__dirname, "../../dist/cli/bin.js");

  /** Reads the child's standard output line by line. */
  function lineReader(stream: NodeJS.ReadableStream): () => Promise<string> {
    let buffered = "";
    let wake: (() => void) | null = null;
    stream.setEncoding("utf8");
    stream.on("data", (s: string) => {
      buffered += s;
      wake?.();
    });
    return async () => {
      while (!buffered.includes("\n")) await new Promise<void>((resolve) => (wake = resolve));
      const i = buffered.indexOf("\n");
      const line = buffered.slice(0, i);
      buffered = buffered.slice(i + 1);
      return line;
    };
  }

  test("each answer is written as its line is read, before the input ends", async () => {
    const child = spawn(process.execPath, [bin, "check", "--json"], { stdio: ["pipe", "pipe", "pipe"] });
    const next = lineReader(child.stdout);
    child.stdin.write("memory:\n");
    expect(JSON.parse(await next())).toMatchObject({ input: "memory:", valid: true });
    child.stdin.write("s3://bucket/a|zipp:x\nfile:/x|zip");
    expect(JSON.parse(await next())).toMatchObject({ input: "s3://bucket/a|zipp:x", valid: false });
    child.stdin.end("\n");
    expect(JSON.parse(await next())).toMatchObject({ input: "file:/x|zip", valid: true });
    expect(await new Promise((resolve) => child.on("close", resolve))).toBe(1);
  });

  test("| head -1: the reader goes away; the command stops reading and exits 0, without a message", async () => {
    const child = spawn(process.execPath, [bin, "check"], { stdio: ["pipe", "pipe", "pipe"] });
    let err = "";
    child.stderr.setEncoding("utf8").on("data", (s: string) => (err += s));
    const next = lineReader(child.stdout);
    // Standard input never ends: the command must stop on its own once its reader is gone.
    let writing = true;
    child.stdin.on("error", () => (writing = false));
    const feed = () => {
      while (writing && child.stdin.write("memory://\n".repeat(1000)));
      if (writing) child.stdin.once("drain", feed);
    };
    feed();
    expect(await next()).toBe("line 1: valid: memory://  [memory]");
    child.stdout.destroy();
    const status = await new Promise((resolve) => child.on("close", resolve));
    writing = false;
    expect(status).toBe(0);
    expect(err).toBe("");
  });

  test("a large input through pipes (backpressure): every answer, in order", async () => {
    const child = spawn(process.execPath, [bin, "check"], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => (out += s));
    const lines = Array.from({ length: 100_000 }, (_, i) => `memory://${i}`);
    child.stdin.end(lines.join("\n"));
    expect(await new Promise((resolve) => child.on("close", resolve))).toBe(0);
    expect(out).toBe(lines.map((l, i) => `line ${i + 1}: valid: ${l}  [memory]\n`).join(""));
  });
});

/**
 * The meaning commands' contract: normalize, resolve, kind, from-path, to-path print one answer on standard
 * output and exit 0, or print the error on standard error and exit 1; a usage error exits 2.
 */
import { run as runCli } from "./run";

const run = (...argv: string[]) => runCli(argv);

describe("url-pipeline normalize", () => {
  test("prints the canonical form (the issue's example)", async () => {
    expect(await run("normalize", "FILE://localhost/tmp/a.zip|ZIP|zarr3")).toEqual({
      code: 0,
      out: "file:///tmp/a.zip|zip:|zarr3:\n",
      err: "",
    });
  });
  test("--dialect zep8 keeps ZEP 8's version syntax", async () => {
    expect((await run("normalize", "--dialect", "zep8", "file:///d/|OCDBT:@v1/x")).out).toBe(
      "file:///d/|ocdbt:@v1/x\n",
    );
  });
  test("invalid input: the error with its caret, then its hints as check prints them, on standard error, exit 1", async () => {
    const r = await run("normalize", "s3://bucket/a|");
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toMatch(
      /^sub-URL 2 is empty: expected an adapter scheme .* \(offset 14\)\n {2}s3:\/\/bucket\/a\|\n {16}\^\n {2}hint: a trailing "\|" makes an empty sub-URL, .*\n {8}try: s3:\/\/bucket\/a\n$/,
    );
    const check = await run("check", "s3://bucket/a|");
    expect(r.err.split("\n").slice(3)).toEqual(check.out.split("\n").slice(3));
  });

  test.each([["parse"], ["normalize"], ["kind"]])(
    "%s prints the hints check prints for an invalid input",
    async (command) => {
      const input = "s3://my-bucket/repo?region=us-east-1";
      const [r, check] = [await run(command, input), await run("check", input)];
      expect(r.code).toBe(1);
      const hints = (text: string) => text.split("\n").filter((l) => /^ {2}hint: | {8}try: /.test(l));
      expect(hints(r.err)).toEqual(hints(check.out));
      expect(hints(r.err)).toHaveLength(4); // storage-option and its fix, then the %3F fix that changes the key
    },
  );
});

describe("url-pipeline resolve", () => {
  test("ZEP 8 relative pipelines (the ZEP's examples)", async () => {
    expect(await run("resolve", "--dialect", "zep8", "gs://bucket/path/to/", "file.zip|zip:path/within/zip")).toEqual({
      code: 0,
      out: "gs://bucket/path/to/file.zip|zip:path/within/zip\n",
      err: "",
    });
    expect(
      (
        await run(
          "resolve",
          "--dialect",
          "zep8",
          "gs://bucket/path/to/file.zip|zip:path/within/zip",
          "..:/path/to/other.zip|zip:path/in/other/zip",
        )
      ).out,
    ).toBe("gs://bucket/path/to/other.zip|zip:path/in/other/zip\n");
  });
  test("url-pipeline v0 has no relative pipelines: exit 1, the message names zep8", async () => {
    const r = await run("resolve", "gs://bucket/path/to/", "file.zip");
    expect(r.code).toBe(1);
    expect(r.err).toContain("zep8");
  });
  test("an absolute reference replaces the base", async () => {
    expect((await run("resolve", "gs://bucket/a/", "memory:x")).out).toBe("memory:x\n");
  });
  test("--dotdot allow|forbid|N limits the reference's .. adapters (default allow)", async () => {
    const base = "gs://bucket/a.zip|zip:b.zip|zip:c";
    // Each ..: discards an adapter; the second's path applies to gs://bucket/a.zip, the sub-URL before zip:b.zip.
    expect((await run("resolve", "--dialect", "zep8", base, "..:|..:d")).out).toBe("gs://bucket/d\n");
    const forbid = await run("resolve", "--dialect", "zep8", "--dotdot", "forbid", base, "..:d");
    expect(forbid.code).toBe(1);
    expect(forbid.err).toMatch(/has a \.\. adapter \("\.\.:d"\) and --dotdot is "forbid"/);
    expect((await run("resolve", "--dialect", "zep8", "--dotdot=1", base, "..:d")).code).toBe(0);
    expect((await run("resolve", "--dialect", "zep8", "--dotdot=1", base, "..:|..:d")).err).toMatch(
      /has 2 \.\. adapters; --dotdot allows at most 1/,
    );
  });
  test("--above-root error|clamp: .. segments above a root with no authority (default error)", async () => {
    const r = await run("resolve", "--dialect", "zep8", "gs://bucket/a.zip|zip:b", "../c");
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/climbs above the root of "zip:b"/);
    expect(
      (await run("resolve", "--dialect", "zep8", "--above-root", "clamp", "gs://bucket/a.zip|zip:b", "../c")).out,
    ).toBe("gs://bucket/a.zip|zip:c\n");
    expect((await run("normalize", "--dialect", "zep8", "--dotdot", "forbid", "gs://bucket/a.zip|zip:b|..")).code).toBe(
      1,
    );
    expect((await run("normalize", "--dialect", "zep8", "gs://bucket/a.zip|zip:b|..")).out).toBe("gs://bucket/a.zip\n");
  });
});

describe("url-pipeline kind", () => {
  test.each([
    ["s3://bucket/dir/", "directory"],
    ["s3://bucket/a.zip", "file-or-directory"],
    ["s3://bucket/a.zip|zip:x/|zarr3:", "array-or-array-group"],
    ["file:///f|gzip", "file"],
  ])("%s: %s", async (input, k) => {
    expect(await run("kind", input)).toEqual({ code: 0, out: `${k}\n`, err: "" });
  });
  test("a kind error names both sub-URLs, exit 1", async () => {
    const r = await run("kind", "s3://bucket/dir/|gzip");
    expect(r.code).toBe(1);
    expect(r.err).toContain('"s3://bucket/dir/" is a directory');
    expect(r.err).toContain("gzip");
  });
});

describe("url-pipeline from-path / to-path", () => {
  test("POSIX and Windows, both ways", async () => {
    expect((await run("from-path", "--posix", "/tmp/a b#.zip")).out).toBe("file:///tmp/a%20b%23.zip\n");
    expect((await run("from-path", "--windows", "C:\\Users\\a.zip")).out).toBe("file:///C:/Users/a.zip\n");
    expect((await run("to-path", "--windows", "file://server/share/x")).out).toBe("\\\\server\\share\\x\n");
    expect((await run("to-path", "--posix", "file:/tmp/a%20b")).out).toBe("/tmp/a b\n");
  });
  test("what cannot map is an error, exit 1", async () => {
    const r = await run("to-path", "--posix", "file:///a%2Fb");
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^url-pipeline to-path: /);
  });
  test("a flavor is required, and only one", async () => {
    expect((await run("from-path", "/tmp")).code).toBe(2);
    expect((await run("from-path", "--posix", "--windows", "/tmp")).code).toBe(2);
  });
});

describe("url-pipeline complete, through main()", () => {
  test("text: one candidate per line, the completion first", async () => {
    const r = await run("complete", "s3://bucket/data/|z");
    expect(r.code).toBe(0);
    expect(r.out.split("\n")[0]).toMatch(/^s3:\/\/bucket\/data\/\|zarr: {2}zarr: \(adapter-scheme/);
  });
  test("--json: exactly one object with candidates; exit 0 with none", async () => {
    const r = await run("complete", "--dialect", "zep8", "--json", "file:///db/|ocdbt:@");
    const o = JSON.parse(r.out);
    expect(Object.keys(o)).toEqual(["candidates"]);
    expect(o.candidates.map((c: { label: string }) => c.label)).toContain("v");
    expect(await run("complete", "--json", "s3://bucket/a b")).toEqual({
      code: 0,
      out: '{"candidates":[]}\n',
      err: "",
    });
  });
  test("options complete does not take are usage errors", async () => {
    expect((await run("complete", "--max-length", "5", "s")).code).toBe(2);
  });
});

describe("usage errors exit 2", () => {
  test.each([
    [["normalize"]],
    [["normalize", "a:", "b:"]],
    [["resolve", "s3://bucket/"]],
    [["kind", "--rule", "URI", "x"]],
    [["normalize", "--json", "memory:"]],
    [["to-path", "--dialect", "zep8", "--posix", "file:///a"]],
    [["resolve", "--dotdot", "some", "a", "b"]],
    [["resolve", "--above-root", "ignore", "a", "b"]],
    [["kind", "--dotdot", "allow", "x"]],
  ])("%j", async (argv) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    // One line saying what is wrong, one saying where the manual is; not the manual.
    expect(r.err).toMatch(
      /^url-pipeline: [^\n]+\nRun "url-pipeline help" \(or "url-pipeline COMMAND --help"\) for usage\.\n$/,
    );
    expect(r.out).toBe("");
  });
});

/**
 * `url-pipeline translate`: the translation on standard output, notes on standard error, exit 0; an error naming
 * the character and its offset, exit 1; a usage error (no or both of --from and --to, an unknown syntax, an option
 * of another syntax), exit 2; --json.
 */
import { run as runCli } from "./run";

const run = (...argv: string[]) => runCli(argv);

test("from and to each syntax (the issue's examples)", async () => {
  expect(await run("translate", "--from", "fsspec", "zip://inner/a.txt::s3://bucket/x.zip")).toEqual({
    code: 0,
    out: "s3://bucket/x.zip|zip:inner/a.txt\n",
    err: "",
  });
  expect((await run("translate", "--to", "fsspec", "s3://bucket/x.zip|zip:inner/a.txt")).out).toBe(
    "zip://inner/a.txt::s3://bucket/x.zip\n",
  );
  expect((await run("translate", "--from", "gdal", "/vsizip//vsis3/bucket/a.zip/dir/f.tif")).out).toBe(
    "s3://bucket/a.zip|zip:dir/f.tif\n",
  );
  expect((await run("translate", "--to", "gdal", "--", "s3://bucket/a.zip|zip:dir/f.tif")).out).toBe(
    "/vsizip//vsis3/bucket/a.zip/dir/f.tif\n",
  );
  expect((await run("translate", "--from", "jar", "jar:http://www.foo.com/bar/baz.jar!/COM/foo/Quux.class")).out).toBe(
    "http://www.foo.com/bar/baz.jar|zip:COM/foo/Quux.class\n",
  );
  expect((await run("translate", "--to", "vfs", "file:///a.zip|zip:b.zip|zip:c.txt")).out).toBe(
    "zip:zip:file:///a.zip!/b.zip!/c.txt\n",
  );
  expect((await run("translate", "--to", "arcp", "http://example.com/data.zip|zip:pics/")).out).toBe(
    "arcp://uuid,b7749d0b-0e47-5fc4-999d-f154abe68065/pics/\n",
  );
});

test("arcp: --authority maps an authority to its archive; --sha256 gives the hash-based one", async () => {
  const uri = "arcp://uuid,b7749d0b-0e47-5fc4-999d-f154abe68065/pics/flower.jpeg";
  expect(
    (
      await run(
        "translate",
        "--from",
        "arcp",
        "--authority",
        "uuid,b7749d0b-0e47-5fc4-999d-f154abe68065=http://example.com/data.zip|zip:",
        uri,
      )
    ).out,
  ).toBe("http://example.com/data.zip|zip:pics/flower.jpeg\n");
  const sha = "17edf80f84d478e7c6d2c7a5cfb4442910e8e1778f91ec0f79062d8cbdef42cd";
  expect((await run("translate", "--to", "arcp", "--sha256", sha, "file:///tmp/foo-1.2.tar|zip:src/luhn.c")).out).toBe(
    "arcp://ni,sha-256;F-34D4TUeOfG0selz7REKRDo4XePkewPeQYtjL3vQs0/src/luhn.c\n",
  );
  const r = await run("translate", "--from", "arcp", uri);
  expect(r.code).toBe(1);
  expect(r.err).toMatch(/^url-pipeline translate: arcp: "u" at offset 7: .*--authority/);
});

test("notes on standard error; --json puts them, and fsspec's compression, in the object", async () => {
  expect(await run("translate", "--from", "fsspec", "simplecache::s3://bucket/a.zip")).toEqual({
    code: 0,
    out: "s3://bucket/a.zip\n",
    err: 'url-pipeline translate: note: "simplecache" is a cache: it says how to read, not where; left out\n',
  });
  const r = await run("translate", "--to", "fsspec", "--json", "s3://bucket/a.gz|gzip:");
  expect(r.code).toBe(0);
  expect(JSON.parse(r.out)).toEqual({
    input: "s3://bucket/a.gz|gzip:",
    output: "s3://bucket/a.gz",
    compression: "gzip",
    notes: [{ code: "fsspec/compression", offset: 17, message: expect.stringContaining('compression="gzip"') }],
  });
  expect((await run("translate", "--from", "fsspec", "--compression", "gzip", "s3://bucket/a.gz")).out).toBe(
    "s3://bucket/a.gz|gzip:\n",
  );
});

test("an input that cannot be carried: the error on standard error, exit 1; with --json, the object", async () => {
  const r = await run("translate", "--from", "vfs", "tgz:file://anyhost/dir/mytar.tgz!/somepath/somefile");
  expect(r).toEqual({
    code: 1,
    out: "",
    err: expect.stringMatching(/^url-pipeline translate: vfs: "t" at offset 0: tgz: reads a tar archive/),
  });
  const j = await run("translate", "--from", "gdal", "--json", "/vsizip/my.zip/my.tif");
  expect(j.code).toBe(1);
  expect(JSON.parse(j.out)).toEqual({
    input: "/vsizip/my.zip/my.tif",
    error: { code: "gdal/relative-path", offset: 8, message: expect.any(String) },
  });
});

test.each([
  [["translate", "x"], "translate takes one of --from S and --to S"],
  [["translate", "--from", "fsspec", "--to", "gdal", "x"], "translate takes one of --from S and --to S"],
  [["translate", "--from", "tar", "x"], '--from takes one of fsspec, gdal, jar, vfs, arcp, not "tar"'],
  [["translate", "--to", "gdal", "--compression", "gzip", "x"], "--compression goes with --from fsspec"],
  [["translate", "--to", "arcp", "--authority", "a=b", "x"], "--authority goes with --from arcp"],
  [
    ["translate", "--from", "arcp", "--authority", "nothing", "x"],
    '--authority takes AUTHORITY=PIPELINE, not "nothing"',
  ],
  [["translate", "--to", "arcp", "--sha256", "abc", "x"], "--sha256 takes 64 hexadecimal digits"],
  [["translate", "--from", "fsspec", "--compression", "rar", "x"], "--compression takes one of gzip, zstd"],
  [["translate", "--from", "fsspec"], "translate takes exactly one INPUT"],
])("usage error: %j", async (argv, message) => {
  const r = await run(...argv);
  expect(r.code).toBe(2);
  expect(r.out).toBe("");
  expect(r.err.split("\n")[0]).toContain(`url-pipeline: ${message}`);
  expect(r.err.split("\n")).toHaveLength(3);
});

test("help translate and translate --help print its part of the manual", async () => {
  const h = await run("help", "translate");
  expect(h.code).toBe(0);
  expect(h.out).toContain("url-pipeline translate (--from S | --to S)");
  expect((await run("translate", "--help")).out).toBe(h.out);
  expect((await run("help")).out).toContain("url-pipeline translate");
});

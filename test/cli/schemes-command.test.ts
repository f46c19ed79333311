/**
 * `url-pipeline schemes`: the scheme registry of a dialect (generated/DIALECT/dialect.json), as text and JSON.
 */
import { DIALECTS } from "../../src/dialects";
import { run } from "./run";

describe("url-pipeline schemes", () => {
  test("text: one line per scheme of the dialect, in its file order: name, role, base -> result, shape, version, file", async () => {
    const r = await run(["schemes"]);
    expect([r.code, r.err]).toEqual([0, ""]);
    const lines = r.out.trimEnd().split("\n");
    expect(lines.map((l) => l.split(/ {2,}/)[0])).toEqual(
      DIALECTS["url-pipeline-v0"].meta.schemes.map((s) => s.scheme),
    );
    expect(lines.find((l) => l.startsWith("zip "))!.split(/ {2,}/)).toEqual([
      "zip",
      "adapter",
      'file -> directory if the path is empty or ends with "/", else file-or-directory',
      "path",
      "v0",
      "grammar/schemes/zip.abnf",
    ]);
    // A dataset in url-pipeline v0's own words; a root has no base.
    expect(
      lines
        .find((l) => l.startsWith("zarr3 "))!
        .split(/ {2,}/)
        .slice(1, 4),
    ).toEqual(["adapter", "directory -> array-or-array-group", "path"]);
    expect(
      lines
        .find((l) => l.startsWith("s3 "))!
        .split(/ {2,}/)
        .slice(1, 4),
    ).toEqual(["root", '-> directory if the path is empty or ends with "/", else file-or-directory', "bucket"]);
  });

  test("--dialect zep8 --json: one object with the dialect's registry", async () => {
    const r = await run(["schemes", "--dialect", "zep8", "--json"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as {
      dialect: string;
      version: string;
      schemes: { scheme: string; shape: string; file: string }[];
    };
    expect([j.dialect, j.version]).toEqual(["zep8", DIALECTS.zep8.meta.version]);
    expect(j.schemes).toEqual(DIALECTS.zep8.meta.schemes);
    expect(j.schemes.find((s) => s.scheme === "..")).toMatchObject({
      shape: "custom",
      file: "grammar/zep8/dotdot.abnf",
    });
    expect(r.out.split("\n").length).toBe(2);
  });

  test("a version with a name is written as it is, a numbered one with a v", async () => {
    const lines = (await run(["schemes", "--dialect", "zep8"])).out.split("\n");
    expect(lines.find((l) => l.startsWith("ocdbt "))!.split(/ {2,}/)[4]).toBe("zep8-2025-11");
    expect(lines.find((l) => l.startsWith("zip "))!.split(/ {2,}/)[4]).toBe("v0");
  });

  test.each([
    [["schemes", "x"], "url-pipeline: schemes takes no arguments\n"],
    [["schemes", "--rule", "URI"], 'url-pipeline: unknown option "--rule" for schemes\n'],
    [["schemes", "--dialect", "zep9"], 'url-pipeline: unknown dialect "zep9": use "url-pipeline-v0" or "zep8"\n'],
  ])("usage errors exit 2: %j", async (argv, first) => {
    const r = await run(argv);
    expect([r.code, r.out]).toEqual([2, ""]);
    expect(r.err.startsWith(first)).toBe(true);
  });
});

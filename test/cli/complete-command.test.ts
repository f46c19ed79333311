/**
 * `url-pipeline complete [--dialect D] [--json] PARTIAL`: completeCommand() prints one
 * candidate per line, or exactly one JSON object, and exits 0, also with no candidates.
 */
import { completeCommand } from "../../src/cli/complete-command";
import { complete } from "../../src/complete";
import type { DialectName } from "../../src/tree/nodes";

function run(partial: string, options: { dialect?: DialectName } = {}, json = false): { code: number; out: string } {
  let out = "";
  const code = completeCommand(partial, options, json, { stdout: (s) => (out += s) });
  return { code, out };
}

describe("text", () => {
  test("one line per candidate: COMPLETION, two spaces, LABEL (KIND: DETAIL)", () => {
    expect(run("s3://bucket/a.zip|zi")).toEqual({
      code: 0,
      out: "s3://bucket/a.zip|zip:  zip: (adapter-scheme: adapter: file -> file or directory (directory if its path is empty or ends with /))\n",
    });
    expect(run("s3:")).toEqual({
      code: 0,
      out: "s3://  s3:// (authority: root -> file or directory (directory if its path is empty or ends with /))\n",
    });
  });

  test("the order is complete()'s, the first field of each line its completion", () => {
    const { out } = run("s3://bucket/dir/|");
    const lines = out.trimEnd().split("\n");
    expect(lines.map((l) => l.split("  ")[0])).toEqual(complete("s3://bucket/dir/|").map((c) => c.completion));
    expect(lines[0]).toBe(
      "s3://bucket/dir/|icechunk:  icechunk: (adapter-scheme: adapter: directory -> file or directory (directory if its path is empty or ends with /))",
    );
  });

  test("--dialect", () => {
    expect(run("file:///db/|ocdbt:", { dialect: "zep8" }).out.split("\n")[0]).toBe(
      "file:///db/|ocdbt:@  @ (separator: a version follows: vN (a generation) or a commit time)",
    );
    expect(run("file:///db/|ocdbt:").out.split("\n")[0]).toBe(
      "file:///db/|ocdbt://  // (separator: a version follows: vN (a generation) or a commit time)",
    );
  });

  test("no candidates: no output, exit 0", () => {
    expect(run("s3//")).toEqual({ code: 0, out: "" });
    expect(run("\uD800")).toEqual({ code: 0, out: "" });
  });
});

describe("--json", () => {
  test("exactly one object, {candidates: [...]}, on one line", () => {
    const { code, out } = run("s", {}, true);
    expect(code).toBe(0);
    expect(out.endsWith("\n")).toBe(true);
    expect(out.trimEnd().includes("\n")).toBe(false);
    const parsed = JSON.parse(out);
    expect(Object.keys(parsed)).toEqual(["candidates"]);
    expect(parsed.candidates.map((c: { completion: string }) => c.completion)).toEqual([
      "s3://",
      "s3+http://",
      "s3+https://",
    ]);
    for (const c of parsed.candidates) expect(Object.keys(c)).toEqual(["completion", "label", "kind", "detail"]);
  });

  test("the candidates as complete() gives them", () => {
    const { out } = run("file:///repo/|icechunk:@", { dialect: "zep8" }, true);
    expect(JSON.parse(out)).toEqual({ candidates: complete("file:///repo/|icechunk:@", { dialect: "zep8" }) });
  });

  test('no candidates: {"candidates":[]}, exit 0', () => {
    expect(run("s3//", {}, true)).toEqual({ code: 0, out: '{"candidates":[]}\n' });
  });
});

test("an unknown dialect is a TypeError (the command line reports it as a usage error before this runs)", () => {
  expect(() => run("", { dialect: "zep9" as DialectName })).toThrow(TypeError);
});

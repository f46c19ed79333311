import { readSchemeHeader } from "../../../scripts/grammar/headers";
import { loadAbnf } from "../../../scripts/grammar/load";

const ADAPTER = [
  "; @scheme   zip",
  "; @version  1",
  "; @role     adapter",
  "; @base     file",
  "; @result   directory (the archive's root)",
  "; @dialects url-pipeline-v0  zep8",
  ";",
  "; The zip adapter.",
  "",
  'zip-sub-url = "zip:"',
].join("\n");

describe("readSchemeHeader", () => {
  test("reads the fields of a scheme file's leading comment (via loadAbnf's header)", () => {
    const header = loadAbnf(ADAPTER, "schemes/zip.abnf").header;
    expect(readSchemeHeader(header, "schemes/zip.abnf")).toEqual({
      scheme: "zip",
      version: "1",
      role: "adapter",
      base: "file",
      result: "directory (the archive's root)",
      dialects: ["url-pipeline-v0", "zep8"],
      file: "schemes/zip.abnf",
    });
  });

  test("a root scheme needs no @base", () => {
    const h = readSchemeHeader(["@scheme s3", "@version 2", "@role root", "@result any", "@dialects zep8"], "s3.abnf");
    expect(h).toMatchObject({ scheme: "s3", role: "root", base: null, dialects: ["zep8"] });
  });

  test("a file without @scheme is not a scheme file", () => {
    expect(readSchemeHeader([], "core.abnf")).toBeNull();
    expect(readSchemeHeader(["RFC 3986 appendix A", "@version 1"], "core.abnf")).toBeNull();
  });

  test("lines that are not '@key value' are ignored, trailing space is trimmed", () => {
    const h = readSchemeHeader(
      ["prose first", "@scheme gs   ", "@version 1", "@role root", "@result file", "@dialects a b", "@@ ignored"],
      "gs.abnf",
    );
    expect(h).toMatchObject({ scheme: "gs", version: "1" });
  });

  test.each(["version", "role", "result", "dialects"])("a missing @%s is an error", (key) => {
    const lines = ["@scheme s", "@version 1", "@role root", "@result any", "@dialects zep8"].filter(
      (l) => !l.startsWith(`@${key} `),
    );
    expect(() => readSchemeHeader(lines, "s.abnf")).toThrow(`s.abnf: the header needs "; @${key} ..."`);
  });

  test("a key without a value counts as missing", () => {
    expect(() => readSchemeHeader(["@scheme s", "@version", "@role root", "@result any", "@dialects zep8"], "s.abnf")).toThrow(
      /needs "; @version \.\.\."/,
    );
  });

  test("@role must be root or adapter", () => {
    expect(() =>
      readSchemeHeader(["@scheme s", "@version 1", "@role sideways", "@result any", "@dialects zep8"], "s.abnf"),
    ).toThrow('s.abnf: "@role" must be root or adapter, not "sideways"');
  });

  test("an adapter needs @base", () => {
    expect(() =>
      readSchemeHeader(["@scheme z", "@version 1", "@role adapter", "@result any", "@dialects zep8"], "z.abnf"),
    ).toThrow('z.abnf: an adapter needs "; @base file|directory|any"');
  });
});

import { readSchemeHeader } from "../../../scripts/grammar/headers";
import { loadAbnf } from "../../../scripts/grammar/load";

const ADAPTER = [
  "; @scheme   zip",
  "; @version  1",
  "; @role     adapter",
  "; @base     file",
  '; @result   directory if the path is empty or ends with "/", else file-or-directory',
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
      result: 'directory if the path is empty or ends with "/", else file-or-directory',
      resultIn: {},
      resultRule: "directory-if-path-empty-or-ends-with-slash",
      dialects: ["url-pipeline-v0", "zep8"],
      file: "schemes/zip.abnf",
    });
  });

  test("@base is file, directory or any, and only an adapter has one", () => {
    const adapter = (base: string) => [
      "@scheme zip",
      "@version 0",
      "@role adapter",
      `@base ${base}`,
      "@result file",
      "@dialects zep8",
    ];
    expect(() => readSchemeHeader(adapter("files"), "zip.abnf")).toThrow(
      'zip.abnf: "@base" must be file, directory, any, not "files"',
    );
    for (const base of ["file", "directory", "any"])
      expect(readSchemeHeader(adapter(base), "zip.abnf")).toMatchObject({ base });
    expect(() =>
      readSchemeHeader(
        ["@scheme s3", "@version 0", "@role root", "@base file", "@result file", "@dialects zep8"],
        "s3.abnf",
      ),
    ).toThrow('s3.abnf: a root reads no sub-URL before it: remove "; @base file"');
  });

  test("a root scheme needs no @base", () => {
    const h = readSchemeHeader(
      ["@scheme s3", "@version 2", "@role root", "@result file-or-directory", "@dialects zep8"],
      "s3.abnf",
    );
    expect(h).toMatchObject({ scheme: "s3", role: "root", base: null, dialects: ["zep8"] });
  });

  describe("@result-DIALECT: the result in a dialect's own words", () => {
    const base = ["@scheme zarr3", "@version 0", "@role adapter", "@base directory", "@result dataset"];
    test("url-pipeline v0's words are read into resultIn", () => {
      const h = readSchemeHeader(
        [...base, "@result-url-pipeline-v0 array-or-array-group", "@dialects url-pipeline-v0 zep8"],
        "z.abnf",
      );
      expect(h!.resultIn).toEqual({ "url-pipeline-v0": "array-or-array-group" });
    });
    test("a word the dialect does not have is an error naming the file and the words", () => {
      expect(() =>
        readSchemeHeader([...base, "@result-url-pipeline-v0 dataset", "@dialects url-pipeline-v0"], "z.abnf"),
      ).toThrow(
        'z.abnf: "@result-url-pipeline-v0" must be one of array, array-or-array-group, array-or-other, not "dataset"',
      );
    });
    test("a dialect the scheme is not in, or one without words of its own, is an error", () => {
      expect(() => readSchemeHeader([...base, "@result-url-pipeline-v0 array", "@dialects zep8"], "z.abnf")).toThrow(
        'z.abnf: "@result-url-pipeline-v0" names a dialect not in "@dialects zep8"',
      );
      expect(() => readSchemeHeader([...base, "@result-zep8 array", "@dialects zep8"], "z.abnf")).toThrow(
        /must be one of \(none: the dialect has no words of its own\)/,
      );
    });
  });

  test("@result: each wording the build knows is a rule; any other is an error naming the file and the wordings", () => {
    const h = (result: string) =>
      readSchemeHeader(
        ["@scheme x", "@version 0", "@role adapter", "@base file", `@result ${result}`, "@dialects zep8"],
        "x.abnf",
      );
    expect(h("file")!.resultRule).toBe("file");
    expect(h("dataset")!.resultRule).toBe("dataset");
    expect(h("file-or-directory")!.resultRule).toBe("file-or-directory");
    expect(h('directory if the path ends with "/", else file-or-directory')!.resultRule).toBe(
      "directory-if-path-empty-or-ends-with-slash",
    );
    expect(() => h("a file, mostly")).toThrow(
      /^x\.abnf: "@result a file, mostly" is not a wording the build knows; use one of: file \| file-or-directory \| dataset \| /,
    );
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
    const lines = ["@scheme s", "@version 1", "@role root", "@result file-or-directory", "@dialects zep8"].filter(
      (l) => !l.startsWith(`@${key} `),
    );
    expect(() => readSchemeHeader(lines, "s.abnf")).toThrow(`s.abnf: the header needs "; @${key} ..."`);
  });

  test("a key without a value counts as missing", () => {
    expect(() =>
      readSchemeHeader(
        ["@scheme s", "@version", "@role root", "@result file-or-directory", "@dialects zep8"],
        "s.abnf",
      ),
    ).toThrow(/needs "; @version \.\.\."/);
  });

  test("@role must be root or adapter", () => {
    expect(() =>
      readSchemeHeader(
        ["@scheme s", "@version 1", "@role sideways", "@result file-or-directory", "@dialects zep8"],
        "s.abnf",
      ),
    ).toThrow('s.abnf: "@role" must be root or adapter, not "sideways"');
  });

  test("an adapter needs @base", () => {
    expect(() =>
      readSchemeHeader(
        ["@scheme z", "@version 1", "@role adapter", "@result file-or-directory", "@dialects zep8"],
        "z.abnf",
      ),
    ).toThrow('z.abnf: an adapter needs "; @base file|directory|any"');
  });
});

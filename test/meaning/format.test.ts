import { format, formatSubUrl } from "../../src/meaning/format";
import { parse } from "../../src/parse";
import type { PathAdapterSubUrl, Pipeline } from "../../src/tree/nodes";
import { CASES, validSamples } from "./helpers";

describe("format: a tree back to text, from its fields", () => {
  test.each(CASES)("%s %s: format(parse(s)) is s, for pipelines derived from the ABNF", (dialect, rule) => {
    for (const { input, tree } of validSamples(dialect, rule, 600)) expect(format(tree)).toBe(input);
  });

  test("a field changed in code is written as it now reads", () => {
    const p = parse("s3://bucket/a.zip|zip:x/|zarr3:");
    const zip = p.subUrls[1] as PathAdapterSubUrl;
    const changed: Pipeline = {
      ...p,
      subUrls: [p.subUrls[0], { ...zip, path: { ...zip.path, raw: "y/z/" } }, p.subUrls[2]!],
    };
    expect(format(changed)).toBe("s3://bucket/a.zip|zip:y/z/|zarr3:");
  });

  test("ocdbt versions and icechunk references are written in the tree's dialect", () => {
    const v0 = parse("file:///d/|ocdbt://v2/p|icechunk://tag.t/x");
    const zep8 = parse("file:///d/|ocdbt:@v2/p|icechunk:@tag.t/x", { dialect: "zep8" });
    expect(formatSubUrl(v0.subUrls[1]!, "zep8")).toBe("ocdbt:@v2/p");
    expect(formatSubUrl(zep8.subUrls[2]!, "url-pipeline-v0")).toBe("icechunk://tag.t/x");
  });
});

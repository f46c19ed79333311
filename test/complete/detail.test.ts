/**
 * detail.ts: every scheme of both dialects has a detail naming its role and kinds.
 */
import { DIALECTS } from "../../src/dialects";
import { schemeDetail } from "../../src/complete/detail";

test.each(Object.values(DIALECTS).flatMap((d) => d.meta.schemes.map((s) => [d.meta.name, s.scheme, s] as const)))(
  "%s %s",
  (_d, _name, s) => {
    const detail = schemeDetail(s);
    if (s.scheme === "..") expect(detail).toBe("adapter: discards the adapter before it (ZEP 8 ..)");
    else if (s.role === "root")
      expect(detail).toMatch(
        /^root -> (file or directory|file or directory \(directory if its path is empty or ends with \/\))$/,
      );
    // A dataset in the dialect's own words where it has them (url-pipeline v0: array, array or array group, ...).
    else if (s.resultRule === "dataset")
      expect(detail).toBe(`adapter: ${s.base} -> ${s.dialectResult?.replace(/-/g, " ") ?? "dataset"}`);
    else
      expect(detail).toMatch(
        new RegExp(
          `^adapter: ${s.base} -> (file|file or directory|file or directory \\(directory if its path is empty or ends with /\\))$`,
        ),
      );
  },
);

test("a few in full", () => {
  const v0 = DIALECTS["url-pipeline-v0"].meta.schemes;
  const of = (name: string) => schemeDetail(v0.find((s) => s.scheme === name)!);
  expect(of("zarr3")).toBe("adapter: directory -> array or array group");
  expect(of("json")).toBe("adapter: file -> array");
  expect(schemeDetail(DIALECTS.zep8.meta.schemes.find((s) => s.scheme === "zarr3")!)).toBe(
    "adapter: directory -> dataset",
  );
  expect(of("gzip")).toBe("adapter: file -> file");
  expect(of("ocdbt")).toBe("adapter: directory -> file or directory");
  expect(of("https")).toBe("root -> file or directory");
  expect(of("s3")).toBe("root -> file or directory (directory if its path is empty or ends with /)");
});

test("a scheme of the metadata alone: its role, base and result rule", () => {
  expect(
    schemeDetail({
      scheme: "future",
      version: "0",
      role: "adapter",
      base: "file",
      result: "file",
      resultRule: "file",
      shape: "bodiless",
      rules: { subUrl: "future-sub-url" },
      dialects: ["zep8"],
      file: "x",
    }),
  ).toBe("adapter: file -> file");
});

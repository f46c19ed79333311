/**
 * complete(): every position, in both dialects; ranking; the limit; what it refuses.
 */
import { complete, type Candidate } from "../../src/complete";
import { validate } from "../../src/api";
import { DIALECTS as REGISTRY } from "../../src/dialects";
import type { DialectName } from "../../src/tree/nodes";

const DIALECTS: DialectName[] = ["url-pipeline-v0", "zep8"];
/**
 * The labels of a dialect's adapters (all, or those that need `base`), by name, from its scheme registry
 * (generated/DIALECT/dialect.json): what complete() must offer for whatever schemes the grammar has.
 */
const adapterLabels = (dialect: DialectName, base?: "file" | "directory") =>
  REGISTRY[dialect].meta.schemes
    .filter((s) => s.role === "adapter" && s.scheme !== ".." && (base === undefined || s.base === base))
    .map((s) => s.scheme)
    .sort()
    .map((s) => `${s}:`);
const completions = (partial: string, dialect?: DialectName) => complete(partial, { dialect }).map((c) => c.completion);
const labels = (partial: string, dialect?: DialectName) => complete(partial, { dialect }).map((c) => c.label);
const only = (partial: string, kind: string, dialect?: DialectName) =>
  complete(partial, { dialect })
    .filter((c) => c.kind === kind)
    .map((c) => c.label);

describe.each(DIALECTS)("%s", (dialect) => {
  describe("root schemes", () => {
    test("at the start: every root scheme of the dialect, with what its grammar forces after the name", () => {
      const want =
        dialect === "zep8"
          ? ["file:///", "gs://", "http://", "https://", "s3://", "s3+http://", "s3+https://"]
          : ["file:///", "gs://", "http://", "https://", "memory://", "s3://", "s3+http://", "s3+https://"];
      expect(completions("", dialect)).toEqual(want);
      expect(complete("", { dialect }).every((c) => c.kind === "root-scheme" && c.completion === c.label)).toBe(true);
    });

    test("after a typed prefix", () => {
      expect(completions("s", dialect)).toEqual(["s3://", "s3+http://", "s3+https://"]);
      expect(completions("ht", dialect)).toEqual(["http://", "https://"]);
      expect(completions("s3+", dialect)).toEqual(["s3+http://", "s3+https://"]);
      expect(completions("https", dialect)).toEqual(["https://"]);
      expect(completions("g", dialect)).toEqual(["gs://"]);
      expect(completions("fi", dialect)).toEqual(["file:///"]);
    });

    test("the typed prefix is replaced by the canonical lower-case name (schemes are case-insensitive, D9)", () => {
      expect(completions("S", dialect)).toEqual(["s3://", "s3+http://", "s3+https://"]);
      expect(completions("HtTp", dialect)).toEqual(["http://", "https://"]);
    });

    test("memory: is a root of url-pipeline v0 only", () => {
      expect(completions("mem", dialect)).toEqual(dialect === "zep8" ? [] : ["memory://"]);
    });

    test("no scheme starts with the prefix: nothing (vendor schemes are never offered)", () => {
      expect(complete("x", { dialect })).toEqual([]);
      expect(complete("zip", { dialect })).toEqual([]); // an adapter cannot be a root
    });

    test("details give the role and the kinds", () => {
      const [https] = complete("https", { dialect });
      expect(https).toEqual({
        completion: "https://",
        label: "https://",
        kind: "root-scheme",
        detail: "root -> file or directory",
      });
      expect(complete("s3+https", { dialect })[0]!.detail).toBe(
        "root -> file or directory (directory if its path is empty or ends with /)",
      );
    });
  });

  describe("the // of a root (kind authority)", () => {
    test.each([
      ["s3:", "s3://"],
      ["s3:/", "s3://"],
      ["gs:", "gs://"],
      ["http:", "http://"],
      ["https:/", "https://"],
      ["s3+http:", "s3+http://"],
      ["file:", "file:///"],
      ["file://", "file:///"],
    ])("%s -> %s", (partial, completion) => {
      const got = complete(partial, { dialect });
      expect(got[0]).toMatchObject({ completion, label: completion, kind: "authority" });
    });

    test("what is typed is kept as typed", () => {
      expect(completions("S3:", dialect)).toEqual(["S3://"]);
      expect(completions("FILE:", dialect)).toEqual(["FILE:///"]);
    });

    test("file:/ is already valid (RFC 8089's u1 form): file:/// is offered, then |", () => {
      expect(complete("file:/", { dialect }).map((c) => [c.completion, c.kind])).toEqual([
        ["file:///", "authority"],
        ["file:/|", "separator"],
      ]);
    });

    test("nothing once the // is typed", () => {
      expect(complete("s3://", { dialect })).toEqual([]);
      expect(complete("http://", { dialect })).toEqual([]);
    });
  });

  describe("adapter schemes", () => {
    test("after |: every adapter scheme of the dialect", () => {
      const got = complete("s3://bucket/a.zip|", { dialect });
      expect(got.every((c) => c.kind === "adapter-scheme" && c.completion === `s3://bucket/a.zip|${c.label}`)).toBe(
        true,
      );
      const want = adapterLabels(dialect);
      // Today's adapters are among them (a scheme added to grammar/ joins the registry, and so this list).
      expect(want).toEqual(
        expect.arrayContaining([
          "avif:",
          "bmp:",
          "byte-range:",
          "gzip:",
          "icechunk:",
          "jpeg:",
          "json:",
          "n5:",
          "neuroglancer-precomputed:",
          "ocdbt:",
          "png:",
          "tiff:",
          "webp:",
          "zarr:",
          "zarr2:",
          "zarr3:",
          "zip:",
          "zstd:",
        ]),
      );
      expect(got.map((c) => c.label).sort()).toEqual((dialect === "zep8" ? [...want, "..:"] : want).sort());
    });

    test("after a typed prefix: |z", () => {
      expect(labels("s3://bucket/a.zip|z", dialect)).toEqual(["zarr:", "zarr2:", "zarr3:", "zip:", "zstd:"]);
      expect(labels("s3://bucket/a.zip|Zi", dialect)).toEqual(["zip:"]);
      expect(completions("s3://bucket/a.zip|Zi", dialect)).toEqual(["s3://bucket/a.zip|zip:"]);
      expect(labels("s3://bucket/a.zip|byte", dialect)).toEqual(["byte-range:"]);
    });

    test("a bare adapter is valid (zip), and zip: is its canonical spelling (D24): zip: first, then |", () => {
      expect(complete("s3://bucket/a.zip|zip", { dialect }).map((c) => c.completion)).toEqual([
        "s3://bucket/a.zip|zip:",
        "s3://bucket/a.zip|zip|",
      ]);
    });

    test("the detail names the base and the result", () => {
      const zarr3 = complete("s3://bucket/d/|zarr3", { dialect })[0]!;
      const dataset = dialect === "zep8" ? "dataset" : "array or array group";
      expect(zarr3).toEqual({
        completion: "s3://bucket/d/|zarr3:",
        label: "zarr3:",
        kind: "adapter-scheme",
        detail: `adapter: directory -> ${dataset}`,
      });
      expect(complete("s3://bucket/a|gz", { dialect })[0]!.detail).toBe("adapter: file -> file");
    });

    test("hdf5: is url-pipeline v0 only, ..: ZEP 8 only", () => {
      expect(labels("s3://bucket/a|h", dialect)).toEqual(dialect === "zep8" ? [] : ["hdf5:"]);
      expect(labels("s3://bucket/a.zip|zip:x|.", dialect)).toEqual(dialect === "zep8" ? ["..:"] : []);
    });
  });

  describe("ranking adapters by the kind of their base (D28)", () => {
    const suited = (partial: string) =>
      complete(partial, { dialect })
        .filter((c) => c.kind === "adapter-scheme" && !c.detail!.includes(";"))
        .map((c) => c.label);
    const unsuited = (partial: string) =>
      complete(partial, { dialect })
        .filter((c) => c.kind === "adapter-scheme" && c.detail!.includes(";"))
        .map((c) => c.label);

    test("after a directory: the adapters that take a directory first", () => {
      const got = labels("s3://bucket/dir/|", dialect);
      const dirs = adapterLabels(dialect, "directory");
      expect(dirs).toEqual(
        expect.arrayContaining([
          "icechunk:",
          "n5:",
          "neuroglancer-precomputed:",
          "ocdbt:",
          "zarr:",
          "zarr2:",
          "zarr3:",
        ]),
      );
      expect(got.slice(0, dirs.length)).toEqual(dirs);
      expect(got.slice(dirs.length)).toContain("zip:");
      expect(suited("s3://bucket/dir/|")).toEqual(dirs);
      expect(complete("s3://bucket/dir/|", { dialect }).find((c) => c.label === "zip:")!.detail).toBe(
        "adapter: file -> file or directory (directory if its path is empty or ends with /); the base is a directory, not a file",
      );
    });

    test("after a file: the adapters that take a file first", () => {
      const got = labels("s3://bucket/a.zip|zip:x.gz|gzip:|", dialect);
      const files = adapterLabels(dialect, "file");
      expect(files).toEqual(
        expect.arrayContaining([
          "avif:",
          "bmp:",
          "byte-range:",
          "gzip:",
          "jpeg:",
          "json:",
          "png:",
          "tiff:",
          "webp:",
          "zip:",
          "zstd:",
        ]),
      );
      expect(got.slice(0, files.length + (dialect === "zep8" ? 1 : 0))).toEqual(
        dialect === "zep8" ? [...files, "..:"] : files,
      );
      expect(unsuited("s3://bucket/a.zip|zip:x.gz|gzip:|")).toEqual(adapterLabels(dialect, "directory"));
    });

    test("the typed prefix keeps the ranking: |z after a directory", () => {
      expect(labels("s3://bucket/dir/|z", dialect)).toEqual(["zarr:", "zarr2:", "zarr3:", "zip:", "zstd:"]);
      expect(labels("s3://bucket/a.gz|gzip|z", dialect)).toEqual(["zip:", "zstd:", "zarr:", "zarr2:", "zarr3:"]);
    });

    test("after a dataset nothing suits: every adapter says so", () => {
      const got = complete("s3://bucket/d/|zarr3:|", { dialect });
      const adapters = got.filter((c) => c.label !== "..:");
      expect(adapters.length).toBeGreaterThan(15);
      const what = dialect === "zep8" ? "a dataset" : "an array or an array group"; // v0's words (D28)
      expect(adapters.every((c) => c.detail!.endsWith(`; the base is ${what}, which no adapter takes`))).toBe(true);
      if (dialect === "zep8") {
        // ..: discards zarr3: and suits: it comes first.
        expect(got[0]).toMatchObject({ label: "..:", detail: "adapter: discards the adapter before it (ZEP 8 ..)" });
      }
    });

    test("after a file or directory (a path without /), everything suits: plain alphabetical order", () => {
      expect(labels("s3://bucket/a|", dialect).slice(0, 3)).toEqual(["avif:", "bmp:", "byte-range:"]);
      expect(unsuited("s3://bucket/a|")).toEqual(dialect === "zep8" ? ["..:"] : []);
    });

    test("no ranking when the base's kind is unknown (a value error in it, an adapter on the wrong kind)", () => {
      expect(labels("s3://ab|z", dialect)).toEqual(["zarr:", "zarr2:", "zarr3:", "zip:", "zstd:"]);
      expect(complete("s3://ab|z", { dialect }).every((c) => !c.detail!.includes(";"))).toBe(true);
      expect(complete("s3://bucket/d/|gzip|z", { dialect }).every((c) => !c.detail!.includes(";"))).toBe(true);
    });
  });

  describe("the | separator", () => {
    test("after a complete sub-URL", () => {
      expect(complete("s3://bucket/a.zip", { dialect })).toEqual([
        {
          completion: "s3://bucket/a.zip|",
          label: "|",
          kind: "separator",
          detail: "an adapter follows; the pipeline so far is a file or a directory",
        },
      ]);
      expect(complete("s3://bucket/dir/", { dialect })[0]!.detail).toBe(
        "an adapter follows; the pipeline so far is a directory",
      );
      expect(completions("s3://bucket/a.zip|zip:", dialect)).toEqual(["s3://bucket/a.zip|zip:|"]);
    });

    test("after a dataset the detail says no adapter takes it", () => {
      const [pipe] = complete("s3://bucket/d/|zarr3:", { dialect });
      expect(pipe!.detail).toBe(
        dialect === "zep8"
          ? "an adapter follows; the pipeline so far is a dataset, which no adapter takes as its base (..: can still discard it)"
          : "an adapter follows; the pipeline so far is an array or an array group, which no adapter takes as its base",
      );
    });

    test("not while the sub-URL is incomplete", () => {
      expect(complete("s3://", { dialect })).toEqual([]);
      expect(complete("s3://bucket/a|byte-range:1", { dialect })).toEqual([]);
    });

    test("offered after a value error in an earlier sub-URL (the user must fix it, but may go on)", () => {
      expect(completions("s3://ab|zip:", dialect)).toEqual(["s3://ab|zip:|"]);
    });

    test("not after a value error in the current sub-URL", () => {
      expect(complete("s3://ab", { dialect })).toEqual([]);
      expect(complete("s3://bucket/a|byte-range:5-1", { dialect })).toEqual([]);
    });
  });

  describe("versions and references", () => {
    const v0 = dialect === "url-pipeline-v0";
    const mark = v0 ? "//" : "@";

    test("after ocdbt: and icechunk:, the version marker (v0 //, ZEP 8 @), then |", () => {
      expect(complete("file:///db/|ocdbt:", { dialect })).toEqual([
        {
          completion: `file:///db/|ocdbt:${mark}`,
          label: mark,
          kind: "separator",
          detail: "a version follows: vN (a generation) or a commit time",
        },
        expect.objectContaining({ completion: "file:///db/|ocdbt:|", label: "|" }),
      ]);
      expect(complete("file:///repo/|icechunk:", { dialect })[0]).toEqual({
        completion: `file:///repo/|icechunk:${mark}`,
        label: mark,
        kind: "separator",
        detail: "a reference follows: branch.NAME, tag.NAME or a 20-character snapshot id",
      });
      if (v0) expect(completions("file:///db/|ocdbt:/", dialect)[0]).toBe("file:///db/|ocdbt://");
    });

    test("ocdbt: v and a commit-time template", () => {
      const got = complete(`file:///db/|ocdbt:${mark}`, { dialect });
      expect(got.map((c) => [c.completion, c.label, c.kind])).toEqual([
        [`file:///db/|ocdbt:${mark}v`, "v", "version"],
        [`file:///db/|ocdbt:${mark}2025-01-01T00:00:00Z`, "2025-01-01T00:00:00Z", "template"],
      ]);
      expect(validate(got[1]!.completion, { dialect }).valid).toBe(true);
    });

    test("the template fills in what is not typed yet, and is refused if that makes no real instant", () => {
      expect(completions(`file:///db/|ocdbt:${mark}2024-0`, dialect)).toEqual([
        `file:///db/|ocdbt:${mark}2024-01-01T00:00:00Z`,
      ]);
      expect(completions(`file:///db/|ocdbt:${mark}2023-02-3`, dialect)).toEqual([]); // 2023-02-31 is no day
      expect(completions(`file:///db/|ocdbt:${mark}v`, dialect)).toEqual([]);
      expect(completions(`file:///db/|OCDBT:${mark}`, dialect)).toHaveLength(2); // the scheme in any case
    });

    test("icechunk: branch. and tag., case-sensitively (D9)", () => {
      expect(complete(`file:///repo/|icechunk:${mark}`, { dialect }).map((c) => [c.completion, c.kind])).toEqual([
        [`file:///repo/|icechunk:${mark}branch.`, "ref-keyword"],
        [`file:///repo/|icechunk:${mark}tag.`, "ref-keyword"],
      ]);
      expect(completions(`file:///repo/|icechunk:${mark}t`, dialect)).toEqual([`file:///repo/|icechunk:${mark}tag.`]);
      expect(completions(`file:///repo/|icechunk:${mark}bran`, dialect)).toEqual([
        `file:///repo/|icechunk:${mark}branch.`,
      ]);
      expect(completions(`file:///repo/|icechunk:${mark}B`, dialect)).toEqual([]); // a snapshot id may start with B
    });

    test("the other dialect's marker gives no version candidates", () => {
      const other = v0 ? "@" : "//";
      expect(only(`file:///db/|ocdbt:${other}`, "version", dialect)).toEqual([]);
      expect(only(`file:///repo/|icechunk:${other}`, "ref-keyword", dialect)).toEqual([]);
    });

    test("after a complete version: |", () => {
      expect(completions(`file:///db/|ocdbt:${mark}v1`, dialect)).toEqual([`file:///db/|ocdbt:${mark}v1|`]);
      expect(completions(`file:///repo/|icechunk:${mark}branch.main/`, dialect)).toEqual([
        `file:///repo/|icechunk:${mark}branch.main/|`,
      ]);
    });
  });

  describe("what complete() refuses", () => {
    test("an input that cannot be continued: nothing", () => {
      expect(complete("s3//", { dialect })).toEqual([]);
      expect(complete("s3://bucket/a||", { dialect })).toEqual([]);
      expect(complete("s3://bucket/a#", { dialect })).toEqual([]);
    });

    test("relative pipelines are not completed (absolute pipelines only)", () => {
      expect(complete("a.zip|", { dialect })).toEqual([]);
      expect(complete("../x|z", { dialect })).toEqual([]);
    });

    test("limit: the best N", () => {
      expect(complete("s3://bucket/dir/|", { dialect, limit: 3 }).map((c) => c.label)).toEqual([
        "icechunk:",
        "n5:",
        "neuroglancer-precomputed:",
      ]);
      expect(complete("", { dialect, limit: 0 })).toEqual([]);
      expect(complete("", { dialect, limit: Infinity })).toHaveLength(dialect === "zep8" ? 7 : 8);
    });
  });
});

describe("url-pipeline v0 vendor schemes", () => {
  test("are never offered, but a pipeline with one is completed around it", () => {
    expect(complete("a")).toEqual([]);
    expect(complete("a.b:x")).toEqual([
      expect.objectContaining({
        completion: "a.b:x|",
        detail: "an adapter follows; the pipeline so far is of unknown kind (a vendor scheme)",
      }),
    ]);
    // after a vendor scheme the base kind is unknown: everything suits (D28), no detail says otherwise
    expect(complete("a.b:x|z").map((c) => [c.label, c.detail!.includes(";")])).toEqual([
      ["zarr:", false],
      ["zarr2:", false],
      ["zarr3:", false],
      ["zip:", false],
      ["zstd:", false],
    ]);
  });
});

describe("options", () => {
  test("default dialect: url-pipeline v0", () => {
    expect(completions("mem")).toEqual(["memory://"]);
  });
  test.each([[-1], [1.5], [NaN], ["3"], [null]])("a bad limit (%p) is a TypeError", (limit) => {
    expect(() => complete("", { limit: limit as number })).toThrow(TypeError);
  });
  test("an unknown dialect, a non-string: TypeError", () => {
    expect(() => complete("", { dialect: "zep9" as DialectName })).toThrow(TypeError);
    expect(() => complete(undefined as unknown as string)).toThrow(TypeError);
    expect(() => complete(42 as unknown as string)).toThrow(TypeError);
  });
  test("a candidate has exactly completion, label, kind and detail", () => {
    for (const c of complete("s3://bucket/a.zip|") as Candidate[])
      expect(Object.keys(c).sort()).toEqual(["completion", "detail", "kind", "label"]);
  });
});

describe("the examples of complete()'s TSDoc", () => {
  test("as written there", () => {
    expect(complete("s").map((c) => c.completion)).toEqual(["s3://", "s3+http://", "s3+https://"]);
    expect(complete("s3:").map((c) => c.completion)).toEqual(["s3://"]);
    expect(complete("s3://bucket/a.zip")).toEqual([
      expect.objectContaining({ completion: "s3://bucket/a.zip|", label: "|", kind: "separator" }),
    ]);
    expect(
      complete("s3://bucket/dir/|")
        .slice(0, 3)
        .map((c) => c.label),
    ).toEqual(["icechunk:", "n5:", "neuroglancer-precomputed:"]);
    expect(complete("s3://bucket/a.zip|z").map((c) => c.label)).toEqual(["zarr:", "zarr2:", "zarr3:", "zip:", "zstd:"]);
    expect(complete("file:///db/|ocdbt:@", { dialect: "zep8" }).map((c) => c.label)).toEqual([
      "v",
      "2025-01-01T00:00:00Z",
    ]);
    expect(complete("file:///repo/|icechunk://").map((c) => c.label)).toEqual(["branch.", "tag."]);
    expect(complete("s3://bucket/dir/|zarr3:")[0]).toEqual({
      completion: "s3://bucket/dir/|zarr3:|",
      label: "|",
      kind: "separator",
      detail:
        "an adapter follows; the pipeline so far is an array or an array group, which no adapter takes as its base",
    });
  });
});

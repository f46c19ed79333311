/**
 * base-kind.ts: the kind of the pipeline before an adapter, and whether an adapter suits it (D28).
 */
import { DIALECTS } from "../../src/dialects";
import { baseInfo, misfit, suits } from "../../src/complete/base-kind";
import { parse } from "../../src/parse";
import type { DialectName } from "../../src/tree/nodes";

const info = (scheme: string, dialect: DialectName = "url-pipeline-v0") => DIALECTS[dialect].meta.schemes.find((s) => s.scheme === scheme)!;

describe("baseInfo", () => {
  test.each([
    ["s3://bucket/dir/", "url-pipeline-v0", { kind: "directory", adapters: 0 }],
    ["s3://bucket/a.zip", "url-pipeline-v0", { kind: "file-or-directory", adapters: 0 }],
    ["s3://bucket/a.zip|zip:x.gz|gzip", "url-pipeline-v0", { kind: "file", adapters: 2 }],
    ["s3://bucket/d/|zarr3:", "zep8", { kind: "dataset", adapters: 1 }],
    ["a.b:x", "url-pipeline-v0", { kind: "unknown", adapters: 0 }],
    // ZEP 8 ..: resolved first; the zip: it discards does not count
    ["gs://bucket/o.zip|zip:i.zip|..:d/", "zep8", { kind: "directory", adapters: 0 }],
  ] as const)("%s (%s)", (base, dialect, want) => {
    expect(baseInfo(base, dialect)).toEqual(want);
  });

  test("a tree works as the string does", () => {
    expect(baseInfo(parse("s3://bucket/dir/"), "url-pipeline-v0")).toEqual({ kind: "directory", adapters: 0 });
  });

  test("unknown: not valid, an adapter on the wrong kind, a .. with nothing to discard", () => {
    expect(baseInfo("s3://ab", "url-pipeline-v0")).toEqual({ kind: null, adapters: null });
    expect(baseInfo("s3://bucket/d/|gzip", "url-pipeline-v0")).toEqual({ kind: null, adapters: 1 });
    expect(baseInfo("s3://bucket/d/|..:x", "zep8")).toEqual({ kind: null, adapters: null });
  });
});

describe("suits and misfit", () => {
  const dir = { kind: "directory", adapters: 0 } as const;
  const file = { kind: "file", adapters: 1 } as const;
  const either = { kind: "file-or-directory", adapters: 0 } as const;
  const dataset = { kind: "dataset", adapters: 1 } as const;
  const unknown = { kind: "unknown", adapters: 0 } as const;
  const none = { kind: null, adapters: null } as const;

  test("the base kind an adapter needs (D28)", () => {
    expect([suits(info("zarr3"), dir), suits(info("zarr3"), file), suits(info("zarr3"), either), suits(info("zarr3"), dataset)]).toEqual([true, false, true, false]);
    expect([suits(info("zip"), dir), suits(info("zip"), file), suits(info("zip"), either), suits(info("zip"), dataset)]).toEqual([false, true, true, false]);
    expect([suits(info("zip"), unknown), suits(info("zip"), none)]).toEqual([true, null]);
  });

  test("..: needs an adapter before it", () => {
    const dotdot = info("..", "zep8");
    expect([suits(dotdot, dir), suits(dotdot, dataset), suits(dotdot, none)]).toEqual([false, true, null]);
    expect(misfit(dotdot, dir)).toBe("no adapter before it to discard");
  });

  test("why not", () => {
    expect(misfit(info("zip"), dir)).toBe("the base is a directory, not a file");
    expect(misfit(info("zarr3"), file)).toBe("the base is a file, not a directory");
    expect(misfit(info("zarr3"), dataset)).toBe("the base is a dataset, which no adapter takes");
  });
});

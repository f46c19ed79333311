/**
 * portability(): what each implementation makes of an input. TensorStore's answers here are ones its runs gave
 * (test/fixtures/tensorstore/runs.json has them all), as are Neuroglancer's (test/fixtures/neuroglancer/runs.json);
 * zarr-python's rest on the cited lines.
 */
import { portability, TENSORSTORE, type PortabilityReading } from "../../src";
import { NEUROGLANCER } from "../../src/portability/neuroglancer";

const ts = (input: string, dialect: "url-pipeline-v0" | "zep8" = "zep8") => portability(input, { dialect })[0]!;
const by = (input: string, name: string, dialect: "url-pipeline-v0" | "zep8" = "zep8"): PortabilityReading =>
  portability(input, { dialect }).find((r) => r.implementation === name)!;

describe("portability()", () => {
  test("answers for TensorStore, Neuroglancer and zarr-python, each with its version", () => {
    const r = portability("s3://bucket/a.zip|zip:|zarr3:");
    expect(r.map((x) => x.implementation)).toEqual(["TensorStore", "Neuroglancer", "zarr-python"]);
    expect(r[0]!.version).toBe(TENSORSTORE.version);
    expect(r[1]!.version).toBe(NEUROGLANCER.version);
    for (const x of r) expect(x.version).toMatch(/\S/);
  });

  test("a v0 ocdbt://VERSION/ is read by TensorStore as no version at all", () => {
    const r = ts("file:///db/|ocdbt://v1/a", "url-pipeline-v0");
    expect(r.reads).toBe("differently");
    expect(r.canonical).toBe("file:///db/|ocdbt:/a");
    expect(r.detail).toContain('the ocdbt: version is none (the latest), where the grammar reads "v1"');
    const t = ts("file:///db/|ocdbt://2025-01-01T01:23:45.678Z/path", "url-pipeline-v0");
    expect([t.reads, t.canonical]).toEqual(["differently", "file:///db/|ocdbt:/path"]);
  });

  test("the ZEP 8 spelling of the version is read the same, in TensorStore's spelling", () => {
    const r = ts("file:///db|ocdbt:@v1/a");
    expect([r.reads, r.canonical]).toEqual(["same", "file:///db/|ocdbt:@v1/a"]);
    expect(ts("gs://bucket").canonical).toBe("gs://bucket/");
    expect(ts("s3://bucket/zarr/|zarr3:path/to/array").canonical).toBe("s3://bucket/zarr/path/to/array/|zarr3:");
    expect(ts("s3://bucket/zarr/|zarr3:path/to/array").reads).toBe("same");
  });

  test("file:/p and memory:p are refused: TensorStore needs //", () => {
    const f = ts("file:/data/x");
    expect(f.reads).toBe("refuses");
    expect(f.detail).toContain('it needs "file://"');
    expect(f.detail).toContain("(zep8 reads it)");
    expect(ts("memory:x", "url-pipeline-v0").reads).toBe("refuses");
    expect(ts("memory://x", "url-pipeline-v0").reads).toBe("same");
  });

  test("what TensorStore accepts and the grammar refuses is read differently, not the same", () => {
    const r = ts("http://example.com/a b");
    expect([r.reads, r.canonical]).toEqual(["differently", "http://example.com/a%20b"]);
    expect(r.detail).toContain("TensorStore accepts what zep8 refuses");
    expect(ts("file:///db/|ocdbt:@2025-01-01T01:23:4Z/").canonical).toBe("file:///db/|ocdbt:@2025-01-01T01:23:04Z/");
    expect(ts("http://host:port/x").reads).toBe("differently");
  });

  test("TensorStore refuses upper-case schemes, unknown schemes and the adapters it lacks", () => {
    for (const s of [
      "S3://bucket/a",
      "file:///x|ZIP:",
      "file:///x/|icechunk:",
      "file:///x|byte-range:0-1",
      "file:///x|gzip:",
    ]) {
      expect([s, ts(s, "url-pipeline-v0").reads]).toEqual([s, "refuses"]);
    }
  });

  test("a relative file: path is read, but not as the grammar reads it", () => {
    const r = ts("file:///|zarr3:");
    expect(r.reads).toBe("differently");
    expect(r.canonical).toBeUndefined();
    expect(r.detail).toContain("relative file: path");
  });

  test("Neuroglancer refuses a version its parser refuses, citing the line", () => {
    const r = by("gs://bucket/db/|ocdbt:@v01/a", "Neuroglancer");
    expect(r.reads).toBe("refuses");
    expect(r.detail).toContain("google/neuroglancer e13f1f4c src/kvstore/ocdbt/version_specifier.ts:39-46");
    expect(by("gs://bucket/db/|ocdbt:@v1/a?x", "Neuroglancer").reads).toBe("refuses");
    expect(by("gs://bucket/db/|icechunk:@branch./a", "Neuroglancer").reads).toBe("refuses");
    expect(by("gs://bucket/db/|ocdbt:@v1/%zz", "Neuroglancer").reads).toBe("refuses");
    // It has no file: store at all.
    expect(by("file:///db/|ocdbt:@v1/a", "Neuroglancer").reads).toBe("refuses");
  });

  test("Neuroglancer reads ZEP 8's version, and a v0 version as a path with no version", () => {
    const z = by("gs://bucket/db/|ocdbt:@v1/a", "Neuroglancer");
    expect([z.reads, z.canonical]).toEqual(["same", "gs://bucket/db/|ocdbt:@v1/a"]);
    const r = by("gs://bucket/db/|ocdbt://v1/a", "Neuroglancer", "url-pipeline-v0");
    expect(r.reads).toBe("differently");
    expect(r.detail).toContain('the ocdbt: version is none (the latest), where the grammar reads "v1"');
    expect(r.detail).toContain('as the path "//v1/a" with no version');
  });

  test("zarr-python refuses what its pipeline parser refuses, and only pipelines", () => {
    expect(by("s3://bucket/a.zip|zip:x#y", "zarr-python").detail).toContain("_url_pipeline.py:57");
    expect(by("s3://bucket/a.zip||zip:", "zarr-python").reads).toBe("refuses");
    expect(by("s3://bucket/a.zip|z_p:", "zarr-python").reads).toBe("refuses");
    expect(by("s3://bucket/a#b", "zarr-python").reads).toBe("unknown");
    expect(by("s3://bucket/a.zip|ZIP:", "zarr-python").reads).toBe("unknown");
  });

  test("never throws for a string, whatever it holds", () => {
    for (const s of ["", "|", "\ud800", "a".repeat(100_000), "file:///%", "memory://x|ocdbt:@9".padEnd(500, "9")]) {
      expect(portability(s).map((r) => typeof r.reads)).toEqual(["string", "string", "string"]);
    }
  });

  test("checks its arguments", () => {
    expect(() => portability(1 as unknown as string)).toThrow(TypeError);
    expect(() => portability("x", { dialect: "v9" as "zep8" })).toThrow();
  });
});

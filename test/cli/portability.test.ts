/**
 * `url-pipeline check --portability`: after each answer, how TensorStore, Neuroglancer and zarr-python read the
 * input (portability()), in text and with --json; the exit status stays validity's. The text leaves out a reading
 * that has nothing to say (zarr-python's, where none of its rules applies); --json keeps every one.
 */
import { run } from "./run";

const jsonLines = (s: string) =>
  s
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l));

describe("check --portability", () => {
  test("one line per implementation that has something to say, after the answer and its hints", async () => {
    const r = await run(["check", "--portability", "file:///db/|ocdbt://v1/a"]);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split("\n");
    expect(lines[0]).toBe("valid: file:///db/|ocdbt://v1/a  [file | ocdbt]");
    const readings = lines.filter((l) => /^ {2}(TensorStore|Neuroglancer|zarr-python) /.test(l));
    // zarr-python: none of its parser's rules applies to this input, so its line is left out.
    expect(readings.map((l) => l.split(": ")[0])).toEqual(["  TensorStore 0.1.85", "  Neuroglancer 2.41.2"]);
    expect(readings[0]).toContain(
      ': differently: TensorStore reads "file:///db/|ocdbt:/a": the ocdbt: version is none (the latest)',
    );
    expect(readings[1]).toContain(": refuses: Neuroglancer refuses it: file: scheme does not support | URL pipelines");
  });

  test("a reading with something to say is kept, whatever it says", async () => {
    const g = await run(["check", "--portability", "gs://bucket/db/|ocdbt://v1/a"]);
    expect(g.out).toContain(
      '  Neuroglancer 2.41.2: differently: Neuroglancer reads it as "gs://bucket/db/|ocdbt://v1/a": ' +
        'the ocdbt: version is none (the latest), where the grammar reads "v1"',
    );
    const z = await run(["check", "--portability", "--dialect", "zep8", "s3://bucket/a.zip|zip:x#y"]);
    expect(z.out).toContain(
      "  zarr-python zarr-developers/zarr-python 51850574 (src/zarr/storage/_url_pipeline.py): refuses: ",
    );
    // --json lists every implementation, those with nothing to say too.
    const j = await run(["check", "--json", "--portability", "file:///db/|ocdbt://v1/a"]);
    expect(jsonLines(j.out)[0].portability.map((p: { reads: string }) => p.reads)).toEqual([
      "differently",
      "refuses",
      "unknown",
    ]);
  });

  test("--json: a portability array in each object, with TensorStore's canonical URL", async () => {
    const r = await run([
      "check",
      "--json",
      "--portability",
      "--dialect",
      "zep8",
      "gs://bucket|ocdbt:@v1/a",
      "file:/x",
    ]);
    expect(r.code).toBe(0);
    const [a, b] = jsonLines(r.out);
    expect(a.valid).toBe(true);
    expect(a.portability[0]).toEqual({
      implementation: "TensorStore",
      version: "0.1.85",
      reads: "same",
      canonical: "gs://bucket/|ocdbt:@v1/a",
      detail: expect.stringContaining("TensorStore reads the same"),
    });
    expect(a.portability.map((p: { implementation: string }) => p.implementation)).toEqual([
      "TensorStore",
      "Neuroglancer",
      "zarr-python",
    ]);
    expect(b.portability[0]).toEqual({
      implementation: "TensorStore",
      version: "0.1.85",
      reads: "refuses",
      detail: expect.stringContaining('needs "file://"'),
    });
    expect(Object.keys(a)).toEqual(["input", "valid", "schemes", "hints", "portability"]);
  });

  test("an invalid input has its readings too, and exit 1 is validity's", async () => {
    const r = await run(["check", "--json", "--portability", "http://example.com/a b"]);
    expect(r.code).toBe(1);
    const [o] = jsonLines(r.out);
    expect(o.valid).toBe(false);
    expect(o.portability[0]).toMatchObject({ reads: "differently", canonical: "http://example.com/a%20b" });
    const t = await run(["check", "--portability", "http://example.com/a b"]);
    expect(t.out).toMatch(/^invalid: /);
    expect(t.out).toContain("  TensorStore 0.1.85: differently: TensorStore accepts what url-pipeline-v0 refuses");
  });

  test("a valid input TensorStore refuses still exits 0", async () => {
    const r = await run(["check", "--portability", "memory:x"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("  TensorStore 0.1.85: refuses: ");
  });

  test("standard input, line by line", async () => {
    const r = await run(["check", "--json", "--portability"], "s3://bucket/a.zip|zip:\nS3://bucket/a.zip|zip:\n");
    expect(jsonLines(r.out).map((o) => o.portability[0].reads)).toEqual(["same", "refuses"]);
  });

  test("without --portability there is no reading", async () => {
    const r = await run(["check", "--json", "s3://bucket/a.zip|zip:"]);
    expect(Object.keys(jsonLines(r.out)[0])).not.toContain("portability");
  });

  test("it reads pipelines: another --rule is a usage error; --portability is check's alone", async () => {
    const r = await run(["check", "--portability", "--rule", "URI", "http://x"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--portability reads pipelines");
    expect((await run(["check", "--portability", "--rule", "absolute-url-pipeline", "memory://x"])).code).toBe(0);
    expect((await run(["normalize", "--portability", "memory://x"])).code).toBe(2);
  });

  test("the manual describes it", async () => {
    const r = await run(["check", "--help"]);
    expect(r.out).toContain(
      "--portability: also how TensorStore, Neuroglancer and zarr-python read each input, a line for each that",
    );
    expect(r.out).toContain("has something to say, after its hints");
  });
});

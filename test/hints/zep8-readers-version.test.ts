/**
 * src/hints/zep8-readers-version.ts: in url-pipeline v0, a valid `ocdbt://v1/` or `icechunk://branch.x/`, which
 * ZEP 8 readers do not read as a version, gets a warning with the `@` spelling of the zep8 dialect (no
 * replacement: that spelling is not v0).
 */
import { portability, readTensorStore, validate } from "../../src";
import { ofCode, ZEP8 } from "./helpers";

/** The quoted pipeline a message offers, and whether the zep8 dialect reads it. */
const offered = (message: string) => /write "([^"]*)" \(the zep8 dialect\)/.exec(message)?.[1];

describe("a v0 version ZEP 8 readers do not read", () => {
  test("ocdbt://v1/: the whole pipeline in the zep8 spelling, which TensorStore reads with the version", () => {
    const input = "file:///db/|ocdbt://v1/a|zarr3:";
    const [h] = ofCode(input, "zep8-readers-version");
    expect(h!.replacement).toBeUndefined();
    expect(h!.message).toContain(
      'ZEP 8 readers do not read "ocdbt://v1" as a version (TensorStore drops it and reads the latest version',
    );
    const zep8 = offered(h!.message)!;
    expect(zep8).toBe("file:///db/|ocdbt:@v1/a|zarr3:");
    expect(validate(zep8, ZEP8).valid).toBe(true);
    const ts = readTensorStore(zep8);
    expect(ts.accepts && ts.reading[1]!.fields.version).toBe("v1");
    // What the hint warns of: TensorStore reads the v0 spelling without it.
    expect(portability(input)[0]!.reads).toBe("differently");
    expect(portability(zep8, { dialect: "zep8" })[0]!.reads).toBe("same");
  });

  test("a commit time, and two versioned sub-URLs, all rewritten", () => {
    const [h] = ofCode("s3://bucket/x/|ocdbt://2025-01-01T01:23:45.678Z/y/|icechunk://tag.t/", "zep8-readers-version");
    expect(offered(h!.message)).toBe("s3://bucket/x/|ocdbt:@2025-01-01T01:23:45.678Z/y/|icechunk:@tag.t/");
  });

  test("icechunk: the reference, and what readers do instead", () => {
    const [h] = ofCode("file:///r/|icechunk://branch.x/a", "zep8-readers-version");
    expect(h!.message).toContain(
      'do not read "icechunk://branch.x" as a reference (Neuroglancer reads it as part of the path; TensorStore has no icechunk:)',
    );
    expect(offered(h!.message)).toBe("file:///r/|icechunk:@branch.x/a");
  });

  test("a pipeline the zep8 dialect cannot read (memory: is no ZEP 8 root): the sub-URL's spelling only", () => {
    const [h] = ofCode("memory://x|ocdbt://v1/a", "zep8-readers-version");
    expect(offered(h!.message)).toBeUndefined();
    expect(h!.message).toMatch(/write the sub-URL as ZEP 8 does, "ocdbt:@v1\/a"$/);
  });

  test.each([
    ["file:///db/|ocdbt:/a", {}],
    ["file:///db/|ocdbt:a", {}],
    ["file:///r/|icechunk:a", {}],
    ["s3://bucket/x|zip:a", {}],
    ["file:///db/|ocdbt:@v1/a", ZEP8],
  ])("no such hint: %s", (input, options) => {
    expect(validate(input, options).valid).toBe(true);
    expect(ofCode(input, "zep8-readers-version", options)).toEqual([]);
  });
});

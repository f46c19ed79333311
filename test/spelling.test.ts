/** src/spelling.ts: the names nearest a mistyped one (schemes for the hints, commands and options for the CLI). */
import { DIALECTS } from "../src";
import { editDistance, maxDistance, spellingCandidates } from "../src/spelling";

describe("editDistance: optimal string alignment", () => {
  test.each([
    ["", "", 0],
    ["zip", "zip", 0],
    ["zipp", "zip", 1],
    ["zpi", "zip", 1],
    ["httsps", "https", 1],
    ["httsps", "http", 2],
    ["zar3", "zarr3", 1],
    ["zar3", "zarr", 1],
    ["zar3", "zarr2", 2],
    ["gcs", "gs", 1],
    ["abc", "ca", 3],
    ["", "abc", 3],
  ])("%s %s: %i", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
  test("stops early past the limit", () => {
    expect(editDistance("neuroglancer-precomputed", "zip", 2)).toBe(3);
    expect(editDistance("abcdef", "badcfe", 2)).toBe(3);
  });
  test("the limit: 1 up to 4 characters, else 2", () => {
    expect([maxDistance("zip"), maxDistance("zipp"), maxDistance("httsps")]).toEqual([1, 1, 2]);
  });
});

describe("spellingCandidates: nearest first; ties by shared start and end", () => {
  const adapters = DIALECTS["url-pipeline-v0"].meta.schemes.filter((s) => s.role === "adapter").map((s) => s.scheme);
  test.each([
    ["zar3", ["zarr3", "zarr"]],
    ["zipp", ["zip"]],
    ["jpg", ["jpeg"]],
    ["tif", ["tiff"]],
    ["gzp", ["gzip"]],
    ["zarr4", ["zarr3", "zarr2", "zarr"]],
    ["hdf", ["hdf5"]],
    ["icechunck", ["icechunk"]],
    ["neuroglancer-precompute", ["neuroglancer-precomputed"]],
    ["qqqqqq", []],
  ])("%s", (typed, expected) => {
    expect(spellingCandidates(typed, adapters)).toEqual(expected);
  });
});

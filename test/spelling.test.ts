/** src/spelling.ts: the names nearest a mistyped one (schemes for the hints, commands and options for the CLI). */
import fc from "fast-check";
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
  test("the textbook recurrence, on random pairs of names (the scratch rows, names longer than they hold)", () => {
    // Optimal string alignment as Damerau's paper and its textbooks write it: a whole table, no limit.
    const reference = (a: string, b: string): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => i + j));
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
          const cost = a[i - 1] === b[j - 1] ? 0 : 1;
          d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
            d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
        }
      }
      return d[a.length]![b.length]!;
    };
    const name = fc.string({ unit: fc.constantFrom(..."abzip3+-."), maxLength: 9 });
    fc.assert(
      fc.property(name, name, fc.constantFrom(1, 2, Infinity), (a, b, limit) => {
        // Within the limit, the distance; past it, some number past it (limit + 1 once every cell of a row is).
        const d = reference(a, b);
        if (d <= limit) expect(editDistance(a, b, limit)).toBe(d);
        else expect(editDistance(a, b, limit)).toBeGreaterThan(limit);
      }),
      { seed: 8, numRuns: 3000 },
    );
    const long = "x".repeat(70);
    expect(editDistance(long, `y${long.slice(1)}`)).toBe(1);
    expect(editDistance(`${long}ab`, `${long}ba`)).toBe(1);
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

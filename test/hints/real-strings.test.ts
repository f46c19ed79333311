/**
 * Strings real people wrote (test/fixtures/real-strings/strings.json: 623, from docs, tests, notebooks and issue
 * threads of TensorStore, Neuroglancer, fsspec, rasterio, Icechunk, zarr-python and others, each with its source),
 * through validate(): each refused one gets the first hint the fixture expects (its code, its replacement, whether
 * it keeps what the author named), or none, for the reason the fixture gives; no hint that changes what is named
 * comes before one that keeps it; every replacement is valid; nothing throws, in either dialect.
 */
import { validate, type ParseOptions } from "../../src";
import corpus from "../fixtures/real-strings/strings.json";

interface Case {
  input: string;
  source: { repo: string; commit: string; path: string; line: number } | { url: string };
  meant: string | null;
  firstHint?: { code: string; replacement: string | null; keepsMeaning?: boolean } | null;
  noHint?: string;
}
const cases = corpus.cases as Case[];

test("the corpus: at least 400 strings from at least 50 sources, each with its source", () => {
  expect(cases.length).toBeGreaterThanOrEqual(400);
  const sources = new Set(cases.map((c) => ("repo" in c.source ? c.source.repo : new URL(c.source.url).host)));
  expect(sources.size).toBeGreaterThanOrEqual(50);
  for (const c of cases) {
    if ("repo" in c.source) {
      expect(c.source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(c.source.line).toBeGreaterThan(0);
    } else {
      expect(c.source.url).toMatch(/^https:\/\//);
    }
  }
});

test.each(cases.map((c) => [c.input, c]))("%j", (input, c) => {
  const r = validate(input);
  if (r.valid) {
    expect(c.firstHint).toBeUndefined();
    return;
  }
  expect(c.firstHint).not.toBeUndefined();
  const [first] = r.hints;
  if (c.firstHint === null) {
    expect([first, c.noHint]).toEqual([undefined, expect.any(String)]);
    return;
  }
  expect({
    code: first?.code,
    replacement: first?.replacement ?? null,
    ...(first?.replacement === undefined ? {} : { keepsMeaning: first.keepsMeaning }),
  }).toEqual(c.firstHint);
});

describe.each<[string, ParseOptions]>([
  ["url-pipeline-v0", {}],
  ["zep8", { dialect: "zep8" }],
  ["zep8 relative-url-pipeline", { dialect: "zep8", rule: "relative-url-pipeline" }],
])("%s: over the whole corpus", (_name, options) => {
  test("no fix that changes what is named before one that keeps it; every replacement valid; nothing throws", () => {
    for (const c of cases) {
      const hints = validate(c.input, options).hints;
      const firstChanging = hints.findIndex((h) => h.keepsMeaning === false);
      const lastKeeping = hints.map((h) => h.keepsMeaning === true).lastIndexOf(true);
      expect([c.input, firstChanging < 0 || lastKeeping < firstChanging]).toEqual([c.input, true]);
      for (const h of hints) {
        if (h.replacement === undefined) continue;
        expect([c.input, h.replacement, validate(h.replacement, options).valid]).toEqual([
          c.input,
          h.replacement,
          true,
        ]);
      }
    }
  });
});

test("where the author's meaning is known and the first hint has a fix that keeps it, the fix is mostly that meaning", () => {
  const known = cases.filter((c) => c.meant !== null && c.firstHint?.keepsMeaning === true);
  const same = known.filter((c) => c.firstHint!.replacement === c.meant);
  // The rest are choices decisions record (memory:///x -> memory://x; NCZarr's s3 mode -> s3+https:).
  expect(same.length / known.length).toBeGreaterThan(0.9);
});

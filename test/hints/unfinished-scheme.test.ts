import { hintsOf } from "./helpers";

test("an adapter being typed: the adapters it starts, no %7C fix", () => {
  const hints = hintsOf("s3://bucket/data/|z");
  expect(hints).toEqual([
    { code: "unfinished-scheme", message: '"z" is the start of the adapters zip:, zstd:, zarr3:, zarr2:, zarr:' },
  ]);
  // A name one letter from an adapter's is a misspelling too: its fix first, then the list.
  expect(hintsOf("s3://bucket/data/|zar").map((h) => [h.code, h.replacement ?? h.message])).toEqual([
    ["misspelt-scheme", "s3://bucket/data/|zarr"],
    ["unfinished-scheme", '"zar" is the start of the adapters zarr3:, zarr2:, zarr:'],
  ]);
});

test("not an alias (|gz is gzip's other name) nor a name no adapter starts", () => {
  expect(hintsOf("s3://bucket/a.gz|gz").map((h) => h.code)).toEqual(["scheme-alias"]);
  expect(hintsOf("file:///a|b.zip").map((h) => h.code)).toEqual(["pipe-in-path"]);
});

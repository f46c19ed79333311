import { inScheme, schemeWord, subUrlAt } from "../../src/messages/context";

describe("subUrlAt", () => {
  const input = "s3://b/a.zip|zip:x|zarr3:";
  test.each([
    [0, 0, 0, 12, "s3://b/a.zip", "s3"],
    [12, 0, 0, 12, "s3://b/a.zip", "s3"],
    [13, 1, 13, 18, "zip:x", "zip"],
    [25, 2, 19, 25, "zarr3:", "zarr3"],
  ])("offset %d: sub-URL %d [%d, %d)", (offset, index, start, end, raw, scheme) => {
    expect(subUrlAt(input, offset)).toEqual({ index, count: 3, start, end, raw, scheme });
  });
  test("offset 0 of an input that starts with |", () => {
    expect(subUrlAt("|zip", 0)).toMatchObject({ index: 0, start: 0, end: 0, raw: "", scheme: null, count: 2 });
  });
  test("inScheme and schemeWord", () => {
    const ctx = subUrlAt("file:///a|Zipp:x", 12);
    expect([inScheme("file:///a|Zipp:x", ctx, 12), inScheme("file:///a|Zipp:x", ctx, 15), schemeWord(ctx)]).toEqual([
      true,
      false,
      "Zipp",
    ]);
  });
});

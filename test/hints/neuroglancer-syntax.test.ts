import { hintsOf } from "./helpers";

describe("viewer links: a message naming the state or the source, no fix before it", () => {
  test("#!URL: the state's URL", () => {
    const hints = hintsOf("https://neuroglancer-demo.appspot.com/#!gs://flyem-views/hemibrain/v1.2/base.json");
    expect(hints[0]).toEqual({
      code: "viewer-link",
      message: expect.stringContaining('"gs://flyem-views/hemibrain/v1.2/base.json"'),
    });
    // The %23 fix comes last, and says it names another page.
    expect(hints.every((h, i) => i === 0 || h.keepsMeaning === false)).toBe(true);
  });

  test("#!{json}, percent-encoded too: the first layer's source", () => {
    const state = encodeURIComponent('{"layers":[{"source":"precomputed://gs://bucket/vol","type":"image"}]}');
    expect(hintsOf(`https://host/#!${state}`)[0]!.message).toContain('"precomputed://gs://bucket/vol"');
  });

  test("vizarr's ?source=", () => {
    expect(hintsOf("?source=https://livingobjects.ebi.ac.uk/idr/zarr/v0.5/a.zarr")[0]!.message).toContain(
      '"https://livingobjects.ebi.ac.uk/idr/zarr/v0.5/a.zarr"',
    );
  });
});

test.each([
  ["graphene://https://host/segmentation/1.0/vol", "of its own protocol"],
  ["dvid://https://host/node/instance", "of its own protocol"],
  ["vtk://https://host/a.vtk.gz", 'writes it "URL|vtk:"'],
  ["gs+ngauth+https://SERVER/BUCKET/PATH", "authenticated stores"],
  ["middleauth+https://example.com/wow/cool/", "authenticated stores"],
  ["precomputed://gs+ngauth+https://host/b/p", "authenticated stores"],
])("Neuroglancer's own data sources: %s", (input, words) => {
  const [h] = hintsOf(input);
  expect(h).toEqual({ code: "neuroglancer-data-source", message: expect.stringContaining(words) });
});

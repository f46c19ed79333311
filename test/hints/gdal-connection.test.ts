import { fixes, hintsOf } from "./helpers";

test.each([
  // csaybar/ESA-zar-zip-decision#5 (real-strings fixture)
  [
    'ZARR:"/vsizip//vsicurl/https://example.com/TC64.zarr.zip":/conditions/geometry/angle',
    "https://example.com/TC64.zarr.zip|zip:|zarr:conditions/geometry/angle",
  ],
  ["EOPFZARR:/vsicurl/https://example.com/dataset.zarr", "https://example.com/dataset.zarr|zarr:"],
  [
    "EOPFZARR:/vsicurl/https://example.com/dataset.zarr:variable_name",
    "https://example.com/dataset.zarr|zarr:variable_name",
  ],
])("a Zarr driver's connection string: %s -> %s", (input, replacement) => {
  expect(fixes(input)[0]).toEqual(["gdal-connection", replacement]);
  expect(hintsOf(input)[0]!.keepsMeaning).toBe(true);
});

test("another driver's: a message naming the file", () => {
  expect(hintsOf("NETCDF:/data/foo.nc:bar")[0]).toEqual({
    code: "gdal-connection",
    message: expect.stringContaining('reads "/data/foo.nc", subdataset "bar"; the file is "file:///data/foo.nc"'),
  });
});

test("not a drive letter, a root scheme or a URL", () => {
  expect(fixes("C:\\a.zip").map(([c]) => c)).toEqual(["local-path"]);
  expect(fixes("S3:/bucket").map(([c]) => c)).not.toContain("gdal-connection");
  expect(fixes("ZARR2://gs://bucket/a.zarr/").map(([c]) => c)).toEqual(["adapter-prefix"]);
});

test("a misspelt /vsicurl/ scheme is read as the one it is nearest", () => {
  expect(fixes("/vsicurl/htttp://example.com/a.tif")[0]).toEqual(["gdal-path", "http://example.com/a.tif"]);
});

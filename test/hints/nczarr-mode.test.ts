import { fixes, hintsOf } from "./helpers";

// netcdf-c docs/nczarr.md "URL Format"; the inputs are from netcdf-c and its users (real-strings fixture).
test.each([
  ["file:///home/user/dataset.zip#mode=nczarr,zip", "file:///home/user/dataset.zip|zip:|zarr:"],
  ["file:///xxx/yyy/testdata.file#mode=nczarr,file", "file:///xxx/yyy/testdata.file|zarr:"],
  ["s3://datasetbucket/rootkey\\#mode=nczarr&awsprofile=unidata", "s3://datasetbucket/rootkey|zarr:"],
  [
    "http://s3.us-west-2.amazonaws.com/ncar-cesm-lens/atm/daily/cesmLE-20C-FLNS.zarr#mode=zarr,s3",
    "s3+http://s3.us-west-2.amazonaws.com/ncar-cesm-lens/atm/daily/cesmLE-20C-FLNS.zarr|zarr:",
  ],
  ["https://host/a/0.nc#mode=bytes", "https://host/a/0.nc"],
])("%s -> %s", (input, replacement) => {
  expect(fixes(input)[0]).toEqual(["nczarr-mode", replacement]);
  const [h] = hintsOf(input);
  expect(h!.keepsMeaning).toBe(true);
  expect(h!.message).toContain("NCZarr mode");
});

import { hintsOf } from "./helpers";

test.each([
  ["az://naip/v002/md/2017/a.tif", "Azure Blob Storage"],
  ["abfs://my_container/path/to/file", "Azure Data Lake Storage Gen2"],
  ["hdfs://namenode.example.com/myfiles.txt", "Hadoop"],
  ["dap4://opendap.earthdata.nasa.gov/collections/dataset", "OPeNDAP"],
  ["vcc://my-data/file.nc", "Icechunk virtual chunk container"],
])("%s: what it names, and that no root of the specification does (no fix)", (input, words) => {
  const hints = hintsOf(input);
  expect(hints[0]).toEqual({ code: "foreign-scheme", message: expect.stringContaining(words) });
  expect(hints[0]!.message).toContain("has no root scheme for");
});

test("not a scheme the dialect has", () => {
  expect(hintsOf("ftp://host/a").map((h) => h.code)).toContain("foreign-scheme");
  expect(hintsOf("https://host/a b").map((h) => h.code)).not.toContain("foreign-scheme");
});

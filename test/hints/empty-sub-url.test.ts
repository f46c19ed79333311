/**
 * src/hints/empty-sub-url.ts: `a||b`, a leading and a trailing `|` (decision D17).
 */
import { fixes, hintsOf, ZEP8, ZEP8_RELATIVE } from "./helpers";

test.each([
  ["file:/a||zip:", "file:/a|zip:"],
  ["file:/a|||zip:||zarr3:", "file:/a|zip:|zarr3:"],
  ["file:/a|", "file:/a"],
  ["file:/a|zip:|", "file:/a|zip:"],
  ["|file:/a", "file:/a"],
  ["||file:/a||", "file:/a"],
])("%s", (input, replacement) => {
  expect(fixes(input)).toEqual([["empty-sub-url", replacement]]);
  expect(fixes(input, ZEP8)).toEqual([["empty-sub-url", replacement]]);
});

test("the message says where", () => {
  expect(hintsOf("file:/a|")[0]!.message).toMatch(/^a trailing "\|" makes an empty sub-URL/);
  expect(hintsOf("|file:/a")[0]!.message).toMatch(/^a leading "\|"/);
  expect(hintsOf("file:/a||zip:")[0]!.message).toMatch(/^"\|\|"/);
  expect(hintsOf("|file:/a||zip:|")[0]!.message).toMatch(/^a leading "\|", "\|\|" and a trailing "\|"/);
});

test("nothing but |: no replacement", () => {
  expect(fixes("|")).toEqual([["empty-sub-url", null]]);
  expect(fixes("||")).toEqual([["empty-sub-url", null]]);
  expect(fixes("")).toEqual([]);
});

test("zep8 relative rule: a leading | is the empty relative path, and stays", () => {
  expect(fixes("|zip:x|", ZEP8_RELATIVE)).toEqual([["empty-sub-url", "|zip:x"]]);
  expect(fixes("a/b||zip:x", ZEP8_RELATIVE)).toEqual([["empty-sub-url", "a/b|zip:x"]]);
  expect(fixes("|zip:x", ZEP8_RELATIVE)).toEqual([]); // valid
});

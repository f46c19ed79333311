/**
 * An Icechunk sub-URL's effective reference (ZEP 8: "icechunk: (equivalent to icechunk:@branch.main/, refers to the
 * root of the main branch)", "icechunk:path/to/node/ (equivalent to icechunk:@branch.main/path/to/node/)"), and its
 * path without the "/" that separates it from a written reference (D38): equivalent spellings, equal values.
 */
import { normalize, parse } from "../../src";
import type { DialectName, IcechunkSubUrl } from "../../src/tree/nodes";

const sub = (input: string, dialect: DialectName) => parse(input, { dialect }).subUrls[1] as IcechunkSubUrl;
/** What a sub-URL means: its effective reference and its path's value (raw and spans differ by spelling). */
const meaning = (s: IcechunkSubUrl) => ({ ref: s.effectiveRef, path: s.path.value });

test.each([
  ["zep8", "file:///r/|icechunk:", "file:///r/|icechunk:@branch.main/"],
  ["zep8", "file:///r/|icechunk:path/to/node/", "file:///r/|icechunk:@branch.main/path/to/node/"],
  ["zep8", "file:///r/|icechunk", "file:///r/|icechunk:@branch.main"],
  ["url-pipeline-v0", "file:///r/|icechunk:path/to/node/", "file:///r/|icechunk://branch.main/path/to/node/"],
  ["url-pipeline-v0", "file:///r/|icechunk:", "file:///r/|icechunk://branch.main"],
] as const)("%s: %s means what %s means", (dialect, a, b) => {
  expect(meaning(sub(a, dialect))).toEqual(meaning(sub(b, dialect)));
  expect(sub(a, dialect).effectiveRef).toEqual({ kind: "branch", name: "main" });
  expect(normalize(a, { dialect })).toBe(normalize(b, { dialect }));
});

test.each([
  ["zep8", "file:///r/|icechunk:@tag.v%201/a", { kind: "tag", name: "v 1" }, "a"],
  ["zep8", "file:///r/|icechunk:@branch.dev", { kind: "branch", name: "dev" }, ""],
  [
    "url-pipeline-v0",
    "file:///r/|icechunk://FWWFQGAW742XMX0F5MF0/x/",
    { kind: "snapshot", id: "FWWFQGAW742XMX0F5MF0" },
    "x/",
  ],
] as const)("%s: %s reads %j, path %j", (dialect, input, ref, path) => {
  expect(meaning(sub(input, dialect))).toEqual({ ref, path });
});

test("another branch is another meaning", () => {
  expect(meaning(sub("file:///r/|icechunk:@branch.dev/a", "zep8"))).not.toEqual(
    meaning(sub("file:///r/|icechunk:a", "zep8")),
  );
});

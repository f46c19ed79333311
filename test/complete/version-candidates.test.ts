/**
 * version-candidates.ts: inside ocdbt: and icechunk:, before the parser's filter.
 */
import { position } from "../../src/complete/position";
import { versionCandidates } from "../../src/complete/version-candidates";
import type { DialectName } from "../../src/tree/nodes";

const at = (partial: string, dialect: DialectName) =>
  versionCandidates(partial, position(partial), dialect).map((c) => [c.completion, c.kind]);

test("the marker, completed from any prefix of it", () => {
  expect(at("f:///d/|ocdbt:", "url-pipeline-v0")).toEqual([["f:///d/|ocdbt://", "separator"]]);
  expect(at("f:///d/|ocdbt:/", "url-pipeline-v0")).toEqual([["f:///d/|ocdbt://", "separator"]]);
  expect(at("f:///d/|Icechunk:", "zep8")).toEqual([["f:///d/|Icechunk:@", "separator"]]);
});

test("after the marker: keywords by prefix (case-sensitive), the template filled in", () => {
  expect(at("f:///d/|ocdbt:@", "zep8")).toEqual([
    ["f:///d/|ocdbt:@v", "version"],
    ["f:///d/|ocdbt:@2025-01-01T00:00:00Z", "template"],
  ]);
  expect(at("f:///d/|ocdbt:@20", "zep8")).toEqual([["f:///d/|ocdbt:@2025-01-01T00:00:00Z", "template"]]);
  expect(at("f:///d/|ocdbt:@1999-12", "zep8")).toEqual([["f:///d/|ocdbt:@1999-12-01T00:00:00Z", "template"]]);
  expect(at("f:///d/|ocdbt:@1999/", "zep8")).toEqual([]);
  expect(at("f:///d/|ocdbt:@1999x", "zep8")).toEqual([]);
  expect(at("f:///d/|icechunk://ta", "url-pipeline-v0")).toEqual([["f:///d/|icechunk://tag.", "ref-keyword"]]);
  expect(at("f:///d/|icechunk://TA", "url-pipeline-v0")).toEqual([]);
});

test("nothing elsewhere", () => {
  expect(at("f:///d/|ocdbt:x", "zep8")).toEqual([]);
  expect(at("f:///d/|ocdbt:@v1/", "zep8")).toEqual([]); // past the version: a path
  expect(at("f:///d/|ocdbt:@v1", "zep8")).toEqual([]); // v1 does not fit the commit time's shape
  expect(at("f:///d/|zip:", "zep8")).toEqual([]);
  expect(at("f:///d/|ocdbt", "zep8")).toEqual([]);
  expect(at("ocdbt:", "zep8")).toEqual([]); // a root position
});

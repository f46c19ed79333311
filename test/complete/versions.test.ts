/**
 * versions.ts: the version marker and keywords of ocdbt: and icechunk:, read from parsed trees of the builder's
 * output, agree with what format() writes and with the grammar.
 */
import { versionMark } from "../../src/meaning/format";
import { parse } from "../../src/parse";
import { versionForms } from "../../src/complete/versions";
import type { DialectName, IcechunkSubUrl, OcdbtSubUrl } from "../../src/tree/nodes";

describe.each(["url-pipeline-v0", "zep8"] as DialectName[])("%s", (dialect) => {
  const forms = versionForms(dialect);

  test("ocdbt and icechunk, nothing else", () => {
    expect([...forms.keys()].sort()).toEqual(["icechunk", "ocdbt"]);
  });

  test("the marker is the dialect's (format.ts versionMark: v0 //, ZEP 8 @)", () => {
    expect(forms.get("ocdbt")!.marker).toBe(versionMark(dialect));
    expect(forms.get("icechunk")!.marker).toBe(versionMark(dialect));
  });

  test("ocdbt: v (version) and the commit-time template", () => {
    expect(forms.get("ocdbt")!.items.map((i) => [i.text, i.kind])).toEqual([
      ["v", "version"],
      ["2025-01-01T00:00:00Z", "template"],
    ]);
  });

  test("icechunk: branch. and tag. (ref-keyword)", () => {
    expect(forms.get("icechunk")!.items.map((i) => [i.text, i.kind])).toEqual([
      ["branch.", "ref-keyword"],
      ["tag.", "ref-keyword"],
    ]);
  });

  test("each keyword, with a number or a name after it, parses as that kind of version", () => {
    const m = versionMark(dialect);
    const ocdbt = (text: string) =>
      (parse(`file:///d/|ocdbt:${m}${text}`, { dialect }).subUrls[1] as OcdbtSubUrl).version;
    const icechunk = (text: string) =>
      (parse(`file:///d/|icechunk:${m}${text}`, { dialect }).subUrls[1] as IcechunkSubUrl).ref;
    const [v, template] = forms.get("ocdbt")!.items;
    expect(ocdbt(`${v!.text}7`)).toMatchObject({ kind: "generation", generation: 7n });
    expect(ocdbt(template!.text)).toMatchObject({ kind: "commit-time", time: { year: 2025, month: 1, day: 1 } });
    const [branch, tag] = forms.get("icechunk")!.items;
    expect(icechunk(`${branch!.text}main`)).toMatchObject({ kind: "branch", name: { value: "main" } });
    expect(icechunk(`${tag!.text}v5`)).toMatchObject({ kind: "tag", name: { value: "v5" } });
  });

  test("details", () => {
    expect(forms.get("ocdbt")!.detail).toBe("a version follows: vN (a generation) or a commit time");
    expect(forms.get("icechunk")!.items[0]!.detail).toContain("branch.NAME");
  });
});

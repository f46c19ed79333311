import * as fs from "node:fs";
import * as path from "node:path";
import { DIALECTS } from "../../src/dialects";
import { describeExpectations, type Expectation } from "../../src/messages/expectations";
import { DISPLAY_NAMES } from "../../src/messages/display-names";

const meta = DIALECTS["url-pipeline-v0"].meta;
const lit = (text: string): Expectation => ({ type: "literal", text });

describe("describeExpectations: characters named after the grammar's rules", () => {
  test("a one-character rule is named when all its characters are expected", () => {
    expect(describeExpectations([{ type: "class", parts: [["0", "9"]], inverted: false }, lit("-")], meta)).toEqual([
      "a digit",
      '"-"',
    ]);
  });
  test("a one-character rule's Peggy display name (its ABNF name) is read as its characters", () => {
    expect(
      describeExpectations(
        [
          { type: "other", description: "ALPHA" },
          { type: "other", description: "DIGIT" },
        ],
        meta,
      ),
    ).toEqual(["a letter", "a digit"]);
  });
  test("a failed lookahead guard ('follow: LO-HI LO ... end') is read as characters and the end of the input", () => {
    expect(describeExpectations([{ type: "other", description: "follow: 48-57 124 end" }], meta)).toEqual([
      "a digit",
      '"|"',
      "the end of the input",
    ]);
    expect(describeExpectations([{ type: "other", description: "follow: 47 63-63" }], meta)).toEqual(['"/"', '"?"']);
  });
  test('"%" is a percent-encoded byte', () => {
    expect(describeExpectations([lit("%"), lit("/")], meta)).toEqual(["a percent-encoded byte (%XX)", '"/"']);
  });
  test("the largest named set first: unreserved rather than its letters and digits", () => {
    const unreserved = [{ type: "other" as const, description: "unreserved" }];
    expect(describeExpectations(unreserved, meta)).toEqual([
      'an unreserved character (letter, digit, "-", ".", "_", "~")',
    ]);
  });
  test("anything else is quoted, in code order, then the end of the input", () => {
    expect(describeExpectations([{ type: "end" }, lit("z"), lit("a")], meta)).toEqual([
      '"a"',
      '"z"',
      "the end of the input",
    ]);
  });
});

describe("display names", () => {
  /** Every rule's FIRST set, as the build found it (generated/DIALECT/rule-analysis.json): what the tests check against. */
  const analysis = (d: string): Record<string, { ranges: [number, number][]; oneChar: boolean }> =>
    JSON.parse(fs.readFileSync(path.join(__dirname, "../../generated", d, "rule-analysis.json"), "utf8")).first;

  test.each(Object.keys(DIALECTS))("every one-character rule of %s has one", (d) => {
    const unnamed = Object.entries(analysis(d))
      .filter(([name, f]) => f.oneChar && !Object.hasOwn(DISPLAY_NAMES, name))
      .map(([n]) => n);
    expect(unnamed).toEqual([]);
  });
  test("every named rule exists in a dialect", () => {
    const all = new Set(Object.keys(DIALECTS).flatMap((d) => Object.keys(analysis(d))));
    expect(Object.keys(DISPLAY_NAMES).filter((n) => !all.has(n))).toEqual([]);
  });
  test.each(Object.keys(DIALECTS))(
    "%s's metadata carries the FIRST sets of exactly the rules messages name, as the build found them",
    (d) => {
      const all = analysis(d);
      const named = Object.keys(all).filter((n) => all[n]!.oneChar || Object.hasOwn(DISPLAY_NAMES, n));
      const meta = DIALECTS[d as keyof typeof DIALECTS].meta;
      expect(Object.keys(meta.first).sort()).toEqual(named.sort());
      for (const n of named) expect(meta.first[n]).toEqual(all[n]);
      // 11 of the grammar's 300-odd rules: the others stay out of the shipped metadata and browser bundles.
      expect(named.length).toBeLessThan(Object.keys(all).length / 10);
    },
  );
});

/**
 * scripts/generate.ts's DFA step on the real grammars: the sizes it reports, and a failure that names the dialect
 * manifest and the grammar files of the rules involved.
 */
import { buildDialect, buildDialectDfas } from "../../../scripts/generate";
import taggedRules from "../../../src/strict/tagged-rules.json";

describe("the DFAs of the pipeline rules", () => {
  test("each dialect's pipeline rules, within the state budget, with their sizes reported", () => {
    const report: string[] = [];
    const v0 = buildDialectDfas(buildDialect("url-pipeline-v0"), taggedRules.rules, report);
    const zep8 = buildDialectDfas(buildDialect("zep8"), taggedRules.rules, report);
    expect(v0.map((d) => d.startRule)).toEqual(["absolute-url-pipeline"]);
    expect(zep8.map((d) => d.startRule)).toEqual(["absolute-url-pipeline", "relative-url-pipeline"]);
    expect(report).toHaveLength(3);
    expect(report[0]).toMatch(
      /^url-pipeline-v0 absolute-url-pipeline: \d+ positions, \d+ subset states, \d+ minimal states, \d+ character classes, \d+ table bytes$/,
    );
    // Every tagged rule a dialect defines gets a tag.
    expect(v0[0]!.tags).toEqual(taggedRules.rules);
  });

  test("a tag the run time could not place fails the build, naming the manifest and the grammar file", () => {
    // file:/x and file:///x: at the first "/" it is not yet known whether local-path has begun.
    const build = buildDialect("url-pipeline-v0");
    const run = () => buildDialectDfas(build, ["local-path"], []);
    expect(run).toThrow(
      /dialect url-pipeline-v0 \(grammar\/dialects\/url-pipeline-v0\.json\), DFA of absolute-url-pipeline/,
    );
    expect(run).toThrow(/grammar\/schemes\/file\.abnf \([^)]*local-path/);
  });
});

/**
 * TensorStore's recorded answers (test/fixtures/tensorstore/runs.json, written by `npm run test:tensorstore --
 * --record` from runs of the real package), replayed through portability() without Python: every verdict and
 * canonical URL TensorStore gave must be the one predicted.
 */
import runs from "../fixtures/tensorstore/runs.json";
import { portability, readTensorStore, TENSORSTORE } from "../../src";

type Case = [input: string, canonical: string | null] | [input: string, refused: false, error: string];
const cases = runs.cases as Case[];

describe("TensorStore's recorded answers", () => {
  test("were recorded from the version the model is of, with their provenance", () => {
    expect(runs.tensorstore).toBe(TENSORSTORE.version);
    expect(runs.recorded).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(runs.command).toBe("npm run test:tensorstore -- --record");
    expect(runs.python).toMatch(/^Python 3\./);
    expect(cases.length).toBeGreaterThan(5000);
  });

  test("the recording has both verdicts, and inputs TensorStore accepts but writes no URL for", () => {
    expect(cases.filter((c) => c[1] === false).length).toBeGreaterThan(1000);
    expect(cases.filter((c) => typeof c[1] === "string").length).toBeGreaterThan(1000);
    expect(cases.some((c) => c[1] === null)).toBe(true);
  });

  test("portability() predicts every verdict and canonical URL", () => {
    const wrong: string[] = [];
    for (const c of cases) {
      const reading = portability(c[0], { dialect: "zep8" })[0]!;
      const predicted = reading.reads === "refuses" ? false : (reading.canonical ?? null);
      if (predicted !== c[1])
        wrong.push(
          `${JSON.stringify(c[0])}: predicted ${JSON.stringify(predicted)}, TensorStore ${JSON.stringify(c[1])}`,
        );
    }
    expect(wrong).toEqual([]);
  });

  test("the model alone (readTensorStore) agrees too, in both dialects' terms", () => {
    for (const c of cases.slice(0, 500)) {
      const p = readTensorStore(c[0]);
      expect([c[0], p.accepts ? p.canonical : false]).toEqual([c[0], c[1]]);
      const v0 = portability(c[0], { dialect: "url-pipeline-v0" })[0]!;
      expect([c[0], v0.reads === "refuses"]).toEqual([c[0], c[1] === false]);
    }
  });
});

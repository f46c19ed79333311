import { DIALECTS } from "../../src/dialects";
import { validate } from "../../src/parse";
import type { ValidateLike } from "../differential/agree";
import { parseArgs, runFuzz, type FuzzTarget } from "./run";

const target: FuzzTarget = { validate: validate as ValidateLike, DIALECTS };

describe("parseArgs", () => {
  test("defaults: a million runs, a seed from the clock", () => {
    expect(parseArgs([], 1234)).toEqual({ runs: 1_000_000, seed: 1234 });
  });
  test("--flag value and --flag=value", () => {
    expect(parseArgs(["--runs", "1_000", "--seed=7", "--dialect", "zep8", "--rule=host"], 0))
      .toEqual({ runs: 1000, seed: 7, dialect: "zep8", rule: "host" });
  });
  test.each([
    [["--runs", "0"], "--runs takes a positive integer"],
    [["--seed", "x"], "--seed takes an integer"],
    [["--runs"], "--runs needs a value"],
    [["--fast"], 'unknown argument "--fast"'],
  ])("%j: %s", (argv, message) => {
    expect(parseArgs(argv, 0)).toBe(message);
  });
});

describe("runFuzz", () => {
  test("the parser agrees with the ABNF on a short run; the runs are spread and counted", () => {
    const r = runFuzz({ runs: 400, seed: 1, dialect: "url-pipeline-v0" }, target);
    expect(r.disagreements).toEqual([]);
    expect(r.inputs).toBeGreaterThanOrEqual(400);
    expect(r.matched).toBeGreaterThan(0);
    expect(r.matched).toBeLessThan(r.inputs);
  });

  test("a parser that accepts everything is caught", () => {
    const lax: FuzzTarget = { ...target, validate: () => ({ valid: true }) };
    const r = runFuzz({ runs: 50, seed: 1, dialect: "zep8", rule: "IPv4address" }, lax);
    expect(r.disagreements.length).toBeGreaterThan(0);
    expect(r.disagreements.every((d) => d.what === "parser accepts, ABNF does not")).toBe(true);
  });

  test("a wrong error offset is caught", () => {
    const off: FuzzTarget = {
      ...target,
      validate: (input, options) => {
        const r = (validate as ValidateLike)(input, options);
        return r.valid ? r : { valid: false, error: { kind: r.error.kind, offset: r.error.offset + 1 } };
      },
    };
    const r = runFuzz({ runs: 100, seed: 1, dialect: "url-pipeline-v0", rule: "absolute-url-pipeline" }, off);
    expect(r.disagreements.some((d) => d.what === "error offset")).toBe(true);
  });
});

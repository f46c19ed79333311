import { DIALECTS } from "../../src/dialects";
import { validate } from "../../src/api";
import type { ValidateLike } from "../differential/agree";
import { SOURCE_ENGINES } from "../differential/source-engines";
import { UrlPipelineSyntaxError } from "../../src/errors";
import { runEngineFuzz } from "./engines";
import { parseArgs, runFuzz, type FuzzTarget } from "./run";

const target: FuzzTarget = { validate: validate as ValidateLike, DIALECTS };

describe("parseArgs", () => {
  test("defaults: a million runs, a seed from the clock", () => {
    expect(parseArgs([], 1234)).toEqual({ runs: 1_000_000, seed: 1234 });
  });
  test("--flag value and --flag=value", () => {
    expect(parseArgs(["--runs", "1_000", "--seed=7", "--dialect", "zep8", "--rule=host"], 0)).toEqual({
      runs: 1000,
      seed: 7,
      dialect: "zep8",
      rule: "host",
    });
  });
  test("--engines: the DFA engine against the parser", () => {
    expect(parseArgs(["--engines", "--runs", "10"], 3)).toEqual({ runs: 10, seed: 3, engines: true });
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

describe("runEngineFuzz", () => {
  const engines = SOURCE_ENGINES;
  const { parse } = engines;

  test("the engines agree on a short run, on every pipeline rule with a DFA", () => {
    const r = runEngineFuzz({ runs: 300, seed: 5 }, engines);
    expect(r.inputs).toBe(300);
    expect(r.disagreements).toEqual([]);
  });

  test("a DFA engine that accepts too much is caught", () => {
    const lax = { ...engines, verdict: () => ({ kind: "valid" as const }) };
    const r = runEngineFuzz({ runs: 200, seed: 5, dialect: "url-pipeline-v0" }, lax);
    expect(r.disagreements.length).toBeGreaterThan(20);
    expect(r.disagreements[0]!.dfa).toBe("valid");
  });

  test("a syntax error whose message is not the parser's is caught", () => {
    const reworded = {
      ...engines,
      parse: ((input: string, options: Parameters<typeof parse>[1]) => {
        try {
          return parse(input, options!);
        } catch (e) {
          if (e instanceof UrlPipelineSyntaxError && e.kind === "syntax") e.message = `${e.message}!`;
          throw e;
        }
      }) as typeof parse,
    };
    const r = runEngineFuzz({ runs: 200, seed: 5, dialect: "url-pipeline-v0" }, reworded);
    expect(r.disagreements.length).toBeGreaterThan(20);
    expect(r.disagreements[0]!.dfa).toMatch(/!/);
  });
});

/** src/cli/arguments.ts: the command line read, and a mistyped command or option answered with the nearest one. */
import { parseArguments, UsageError } from "../../src/cli/arguments";
import { run } from "./run";

const usageError = (argv: string[]) => {
  try {
    parseArguments(argv);
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  throw new Error(`no usage error for ${JSON.stringify(argv)}`);
};

describe("did you mean: the nearest command or option (optimal string alignment, src/spelling.ts)", () => {
  test.each([
    [["chek", "x"], 'unknown command "chek" (did you mean "check"?)'],
    [["nromalize", "x"], 'unknown command "nromalize" (did you mean "normalize"?)'],
    [["CHECK", "x"], 'unknown command "CHECK" (did you mean "check"?)'],
    [["frobnicate", "x"], 'unknown command "frobnicate"'],
    [["check", "--dialct", "zep8", "x"], 'unknown option "--dialct" for check (did you mean "--dialect"?)'],
    [["check", "--jsn", "x"], 'unknown option "--jsn" for check (did you mean "--json"?)'],
    [
      ["resolve", "--above-rot", "clamp", "a", "b"],
      'unknown option "--above-rot" for resolve (did you mean "--above-root"?)',
    ],
    // An option another command takes: named for this command, with no suggestion to take it.
    [["normalize", "--json", "x"], 'unknown option "--json" for normalize'],
    // Not near any: the usual advice for an INPUT that starts with "-".
    [["check", "--zzzzzzzz"], 'unknown option "--zzzzzzzz" for check (an INPUT that starts with "-" goes after --)'],
  ])("%j", (argv, message) => {
    expect(usageError(argv)).toBe(message);
  });

  test("on the command line: exit 2, the line and where the manual is", async () => {
    const r = await run(["chek", "s3://bucket/a"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'url-pipeline: unknown command "chek" (did you mean "check"?)\nRun "url-pipeline help" (or "url-pipeline COMMAND --help") for usage.\n',
    );
    expect((await run(["help", "chek"])).err).toContain('(did you mean "check"?)');
  });
});

describe("check --summary", () => {
  test("a last line on standard error counts the answers; standard output keeps one answer per input", async () => {
    const r = await run(["check", "--summary"], "s3://bucket/a\n\nzz\nfile:///x|zip:\n");
    expect(r.code).toBe(1);
    expect(
      r.out
        .trimEnd()
        .split("\n")
        .filter((l) => /^line \d+: /.test(l)),
    ).toHaveLength(3);
    expect(r.err).toBe("url-pipeline check: 3 inputs, 2 valid, 1 invalid\n");
    const json = await run(["check", "--json", "--summary", "s3://bucket/a"]);
    expect(
      json.out
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l).valid),
    ).toEqual([true]);
    expect(json.err).toBe("url-pipeline check: 1 input, 1 valid, 0 invalid\n");
  });
  test("without --summary, nothing on standard error", async () => {
    expect((await run(["check"], "s3://bucket/a\nzz\n")).err).toBe("");
  });
});

/** src/cli/flags.ts: messages name the command line's flags on the command line. */
import { inFlags } from "../../src/cli/flags";
import { run } from "./run";

test.each([
  ['`options.aboveRoot: "clamp"` drops them', "`--above-root clamp` drops them"],
  ["the limit is 65536 (options.maxLength)", "the limit is 65536 (--max-length)"],
  ["the limit is 1 (options.maxSubUrls)", "the limit is 1 (--max-sub-urls)"],
  [
    'and options.dotdot is "forbid" (pass "allow" or { max: N } for ...)',
    'and --dotdot is "forbid" (pass "allow" or N for ...)',
  ],
  ["not in url-pipeline-v0 (options.dialect; --dialect on the command line)", "not in url-pipeline-v0 (--dialect)"],
  [
    'a relative pipeline (options.dialect: "zep8" and options.rule: "relative-url-pipeline"; --dialect zep8 --rule relative-url-pipeline on the command line)',
    "a relative pipeline (--dialect zep8 --rule relative-url-pipeline)",
  ],
  ['in the "zep8" dialect (options.dialect: "zep8")', 'in the "zep8" dialect (--dialect zep8)'],
  ["nothing to change", "nothing to change"],
])("%s", (library, command) => {
  expect(inFlags(library)).toBe(command);
});

test("on the command line: resolve --dotdot forbid says --dotdot, and a limit error says --max-length", async () => {
  const r = await run(["resolve", "--dialect", "zep8", "--dotdot", "forbid", "gs://bucket/a.zip|zip:b", "..:c"]);
  expect(r.code).toBe(1);
  expect(r.err).toMatch(/--dotdot is "forbid"/);
  expect(r.err).not.toMatch(/options\./);
  const limit = await run(["check", "--max-length", "3", "s3://bucket/a"]);
  expect(limit.out).toMatch(/the limit is 3 \(--max-length\)/);
});

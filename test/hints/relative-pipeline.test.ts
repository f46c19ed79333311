/**
 * src/hints/relative-pipeline.ts: a ZEP 8 relative pipeline under an absolute rule: a message only.
 */
import { validate } from "../../src";
import { fixes, ofCode, V0, ZEP8, ZEP8_RELATIVE } from "./helpers";

test.each([
  // ZEP 8's own relative forms: a "..:" adapter first, or a path.
  ["..:other.zip|zip:", ZEP8, 'options.rule: "relative-url-pipeline"; --rule relative-url-pipeline'],
  ["file.zip|zip:x", ZEP8, 'options.rule: "relative-url-pipeline"; --rule relative-url-pipeline'],
  // From url-pipeline v0, which has no relative pipelines: the dialect too.
  [
    "..:other.zip|zip:",
    V0,
    'options.dialect: "zep8" and options.rule: "relative-url-pipeline"; --dialect zep8 --rule relative-url-pipeline',
  ],
])("%s", (input, options, how) => {
  expect(validate(input, { ...options, rule: "relative-url-pipeline", dialect: "zep8" }).valid).toBe(true);
  const [h] = ofCode(input, "relative-pipeline", options);
  expect(h).toEqual({
    code: "relative-pipeline",
    message: `this is a valid ZEP 8 relative pipeline, which resolve() reads against a base pipeline (${how} on the command line)`,
  });
});

test("no replacement: the rule is one of the options", () => {
  expect(fixes("..:other.zip|zip:", ZEP8)).toEqual([["relative-pipeline", null]]);
});

test.each(["data/a.zip|zip:x", "/tmp/a.zip|zip:x", "./a.zip"])(
  "not for a local path, which local-path.ts names: %s",
  (input) => {
    expect(validate(input, ZEP8_RELATIVE).valid).toBe(true);
    expect(ofCode(input, "relative-pipeline", ZEP8)).toEqual([]);
    expect(ofCode(input, "relative-pipeline", V0)).toEqual([]);
  },
);

test.each([
  ["not under the relative rule itself", "..:a|zip:", ZEP8_RELATIVE],
  ["not when invalid as a relative pipeline too", "..:a|zipp:", ZEP8],
  ["not when the first sub-URL has a scheme", "s3://bucket/a b", ZEP8],
  // Valid relative pipelines (a path "zarr3", an empty one), but a scheme or nothing was meant: other hints say so.
  ["not for a scheme's bare name", "zarr3", ZEP8],
  ["not for a scheme's bare name", "gzip|json:/a", V0],
  ["not for an empty first sub-URL", "||", V0],
  ["not for a word alone (a relative path, but hardly meant as one)", "hello", ZEP8],
])("%s: %s", (_why, input, options) => {
  expect(ofCode(input, "relative-pipeline", options)).toEqual([]);
});

/**
 * What a program loads (the built package, dist/): the DFA engine answers valid and refused input, a refused
 * input's message included (from the expected list of the state its run died in), without the generated parser
 * (one for every dialect), which is loaded when a tree first needs it, or a rule with no DFA is asked for.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";

const DIST = path.resolve(__dirname, "..", "dist", "index.js");

function loadedAfter(code: string): string[] {
  const out = execFileSync(
    process.execPath,
    [
      "-e",
      `const u = require(${JSON.stringify(DIST)}); ${code};` +
        `console.log(JSON.stringify(Object.keys(require.cache).filter((k) => /[\\\\/]generated[\\\\/]parser\\.js$/.test(k)).map((k) => k.split(/[\\\\/]/).slice(-2).join("/")).sort()))`,
    ],
    { encoding: "utf8" },
  );
  return JSON.parse(out) as string[];
}

test("requiring the package loads no parser", () => {
  expect(loadedAfter("")).toEqual([]);
});

test("valid input through validate() and canParse() loads no parser, with a pipeline rule named in any case too", () => {
  expect(
    loadedAfter(
      `u.validate("s3://bucket/a.zip|zip:x/|zarr3:"); u.canParse("file:///d/|ocdbt:@v1/", { dialect: "zep8" })`,
    ),
  ).toEqual([]);
  expect(
    loadedAfter(
      `u.validate("..:a.zip|zip:", { dialect: "zep8", rule: "Relative-URL-Pipeline" }); u.canParse("s3://bucket/a", { rule: "absolute-url-pipeline" })`,
    ),
  ).toEqual([]);
});

test("the metadata of a dialect loads the parser only when its rules are read (they are the parser's start rules)", () => {
  expect(loadedAfter(`u.DIALECTS.zep8.meta.schemes.length`)).toEqual([]);
  expect(loadedAfter(`u.DIALECTS.zep8.meta.rules.length`)).toEqual(["generated/parser.js"]);
});

test("a tree loads the parser", () => {
  expect(loadedAfter(`u.parse("s3://bucket/x")`)).toEqual(["generated/parser.js"]);
  expect(loadedAfter(`u.validate("s3://bucket/x").pipeline.subUrls.length`)).toEqual(["generated/parser.js"]);
});

test("a refused input's error, message and expected list included, loads no parser; a rule with no DFA does", () => {
  const error = (input: string, options = "{}") =>
    `(() => { const e = u.validate(${JSON.stringify(input)}, ${options}).error; return [e.message, e.expected, e.offset]; })()`;
  expect(loadedAfter(error("s3://bucket/x|zipp:", '{ dialect: "zep8" }'))).toEqual([]);
  expect(loadedAfter(error("s3://bucket/a b"))).toEqual([]);
  expect(loadedAfter(error("s3://bucket/x|byte-range:5-1"))).toEqual([]);
  expect(loadedAfter(`(() => { try { u.parse("s3://bucket/a b"); } catch (e) { return e.message; } })()`)).toEqual([]);
  expect(loadedAfter(error("a b", '{ rule: "URI" }'))).toEqual(["generated/parser.js"]);
});

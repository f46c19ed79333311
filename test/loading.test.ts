/**
 * What a program loads (the built package, dist/): the DFA engine answers valid input without the generated
 * parser (one for every dialect), which is loaded when a tree or an error message first needs it.
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

test("a tree, or an invalid input's message, loads the parser", () => {
  expect(loadedAfter(`u.parse("s3://bucket/x")`)).toEqual(["generated/parser.js"]);
  expect(loadedAfter(`u.validate("s3://bucket/x|zipp:", { dialect: "zep8" })`)).toEqual(["generated/parser.js"]);
});

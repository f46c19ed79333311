/**
 * scripts/esm-of-generated.ts: the generated CommonJS tables and patterns read as ES modules, for the browser
 * bundles. The ES module exports what require() gives, and a file of another form stops the build.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { esmOfGenerated } from "../../scripts/esm-of-generated";

const ROOT = path.resolve(__dirname, "..", "..");
// The modules the validator bundles read (the parser is not one of them).
const FILES = ["generated/url-pipeline-v0/dfa.js", "generated/zep8/dfa.js", "generated/patterns.js"];

// Jest's module system has no import(): the ES modules are read by a child Node, which prints what they export.
function exportsOfEsm(text: string): unknown {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "esm-of-generated-"));
  const file = path.join(dir, "m.mjs");
  fs.writeFileSync(file, text);
  const script = `import(${JSON.stringify(pathToFileURL(file).href)}).then((m) => console.log(JSON.stringify({ ...m }, (k, v) => (v instanceof RegExp ? String(v) : v))))`;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}

test.each(FILES)("%s: the ES module exports what require() gives", (file) => {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const required = JSON.parse(
    JSON.stringify({ ...require(path.join(ROOT, file)) }, (_k, v) => (v instanceof RegExp ? String(v) : v)),
  );
  expect(exportsOfEsm(esmOfGenerated(text, file))).toEqual(required);
});

test("a generated file in another form stops the build, naming the file", () => {
  expect(() => esmOfGenerated('"use strict";\nmodule.exports = { a: 1 };\n', "generated/x.js")).toThrow(
    /^generated\/x\.js: not of the form/,
  );
  expect(() => esmOfGenerated('const t = require("./t");\nexports.a = t;\n', "generated/y.js")).toThrow(
    /^generated\/y\.js: /,
  );
});

/**
 * The parser-free ES module entries carry their own copy of UrlPipelineSyntaxError (each is bundled whole, for
 * browsers). `instanceof` must still hold across the copies and the main entry, in a program that imports both
 * (the built package, dist/, as Node runs it), and a subclass keeps the ordinary test.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { UrlPipelineSyntaxError, parse } from "../../src";

const DIST = path.resolve(__dirname, "..", "..", "dist");

test("ES modules: an error of url-pipeline/validate/* is an instance of the main entry's class, and the other way round", () => {
  const url = (f: string) => JSON.stringify(`file://${path.join(DIST, f)}`);
  const script = [
    `import { UrlPipelineSyntaxError, parse } from ${url("index.mjs")};`,
    `import { validate } from ${url("validate/url-pipeline-v0.mjs")};`,
    `import { validate as zep8, UrlPipelineSyntaxError as Zep8Error } from ${url("validate/zep8.mjs")};`,
    `let thrown; try { parse("s3://bucket/a.zip|zipp:x"); } catch (e) { thrown = e; }`,
    `const v0 = validate("s3://bucket/a.zip|zipp:x").error, z = zep8("x").error;`,
    `console.log(JSON.stringify([v0 instanceof UrlPipelineSyntaxError, v0 instanceof Zep8Error, z instanceof UrlPipelineSyntaxError,`,
    `  thrown instanceof Zep8Error, new Error("x") instanceof UrlPipelineSyntaxError, ({ code: "x" }) instanceof Zep8Error]));`,
  ].join("\n");
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  expect(JSON.parse(out)).toEqual([true, true, true, true, false, false]);
});

test("a subclass keeps the ordinary instanceof", () => {
  class Sub extends UrlPipelineSyntaxError {}
  let thrown: unknown;
  try {
    parse("s3://bucket/a.zip|zipp:x");
  } catch (e) {
    thrown = e;
  }
  expect([thrown instanceof UrlPipelineSyntaxError, thrown instanceof Sub, thrown instanceof Error]).toEqual([
    true,
    false,
    true,
  ]);
});

/**
 * The parser-free validators (src/validate/, `url-pipeline/validate*`): the same verdicts, kinds and offsets as the
 * main entry's validate(), messages of their own for syntax errors, and the built ES modules small and standalone.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import { buildSync } from "esbuild";
import { validate as mainValidate } from "../../src/api";
import * as both from "../../src/validate";
import * as v0 from "../../src/validate/url-pipeline-v0";
import * as zep8 from "../../src/validate/zep8";
import v0Examples from "../fixtures/spec/url-pipeline-v0.json";
import invalid from "../fixtures/invalid-inputs.json";

const ROOT = path.resolve(__dirname, "..", "..");

describe("the same verdicts as the main entry", () => {
  const inputs = [
    ...v0Examples.examples.map((e) => e.url),
    ...(invalid as { input: string; dialect?: string }[]).filter((c) => !c.dialect).map((c) => c.input),
    "s3://AB/x",
    "http://h:70000/",
    "file:///d/|ocdbt://2023-02-29T00:00:00Z/",
    "gs://b/x|byte-range:9-1",
    "s3://bucket/%FF",
  ];
  test.each(inputs.map((s) => [s]))("%j", (input) => {
    const main = mainValidate(input);
    const lean = v0.validate(input);
    expect(lean.valid).toBe(main.valid);
    expect(v0.canParse(input)).toBe(main.valid);
    if (!lean.valid && !main.valid) {
      expect([lean.error.kind, lean.error.offset]).toEqual([main.error.kind, main.error.offset]);
      if (main.error.kind === "value") expect(main.error.message.endsWith(lean.error.message)).toBe(true);
    }
  });
});

describe("errors", () => {
  test("a syntax error lists what may come there, as a character class and the end of the input", () => {
    const r = v0.validate("s3://bucket/a.zip|zipp:x");
    expect(r.valid).toBe(false);
    if (r.valid) return;
    expect(r.error.offset).toBe(22);
    expect(r.error.expected).toEqual(["a character in [\\-.0-9A-Za-z]"]);
    expect(r.error.message).toBe('expected a character in [\\-.0-9A-Za-z], found ":"');
    const end = v0.validate("s3://bucket/a|");
    expect(end.valid ? [] : end.error.expected).toEqual(["a character in [A-Za-z]"]);
    const early = v0.validate("file:");
    expect(early.valid ? [] : [early.error.offset, early.error.expected]).toEqual([5, ['"/"']]);
  });

  test("limits, as in parse()", () => {
    const r = v0.validate("file:///a|zip:|zip:", { maxSubUrls: 2 });
    expect(r.valid ? null : [r.error.kind, r.error.offset]).toEqual(["limit", 14]);
    expect(v0.canParse("s3://bucket/x", { maxLength: 5 })).toBe(false);
  });

  test("bad arguments are TypeErrors; a non-string is not valid", () => {
    expect(() => v0.validate("x", { rule: "URI" })).toThrow(TypeError);
    expect(() => both.validate("x", { dialect: "zep9" as "zep8" })).toThrow(TypeError);
    expect(() => v0.canParse("x", { maxLength: -1 })).toThrow(TypeError);
    expect(v0.canParse(42 as unknown as string)).toBe(false);
  });

  test("a dialect's own entry refuses options.dialect naming another (a JavaScript caller is not stopped by the types)", () => {
    const other = { dialect: "zep8" } as object;
    expect(() => v0.validate("file:///db/|ocdbt:@v1/path", other)).toThrow(
      new TypeError('options.dialect "zep8": this entry is url-pipeline-v0\'s (url-pipeline/validate takes a dialect)'),
    );
    expect(() => zep8.canParse("s3://bucket/x", { dialect: "bogus" } as object)).toThrow(TypeError);
    expect(v0.canParse("s3://bucket/x", { dialect: "url-pipeline-v0" } as object)).toBe(true);
  });

  test("a call without options is not changed by a polluted Object.prototype (maxLength, dialect, rule)", () => {
    const script = [
      `const main = require(${JSON.stringify(path.join(ROOT, "dist/index.js"))});`,
      `const both = require(${JSON.stringify(path.join(ROOT, "dist/validate/index.js"))});`,
      `const v0 = require(${JSON.stringify(path.join(ROOT, "dist/validate/url-pipeline-v0.js"))});`,
      `Object.assign(Object.prototype, { maxLength: 3, dialect: "zep8", rule: "URI" });`,
      `const s = "file:///db/|ocdbt://v1/path";`,
      `console.log(JSON.stringify([main.validate(s).valid, main.canParse(s), main.parse(s).dialect, both.validate(s).valid, v0.canParse(s)]));`,
    ].join("\n");
    expect(JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }))).toEqual([
      true,
      true,
      "url-pipeline-v0",
      true,
      true,
    ]);
  });

  test("options.rule that is not a string is a TypeError that says so, in every entry", () => {
    const message = /^options\.rule must be a string, not null$/;
    expect(() => v0.validate("s3://bucket/x", { rule: null as unknown as string })).toThrow(message);
    expect(() => both.canParse("s3://bucket/x", { rule: null as unknown as string })).toThrow(message);
    expect(() => mainValidate("s3://bucket/x", { rule: null as unknown as string })).toThrow(message);
    expect(() => mainValidate("s3://bucket/x", { rule: 42 as unknown as string })).toThrow(/not 42$/);
  });

  test("each dialect's rules", () => {
    expect(zep8.canParse("file:///db/|ocdbt:@v1/path")).toBe(true);
    expect(zep8.canParse("..:other.zip|zip:x", { rule: "relative-url-pipeline" })).toBe(true);
    expect(zep8.canParse("..:other.zip|zip:x")).toBe(false);
    expect(both.canParse("..:other.zip|zip:x", { dialect: "zep8", rule: "relative-url-pipeline" })).toBe(true);
    expect(both.canParse("s3://bucket/x")).toBe(true);
  });
});

describe("the built ES modules (npm run build)", () => {
  test("each loads on its own in Node, without the parser", () => {
    for (const entry of ["index", "url-pipeline-v0", "zep8"]) {
      const file = path.join(ROOT, "dist", "validate", `${entry}.mjs`);
      const out = execFileSync(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `import { canParse, validate } from ${JSON.stringify(file)};` +
            `console.log(JSON.stringify([canParse("s3://bucket/a.zip|zip:x/|zarr3:"), validate("s3://b|zip:x").error.offset]));`,
        ],
        { encoding: "utf8" },
      );
      expect(JSON.parse(out)).toEqual([true, 5]);
    }
  });

  // 10 KB: the providers' naming rules (D64) took it to 10.5 KB, until the DFA tables' marks for a new set or
  // state (scripts/dfa/emit.ts) took 0.3 KB off.
  test("a browser bundle of `import { validate }` for url-pipeline v0 is at most 10 KB gzipped, with no parser in it", () => {
    const bundle = buildSync({
      stdin: {
        contents: `import { validate } from "./dist/validate/url-pipeline-v0.mjs"; console.log(validate("s3://b/x").valid);`,
        resolveDir: ROOT,
      },
      bundle: true,
      minify: true,
      format: "esm",
      write: false,
      logLevel: "error",
    }).outputFiles[0]!.contents;
    expect(gzipSync(bundle, { level: 9 }).length).toBeLessThanOrEqual(10 * 1024);
    expect(Buffer.from(bundle).toString("utf8")).not.toMatch(/peg\$/);
  });
});

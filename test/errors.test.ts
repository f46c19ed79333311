/**
 * UrlPipelineSyntaxError's kind and code agree: each kind's code is one of its own table's (docs/codes.md), at run
 * time for every entry, and in the types, where testing `kind` narrows `code` (UrlPipelineError). The type half is
 * checked by compiling this file (ts-jest and `npm run typecheck`): a narrowing that stopped working, or an
 * `@ts-expect-error` that found no error, fails it.
 */
import {
  LIMIT_CODES,
  SYNTAX_CODES,
  VALUE_CODES,
  UrlPipelineSyntaxError,
  parse,
  validate,
  type ValueCode,
  type SyntaxCode,
  type LimitCode,
} from "../src";
import * as lean from "../src/validate/url-pipeline-v0";

const CASES = [
  { input: "s3://bucket/a.zip|zipp:x", kind: "syntax", table: SYNTAX_CODES },
  { input: "http://h:70000/|zarr3:", kind: "value", table: VALUE_CODES },
  { input: `s3://b/${"a".repeat(70000)}`, kind: "limit", table: LIMIT_CODES },
] as const;

describe("each kind's code is one of that kind's codes", () => {
  test.each(CASES.map((c) => [c.kind, c]))("%s", (_kind, c) => {
    for (const r of [validate(c.input), lean.validate(c.input)]) {
      expect(r.valid).toBe(false);
      if (r.valid) continue;
      expect(r.error.kind).toBe(c.kind);
      expect(Object.keys(c.table)).toContain(r.error.code);
    }
  });
});

describe("in the types, testing kind narrows code", () => {
  test("a validate() result's error", () => {
    const r = validate("http://h:70000/|zarr3:");
    if (r.valid) throw new Error("expected an invalid input");
    // @ts-expect-error: before the kind is tested, the code may be of any kind
    const before: ValueCode = r.error.code;
    expect(before).toBe("value/port");
    if (r.error.kind === "value") {
      const code: ValueCode = r.error.code;
      expect(code).toBe("value/port");
    }
    const l = lean.validate("s3://bucket/a.zip|zipp:x");
    if (!l.valid && l.error.kind === "syntax") {
      const code: SyntaxCode = l.error.code;
      expect(code).toBe("syntax/unexpected-character");
    }
  });

  test("an error caught from parse(), through instanceof", () => {
    let code: LimitCode | undefined;
    try {
      parse(`s3://b/${"a".repeat(70000)}`);
    } catch (e) {
      if (e instanceof UrlPipelineSyntaxError && e.kind === "limit") code = e.code;
    }
    expect(code).toBe("limit/max-length");
  });

  test("the constructor pairs a value error with a value code", () => {
    const details = {
      input: "x",
      offset: 0,
      expected: [],
      found: "x",
      rule: "absolute-url-pipeline",
      dialect: "url-pipeline-v0",
    };
    // @ts-expect-error: a value error needs a value code
    expect(() => new UrlPipelineSyntaxError({ ...details, kind: "value" })).toThrow("needs its code");
    // @ts-expect-error: a syntax code is not a value error's
    expect(new UrlPipelineSyntaxError({ ...details, kind: "value", code: "syntax/unexpected-end" }).kind).toBe("value");
  });
});

describe("what cannot be seen is escaped, in the message and in format()", () => {
  test.each([
    ["\ufeffs3://bucket/a", '"\\ufeff"', "\\ufeffs3://bucket/a"],
    ["s3://bucket/a\u00a0b", '"\\xa0"', "s3://bucket/a\\xa0b"],
    ["s3://bucket/a\u200bb", '"\\u200b"', "s3://bucket/a\\u200bb"],
    ["s3://bucket/a\u2028b", '"\\u2028"', "s3://bucket/a\\u2028b"],
    ["s3://bucket/a\u0085b", '"\\x85"', "s3://bucket/a\\x85b"],
    ["s3://bucket/a\nb", '"\\n"', "s3://bucket/a\\x0ab"],
  ])("%j", (input, found, shown) => {
    for (const r of [validate(input), lean.validate(input)]) {
      if (r.valid) throw new Error("expected an invalid input");
      expect(r.error.message).toContain(`found ${found}`);
      expect(r.error.format().split("\n")[1]).toBe(`  ${shown}`);
    }
  });

  test("what can be seen is shown as it is: a space, letters of any script, a pair of surrogates", () => {
    const r = validate("s3://bucket/日本 \ud83d\ude00");
    if (r.valid) throw new Error("expected an invalid input");
    expect(r.error.format().split("\n")[1]).toBe("  s3://bucket/日本 \ud83d\ude00");
  });
});

describe("a returned error captures no stack; a thrown one does", () => {
  const errorOf = (r: { valid: true } | { valid: false; error: Error }) => (r.valid ? undefined : r.error);

  test.each([
    ["validate()", () => errorOf(validate("s3://b ad"))],
    ["validate(), a value", () => errorOf(validate("http://h:70000/|zarr3:"))],
    ["url-pipeline/validate", () => errorOf(lean.validate("s3://b ad"))],
  ])("%s: its stack is its first line, as V8 writes it with no frames", (_what, make) => {
    const limit = Error.stackTraceLimit;
    const e = make()!;
    expect(e.stack).toBe(`UrlPipelineSyntaxError: ${e.message}`);
    expect(Object.getOwnPropertyDescriptor(e, "stack")?.enumerable).toBe(false);
    expect(Object.keys(e)).not.toContain("stack");
    // The limit is the caller's again.
    expect(Error.stackTraceLimit).toBe(limit);
  });

  test("parse() throws with the frames that led to it", () => {
    let stack = "";
    try {
      parse("s3://b ad");
    } catch (e) {
      stack = (e as Error).stack ?? "";
    }
    expect(stack.split("\n").length).toBeGreaterThan(1);
    expect(stack).toMatch(/^UrlPipelineSyntaxError: /);
  });
});

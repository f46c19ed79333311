/**
 * src/api.ts: the public parse(), validate() and canParse() take a base as second argument, as `new URL(input, base)`
 * and `URL.canParse(input, base)` do (ZEP 8 relative pipelines; url-pipeline v0 has none); trees have toString().
 */
import { canParse, parse, resolve, UrlPipelineSyntaxError, validate } from "../src";

const zep8 = { dialect: "zep8" } as const;

describe("a base as second argument (ZEP 8, Relative URL pipeline syntax)", () => {
  test("parse(reference, base) is the pipeline resolve(base, reference) writes", () => {
    const cases: [string, string][] = [
      ["file.zip|zip:path/within/zip", "gs://bucket/path/to/"],
      ["/file.zip|zip:path/within/zip", "gs://bucket/path/to/"],
      ["..:/path/to/other.zip|zip:path/in/other/zip", "gs://bucket/path/to/file.zip|zip:path/within/zip"],
    ];
    for (const [reference, base] of cases) {
      const p = parse(reference, base, zep8);
      expect(p.type).toBe("pipeline");
      expect(p.dialect).toBe("zep8");
      expect(p.raw).toBe(resolve(base, reference, zep8));
    }
    expect(parse("file.zip|zip:x", "gs://bucket/path/to/", zep8).raw).toBe("gs://bucket/path/to/file.zip|zip:x");
  });

  test("a Pipeline tree is a base too, as new URL() takes a URL", () => {
    const base = parse("gs://bucket/path/to/", zep8);
    expect(parse("a.zip|zip:", base).raw).toBe("gs://bucket/path/to/a.zip|zip:");
    expect(canParse("a.zip|zip:", base)).toBe(true);
  });

  test("an absolute reference stands for itself, as in new URL()", () => {
    expect(parse("s3://other/x", "gs://bucket/a/", zep8).raw).toBe("s3://other/x");
    expect(parse("s3://other/x", "gs://bucket/a/").raw).toBe("s3://other/x"); // url-pipeline v0 too
  });

  test("validate(reference, base): the resolved pipeline, valid, with its own hints read lazily", () => {
    const r = validate("b.zip|zip:", "gs://bucket/a/", zep8);
    expect(r.valid).toBe(true);
    if (!r.valid) throw new Error("unreachable");
    expect(r.pipeline.raw).toBe("gs://bucket/a/b.zip|zip:");
    expect(r.hints).toEqual([]);
  });

  test("url-pipeline v0 has no relative pipelines: a clear error of kind resolve, and canParse false", () => {
    expect(canParse("zip:a", "gs://bucket/x.zip")).toBe(false);
    const r = validate("zip:a", "gs://bucket/x.zip");
    expect(r.valid).toBe(false);
    if (r.valid) throw new Error("unreachable");
    expect(r.error).toBeInstanceOf(UrlPipelineSyntaxError);
    expect(r.error.kind).toBe("resolve");
    expect(r.error.code).toBe("resolve/relative-unsupported");
    expect(r.error.input).toBe("zip:a");
    expect(r.error.message).toContain('which ZEP 8 writes "|zip:a"');
    expect(r.error.message).toContain('resolve it in the "zep8" dialect');
    expect(() => parse("zip:a", "gs://bucket/x.zip")).toThrow(expect.objectContaining({ kind: "resolve" }));
    expect(() => parse("../b.zip", "gs://bucket/a/x.zip")).toThrow(expect.objectContaining({ kind: "resolve" }));
    // ZEP 8 resolves "|zip:a" against the base; "zip:a" is no relative pipeline there either.
    expect(parse("|zip:a", "gs://bucket/x.zip", zep8).raw).toBe("gs://bucket/x.zip|zip:a");
    expect(canParse("zip:a", "gs://bucket/x.zip", zep8)).toBe(false);
    // A misspelt absolute pipeline keeps its syntax error.
    const typo = validate("s3://bucket/x|zipp:a", "gs://bucket/x.zip");
    expect(typo.valid ? null : typo.error.kind).toBe("syntax");
  });

  test("an error of the reference is its syntax error, with its hints", () => {
    const r = validate("b.zip|zipp:x", "gs://bucket/a/", zep8);
    if (r.valid) throw new Error("expected an error");
    expect(r.error.kind).toBe("syntax");
    expect(r.error.input).toBe("b.zip|zipp:x");
    expect(r.error.offset).toBe(9); // "zip" is read, then ":" was expected
    expect(r.hints[0]?.replacement).toBe("b.zip|zip:x");
  });

  test("an error of the base says so, and its input is the base", () => {
    const r = validate("b.zip|zip:", "gs://b/a/", zep8); // "b" is too short for a GCS bucket
    if (r.valid) throw new Error("expected an error");
    expect(r.error.kind).toBe("value");
    expect(r.error.input).toBe("gs://b/a/");
    expect(r.error.message).toMatch(/^in the base "gs:\/\/b\/a\/": /);
    expect(r.hints).toEqual([]);
    expect(() => parse("b.zip|zip:", "gs://b/a/", zep8)).toThrow(/^in the base "gs:\/\/b\/a\/": /);
  });

  test("what resolution refuses is an error of kind resolve, at the reference's sub-URL it names", () => {
    const base = "gs://bucket/a/x.zip|zip:b/c.zip|zip:d|zarr3:";
    const r = validate("|zip:e|..:f", base, { ...zep8, dotdot: "forbid" });
    if (r.valid) throw new Error("expected an error");
    expect([r.error.kind, r.error.code]).toEqual(["resolve", "resolve/dotdot-forbidden"]);
    expect(r.error.offset).toBe(7); // the ..:f
    const above = validate("../../../q", "s3://bucket/x.zip|zip:a", zep8);
    if (above.valid) throw new Error("expected an error");
    expect(above.error.code).toBe("resolve/above-root");
    // With aboveRoot "clamp", as resolve() takes it.
    expect(canParse("../../../q", "s3://bucket/x.zip|zip:a", { ...zep8, aboveRoot: "clamp" })).toBe(true);
  });

  test('a dialect\'s name as second argument is a TypeError saying to write { dialect } (validate(s, "zep8"))', () => {
    for (const f of [parse, validate, canParse] as ((s: string, b: string) => unknown)[]) {
      expect(() => f("file:///db/|ocdbt:@v1/", "zep8")).toThrow(/not the dialect "zep8" \(to choose a dialect/);
    }
  });

  test("options with a base: an object without a rule", () => {
    expect(() => validate("a", "gs://bucket/", { rule: "URI" } as never)).toThrow(/options.rule cannot be given/);
    expect(() => canParse("a", "gs://bucket/", "zep8" as never)).toThrow(TypeError);
  });

  test("never throws for any string, as validate() without a base", () => {
    for (const input of ["", "|", "..", "..:", "a|b", "\u0000", "s3://bucket/%ff"]) {
      for (const base of ["", "gs://bucket/", "s3://bucket/x.zip|zip:a/", "nonsense"]) {
        expect(() => validate(input, base, zep8)).not.toThrow();
        expect(() => validate(input, base)).not.toThrow();
        expect(typeof canParse(input, base, zep8)).toBe("boolean");
      }
    }
  });
});

describe("trees have toString(): their text, as String(url) is url.href", () => {
  test("a pipeline, a relative pipeline, a rule match", () => {
    const text = "s3://bucket/a.zip|zip:x/|zarr3:";
    expect(String(parse(text))).toBe(text);
    expect(`${parse(text)}`).toBe(text);
    expect(String(parse("a/b|zip:c", { dialect: "zep8", rule: "relative-url-pipeline" }))).toBe("a/b|zip:c");
    expect(String(parse("1.2.3.4", { rule: "IPv4address" }))).toBe("1.2.3.4");
  });
  test("toString is not a key: JSON and Object.keys see the fields alone", () => {
    const p = parse("gs://bucket/x");
    expect(Object.keys(p)).toEqual(["type", "dialect", "subUrls", "span", "raw"]);
    expect(Object.keys(JSON.parse(JSON.stringify(p)))).toEqual(["type", "dialect", "subUrls", "span", "raw"]);
  });
});

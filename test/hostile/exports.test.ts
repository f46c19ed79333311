/**
 * Every entry point checks its arguments: each export of the package, called with hostile
 * arguments (wrong types, proxies, lone surrogates, huge strings, trees of the wrong kind), either answers or
 * throws a documented error: a TypeError that says what was expected, or one of the package's error classes.
 * Never an internal error ("Cannot read properties of undefined", "... is not iterable"), never a silent wrong
 * answer for the cases the issue names.
 */
import * as pkg from "../../src";
import * as validateEntry from "../../src/validate";
import * as v0Entry from "../../src/validate/url-pipeline-v0";

const PACKAGE_ERRORS = new Set([
  "UrlPipelineSyntaxError",
  "KindError",
  "ResolveError",
  "FilePathError",
  "TranslateError",
]);
const INTERNAL =
  /Cannot read properties|is not iterable|is not a function|Cannot convert|Cannot destructure|undefined \(reading/;

const proxyError = new Error("the proxy's own trap");
const proxy = () =>
  new Proxy(
    {},
    {
      get() {
        throw proxyError;
      },
      has() {
        throw proxyError;
      },
      ownKeys() {
        throw proxyError;
      },
    },
  );

const FIRST: unknown[] = [
  undefined,
  null,
  42,
  1n,
  true,
  "s3://bucket",
  "",
  {},
  [],
  Symbol("s"),
  () => 0,
  proxy(),
  "\ud800",
  "a\udc00b",
  "x".repeat(100_000),
  `s3://bucket/${"|zip".repeat(2000)}`,
  pkg.parse("1.2.3.4", { rule: "IPv4address" }),
  pkg.parse("s3://bucket/a|zip:"),
  { type: "pipeline", dialect: "zep9", subUrls: [] },
  { type: "pipeline", dialect: "zep8", subUrls: [42] },
];
const REST: unknown[] = [
  undefined,
  "zep8",
  42,
  { dialect: 42 },
  { dialect: "zep9" },
  { maxLength: -1 },
  proxy(),
  { flavor: "posix" },
  [],
];

const entries: [string, (...args: unknown[]) => unknown][] = [
  ...Object.entries(pkg).filter(([k, v]) => typeof v === "function" && !/Error$/.test(k)),
  ...Object.entries(pkg.build).map(([k, v]) => [`build.${k}`, v] as [string, unknown]),
  ...Object.entries(validateEntry)
    .filter(([, v]) => typeof v === "function")
    .map(([k, v]) => [`validate/${k}`, v] as [string, unknown]),
  ...Object.entries(v0Entry)
    .filter(([, v]) => typeof v === "function")
    .map(([k, v]) => [`validate/url-pipeline-v0/${k}`, v] as [string, unknown]),
].filter((e): e is [string, (...args: unknown[]) => unknown] => typeof e[1] === "function" && !/Error$/.test(e[0]));

test("the walk covers every function the package exports", () => {
  expect(entries.length).toBeGreaterThan(50);
  expect(entries.map(([n]) => n)).toEqual(
    expect.arrayContaining(["parse", "normalize", "format", "complete", "build.file", "treeFromJSON"]),
  );
});

test.each(entries.map(([name, f]) => [name, f] as const))(
  "%s: hostile arguments give an answer or a documented error",
  (name, f) => {
    const failures: string[] = [];
    for (const a of FIRST) {
      for (const b of REST) {
        for (const c of [undefined, "zep8", {}]) {
          try {
            f(a, b, c);
          } catch (e) {
            if (e === proxyError) continue; // the caller's own proxy threw: its error, untouched
            const err = e as Error;
            const documented =
              (err instanceof TypeError && !INTERNAL.test(err.message)) || PACKAGE_ERRORS.has(err.name);
            if (!documented)
              failures.push(
                `${name}(${String(typeof a)}, ${JSON.stringify(b) ?? String(b)}): ${err.name}: ${err.message}`,
              );
          }
        }
      }
    }
    expect(failures.slice(0, 5)).toEqual([]);
  },
);

describe("the cases the issue names", () => {
  test("normalize(undefined), normalize(42): a TypeError that says what it takes", () => {
    expect(() => pkg.normalize(undefined as never)).toThrow(
      "normalize() takes a Pipeline or a RelativePipeline tree, not undefined",
    );
    expect(() => pkg.normalize(42 as never)).toThrow("normalize() takes a Pipeline or a RelativePipeline tree, not 42");
  });
  test("format of a string, and of a rule match", () => {
    expect(() => pkg.format("s3://bucket" as never)).toThrow(
      'format() takes a Pipeline or a RelativePipeline or a RuleMatch tree, not "s3://bucket"',
    );
    expect(pkg.format(pkg.parse("1.2.3.4", { rule: "IPv4address" }))).toBe("1.2.3.4");
    expect(pkg.format(pkg.parse("zip:a", { rule: "adapter-sub-url" }))).toBe("zip:a");
    expect(() => pkg.normalize(pkg.parse("1.2.3.4", { rule: "IPv4address" }) as never)).toThrow(
      'normalize() takes a Pipeline or a RelativePipeline tree, not a tree of type "rule-match" (parse() with options.rule "IPv4address" gives a RuleMatch)',
    );
  });
  test("build.s3({ bucket: 42 })", () => {
    expect(() => pkg.build.s3({ bucket: 42 } as never)).toThrow("build.s3(): bucket must be a string, not 42");
  });
  test("removeDotSegments(42) is an error, not an empty string", () => {
    expect(() => pkg.removeDotSegments(42 as never)).toThrow("removeDotSegments() takes a path as a string, not 42");
  });
  test('validate(s, "zep8"): a dialect is named in options, in every entry', () => {
    const message = 'options must be an object, not "zep8" (to choose a dialect: { dialect: "zep8" })';
    // The main entry takes a base as second argument (new URL(input, base)); a dialect's name is none.
    const base = (fn: string) =>
      `${fn}: the second argument is a base pipeline, as in new URL(input, base), not the dialect "zep8" (to choose a dialect: { dialect: "zep8" })`;
    expect(() => pkg.validate("file:///db/|ocdbt:@v1/", "zep8" as never)).toThrow(base("validate()"));
    expect(() => pkg.canParse("file:///db/|ocdbt:@v1/", "zep8" as never)).toThrow(base("canParse()"));
    expect(() => pkg.parse("file:///db/|ocdbt:@v1/", "zep8" as never)).toThrow(base("parse()"));
    expect(() => validateEntry.validate("file:///db/|ocdbt:@v1/", "zep8" as never)).toThrow(message);
    expect(() => v0Entry.canParse("file:///db/|ocdbt:@v1/", "zep8" as never)).toThrow(message);
    expect(() => pkg.normalize("s3://bucket", "zep8" as never)).toThrow(`normalize(): ${message}`);
    expect(() => pkg.kind("s3://bucket", "zep8" as never)).toThrow(`kind(): ${message}`);
  });
  test("complete() past a limit says so, as parse() does", () => {
    expect(() => pkg.complete("s".repeat(70_000))).toThrow(expect.objectContaining({ kind: "limit" }));
    expect(() => pkg.complete(`s3://bucket${"|gzip".repeat(1024)}`)).toThrow(
      expect.objectContaining({ kind: "limit" }),
    );
  });
  test("build.pipeline takes and uses maxSubUrls", () => {
    const parts = [pkg.build.file({ path: "/a" }), pkg.build.gzip(), pkg.build.gzip()] as const;
    expect(() => pkg.build.pipeline([...parts], { maxSubUrls: 2 })).toThrow(expect.objectContaining({ kind: "limit" }));
  });
  test("a lone surrogate in build.* is a TypeError that names it", () => {
    expect(() => pkg.build.zip({ path: "a\ud800" })).toThrow(
      "build.zip(): path has a lone surrogate (U+D800) at index 1, which has no UTF-8 form",
    );
  });
  test("translate, translateWithNotes and resolveArcp check their arguments", () => {
    expect(() => pkg.translate(42 as never, { from: "fsspec" })).toThrow(
      "translate() takes its input as a string, not 42",
    );
    expect(() => pkg.translateWithNotes("x", { from: "zip" } as never)).toThrow(
      'translateWithNotes(): options.from must be one of fsspec, gdal, jar, vfs, arcp, not "zip"',
    );
    expect(() => pkg.resolveArcp("arcp://a/", 42 as never)).toThrow(
      "resolveArcp() takes a reference as a string, not 42",
    );
  });
  test("hintsFor checks its arguments", () => {
    expect(() => pkg.hintsFor(42 as never, pkg.validate("x"))).toThrow(
      "hintsFor() takes its input as a string, not 42",
    );
    expect(() => pkg.hintsFor("x", { valid: false } as never)).toThrow("hintsFor() takes the result of validate()");
  });
});

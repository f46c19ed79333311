/**
 * Hostile input for parse() and validate(): any string at all, in both dialects and
 * several rules, gives a tree or a UrlPipelineSyntaxError, never anything else; the limits (decision D22) are
 * checked before parsing; input text never becomes an object key; large inputs do not overflow the stack.
 * Property tests use fast-check with fixed seeds, so every run checks the same inputs.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import * as leanV0 from "../../src/validate/url-pipeline-v0";
import * as leanZep8 from "../../src/validate/zep8";
import {
  DEFAULT_MAX_LENGTH,
  DEFAULT_MAX_SUB_URLS,
  canParse,
  parse,
  validate,
  UrlPipelineSyntaxError,
  SYNTAX_CODES,
  VALUE_CODES,
  LIMIT_CODES,
  type ParseOptions,
  type ParseResult,
} from "../../src";
import v0Spec from "../fixtures/spec/url-pipeline-v0.json";

const ERROR_CODES: Record<string, string> = { ...SYNTAX_CODES, ...VALUE_CODES, ...LIMIT_CODES };

// ---- inputs ----

/** UTF-16 code units, any of them (lone surrogates too), weighted towards the ones parsers trip over. */
const codeUnit = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 0xffff }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x9f }) }, // C0, ASCII, DEL, C1
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }) }, // surrogates, paired or not
  { weight: 1, arbitrary: fc.constantFrom(0x00, 0x0a, 0x0d, 0x7c, 0x85, 0x2028, 0xfeff, 0xfffd, 0xffff) },
);
const fromCodes = (codes: number[]) => codes.map((c) => String.fromCharCode(c)).join("");
const anyString = fc.array(codeUnit, { maxLength: 40 }).map(fromCodes);

/** Pieces of pipelines, mixed with the characters that are special somewhere in the grammar. */
const piece = fc.oneof(
  fc.constantFrom(..."|:/%[]@?#.0123456789aAfFzZvV-_~+!$&'()*,;=".split("")),
  fc.constantFrom(
    "s3://",
    "gs://",
    "file:",
    "file://",
    "http://",
    "https://",
    "memory:",
    "s3+https://",
    "a.b:",
    "..:",
    "zip:",
    "zarr3:",
    "gzip",
    "ocdbt:",
    "ocdbt://",
    "@v",
    "icechunk:@",
    "branch.",
    "tag.",
    "json:/",
    "byte-range:",
    "//",
    "[",
    "::1]",
    "%2",
    "%C3",
    "%ZZ",
    "%ED%A0%80",
    "v1",
    "2023-02-29T00:00:00Z",
    "T",
    "Z",
    "localhost",
    "\u0000",
    "\r",
    "\n",
    "\r\n",
    "\t",
    " ",
    "\u0085",
    "\ud800",
    "\udc00",
    "\ud83d\ude00",
    "é",
  ),
);
const pipelineish = fc.array(piece, { maxLength: 30 }).map((p) => p.join(""));

/** A valid example of the spec, with a few characters inserted, deleted or replaced. */
const examples = v0Spec.examples.map((e) => e.url);
const mutated = fc
  .tuple(
    fc.constantFrom(...examples),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 }), fc.oneof(piece, anyString)), { minLength: 1, maxLength: 3 }),
  )
  .map(([s, edits]) => {
    for (const [at, del, insert] of edits) {
      const i = at % (s.length + 1);
      s = s.slice(0, i) + insert + s.slice(i + del);
    }
    return s;
  });

const hostile = fc.oneof(anyString, pipelineish, mutated);

const OPTIONS: ParseOptions[] = [
  {},
  { rule: "URI" },
  { rule: "IPv6address" },
  { rule: "root-sub-url" },
  { dialect: "zep8" },
  { dialect: "zep8", rule: "relative-url-pipeline" },
  { dialect: "zep8", rule: "URI-reference" },
  { dialect: "zep8", rule: "IPv6address" },
];

// ---- what every outcome must satisfy ----

/** 1-based line and column of `offset`, read independently of errors.ts: CR LF, CR and LF each end a line. */
function lineColumn(input: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    const c = input[i];
    if (c === "\r" && input[i + 1] === "\n" && i + 1 < offset) i++;
    if (c === "\r" || c === "\n") {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

// node:assert, not expect(), in the checks run thousands of times: it is much faster, and fast-check reports
// the failing input either way.
function checkError(e: unknown, input: string): UrlPipelineSyntaxError {
  if (!(e instanceof UrlPipelineSyntaxError))
    throw new assert.AssertionError({ message: `not a UrlPipelineSyntaxError: ${String(e)}` });
  assert.ok(["syntax", "value", "limit"].includes(e.kind), e.kind);
  assert.equal(e.input, input);
  assert.ok(Number.isInteger(e.offset) && e.offset >= 0 && e.offset <= input.length, `offset ${e.offset}`);
  assert.deepEqual({ line: e.line, column: e.column }, lineColumn(input, e.offset));
  if (e.found !== null)
    assert.ok(e.found.length > 0 && input.startsWith(e.found, e.offset), `found ${JSON.stringify(e.found)}`);
  assert.ok(typeof e.message === "string" && e.message.length > 0);
  assert.ok(e.format().startsWith(e.message));
  assert.deepEqual(JSON.parse(JSON.stringify(e)), { kind: e.kind, code: e.code, offset: e.offset, message: e.message });
  // Every error carries a published code of its own kind (src/codes.ts).
  assert.ok(e.code.startsWith(`${e.kind}/`) && e.code in ERROR_CODES, `code ${e.code}`);
  if (e.kind === "limit") assert.deepEqual(e.expected, []);
  return e;
}

/** parse() either returns or throws UrlPipelineSyntaxError; validate() never throws and agrees with it. */
function checkOutcome(input: string, options: ParseOptions): void {
  let tree: ParseResult | undefined;
  let error: unknown;
  try {
    tree = parse(input, options);
  } catch (e) {
    error = e;
  }
  const r = validate(input, options);
  // canParse() and the parser-free validators never throw either, and say the same.
  assert.equal(canParse(input, options), tree !== undefined);
  const lean = options.dialect === "zep8" ? leanZep8 : leanV0;
  if (options.rule === undefined || /-url-pipeline$/.test(options.rule)) {
    const { dialect: _dialect, ...leanOptions } = options;
    const v = lean.validate(input, leanOptions);
    assert.equal(v.valid, tree !== undefined);
    if (!v.valid && !r.valid) assert.deepEqual([v.error.kind, v.error.offset], [r.error.kind, r.error.offset]);
  }
  if (tree) {
    assert.equal(r.valid, true);
    assert.equal(tree.raw, input);
    assert.deepEqual(tree.span, { start: 0, end: input.length });
  } else {
    const err = checkError(error, input);
    assert.equal(r.valid, false);
    if (!r.valid)
      assert.deepEqual([r.error.kind, r.error.offset, r.error.message], [err.kind, err.offset, err.message]);
  }
}

describe("any string: a tree or a UrlPipelineSyntaxError", () => {
  test.each(OPTIONS.map((o) => [JSON.stringify(o), o] as const))("%s", (_name, options) => {
    fc.assert(
      fc.property(hostile, (input) => checkOutcome(input, options)),
      { seed: 0x5eed, numRuns: 250 },
    );
  });

  test("a lone surrogate, NUL, C0 and C1 controls, CR and LF at every position of a valid pipeline", () => {
    const base = "s3://bucket/a.zip|zip:x/|zarr3:";
    for (const bad of [
      "\ud800",
      "\udfff",
      "\u0000",
      "\u0001",
      "\u001f",
      "\u007f",
      "\u0080",
      "\u009f",
      "\r",
      "\n",
      "\r\n",
    ]) {
      for (let i = 0; i <= base.length; i++) {
        const input = base.slice(0, i) + bad + base.slice(i);
        const r = validate(input);
        expect(r.valid).toBe(false);
        if (!r.valid) expect(checkError(r.error, input).offset).toBe(i);
      }
    }
  });
});

// ---- limits (decision D22) ----

const lengthError = (length: number, limit: number) =>
  `input is ${length} characters long; the limit is ${limit} (options.maxLength)`;
const subUrlError = (limit: number) =>
  `input has more than ${limit} sub-URL${limit === 1 ? "" : "s"}; the limit is ${limit} (options.maxSubUrls)`;

/** The offset of the n-th "|" (1-based), or -1. */
function nthBar(input: string, n: number): number {
  let at = -1;
  for (let k = 0; k < n; k++) {
    at = input.indexOf("|", at + 1);
    if (at < 0) return -1;
  }
  return at;
}

describe("limits", () => {
  test("the defaults are 65536 code units and 1024 sub-URLs", () => {
    expect([DEFAULT_MAX_LENGTH, DEFAULT_MAX_SUB_URLS]).toEqual([65536, 1024]);
  });

  test("an input of exactly maxLength parses; one more code unit is a limit error at offset maxLength", () => {
    const atLimit = `file:/${"a".repeat(DEFAULT_MAX_LENGTH - 6)}`;
    expect(validate(atLimit).valid).toBe(true);
    const r = validate(`${atLimit}b`);
    expect(r.valid).toBe(false);
    if (r.valid) return;
    expect(checkError(r.error, `${atLimit}b`)).toMatchObject({
      kind: "limit",
      offset: DEFAULT_MAX_LENGTH,
      expected: [],
      found: "b",
      message: lengthError(DEFAULT_MAX_LENGTH + 1, DEFAULT_MAX_LENGTH),
    });
  });

  test("1024 sub-URLs parse; the 1025th is a limit error at the | that begins it", () => {
    const max = `memory:${"|gzip".repeat(DEFAULT_MAX_SUB_URLS - 1)}`;
    expect(validate(max).valid).toBe(true);
    const input = `${max}|zip:a|zip:b`;
    const r = validate(input);
    expect(r.valid).toBe(false);
    if (r.valid) return;
    expect(checkError(r.error, input)).toMatchObject({
      kind: "limit",
      offset: max.length,
      found: "|",
      expected: [],
      message: subUrlError(1024),
    });
  });

  test("limits come before the grammar: a too-long input is a limit error even where the grammar fails earlier", () => {
    const input = `#${"|".repeat(10)}`;
    expect(validate(input, { maxLength: 5 })).toMatchObject({
      valid: false,
      error: { kind: "limit", offset: 5, message: lengthError(11, 5) },
    });
    expect(validate(input, { maxSubUrls: 3 })).toMatchObject({
      valid: false,
      error: { kind: "limit", offset: 3, message: subUrlError(3) },
    });
    expect(validate(input, { maxSubUrls: 1 })).toMatchObject({
      valid: false,
      error: { kind: "limit", offset: 1, message: subUrlError(1) },
    });
    // The length is checked first.
    expect(validate(input, { maxLength: 5, maxSubUrls: 1 })).toMatchObject({ valid: false, error: { offset: 5 } });
    // maxSubUrls 0 refuses every input, at offset 0; maxLength 0 every non-empty one.
    expect(validate("memory:", { maxSubUrls: 0 })).toMatchObject({
      valid: false,
      error: { kind: "limit", offset: 0, message: subUrlError(0) },
    });
    expect(validate("", { maxLength: 0 })).toMatchObject({ valid: false, error: { kind: "syntax" } });
  });

  test("maxSubUrls applies to every rule", () => {
    expect(validate("a:b|c", { rule: "URI", maxSubUrls: 1 })).toMatchObject({
      valid: false,
      error: { kind: "limit", offset: 3 },
    });
    expect(validate("a:b|c", { rule: "URI", maxSubUrls: 2 })).toMatchObject({
      valid: false,
      error: { kind: "syntax", offset: 3 },
    });
    const rel = "a/b|zip:c|zarr3:";
    expect(validate(rel, { dialect: "zep8", rule: "relative-url-pipeline", maxSubUrls: 3 }).valid).toBe(true);
    expect(validate(rel, { dialect: "zep8", rule: "relative-url-pipeline", maxSubUrls: 2 })).toMatchObject({
      valid: false,
      error: { kind: "limit", offset: 9 },
    });
  });

  test("with small limits: a limit error exactly when a limit is broken, else what no limits give", () => {
    const limits = fc.record({
      maxLength: fc.oneof(fc.nat({ max: 40 }), fc.constant(Infinity)),
      maxSubUrls: fc.oneof(fc.nat({ max: 6 }), fc.constant(Infinity)),
    });
    fc.assert(
      fc.property(hostile, limits, fc.constantFrom(...OPTIONS), (input, lim, options) => {
        const r = validate(input, { ...options, ...lim });
        const free = validate(input, { ...options, maxLength: Infinity, maxSubUrls: Infinity });
        const parts = input.split("|").length;
        if (input.length > lim.maxLength) {
          expect(r).toMatchObject({
            valid: false,
            error: { kind: "limit", offset: lim.maxLength, message: lengthError(input.length, lim.maxLength) },
          });
        } else if (parts > lim.maxSubUrls) {
          const offset = lim.maxSubUrls === 0 ? 0 : nthBar(input, lim.maxSubUrls);
          expect(r).toMatchObject({
            valid: false,
            error: { kind: "limit", offset, message: subUrlError(lim.maxSubUrls) },
          });
        } else if (free.valid) {
          expect(r.valid).toBe(true);
        } else {
          expect(r).toMatchObject({
            valid: false,
            error: { kind: free.error.kind, offset: free.error.offset, message: free.error.message },
          });
        }
        if (!r.valid) checkError(r.error, input);
      }),
      { seed: 22, numRuns: 600 },
    );
  });

  test("inputs just below and above the default length", () => {
    const fill = fc.constantFrom("a", "|", "%", "/", ":", "\ud800", "\u0000", "zip:a|");
    fc.assert(
      fc.property(
        fc.integer({ min: DEFAULT_MAX_LENGTH - 2, max: DEFAULT_MAX_LENGTH + 2 }),
        fill,
        fc.constantFrom(...OPTIONS),
        (length, unit, options) => {
          const input = `file:/${unit.repeat(Math.ceil(length / unit.length))}`.slice(0, length);
          const r = validate(input, options);
          if (length > DEFAULT_MAX_LENGTH) {
            expect(r).toMatchObject({ valid: false, error: { kind: "limit", offset: DEFAULT_MAX_LENGTH } });
          } else if (input.split("|").length > DEFAULT_MAX_SUB_URLS) {
            expect(r).toMatchObject({
              valid: false,
              error: { kind: "limit", offset: nthBar(input, DEFAULT_MAX_SUB_URLS) },
            });
          } else if (!r.valid) {
            expect(r.error.kind).not.toBe("limit");
          }
          if (!r.valid) checkError(r.error, input);
        },
      ),
      { seed: 65536, numRuns: 30 },
    );
  });

  test.each([[-1], [1.5], [NaN], [-Infinity], ["10"], [null], [10n], [{}], [true]])(
    "an invalid limit is a TypeError: %p",
    (bad) => {
      for (const name of ["maxLength", "maxSubUrls"]) {
        const options = { [name]: bad } as unknown as ParseOptions;
        expect(() => parse("memory:", options)).toThrow(TypeError);
        expect(() => validate("memory:", options)).toThrow(
          new RegExp(`options\\.${name} must be a non-negative integer or Infinity`),
        );
      }
    },
  );

  test("a call with the same dialect and rule as the last one is answered as the first was: a limit or a bad option still counts", () => {
    // automatonOf() keeps the last dialect and rule options it read, and their automaton.
    const zep8 = { dialect: "zep8" } as const;
    expect(validate("file:///db/|ocdbt:@v1/", zep8).valid).toBe(true);
    expect(validate("file:///db/|ocdbt:@v1/", { dialect: "zep8" }).valid).toBe(true);
    expect(validate("file:///db/|ocdbt:@v1/", { dialect: "url-pipeline-v0" }).valid).toBe(false);
    expect(validate("file:///db/|ocdbt:@v1/", zep8).valid).toBe(true);
    expect(canParse("|zip:a", { dialect: "zep8", rule: "relative-url-pipeline" })).toBe(true);
    expect(canParse("|zip:a", { dialect: "zep8", rule: "RELATIVE-url-pipeline" })).toBe(true);
    expect(canParse("|zip:a", zep8)).toBe(false);
    const limited = validate("s3://bucket/abcdef", { ...zep8, maxLength: 3 });
    expect(!limited.valid && limited.error.code).toBe("limit/max-length");
    expect(validate("s3://bucket/abcdef", zep8).valid).toBe(true);
    for (const bad of [{ ...zep8, maxSubUrls: -1 }, { ...zep8, rule: "nope" }, { dialect: "ZEP8" }, ["zep8"]]) {
      expect(() => validate("s3://bucket/k", bad as unknown as ParseOptions)).toThrow(TypeError);
      expect(validate("s3://bucket/k", zep8).valid).toBe(true);
    }
  });

  test("0, any integer, Infinity and undefined are valid limits", () => {
    for (const v of [0, 7, 2 ** 53, Infinity, undefined]) {
      expect(() => validate("memory:", { maxLength: v, maxSubUrls: v })).not.toThrow();
    }
  });
});

// ---- input text never becomes an object key ----

/** Every key a tree node has (src/tree/nodes.ts): none comes from the input. */
const NODE_KEYS = new Set([
  "type",
  "dialect",
  "rule",
  "subUrls",
  "subUrl",
  "path",
  "span",
  "raw",
  "start",
  "end",
  "scheme",
  "rawScheme",
  "colon",
  "hasAuthority",
  "host",
  "port",
  "query",
  "bucket",
  "prefix",
  "vendor",
  "name",
  "body",
  "value",
  "kind",
  "version",
  "generation",
  "time",
  "year",
  "month",
  "day",
  "hour",
  "minute",
  "second",
  "nanosecond",
  "ref",
  "id",
  "pointer",
  "tokens",
  "effectiveRef",
]);

/** Walks the tree without recursion; every object is a plain object or array whose keys are node keys. */
function checkTreeKeys(tree: unknown): void {
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x !== "object" || x === null) continue;
    if (Array.isArray(x)) {
      assert.equal(Object.getPrototypeOf(x), Array.prototype);
      assert.deepEqual(
        Object.keys(x),
        x.map((_, i) => String(i)),
      );
    } else {
      // A plain object; a node holding a bigint, whose prototype adds only toJSON (src/tree/json.ts); or a root,
      // whose prototype adds only toString (src/tree/roots.ts).
      const proto = Object.getPrototypeOf(x);
      if (proto !== Object.prototype) {
        assert.equal(Object.getPrototypeOf(proto), Object.prototype);
        const root = ["pipeline", "relative-pipeline", "rule-match"].includes((x as { type?: string }).type ?? "");
        assert.deepEqual(Object.getOwnPropertyNames(proto), root ? ["toString"] : ["toJSON"]);
      }
      for (const k of Object.keys(x)) assert.ok(NODE_KEYS.has(k), `key ${JSON.stringify(k)}`);
    }
    for (const v of Object.values(x)) stack.push(v);
  }
}

function prototypesSnapshot() {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((p) =>
    Object.getOwnPropertyNames(p).map((n) => [n, Object.getOwnPropertyDescriptor(p, n)?.value]),
  );
}

describe("prototype keys in the input", () => {
  const KEYS = ["__proto__", "constructor", "prototype", "hasOwnProperty", "toString", "valueOf", "__defineGetter__"];
  const before = prototypesSnapshot();
  afterEach(() => {
    expect(prototypesSnapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("a query of prototype keys is the raw query, and nothing is polluted", () => {
    const query = "__proto__=x&constructor.prototype.polluted=1&__proto__%5Bpolluted%5D=1&toString=1&hasOwnProperty=2";
    for (const dialect of ["url-pipeline-v0", "zep8"] as const) {
      const p = parse(`https://h/p?${query}`, { dialect });
      const [http] = p.subUrls;
      expect(http.scheme === "https" && http.query).toEqual({
        raw: query,
        value: query.replace("%5B", "[").replace("%5D", "]"),
        span: { start: 12, end: 12 + query.length },
      });
      checkTreeKeys(p);
    }
  });

  test("prototype keys in every place input text goes", () => {
    const inputs: [string, ParseOptions][] = [
      ["https://constructor/__proto__/prototype?toString", {}],
      ["x.constructor:__proto__?__proto__=1", {}],
      ["file:///__proto__/constructor|zip:prototype/|zarr3:toString", {}],
      ["s3://a__proto__a/constructor|json:/__proto__/constructor/prototype", {}],
      ["gs://a__proto__a/x|json:/__proto__%2Fpolluted/~0constructor", {}],
      ["memory:__proto__|icechunk://branch.__proto__/constructor|zip:toString", {}],
      ["file:/x|icechunk:@tag.constructor/__proto__|ocdbt:@v1/prototype", { dialect: "zep8" }],
      ["__proto__/constructor|zip:prototype|..:hasOwnProperty", { dialect: "zep8", rule: "relative-url-pipeline" }],
      ["proto:__proto__/constructor?toString=1", { rule: "URI" }],
    ];
    for (const [input, options] of inputs) {
      const r = validate(input, options);
      expect([input, r.valid]).toEqual([input, true]);
      if (r.valid) checkTreeKeys(r.pipeline);
    }
    const json = parse("memory:|json:/__proto__/constructor~1prototype").subUrls[1];
    expect(json && "pointer" in json ? json.pointer.tokens : null).toEqual(["__proto__", "constructor/prototype"]);
  });

  test("any query or path made of prototype keys", () => {
    const key = fc.constantFrom(...KEYS, "polluted", "[", "]", ".", "%5F%5Fproto%5F%5F");
    const text = fc
      .array(fc.tuple(key, fc.constantFrom("=", "&", ".", "/", "")), { minLength: 1, maxLength: 8 })
      .map((parts) => parts.map(([k, s]) => k + s).join(""));
    fc.assert(
      fc.property(
        text,
        fc.constantFrom("https://h/p?", "a.b:x?", "file:/", "memory:|zip:", "memory:|json:/"),
        (t, prefix) => {
          const r = validate(prefix + t);
          if (r.valid) checkTreeKeys(r.pipeline);
        },
      ),
      { seed: 1337, numRuns: 300 },
    );
  });

  test("a dialect or rule named like a prototype key is an unknown dialect or rule (TypeError)", () => {
    for (const k of KEYS) {
      expect(() => parse("memory:", { dialect: k as never })).toThrow(/unknown dialect/);
      expect(() => parse("memory:", { rule: k })).toThrow(/unknown rule/);
      expect(() => validate("memory:", { dialect: "zep8", rule: k })).toThrow(TypeError);
    }
  });
});

// ---- no stack overflow ----

describe("no stack overflow: large inputs with the limits off", () => {
  const off = { maxLength: Infinity, maxSubUrls: Infinity };

  // Each about 0.2 to 0.8 s: sizes where recursion per character or per sub-URL, or a spread of the sub-URL list
  // into a call (push(...list) overflows at about 120,000 elements), would overflow the stack.
  test("a 1,000,000-character path, and the error at its end", () => {
    const path = `file:/${"a".repeat(1_000_000)}`;
    expect(parse(path, off).subUrls[0].raw).toBe(path);
    const r = validate(`${path}#`, off);
    expect(r).toMatchObject({ valid: false, error: { kind: "syntax", offset: path.length } });
    if (!r.valid) expect(() => r.error.format()).not.toThrow();
  });

  test("100,000 sub-URLs", () => {
    const many = `memory:${"|gzip".repeat(100_000)}`;
    expect(parse(many, off).subUrls).toHaveLength(100_001);
  });
});

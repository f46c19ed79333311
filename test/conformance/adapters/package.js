#!/usr/bin/env node
/**
 * The package itself as a conformance adapter (docs/conformance.md, "Adapters"): reads one case a line on standard
 * input, answers each on standard output through the built package (dist/index.js).
 *
 *   url-pipeline conform -- node test/conformance/adapters/package.js [--mutate NAME]
 *
 * `--mutate NAME` distorts its answers with one deliberate defect (MUTATIONS below), so that a test can show the
 * suite catches it (test/conformance/mutations.test.ts).
 */
"use strict";
const path = require("node:path");
const readline = require("node:readline");
const pkg = require(path.join(__dirname, "..", "..", "..", "dist", "index.js"));

/** A refusal of normalize, kind, resolve or parse: null; anything else is a defect of the adapter. */
function orNull(compute) {
  try {
    return compute();
  } catch (e) {
    if (e instanceof pkg.UrlPipelineSyntaxError || e instanceof pkg.ResolveError || e instanceof pkg.KindError)
      return null;
    throw e;
  }
}

function validate(input, options) {
  const r = pkg.validate(input, options);
  return r.valid ? { valid: true } : { valid: false, offset: r.error.offset, code: r.error.code };
}

/** The correct answer to a request. */
function answer(q) {
  const options = { dialect: q.dialect };
  switch (q.op) {
    case "validate": {
      const { valid, offset } = validate(q.input, options);
      return valid ? { valid } : { valid, offset };
    }
    case "normalize":
      return { output: orNull(() => pkg.normalize(q.input, options)) };
    case "kind":
      return { output: orNull(() => pkg.kind(q.input, options)) };
    case "resolve":
      return { output: orNull(() => pkg.resolve(q.base, q.input, options)) };
    case "parse":
      return {
        output: orNull(() => pkg.parse(q.input, options).subUrls.map((s) => ({ scheme: s.scheme, raw: s.raw }))),
      };
    default:
      return { unsupported: true };
  }
}

/** A refusal the mutant turns into acceptance: the request's validate answer, valid. */
const accepting = (test) => (q, a) => (q.op === "validate" && !a.valid && test(q) ? { valid: true } : a);
const refusedWith = (code, q) => {
  const r = validate(q.input, { dialect: q.dialect });
  return !r.valid && r.code === code;
};

/** Each deliberate defect: the answer it gives instead of `a`, the correct one. */
const MUTATIONS = {
  // A commit time with a lower-case "t" or "z" (RFC 3339 allows them; the texts and decision D9 do not).
  "commit-time-case": accepting((q) => {
    const upper = q.input.replace(
      /([0-9]{4}-[0-9]{2}-[0-9]{2})t([0-9:.]+)([zZ])|([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+)z/g,
      (_, d, t, _z, dt) => (dt ? `${dt}Z` : `${d}T${t}Z`),
    );
    return upper !== q.input && validate(upper, { dialect: q.dialect }).valid;
  }),
  // A port over 65535.
  "port-range": accepting((q) => refusedWith("value/port", q)),
  // Any bucket name.
  "bucket-name": accepting((q) => refusedWith("value/bucket-name", q)),
  // A byte range whose end is before its start.
  "byte-range-order": accepting((q) => {
    const m = /byte-range:([0-9]+)-([0-9]+)/i.exec(q.input);
    return m !== null && BigInt(m[2]) < BigInt(m[1]) && refusedWith("value/byte-range", q);
  }),
  // Every refusal's offset one too far.
  offset: (q, a) => (q.op === "validate" && !a.valid ? { valid: false, offset: a.offset + 1 } : a),
  // A pipeline that ends with "|".
  "trailing-pipe": accepting(
    (q) => q.input.endsWith("|") && validate(q.input.slice(0, -1), { dialect: q.dialect }).valid,
  ),
  // normalize drops the "/" that ends a directory's path.
  "normalize-directory-slash": (q, a) =>
    q.op === "normalize" && typeof a.output === "string" ? { output: a.output.replace(/([^/])\/(\||$)/g, "$1$2") } : a,
  // resolve drops the base's query.
  "resolve-query": (q, a) =>
    q.op === "resolve" && typeof a.output === "string" && q.base.includes("?")
      ? { output: a.output.replace(/\?[^|]*/, "") }
      : a,
  // The kinds of the resources ignored: the verdict of syntax and values alone, and no kind refused.
  "kinds-ignored": (q, a) => {
    if (q.op === "validate") {
      const r = pkg.validate(q.input, { dialect: q.dialect, kinds: false });
      return r.valid ? { valid: true } : { valid: false, offset: r.error.offset };
    }
    if (q.op === "kind" && a.output === null) {
      const r = pkg.validate(q.input, { dialect: q.dialect, kinds: false });
      return { output: r.valid ? "unknown" : null };
    }
    return a;
  },
};

function main() {
  const i = process.argv.indexOf("--mutate");
  const name = i < 0 ? null : process.argv[i + 1];
  if (name !== null && !Object.hasOwn(MUTATIONS, name)) {
    process.stderr.write(`unknown mutation "${name}": ${Object.keys(MUTATIONS).join(", ")}\n`);
    process.exit(2);
  }
  const mutate = name === null ? (_q, a) => a : MUTATIONS[name];
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  let out = "";
  const flush = () => {
    if (out !== "") process.stdout.write(out);
    out = "";
  };
  lines.on("line", (line) => {
    if (line === "") return;
    const q = JSON.parse(line);
    out += `${JSON.stringify({ id: q.id, ...mutate(q, answer(q)) })}\n`;
    if (out.length > 1 << 14) flush();
  });
  // Written in batches; what is left when a batch of input has been read, and at the end.
  process.stdin.on("data", () => setImmediate(flush));
  lines.on("close", flush);
}

module.exports = { MUTATIONS };
if (require.main === module) main();

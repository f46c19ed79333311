/**
 * The package's answer to each question: what the suite expects of every implementation. A refusal is an answer
 * too: `valid: false` with the offset, kind and code of the error (validate), or `output: null` (the others), with
 * the code that says why.
 */
import { createHash } from "node:crypto";
import type { PackageApi } from "./package-api";
import type { Case, Component, Question } from "./types";

/** The short names of the dialects in case ids. */
const SHORT: Record<string, string> = { "url-pipeline-v0": "v0", zep8: "zep8" };

/**
 * A case's id: its dialect, op, and a hash of the question, so that an id names the same question in every build
 * (an --expect file of known differences stays valid when other cases come and go).
 */
export function caseId(q: Question): string {
  const hash = createHash("sha256")
    .update(JSON.stringify([q.op, q.dialect, q.base ?? null, q.input]))
    .digest("hex")
    .slice(0, 10);
  return `${SHORT[q.dialect] ?? q.dialect}-${q.op}-${hash}`;
}

/** The error code of a refusal thrown by normalize, kind, resolve or parse (syntax errors and the others alike). */
function refusal(e: unknown): { kind: string; code: string } {
  const err = e as { kind?: string; code?: string; name?: string };
  if (typeof err.code !== "string") throw e;
  if (err.name === "ResolveError") return { kind: "resolve", code: `resolve/${err.code}` };
  if (err.name === "KindError") return { kind: "kind", code: `kind/${err.code}` };
  if (typeof err.kind === "string") return { kind: err.kind, code: err.code };
  throw e;
}

function outputOf(compute: () => string | Component[]): Partial<Case> {
  try {
    return { output: compute() };
  } catch (e) {
    return { output: null, ...refusal(e) };
  }
}

export function answer(pkg: PackageApi, q: Question): Case {
  const options = { dialect: q.dialect };
  const head = { id: caseId(q), op: q.op, dialect: q.dialect };
  const where = q.base === undefined ? { input: q.input } : { base: q.base, input: q.input };
  let expected: Partial<Case>;
  switch (q.op) {
    case "validate": {
      const r = pkg.validate(q.input, options);
      expected = r.valid
        ? { valid: true }
        : { valid: false, offset: r.error.offset, kind: r.error.kind, code: r.error.code };
      break;
    }
    case "normalize":
      expected = outputOf(() => pkg.normalize(q.input, options));
      break;
    case "kind":
      expected = outputOf(() => pkg.kind(q.input, options));
      break;
    case "resolve":
      expected = outputOf(() => pkg.resolve(q.base!, q.input, options));
      break;
    case "parse":
      expected = outputOf(() => pkg.parse(q.input, options).subUrls.map((s) => ({ scheme: s.scheme, raw: s.raw })));
      break;
  }
  return { ...head, ...where, ...expected, why: q.why };
}

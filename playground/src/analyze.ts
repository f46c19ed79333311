/**
 * Everything the page shows about its state, computed with the package's own API (no DOM here): the verdict, the
 * error with its offset and expected tokens, the hints, the syntax tree as rows with their spans, the canonical
 * form (D24), the resource kind (D28) and, in ZEP 8, a relative reference resolved against the input (D26, D27).
 */
import { kind, normalize, resolve, type Hint } from "../../src/index";
// validate() without a base (src/validation.ts): the page gives none, and its script carries no code for one.
import { validate } from "../../src/validation";
import type { Pipeline, Span, SubUrl } from "../../src/tree/nodes";
import type { State } from "./state";

/** A value, or why there is none (the message of what the API threw, or of the invalid input). */
export type Outcome = { value: string } | { error: string };

export interface ErrorView {
  kind: string;
  code: string;
  offset: number;
  message: string;
  /** In grammar terms: ABNF rule names and literals. */
  expected: readonly string[];
}

/**
 * One line of the tree: a field of a sub-URL, its text as written (none for a value that is not text of the input,
 * such as `effectiveRef`), its value when that reads otherwise (decoded, lower-cased, without a leading "/").
 */
export interface TreeRow {
  label: string;
  text?: string;
  value?: string;
  span?: Span;
  depth: number;
}

export interface TreeSubUrl {
  index: number;
  scheme: string;
  raw: string;
  span: Span;
  rows: TreeRow[];
}

export interface ReferenceView {
  error: ErrorView | null;
  resolved: Outcome;
}

export interface Analysis {
  valid: boolean;
  schemes: string[];
  error: ErrorView | null;
  hints: Hint[];
  tree: TreeSubUrl[];
  normalized: Outcome;
  kind: Outcome;
  /** ZEP 8 with a reference typed; null otherwise. */
  reference: ReferenceView | null;
}

export function analyze(state: State): Analysis {
  const { dialect } = state;
  const result = validate(state.input, { dialect });
  const pipeline = result.valid ? result.pipeline : null;
  const invalid: Outcome = { error: "the input is not a valid pipeline" };
  return {
    valid: result.valid,
    schemes: pipeline ? pipeline.subUrls.map((s) => s.scheme) : [],
    error: result.valid ? null : errorView(result.error),
    hints: result.hints,
    tree: pipeline ? pipeline.subUrls.map(treeOf) : [],
    normalized: pipeline ? attempt(() => normalize(pipeline)) : invalid,
    kind: pipeline ? attempt(() => kind(pipeline)) : invalid,
    reference: dialect === "zep8" && state.reference !== "" ? referenceView(pipeline, state.reference) : null,
  };
}

function referenceView(base: Pipeline | null, reference: string): ReferenceView {
  const checked = validate(reference, { dialect: "zep8", rule: "relative-url-pipeline" });
  if (!checked.valid)
    return { error: errorView(checked.error), resolved: { error: "the reference is not a valid relative pipeline" } };
  if (!base) return { error: null, resolved: { error: "the base (the pipeline above) is not valid" } };
  return { error: null, resolved: attempt(() => resolve(base, reference, { dialect: "zep8" })) };
}

function errorView(e: {
  kind: string;
  code: string;
  offset: number;
  message: string;
  expected: readonly string[];
}): ErrorView {
  return { kind: e.kind, code: e.code, offset: e.offset, message: e.message, expected: e.expected };
}

function attempt(f: () => string): Outcome {
  try {
    return { value: f() };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

const SHOWN_ELSEWHERE = new Set(["scheme", "rawScheme", "span", "raw"]);
const COMPONENT_PARTS = new Set(["raw", "value", "span"]);

/** A sub-URL's fields, in the order the tree has them (src/tree/nodes.ts), each with its span when it has one. */
export function treeOf(s: SubUrl, index: number): TreeSubUrl {
  const rows: TreeRow[] = [
    {
      label: "scheme",
      text: s.rawScheme,
      ...(s.rawScheme !== s.scheme && { value: s.scheme }),
      span: { start: s.span.start, end: s.span.start + s.rawScheme.length },
      depth: 0,
    },
  ];
  for (const [key, v] of Object.entries(s)) if (!SHOWN_ELSEWHERE.has(key)) addRows(key, v, 0, rows);
  return { index, scheme: s.scheme, raw: s.raw, span: s.span, rows };
}

function addRows(label: string, v: unknown, depth: number, out: TreeRow[]): void {
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    out.push({ label, text: show(v), depth });
    return;
  }
  const node = v as { raw?: unknown; value?: unknown; span?: Span };
  const row: TreeRow = { label, depth };
  if (typeof node.raw === "string") row.text = node.raw;
  if ("value" in node && show(node.value) !== node.raw) row.value = show(node.value);
  if (node.span) row.span = node.span;
  out.push(row);
  for (const [key, child] of Object.entries(node)) if (!COMPONENT_PARTS.has(key)) addRows(key, child, depth + 1, out);
}

function show(v: unknown): string {
  if (v === null || v === undefined) return "none";
  if (typeof v === "string") return v;
  if (typeof v === "bigint" || typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}

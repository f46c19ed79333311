/**
 * The roots of a tree (a pipeline, a relative pipeline, a rule match) with a `toString()` that is their text:
 * `String(parse(s))` is `s`, as `String(new URL(s))` is its href. Each is a plain object literal whose prototype
 * adds `toString` and nothing else (out of `Object.keys` and JSON); its fields are those of the interfaces in
 * ./nodes.ts, in the same order (JSON writes them so).
 */
import type {
  AdapterSubUrl,
  Component,
  DialectName,
  Pipeline,
  RelativePipeline,
  RootSubUrl,
  RuleMatch,
  Span,
  SubUrl,
} from "./nodes";

/** The prototype of every root: its text as its string. */
const ROOT: object = Object.freeze(
  Object.create(Object.prototype, {
    toString: {
      value: function rootText(this: { raw: string }): string {
        return this.raw;
      },
    },
  }),
);

// An object literal with `__proto__` is made with that prototype at once (no Object.setPrototypeOf, which would
// slow every later access): a pipeline is made on every parse.

export function pipelineTree(
  dialect: DialectName,
  subUrls: [RootSubUrl, ...AdapterSubUrl[]],
  span: Span,
  raw: string,
): Pipeline {
  return { __proto__: ROOT, type: "pipeline", dialect, subUrls, span, raw } as unknown as Pipeline;
}

export function relativePipelineTree(
  dialect: DialectName,
  span: Span,
  raw: string,
  path: Component | null,
  subUrls: AdapterSubUrl[],
): RelativePipeline {
  return {
    __proto__: ROOT,
    type: "relative-pipeline",
    dialect,
    span,
    raw,
    path,
    subUrls,
  } as unknown as RelativePipeline;
}

export function ruleMatchTree(
  dialect: DialectName,
  rule: string,
  subUrl: SubUrl | null,
  span: Span,
  raw: string,
): RuleMatch {
  return { __proto__: ROOT, type: "rule-match", dialect, rule, subUrl, span, raw } as unknown as RuleMatch;
}

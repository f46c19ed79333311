import { formatExpr, lookup, type RuleSet } from "./ir";
import type { SchemeHeader } from "./headers";

/**
 * The shape of a scheme's body, read from its `X-sub-url` rule, which decides its node type and action (src/actions,
 * src/tree/nodes.ts):
 * - `bodiless`: `X-sub-url = X-scheme [ ":" ]`: an adapter with one generic action (BodilessAdapterSubUrl);
 * - `path`: `X-sub-url = X-scheme [ ":" X-path ]`: an adapter with one generic action (PathAdapterSubUrl);
 * - `bucket`: `X-scheme "://" X-bucket X-path` (s3:, gs:);
 * - `authority`: `X-scheme "://" HOST [ ":" PORT ] ...` (http:, https:, s3+http:, s3+https:);
 * - `custom`: anything else: fields of its own.
 * Only `bodiless` and `path` are generic: a scheme of another shape needs its own action, and the build says so,
 * naming the files to add it to, when it has none.
 */
export const SHAPES = ["bodiless", "path", "bucket", "authority", "custom"] as const;
export type Shape = (typeof SHAPES)[number];

/** A scheme file's header with the shape of its body: what generated/DIALECT/dialect.json lists per scheme. */
export interface SchemeInfo extends SchemeHeader {
  shape: Shape;
  /** Its rules: `X-sub-url`, and for a path `X-path` (the generic actions are keyed by them). */
  rules: { subUrl: string; path?: string };
}

/**
 * A scheme's rules by its name: `X-sub-url`, `X-scheme`, `X-path`, with X the scheme with "+" and "." as "-"
 * (`s3+http` -> `s3-http-sub-url`) and ZEP 8's `..` as `dotdot`, as every scheme file names them.
 */
export function schemeRulePrefix(scheme: string): string {
  return scheme === ".." ? "dotdot" : scheme.replace(/[+.]/g, "-");
}

/** A scheme file's header with what its rules say: the shape of its body and the names of its rules. */
export function schemeInfo(header: SchemeHeader, rules: RuleSet): SchemeInfo {
  const x = schemeRulePrefix(header.scheme);
  const shape = shapeOf(header, rules);
  return {
    ...header,
    shape,
    rules: shape === "path" ? { subUrl: `${x}-sub-url`, path: `${x}-path` } : { subUrl: `${x}-sub-url` },
  };
}

/** The shape of a scheme's body, from its `X-sub-url` rule as formatExpr writes it. */
function shapeOf(header: SchemeHeader, rules: RuleSet): Shape {
  const x = schemeRulePrefix(header.scheme);
  const rule = lookup(rules, `${x}-sub-url`);
  if (!rule)
    throw new Error(
      `${header.file}: scheme "${header.scheme}" has no rule ${x}-sub-url; every scheme file defines X-sub-url for its scheme X`,
    );
  const body = formatExpr(rule.expr);
  const adapter = header.role === "adapter";
  if (adapter && body === `${x}-scheme [ ":" ]`) return "bodiless";
  if (adapter && body === `${x}-scheme [ ":" ${x}-path ]`) return "path";
  if (body === `${x}-scheme "://" ${x}-bucket ${x}-path`) return "bucket";
  if (new RegExp(`^${x}-scheme "://" [\\w-]+-host \\[ ":" [\\w-]+-port \\]`).test(body)) return "authority";
  return "custom";
}

/** The action rules a scheme's shape gives it without hand-written code: `X-sub-url`, and `X-path` for a path. */
export function genericActionRules(scheme: SchemeInfo): string[] {
  if (scheme.shape !== "bodiless" && scheme.shape !== "path") return [];
  return scheme.rules.path === undefined ? [scheme.rules.subUrl] : [scheme.rules.subUrl, scheme.rules.path];
}

/**
 * A scheme of a shape that is not generic must have a hand-written action for `X-sub-url`. Returns the problem,
 * naming the files to edit, or null.
 */
export function missingCustomAction(scheme: SchemeInfo, handWritten: ReadonlySet<string>): string | null {
  if (scheme.shape === "bodiless" || scheme.shape === "path") return null;
  const x = schemeRulePrefix(scheme.scheme);
  if (handWritten.has(scheme.rules.subUrl)) return null;
  const generic =
    scheme.role === "adapter"
      ? `Or, if the adapter has no body or just a path, write its rule as ${x}-sub-url = ${x}-scheme [ ":" ] or ` +
        `${x}-sub-url = ${x}-scheme [ ":" ${x}-path ], which need no code.`
      : "(The two shapes that need no code, bodiless and path, are adapters' only: a root's body always has its own action.)";
  return (
    `${scheme.file}: scheme "${scheme.scheme}" (${x}-sub-url) has a body of its own (shape "${scheme.shape}"), and no ` +
    `action builds its tree: add "${x}-sub-url" to src/actions/action-rules.json, an action for it in ` +
    `src/actions/sub-urls.ts listed in src/actions/index.ts, and its node type in src/tree/nodes.ts. With them: ` +
    `each rule of the body whose value the action reads (${x}-bucket, ${x}-path, ...) in action-rules.json too, ` +
    `what each action builds in HandWrittenValues (src/actions/types.ts), and the node type in RootSubUrl or ` +
    `AdapterSubUrl (src/tree/nodes.ts) and in OwnSubUrls (src/tree/schemes.ts); then npm run build, where tsc ` +
    `names each per-scheme table left (format, normalize, resolve, ...: keyed by scheme, a missing row does not ` +
    `compile). ${generic}`
  );
}

/**
 * Trees as JSON. JSON has no 64-bit integers, and `JSON.stringify` throws on a bigint, so the two kinds of node
 * that hold one (an `Integer`: byte-range bounds; an OCDBT `generation` version) carry a `toJSON` on their
 * prototype that writes each bigint as its decimal string. Every other field is JSON already. In memory the values
 * stay bigints.
 *
 * The JSON form of a tree is {@link Jsonified}: the tree's type with bigints as strings. {@link treeFromJSON} gives
 * the tree back exactly: a tree is a function of its `raw` text, its `dialect` and (for a rule match) its `rule`, so
 * it parses those again.
 */
import type { DialectName, ParseResult } from "./nodes";

/** A tree's JSON form: its type with every bigint as a decimal string. */
export type Jsonified<T> = T extends bigint
  ? string
  : T extends readonly (infer U)[]
    ? Jsonified<U>[]
    : T extends object
      ? { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: Jsonified<T[K]> }
      : T;

/** The fields of `this`, with bigints written as decimal strings. */
function toJSON(this: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(this)) {
    const v = this[key];
    out[key] = typeof v === "bigint" ? v.toString() : v;
  }
  return out;
}

/** The prototype of the nodes that hold a bigint: `toJSON` and nothing else (not enumerable, not an own key). */
const WITH_BIGINT: object = Object.freeze(Object.create(Object.prototype, { toJSON: { value: toJSON } }));

/** `fields` as a node whose bigints JSON writes as decimal strings. */
export function withBigint<T extends object>(fields: T): T {
  return Object.assign(Object.create(WITH_BIGINT) as T, fields);
}

/** What {@link treeFromJSON} needs to parse a tree again. */
type ParseAgain = (raw: string, options: { dialect: DialectName; rule?: string }) => ParseResult;

/**
 * The tree a JSON form stands for (`JSON.parse(JSON.stringify(tree))`), exactly: its `raw`, `dialect` and `type`
 * (and `rule` for a rule match) parsed again. Throws TypeError when `json` is not a tree's JSON form, and
 * `UrlPipelineSyntaxError` when its `raw` is not valid (a form written by hand).
 */
export function treeFromJSONWith(parse: ParseAgain, json: unknown): ParseResult {
  if (typeof json !== "object" || json === null)
    throw new TypeError(
      `treeFromJSON() takes a tree's JSON form (an object), not ${json === null ? "null" : typeof json}`,
    );
  const { type, dialect, raw, rule } = json as Record<string, unknown>;
  if (typeof raw !== "string" || typeof dialect !== "string") {
    throw new TypeError("treeFromJSON(): a tree's JSON form has a string `raw` and a string `dialect`");
  }
  const d = dialect as DialectName;
  switch (type) {
    case "pipeline":
      return parse(raw, { dialect: d, rule: "absolute-url-pipeline" });
    case "relative-pipeline":
      return parse(raw, { dialect: d, rule: "relative-url-pipeline" });
    case "rule-match":
      if (typeof rule !== "string") throw new TypeError("treeFromJSON(): a rule match's JSON form has a string `rule`");
      return parse(raw, { dialect: d, rule });
    default:
      throw new TypeError(
        `treeFromJSON(): "type" must be "pipeline", "relative-pipeline" or "rule-match", not ${JSON.stringify(type)}`,
      );
  }
}

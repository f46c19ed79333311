/**
 * The checks every public function makes of its arguments, so that a wrong type is a TypeError that says what was
 * expected, never an internal error ("Cannot read properties of undefined") or a silent wrong answer.
 */
import { describeValue, requireOptionsObject } from "./describe-value";
import { DIALECTS } from "./dialects";

export { describeValue };
import type { DialectName } from "./tree/nodes";

/** `options` of function `fn` ("" to name none): undefined (none), or an object; anything else is a TypeError. */
export function optionsArgument<T extends object>(fn: string, options: unknown): Partial<T> {
  if (options === undefined) return {};
  try {
    requireOptionsObject(options);
  } catch (e) {
    throw new TypeError(`${fn ? `${fn}: ` : ""}${(e as Error).message}`);
  }
  return options as Partial<T>;
}

/** A string argument. */
export function stringArgument(fn: string, what: string, v: unknown): string {
  if (typeof v !== "string") throw new TypeError(`${fn} takes ${what} as a string, not ${describeValue(v)}`);
  return v;
}

type TreeType = "pipeline" | "relative-pipeline" | "rule-match";

/**
 * A tree argument: an object of one of `types`, of a known dialect, whose sub-URLs are objects with a string
 * `scheme`, `rawScheme` and `raw` (what the functions that walk trees read first). A tree changed by hand into
 * something else is still the caller's to get right; this catches the wrong kind of value.
 */
export function treeArgument(
  fn: string,
  v: unknown,
  types: readonly TreeType[],
): { type: TreeType; dialect: DialectName } {
  const what = types
    .map((t) => (t === "pipeline" ? "a Pipeline" : t === "relative-pipeline" ? "a RelativePipeline" : "a RuleMatch"))
    .join(" or ");
  if (typeof v !== "object" || v === null || Array.isArray(v))
    throw new TypeError(`${fn} takes ${what} tree, not ${describeValue(v)}`);
  const t = v as { type?: unknown; dialect?: unknown; subUrls?: unknown; subUrl?: unknown; rule?: unknown };
  if (!types.includes(t.type as TreeType)) {
    const found =
      typeof t.type === "string" ? `a tree of type ${JSON.stringify(t.type)}` : "an object that is not a tree";
    const ruleMatch =
      t.type === "rule-match" ? ` (parse() with options.rule ${JSON.stringify(t.rule)} gives a RuleMatch)` : "";
    throw new TypeError(`${fn} takes ${what} tree, not ${found}${ruleMatch}`);
  }
  if (typeof t.dialect !== "string" || !Object.hasOwn(DIALECTS, t.dialect)) {
    throw new TypeError(
      `${fn}: the tree's dialect must be one of ${Object.keys(DIALECTS).join(", ")}, not ${describeValue(t.dialect)}`,
    );
  }
  const subUrls = t.type === "rule-match" ? (t.subUrl === null ? [] : [t.subUrl]) : t.subUrls;
  if (!Array.isArray(subUrls)) throw new TypeError(`${fn}: the tree has no subUrls array`);
  subUrls.forEach((s: unknown, i) => {
    subUrlArgument(`${fn}: sub-URL ${i + 1}`, s);
  });
  return { type: t.type as TreeType, dialect: t.dialect as DialectName };
}

/** A sub-URL argument: an object with a string `scheme`, `rawScheme` and `raw`. */
export function subUrlArgument(what: string, s: unknown): void {
  if (typeof s !== "object" || s === null) throw new TypeError(`${what} is not a sub-URL but ${describeValue(s)}`);
  const o = s as { scheme?: unknown; rawScheme?: unknown; raw?: unknown };
  if (typeof o.scheme !== "string" || typeof o.rawScheme !== "string" || typeof o.raw !== "string") {
    throw new TypeError(`${what} is not a sub-URL: it needs a string scheme, rawScheme and raw`);
  }
}

/** A dialect argument given on its own (not in options). */
export function dialectArgument(fn: string, v: unknown): DialectName {
  if (typeof v !== "string" || !Object.hasOwn(DIALECTS, v)) {
    throw new TypeError(
      `${fn}: the dialect must be one of ${Object.keys(DIALECTS).join(", ")}, not ${describeValue(v)}`,
    );
  }
  return v as DialectName;
}

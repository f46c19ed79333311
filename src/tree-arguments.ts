/**
 * The checks of a tree or a dialect given as an argument: they need the dialects' names, so they sit above
 * ./dialects.ts, where ./arguments.ts (every other argument check) sits below everything.
 */
import { subUrlArgument } from "./arguments";
import { describeValue } from "./describe-value";
import { DIALECTS } from "./dialects";
import type { DialectName } from "./tree/nodes";

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

/** A dialect argument given on its own (not in options). */
export function dialectArgument(fn: string, v: unknown): DialectName {
  if (typeof v !== "string" || !Object.hasOwn(DIALECTS, v)) {
    throw new TypeError(
      `${fn}: the dialect must be one of ${Object.keys(DIALECTS).join(", ")}, not ${describeValue(v)}`,
    );
  }
  return v as DialectName;
}

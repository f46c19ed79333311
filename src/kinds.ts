/**
 * The kinds of resources (ZEP 8, "Resource kinds"): each scheme's base and result kind from the grammar's headers,
 * when a base meets what an adapter needs, and the check of a pipeline's text that the verdict runs (validate(),
 * canParse(), parse(): an adapter whose base is of a kind it does not accept, where the text alone decides it).
 * meaning/kind.ts builds kind() and kinds() on the same table and rules, so the two cannot disagree.
 *
 * ZEP 8 (2025-11), "Resource kinds": "`file`: Single file within a key-value store ... `directory`: Single directory
 * within a key-value store ... `dataset`: An array, group, or other dataset with a defined format ... Depending on
 * the URL schemes involved, in some cases the resource kind can be determined syntatically from the URL alone,
 * while in other cases it can only be resolved by actually accessing the resource." Each scheme's prose then says
 * "The base URL must refer to a `file` resource" (or `directory`) and "The resultant resource kind is ...". The
 * verdict refuses only what the text decides (decision D62).
 */
import type { DialectSchemes, StandardScheme as GeneratedStandardScheme } from "../generated/schemes";
import { DIALECTS, type SchemeInfo } from "./dialects";
import type { DialectName } from "./tree/nodes";

/**
 * What a pipeline refers to, as far as its text tells:
 * - `"file"`, `"directory"`: the resource kinds of both texts, known from the URL alone;
 * - a {@link DatasetKind}: ZEP 8's `"dataset"`, or in url-pipeline v0 its `"array"`, or a pair of its kinds the
 *   URL cannot settle (`"array-or-array-group"`, `"array-or-other"`);
 * - `"file-or-directory"`: a key-value store location the text cannot settle (ZEP 8: "the resultant resource kind
 *   may be either `file` or `directory`"); only accessing it can tell;
 * - `"unknown"`: the last sub-URL has a vendor (non-standard) scheme, whose kinds no text defines.
 */
export type ResourceKind = "file" | "directory" | "file-or-directory" | DatasetKind | "unknown";

/**
 * A dataset, in the words of the pipeline's dialect: ZEP 8's `"dataset"`; url-pipeline v0's `"array"` (json:, the
 * image formats) and, where the URL alone cannot tell v0's kinds apart, `"array-or-array-group"` (zarr, zarr2,
 * zarr3, n5, hdf5) and `"array-or-other"` (neuroglancer-precomputed). Each scheme's v0 word is its grammar file's
 * `; @result-url-pipeline-v0` header (decision D28).
 */
export type DatasetKind = "dataset" | "array" | "array-or-array-group" | "array-or-other";

/** Whether a kind is a dataset (in either dialect's words): the base of no adapter (decision D28). */
export function isDatasetKind(k: ResourceKind | null): k is DatasetKind {
  return k === "dataset" || k === "array" || k === "array-or-array-group" || k === "array-or-other";
}

/** The kind an adapter needs as its base: ZEP 8's "The base URL must refer to a `file` (`directory`) resource". */
export type BaseKind = "file" | "directory";

/**
 * How a scheme's resulting kind is found:
 * - `"file"`, `"file-or-directory"`, `"dataset"`: always that kind;
 * - `"directory-if-path-empty-or-ends-with-slash"`: ZEP 8's "If the path is empty or ends with `/`, the resultant
 *   resource kind is known syntatically to be a `directory`. Otherwise, the resultant resource kind may be either
 *   `file` or `directory`";
 * - `"after-resolution"`: ZEP 8's `..` adapter, which discards the adapter before it: the kind is that of the
 *   resolved pipeline.
 */
export type ResultRule = SchemeInfo["resultRule"];

export interface SchemeKindRule {
  readonly role: "root" | "adapter";
  /** What an adapter needs as its base; "any" for `..` (no text limits it); null for a root. */
  readonly base: BaseKind | "any" | null;
  readonly result: ResultRule;
}

/** The schemes the grammar defines (every sub-URL but the vendor `vendor.scheme:` ones), from generated/schemes.d.ts. */
export type StandardScheme = GeneratedStandardScheme;

/**
 * Each standard scheme's base and result kind: the `; @role`, `; @base` and `; @result` headers of its grammar file
 * (generated/DIALECT/dialect.json, `resultRule` being `@result` as a rule), where the sentences of the texts they
 * rest on are quoted. A scheme the two dialects share has the same row in both (test/meaning/kind.test.ts).
 */
export const SCHEME_KINDS: { readonly [S in StandardScheme]: SchemeKindRule } = freezeRows(
  Object.fromEntries(
    Object.values(DIALECTS).flatMap((d) =>
      d.meta.schemes.map((s): [string, SchemeKindRule] => [
        s.scheme,
        { role: s.role, base: s.base as SchemeKindRule["base"], result: s.resultRule },
      ]),
    ),
  ) as { [S in StandardScheme]: SchemeKindRule },
);

/** The table and each of its rows, frozen: the rows are shared with every call. */
function freezeRows<T extends object>(table: T): Readonly<T> {
  for (const row of Object.values(table)) Object.freeze(row);
  return Object.freeze(table);
}

/** Whether a base of kind `k` can be the `needs` an adapter asks for (decision D28). */
export function meets(k: ResourceKind, needs: BaseKind): boolean {
  // "unknown": after a vendor scheme nothing can be said, so nothing is refused (decision D28).
  return k === needs || k === "file-or-directory" || k === "unknown";
}

/** A kind in a sentence: "a file", "an array or an array group", ... */
export function article(k: ResourceKind): string {
  return ARTICLES[k];
}

const ARTICLES: { readonly [K in ResourceKind]: string } = {
  file: "a file",
  directory: "a directory",
  "file-or-directory": "a file or a directory",
  dataset: "a dataset",
  array: "an array",
  "array-or-array-group": "an array or an array group",
  "array-or-other": "an array or another kind of dataset",
  unknown: "of unknown kind",
};

/** The directory rule's test, on the path as written: empty, or ending with "/". */
export function isDirectoryPath(raw: string): boolean {
  return raw === "" || raw.endsWith("/");
}

const TABLE = new Map<string, SchemeKindRule>(Object.entries(SCHEME_KINDS));

/** Each dialect's own words for its schemes' datasets: the `dialectResult` of generated/DIALECT/dialect.json. */
const DATASET_WORDS = new Map(
  Object.values(DIALECTS).map((d) => [
    d.meta.name,
    new Map(
      d.meta.schemes.flatMap((s) =>
        s.dialectResult === undefined ? [] : [[s.scheme, s.dialectResult as DatasetKind]],
      ),
    ),
  ]),
);

/** The kind a dataset scheme yields, in the dialect's words ("dataset" where the dialect has none of its own). */
export function datasetKind(scheme: string, dialect: DialectName): DatasetKind {
  return DATASET_WORDS.get(dialect)?.get(scheme) ?? "dataset";
}

/** The row of a scheme (lower-case, as in the tree), or null for a vendor scheme. */
export function kindRule(scheme: string): SchemeKindRule | null {
  return TABLE.get(scheme) ?? null;
}

/** A kind's reason, as messages give it: why the base is of the kind it is. */
export type Why = string;

/**
 * The kind a sub-URL yields, and why, as kind()'s messages say it. `path`, for the directory rule: the path as
 * written is empty, ends with "/", or neither ("%2F" is data, not a "/": RFC 3986 2.2; decision D28).
 */
export function yields(
  scheme: string,
  rule: SchemeKindRule,
  dialect: DialectName,
  path: PathShape,
): [ResourceKind, Why] {
  const k = yieldsKind(scheme, rule, dialect, path);
  const why =
    k === "file-or-directory"
      ? ""
      : rule.result === "file"
        ? `${scheme}: always yields a file`
        : k === "directory"
          ? path === "empty"
            ? "its path is empty"
            : `its path ends with "/"`
          : `${scheme}: always yields ${article(k)}, and no adapter takes a dataset as its base`;
  return [k, why];
}

/** The message of an adapter whose base is of a kind it does not accept (kind()'s, and the verdict's). */
export function baseKindMessage(
  adapter: { index: number; scheme: string; raw: string },
  base: { index: number; raw: string },
  needs: BaseKind,
  found: ResourceKind,
  why: Why,
): string {
  return (
    `${adapter.scheme}: sub-URL ${adapter.index + 1} ${JSON.stringify(adapter.raw)} needs ${article(needs)} as its ` +
    `base, but sub-URL ${base.index + 1} ${JSON.stringify(base.raw)} is ${article(found)}: ${why}`
  );
}

// ---- the verdict's check, on the text ----

/** What the verdict refuses: an adapter whose base is of a kind it does not accept. */
export interface KindViolation {
  /** The adapter's sub-URL: 0-based index, and where it stands in the input. */
  index: number;
  start: number;
  end: number;
  needs: BaseKind;
  found: ResourceKind;
  message: string;
}

type CustomScheme = DialectSchemes[keyof DialectSchemes]["custom"];

/**
 * For a scheme of a custom shape whose result follows the directory rule, whether its path is empty, from the text
 * after "scheme:" (the sub-URL's own grammar; a path that ends with "/" is tested before). A custom scheme added to
 * grammar/ is a compile error here until it has its row; null: its result does not follow the directory rule.
 */
const CUSTOM_EMPTY_PATH: { readonly [S in CustomScheme]: ((body: string) => boolean) | null } = {
  // file-sub-url: "/" path-absolute, or "//" [ host ] path-absolute: a path is never empty (RFC 8089 2).
  file: () => false,
  // ocdbt-version-path / icechunk-ref-path after "@" (ZEP 8) or "//" (v0): the path is what follows the first "/";
  // without a version, the body is the path.
  icechunk: (body) =>
    body.startsWith("@") ? !body.includes("/") : body.startsWith("//") ? body.indexOf("/", 2) < 0 : body === "",
  ocdbt: null,
  memory: null,
  json: null,
  "byte-range": null,
  "..": null,
};

/**
 * Whether the path of a sub-URL whose result follows the directory rule is empty, by the shape of its body (from
 * `from` to `end` in `input`): a bucket or an authority ("//" then the authority, then the path), a path adapter
 * (the body is the path). No slice but for a custom shape's own test.
 */
function emptyPath(entry: SchemeEntry, input: string, from: number, end: number): boolean {
  switch (entry.shape) {
    case "bucket":
    case "authority": {
      const slash = input.indexOf("/", from + 2);
      return slash < 0 || slash >= end;
    }
    case "path":
    case "bodiless":
      return from >= end;
    case "custom":
      return CUSTOM_EMPTY_PATH[entry.scheme as CustomScheme]?.(input.slice(from, end)) ?? false;
  }
}

/**
 * A scheme as the text check reads it: what the walk reads, copied out of its metadata and kind rule into one object
 * of one shape (the metadata's objects, read from JSON, have several: the walk took 98 ns a spec example reading
 * them, 80 reading this); the two themselves, for the message of a violation.
 */
interface SchemeEntry {
  scheme: string;
  root: boolean;
  /** What an adapter needs as its base (SchemeKindRule.base). */
  needs: SchemeKindRule["base"];
  /** Whether its result follows the directory rule ("directory-if-path-empty-or-ends-with-slash"). */
  directoryRule: boolean;
  shape: SchemeInfo["shape"];
  /** Its result, in the dialect's words, where the directory rule does not apply (undefined for ".."). */
  kind: ResourceKind | undefined;
  info: SchemeInfo;
  rule: SchemeKindRule;
}

/**
 * Each dialect's schemes, with their kind rules, as a trie on their characters (lower case): the text check reads
 * a sub-URL's scheme in it character by character, with no slice, case fold or hash (it runs on every valid input).
 * The trie is a table, as the DFA's is (src/dfa/scan.ts): node n's move on character c (below 128) is
 * `moves[n * 128 + c]`, 0 for none (node 0 has none: a walk that leaves the trie stays out); node 1 is the root. Read
 * from a typed array, the walk of a spec example with a "|" takes 103 ns, where it took 120 with an array of 128 per
 * node object (measured alone, old and new in one process).
 */
interface Trie {
  moves: Uint16Array;
  /** By node: the scheme that ends there, if any. */
  entries: (SchemeEntry | undefined)[];
}

const TRIE_ROOT = 1;

function trieOf(schemes: readonly SchemeInfo[], dialect: DialectName): Trie {
  // Nodes 0 (none) and 1 (the root), then one per character of a scheme that no earlier one shares.
  const nodes = 2 + schemes.reduce((n, info) => n + info.scheme.length, 0);
  const moves = new Uint16Array(nodes * 128);
  const entries: (SchemeEntry | undefined)[] = new Array<SchemeEntry | undefined>(nodes).fill(undefined);
  let count = 2;
  for (const info of schemes) {
    let node = TRIE_ROOT;
    for (const ch of info.scheme) {
      const c = ch.charCodeAt(0);
      let child = moves[node * 128 + c]!;
      if (child === 0) {
        child = count++;
        moves[node * 128 + c] = child;
        // A letter's upper case leads where its lower case does.
        if (c >= 0x61 && c <= 0x7a) moves[node * 128 + c - 0x20] = child;
      }
      node = child;
    }
    const rule = kindRule(info.scheme)!;
    const directoryRule = rule.result === "directory-if-path-empty-or-ends-with-slash";
    entries[node] = {
      scheme: info.scheme,
      root: info.role === "root",
      needs: rule.base,
      directoryRule,
      shape: info.shape,
      kind:
        directoryRule || rule.result === "after-resolution"
          ? undefined
          : yieldsKind(info.scheme, rule, dialect, "other"),
      info,
      rule,
    };
  }
  return { moves, entries };
}

const TRIES = Object.fromEntries(
  Object.values(DIALECTS).map((d) => [d.meta.name, trieOf(d.meta.schemes, d.meta.name)]),
) as Readonly<Record<DialectName, Trie>>;

/** Whether the sub-URL at `start` begins with "..": ZEP 8's ".." adapter, or a relative pipeline's leading "..". */
function startsWithDotDot(input: string, start: number): boolean {
  return charCodeAt.call(input, start) === DOT && charCodeAt.call(input, start + 1) === DOT;
}

/**
 * The first adapter of `input`, a pipeline the grammar accepts (the absolute or, in ZEP 8, the relative rule), whose
 * base is of a kind it does not accept, where the text alone decides it; null when there is none. Sub-URLs are the
 * "|"-separated parts (no sub-URL's grammar admits a "|", D22). After a vendor scheme nothing is known ("unknown");
 * a relative pipeline's leading path, or a ZEP 8 ".." adapter anywhere, leaves the kinds to resolution (D62).
 */
export function kindViolation(input: string, dialect: DialectName): KindViolation | null {
  let end = input.indexOf("|");
  // One sub-URL: a root, or a relative path, has no base. A ZEP 8 ".." adapter (after a "|", or a relative
  // pipeline's first, D5) discards the adapter before it: the kinds are known once it is resolved. (Each sub-URL
  // is looked at for it in the walk below, and the whole input before a violation is returned.)
  if (end < 0 || startsWithDotDot(input, 0)) return null;
  const { moves, entries } = TRIES[dialect];
  let start = 0;
  let index = 0;
  // The kind of the pipeline so far, and what made it (for the message, written only for a violation): the
  // sub-URL before, its entry (none: a vendor scheme or a leading path, whose kind is unknown) and its path.
  let current: ResourceKind = "unknown";
  // (Locals, not an object per sub-URL: this runs on every valid input.)
  let previousEntry: SchemeEntry | undefined;
  let previousStart = 0;
  let previousEnd = 0;
  let previousPath: PathShape = "other";
  for (;;) {
    if (startsWithDotDot(input, start)) return null;
    // The scheme: up to the sub-URL's first ":", read in the trie (within the sub-URL alone: the walk stays linear).
    let schemeEnd = start;
    let node = TRIE_ROOT;
    for (; schemeEnd < end; schemeEnd++) {
      const c = charCodeAt.call(input, schemeEnd);
      if (c === COLON) break;
      node = c < 128 ? moves[(node << 7) | c]! : 0;
    }
    let entry = entries[node];
    const scheme = entry ? entry.scheme : "";
    // The first sub-URL is a root, or (a relative pipeline's) a path, whatever it looks like ("ZIP|zip:").
    if (index === 0 && entry !== undefined && !entry.root) entry = undefined;
    if (entry === undefined) {
      // A vendor scheme, or a relative pipeline's leading path: its kind is unknown (nothing is refused after it).
      current = "unknown";
      previousEntry = undefined;
    } else {
      const needs = entry.needs;
      if (index > 0 && (needs === "file" || needs === "directory") && !meets(current, needs)) {
        const why = previousEntry ? yields(previousEntry.scheme, previousEntry.rule, dialect, previousPath)[1] : "";
        const message = baseKindMessage(
          { index, scheme, raw: input.slice(start, end) },
          { index: index - 1, raw: input.slice(previousStart, previousEnd) },
          needs,
          current,
          why,
        );
        // A ".." adapter further on may discard this one: then the kinds wait for the resolution.
        if (input.includes("|..", end)) return null;
        return { index, start, end, needs, found: current, message };
      }
      let path: PathShape = "other";
      if (entry.directoryRule) {
        if (end > start && charCodeAt.call(input, end - 1) === SLASH) path = "slash";
        else if (emptyPath(entry, input, Math.min(schemeEnd + 1, end), end)) path = "empty";
        current = path === "other" ? "file-or-directory" : "directory";
      } else {
        current = entry.kind ?? yieldsKind(scheme, entry.rule, dialect, path);
      }
      previousEntry = entry;
      previousPath = path;
    }
    if (end === input.length) return null;
    previousStart = start;
    previousEnd = end;
    index++;
    start = end + 1;
    end = input.indexOf("|", start);
    if (end < 0) end = input.length;
  }
}

type PathShape = "empty" | "slash" | "other";
const SLASH = 0x2f;
const COLON = 0x3a;
const DOT = 0x2e;
/** Called with `.call`, as the DFA's scan does (src/dfa/scan.ts, D35): a method call on many string shapes is slow. */
const charCodeAt = String.prototype.charCodeAt;

/** The kind {@link yields} gives, without its reason. */
function yieldsKind(scheme: string, rule: SchemeKindRule, dialect: DialectName, path: PathShape): ResourceKind {
  switch (rule.result) {
    case "file":
      return "file";
    case "dataset":
      return datasetKind(scheme, dialect);
    case "file-or-directory":
      return "file-or-directory";
    case "directory-if-path-empty-or-ends-with-slash":
      return path === "other" ? "file-or-directory" : "directory";
    case "after-resolution":
      // Unreachable: a pipeline with ".." is resolved (kind(): refused) before its kinds are walked.
      throw new Error(`internal: ${scheme} reached the kind walk unresolved`);
  }
}

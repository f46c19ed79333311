/**
 * The dialects: each one's metadata (generated/DIALECT/), its start rules in the one generated parser that serves
 * them all (generated/parser.js), and the typed actions that build its tree.
 */
import type { ResultRule, Shape } from "../generated/schemes";
import type * as PeggyParser from "../generated/parser";
import { urlPipelineV0Actions, zep8Actions } from "./actions";
import { describeValue } from "./describe-value";
import { dfaRuleNames } from "./dfa/dialects";
import type { DialectName } from "./tree/nodes";

export interface SchemeInfo {
  scheme: string;
  /** The scheme's own version (the spec versions each scheme separately). */
  version: string;
  role: "root" | "adapter";
  /** The kind of resource an adapter needs as its base: "file", "directory" or "any". */
  base: string | null;
  /** The kind of resource the sub-URL yields, as the spec's prose says it. */
  result: string;
  /**
   * The result in the dialect's own words, where they are not `result`'s: in url-pipeline v0, "array",
   * "array-or-array-group" or "array-or-other" for what ZEP 8 calls a "dataset" (its "@result-DIALECT" header).
   */
  dialectResult?: string;
  /** How the kind after the sub-URL follows from it: `result` as a rule (src/meaning/kind.ts). */
  resultRule: ResultRule;
  /**
   * What follows the scheme, read from its rule (scripts/grammar/shapes.ts): "bodiless" and "path" adapters share a
   * node type and a generic action; "bucket", "authority" and "custom" schemes have their own.
   */
  shape: Shape;
  /**
   * Its rules: `X-sub-url`, and for a path adapter `X-path`, X the scheme with "+" and "." as "-" (ZEP 8's `..`:
   * `dotdot`), as every scheme file names them (the build holds each to it: scripts/grammar/shapes.ts).
   */
  rules: { subUrl: string; path?: string };
  /** The dialects whose grammar has the scheme. */
  dialects: string[];
  /** The grammar file the scheme's rules are in. */
  file: string;
}

/** generated/DIALECT/dialect.json */
export interface DialectMeta {
  name: DialectName;
  title: string;
  version: string;
  source: string;
  defaultRule: string;
  /**
   * The ABNF rule names: each is a `rule` that parse() and validate() take. Read from the generated parser's start
   * rules (loaded on first read; dialect.json does not list them again): its own (`DIALECT$rule`, {@link ownRules})
   * and the shared ones but {@link absentRules}.
   */
  readonly rules: string[];
  /** The parser's shared start rules (those not named `DIALECT$rule`) that are not rules of this dialect. */
  absentRules: string[];
  /**
   * The rules whose function in the generated parser is this dialect's own, named `DIALECT$rule` (with "_" for
   * "-"): those whose grammar differs between the dialects, and those that refer to one. Every other rule's
   * function serves each dialect that has the rule, and is named `rule` ({@link peggyStartRule}).
   */
  ownRules: string[];
  schemes: SchemeInfo[];
  /**
   * The FIRST sets (UTF-16 ranges) that error messages name expected characters by, with whether the rule always
   * matches exactly one character: every one-character rule, and the longer rules src/messages/display-names.json
   * names. Every rule's FIRST set and nullability: generated/DIALECT/rule-analysis.json (not in the package).
   */
  first: Record<string, { ranges: [number, number][]; oneChar: boolean }>;
}

export interface Dialect {
  meta: DialectMeta;
  /** The generated parser (one for every dialect), loaded on first read. */
  readonly parser: typeof PeggyParser;
  actions: object;
  /**
   * Case-folded ABNF rule name -> ABNF rule name (rule names are case-insensitive, RFC 5234 2.1). Made on first
   * read, which loads the parser (the rules are its start rules).
   */
  readonly ruleNames: ReadonlyMap<string, string>;
  /**
   * ABNF rule name -> the parser's start rule ({@link peggyStartRule}), made once: a name made afresh on every
   * parse would be hashed afresh where the parser looks its start rule up. Made on first read, as `ruleNames`.
   */
  readonly startRules: ReadonlyMap<string, string>;
}

/**
 * Whether the dialect has `vendor.scheme:` sub-URLs (url-pipeline v0's `nonstandard-sub-url`), known without
 * loading the parser (as {@link DialectMeta.rules} would): the rule is one of the parser's, and a dialect without
 * it lists it among its `absentRules` (test/dialects.test.ts holds the two to one).
 */
export function hasVendorSchemes(meta: Pick<DialectMeta, "ownRules" | "absentRules">): boolean {
  return meta.ownRules.includes("nonstandard-sub-url") || !meta.absentRules.includes("nonstandard-sub-url");
}

let parser: typeof PeggyParser | undefined;

/** The generated parser (about 150 KB, shared by the dialects), loaded on first use. */
function loadParser(): typeof PeggyParser {
  // Plain require: a generated file outside src/, found at the same relative path from dist/.
  return (parser ??= require("../generated/parser.js") as typeof PeggyParser);
}

/** A scheme as generated/DIALECT/dialect.json has it: without what follows from its name. */
type SchemeJson = Omit<SchemeInfo, "rules" | "file"> & { file?: string };
/** generated/DIALECT/dialect.json: without its rules, which are the parser's, and what follows from scheme names. */
type DialectJson = Omit<DialectMeta, "schemes" | "rules"> & { schemes: SchemeJson[] };

/**
 * A dialect whose parser and rule names are loaded on first use: a program that validates with the DFA engine
 * never loads them.
 */
function load(json: DialectJson, actions: (schemes: SchemeInfo[]) => object): Dialect {
  // What follows from a scheme's name is not in dialect.json (a page that bundles it pays for every byte): its rules,
  // and its file when that is grammar/schemes/NAME.abnf, where the build holds every scheme file to its name.
  const schemes = json.schemes.map((s) => ({
    ...s,
    file: s.file ?? `grammar/schemes/${s.scheme}.abnf`,
    rules: schemeRules(s),
  }));
  const meta = Object.defineProperty({ ...json, schemes }, "rules", {
    get: metaRules,
    enumerable: true,
  }) as DialectMeta;
  return new LoadedDialect(meta, actions(schemes));
}

/**
 * A dialect, its lazily made parts as getters of the class: getters of each object's own would give the dialects
 * no shared shape, and V8 reads the properties of such objects (`meta`, `actions`, on every parse) by hash lookup.
 */
class LoadedDialect implements Dialect {
  #ruleNames: Map<string, string> | undefined;
  #startRules: Map<string, string> | undefined;

  constructor(
    readonly meta: DialectMeta,
    readonly actions: object,
  ) {}

  get parser(): typeof PeggyParser {
    return loadParser();
  }

  get ruleNames(): ReadonlyMap<string, string> {
    return (this.#ruleNames ??= new Map(this.meta.rules.map((r) => [r.toLowerCase(), r])));
  }

  get startRules(): ReadonlyMap<string, string> {
    return (this.#startRules ??= new Map(this.meta.rules.map((r) => [r, peggyStartRule(this.meta, r)])));
  }
}

const RULES = new WeakMap<object, string[]>();

/**
 * `meta.rules`, made on first read. One function for every dialect's metadata: a getter of its own for each would
 * give the second dialect's metadata no shared shape, and V8 makes such an object a dictionary, whose every property
 * read (`defaultRule`, on each call) then costs a hash lookup.
 */
function metaRules(this: DialectMeta): string[] {
  let rules = RULES.get(this);
  if (!rules) RULES.set(this, (rules = rulesOf(this, loadParser().StartRules)));
  return rules;
}

/**
 * A dialect's ABNF rules, from the parser's start rules ({@link DialectMeta.rules}): `DIALECT$rule` for its own,
 * `rule` for a shared one, with "_" for "-" (scripts/peg/emit-peggy.ts; an ABNF rule name has no "_", RFC 5234 2.1).
 */
function rulesOf(
  meta: Pick<DialectMeta, "name" | "ownRules" | "absentRules">,
  startRules: readonly string[],
): string[] {
  const own = `${meta.name.replace(/-/g, "_")}$`;
  const absent = new Set([...meta.ownRules, ...meta.absentRules]);
  const out: string[] = [];
  for (const start of startRules) {
    const name = (start.startsWith(own) ? start.slice(own.length) : start).replace(/_/g, "-");
    if (start.startsWith(own) || (!start.includes("$") && !absent.has(name))) out.push(name);
  }
  return out;
}

// Plain require: these are generated files outside src/, found at the same relative path from dist/. The two
// metadata files are required one after the other, so that a bundler writes them side by side and gzip finds the
// second's scheme registry in the first.
const V0_META = require("../generated/url-pipeline-v0/dialect.json") as DialectJson;
const ZEP8_META = require("../generated/zep8/dialect.json") as DialectJson;

/** `X-sub-url`, and `X-path` for a path adapter ({@link SchemeInfo.rules}). */
function schemeRules(s: { scheme: string; shape: Shape }): SchemeInfo["rules"] {
  const x = s.scheme === ".." ? "dotdot" : s.scheme.replace(/[+.]/g, "-");
  return s.shape === "path" ? { subUrl: `${x}-sub-url`, path: `${x}-path` } : { subUrl: `${x}-sub-url` };
}

export const DIALECTS: Readonly<Record<DialectName, Dialect>> = {
  "url-pipeline-v0": load(V0_META, urlPipelineV0Actions),
  zep8: load(ZEP8_META, zep8Actions),
};

export const DEFAULT_DIALECT: DialectName = "url-pipeline-v0";

export function dialectNames(): DialectName[] {
  return Object.keys(DIALECTS) as DialectName[];
}

export function getDialect(name: string | undefined): Dialect {
  const key = name ?? DEFAULT_DIALECT;
  // Own keys only: "__proto__", "constructor" or "toString" must not find Object.prototype's members.
  const d = typeof key === "string" && Object.hasOwn(DIALECTS, key) ? DIALECTS[key as DialectName] : undefined;
  if (!d)
    throw new TypeError(
      `unknown dialect "${name}": use ${dialectNames()
        .map((n) => `"${n}"`)
        .join(" or ")}`,
    );
  return d;
}

/**
 * The generated parser's start rule for a dialect's ABNF rule: its name with "_" for "-", after "DIALECT$" when
 * the function is the dialect's own, as scripts/peg/emit-peggy.ts (peggyName, ownPeggyName) writes every rule
 * (test/parse.test.ts checks both dialects' rules against the parser's StartRules).
 */
export function peggyStartRule(meta: Pick<DialectMeta, "name" | "ownRules">, rule: string): string {
  const name = rule.replace(/-/g, "_");
  return meta.ownRules.includes(rule) ? `${meta.name.replace(/-/g, "_")}$${name}` : name;
}

/**
 * The ABNF name of a rule, looked up case-insensitively; a TypeError names the problem. The default rule, and the
 * rules the DFA engine answers, are found without loading the parser.
 */
export function resolveRule(dialect: Dialect, rule: string | undefined): string {
  if (rule === undefined) return dialect.meta.defaultRule;
  if (typeof rule !== "string") throw new TypeError(`options.rule must be a string, not ${describeValue(rule)}`);
  const fast = dfaRuleNames(dialect.meta.name).get(rule.toLowerCase());
  if (fast !== undefined) return fast;
  const name = dialect.ruleNames.get(rule.toLowerCase());
  if (!name) {
    throw new TypeError(
      `unknown rule "${rule}" in dialect ${dialect.meta.name}: give an ABNF rule name such as "absolute-url-pipeline", "URI" or "IPv6address"`,
    );
  }
  return name;
}

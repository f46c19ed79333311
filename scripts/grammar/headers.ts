/**
 * The header of a scheme file: "; @key value" lines in its leading comment. The url-pipeline spec gives each
 * scheme its own version, its role (root or adapter), the kind of resource it needs as a base and the kind it
 * yields; the build copies these into generated/NAME/dialect.json so that the library can report them, with the
 * shape of the scheme's body that scripts/grammar/shapes.ts reads from its rules.
 */
export interface SchemeHeader {
  scheme: string;
  version: string;
  role: "root" | "adapter";
  /** Required kind of the base resource (adapters only): "file", "directory" or "any". */
  base: string | null;
  /** The kind of resource the sub-URL yields, as the prose says it. */
  result: string;
  /**
   * "; @result-DIALECT value": the result in a dialect's own words, where they differ from `result`'s. url-pipeline
   * v0 names the kinds of datasets ("array", "array-group", "other"); ZEP 8 calls all three "dataset".
   */
  resultIn: Record<string, string>;
  /**
   * How the kind after this sub-URL follows from it (src/meaning/kind.ts reads it), decided by the build from the
   * wording of "@result" ({@link RESULT_RULES}).
   */
  resultRule: ResultRule;
  dialects: string[];
  file: string;
}

/**
 * The wordings "@result" may take, and the rule each means (ZEP 8's sentences: "The resultant resource kind is
 * always `file`", "... may be either `file` or `directory`", "If the path is empty or ends with `/`, the resultant
 * resource kind is known syntatically to be a `directory`. Otherwise ...", "The resource kind is always `dataset`").
 */
export const RESULT_RULES = {
  file: "file",
  "file-or-directory": "file-or-directory",
  dataset: "dataset",
  'directory if the path is empty or ends with "/", else file-or-directory':
    "directory-if-path-empty-or-ends-with-slash",
  // file: an RFC 8089 path is never empty, so only the "/" half of the rule can apply: the same rule.
  'directory if the path ends with "/", else file-or-directory': "directory-if-path-empty-or-ends-with-slash",
  // ZEP 8 `..`: "causes the prior adapter to be discarded".
  "the kind of the sub-URL before the discarded adapter, after its path is resolved": "after-resolution",
} as const;
export type ResultRule = (typeof RESULT_RULES)[keyof typeof RESULT_RULES];

/**
 * The words a dialect has for results that the shared "@result" does not: url-pipeline v0's "array", "array-group"
 * and "other" (its "Resource kinds"), and their "-or-" pairs for results the URL alone cannot settle.
 */
const DIALECT_RESULTS: Record<string, string[]> = {
  "url-pipeline-v0": ["array", "array-or-array-group", "array-or-other"],
};

const REQUIRED = ["scheme", "version", "role", "result", "dialects"] as const;
/** The kinds an adapter's base may need (ZEP 8's "The base URL must refer to a `file` resource", ...; "any": `..`). */
const BASES = ["file", "directory", "any"];

/** Returns null for a file without "@scheme" (core and shared rule files). */
export function readSchemeHeader(header: string[], file: string): SchemeHeader | null {
  const fields = new Map<string, string>();
  for (const line of header) {
    const m = /^@([\w-]+)\s+(.+?)\s*$/.exec(line);
    if (m) fields.set(m[1]!, m[2]!);
  }
  if (!fields.has("scheme")) return null;
  for (const key of REQUIRED) {
    if (!fields.get(key)) throw new Error(`${file}: the header needs "; @${key} ..."`);
  }
  const role = fields.get("role");
  if (role !== "root" && role !== "adapter") throw new Error(`${file}: "@role" must be root or adapter, not "${role}"`);
  const base = fields.get("base") ?? null;
  if (role === "adapter" && base === null) throw new Error(`${file}: an adapter needs "; @base file|directory|any"`);
  // kind() compares a base's kind with these words (src/meaning/kind.ts): another word would accept any base.
  if (role === "adapter" && !BASES.includes(base!))
    throw new Error(`${file}: "@base" must be ${BASES.join(", ")}, not "${base}"`);
  if (role === "root" && base !== null)
    throw new Error(`${file}: a root reads no sub-URL before it: remove "; @base ${base}"`);
  const result = fields.get("result")!;
  const resultRule = (RESULT_RULES as Record<string, ResultRule>)[result];
  if (resultRule === undefined) {
    throw new Error(
      `${file}: "@result ${result}" is not a wording the build knows; use one of: ${Object.keys(RESULT_RULES).join(" | ")} ` +
        `(or add the new wording and its rule to RESULT_RULES in scripts/grammar/headers.ts and src/meaning/kind.ts)`,
    );
  }
  const dialects = fields.get("dialects")!.split(/\s+/);
  const resultIn: Record<string, string> = {};
  for (const [key, value] of fields) {
    if (!key.startsWith("result-")) continue;
    const dialect = key.slice("result-".length);
    if (!dialects.includes(dialect))
      throw new Error(`${file}: "@${key}" names a dialect not in "@dialects ${dialects.join(" ")}"`);
    if (!(DIALECT_RESULTS[dialect] ?? []).includes(value)) {
      throw new Error(
        `${file}: "@${key}" must be one of ${(DIALECT_RESULTS[dialect] ?? []).join(", ") || "(none: the dialect has no words of its own)"}, not "${value}"`,
      );
    }
    resultIn[dialect] = value;
  }
  return {
    scheme: fields.get("scheme")!,
    version: fields.get("version")!,
    role,
    base,
    result,
    resultIn,
    resultRule,
    dialects,
    file,
  };
}

import * as fs from "node:fs";
import * as path from "node:path";

/**
 * A dialect manifest (grammar/dialects/NAME.json): which ABNF files make up one dialect's grammar, in order.
 * Order matters only for "=/" additions, whose alternatives are appended in file order.
 */
export interface DialectManifest {
  /** Dialect id, e.g. "url-pipeline-v0". */
  name: string;
  /** The text this dialect implements. */
  title: string;
  /** The spec's version, e.g. "0", or "2025-11" for the ZEP 8 revision. */
  version: string;
  /** Where the text comes from (repository, commit). */
  source: string;
  /** The rule `parse` uses when no `rule` option is given. */
  defaultRule: string;
  /**
   * Rules that are entry points in their own right although no other rule uses them
   * (e.g. RFC 3986's URI-reference). Every rule must be reachable from one of these, or the build fails.
   */
  roots: string[];
  /**
   * Rules that have no "=" definition and are made only of the "=/" additions of the files
   * (ZEP 8's root_url and adapter are lists of schemes in prose).
   */
  assembled?: string[];
  files: ManifestFile[];
}

export interface ManifestFile {
  /** Path relative to grammar/. */
  path: string;
  /**
   * Rules of this file to load under another name, because their names collide (case-insensitively) with
   * a different rule of the same dialect. Keys are the file's rule names, values the names they get.
   */
  rename?: Record<string, string>;
}

const isStringArray = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === "string");

export function parseManifest(json: unknown, where: string): DialectManifest {
  const fail = (msg: string): never => {
    throw new Error(`${where}: ${msg}`);
  };
  if (typeof json !== "object" || json === null) return fail("not a JSON object");
  const m = json as Record<string, unknown>;
  for (const key of ["name", "title", "version", "source", "defaultRule"]) {
    if (typeof m[key] !== "string") fail(`"${key}" must be a string`);
  }
  if (!isStringArray(m.roots)) fail(`"roots" must be an array of rule names`);
  if (m.assembled !== undefined && !isStringArray(m.assembled)) fail(`"assembled" must be an array of rule names`);
  if (!Array.isArray(m.files) || m.files.length === 0) fail(`"files" must be a non-empty array`);
  const files = (m.files as unknown[]).map((f, i): ManifestFile => {
    if (typeof f !== "object" || f === null || typeof (f as { path?: unknown }).path !== "string") {
      return fail(`files[${i}] must be an object with a "path"`);
    }
    const { path: p, rename } = f as { path: string; rename?: unknown };
    if (rename !== undefined) {
      if (typeof rename !== "object" || rename === null || !Object.values(rename).every((v) => typeof v === "string")) {
        fail(`files[${i}].rename must map rule names to rule names`);
      }
    }
    return rename === undefined ? { path: p } : { path: p, rename: rename as Record<string, string> };
  });
  const twice = files.find((f, i) => files.findIndex((g) => g.path === f.path) !== i);
  if (twice) fail(`"files" lists "${twice.path}" twice: list each file once`);
  return { ...(m as unknown as DialectManifest), files };
}

export function readManifest(grammarDir: string, dialect: string): DialectManifest {
  const file = path.join(grammarDir, "dialects", `${dialect}.json`);
  return parseManifest(JSON.parse(fs.readFileSync(file, "utf8")), path.relative(process.cwd(), file));
}

export function listDialects(grammarDir: string): string[] {
  return fs
    .readdirSync(path.join(grammarDir, "dialects"))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -".json".length))
    .sort();
}

/**
 * The detail of a scheme candidate: its role, the kind it needs as its base and the kind it yields, from the
 * dialect's metadata (generated/DIALECT/dialect.json, the grammar files' `@role`, `@base`, `@result` headers, the
 * last as the rule kind() applies). A dataset is named in the dialect's own words where it has them (url-pipeline
 * v0's "array", "array or array group", "array or other"), as kind() and the schemes command name it.
 */
import type { SchemeInfo } from "../dialects";
import type { ResultRule } from "../kinds";

const RESULTS: Record<ResultRule, string> = {
  file: "file",
  dataset: "dataset",
  "file-or-directory": "file or directory",
  "directory-if-path-empty-or-ends-with-slash": "file or directory (directory if its path is empty or ends with /)",
  "after-resolution": "discards the adapter before it (ZEP 8 ..)",
};

/**
 * @example
 * ```ts
 * const schemes = DIALECTS["url-pipeline-v0"].meta.schemes;
 * schemeDetail(schemes.find((s) => s.scheme === "zarr3")!); // "adapter: directory -> array or array group"
 * schemeDetail(schemes.find((s) => s.scheme === "https")!); // "root -> file or directory"
 * schemeDetail(DIALECTS.zep8.meta.schemes.find((s) => s.scheme === "zarr3")!); // "adapter: directory -> dataset"
 * ```
 */
export function schemeDetail(s: SchemeInfo): string {
  if (s.resultRule === "after-resolution") return `adapter: ${RESULTS["after-resolution"]}`;
  const result = s.dialectResult?.replace(/-/g, " ") ?? RESULTS[s.resultRule];
  return s.role === "root" ? `root -> ${result}` : `adapter: ${s.base ?? "any"} -> ${result}`;
}

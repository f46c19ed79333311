/**
 * The detail of a scheme candidate: its role, the kind it needs as its base and the kind it yields, from the
 * dialect's metadata (generated/DIALECT/dialect.json, the grammar files' `@role`, `@base`, `@result` headers, the
 * last as the rule kind() applies).
 */
import type { SchemeInfo } from "../dialects";
import type { ResultRule } from "../meaning/kind";

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
 * schemeDetail(schemes.find((s) => s.scheme === "zarr3")!); // "adapter: directory -> dataset"
 * schemeDetail(schemes.find((s) => s.scheme === "https")!); // "root -> file or directory"
 * ```
 */
export function schemeDetail(s: SchemeInfo): string {
  if (s.resultRule === "after-resolution") return `adapter: ${RESULTS["after-resolution"]}`;
  const result = RESULTS[s.resultRule];
  return s.role === "root" ? `root -> ${result}` : `adapter: ${s.base ?? "any"} -> ${result}`;
}

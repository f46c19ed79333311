/**
 * The package's own answers, from its build (dist/index.js): the suite's expected values are what the package
 * says, so the writer runs after tsc, as scripts/build-esm-validators.ts does. scripts/ cannot import src/ (its own
 * rootDir), so the few functions used are typed here.
 */
import * as path from "node:path";

export interface PackageError {
  kind: string;
  code: string;
  offset: number;
  subUrl?: { index: number; scheme: string | null } | null;
}

export type PackageValidation = { valid: true } | { valid: false; error: PackageError };

export interface PackageSubUrl {
  scheme: string;
  raw: string;
}

interface Options {
  dialect?: string;
  rule?: string;
}

export interface PackageApi {
  validate(input: string, options?: Options): PackageValidation;
  normalize(input: string, options?: Options): string;
  kind(input: string, options?: Options): string;
  resolve(base: string, reference: string, options?: Options): string;
  parse(input: string, options?: Options): { subUrls: PackageSubUrl[] };
}

/** dist/index.js of the repository at `root`. */
export function loadPackage(root: string): PackageApi {
  return require(path.join(root, "dist", "index.js")) as PackageApi;
}

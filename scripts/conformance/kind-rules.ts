/**
 * The kind rules (src/kinds.ts, decisions D28 and D62): each scheme's resulting kind, and each adapter after a base
 * of every kind (a file, a directory, a file or a directory, a dataset, and in v0 a vendor scheme's unknown kind),
 * asked as `kind` and as `validate` (the verdict refuses an adapter whose base is of the wrong kind where the text
 * decides it). The schemes and their rules are the grammar headers' (generated/DIALECT/dialect.json); each case
 * rests on its scheme's "Kinds (@base, @result) rest on:" sentence.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Question } from "./types";

export interface SchemeRow {
  scheme: string;
  role: "root" | "adapter";
  base: string | null;
  resultRule: string;
  shape: string;
  file?: string;
}

export function readSchemes(root: string, dialect: string): SchemeRow[] {
  const json = JSON.parse(fs.readFileSync(path.join(root, "generated", dialect, "dialect.json"), "utf8")) as {
    schemes: SchemeRow[];
  };
  return json.schemes;
}

/** The grammar file of a scheme, relative to grammar/ (dialect.json names it where it is not schemes/NAME.abnf). */
export function schemeFile(row: SchemeRow): string {
  return (row.file ?? `grammar/schemes/${row.scheme}.abnf`).replace(/^grammar\//, "");
}

/** Each root scheme written with a directory path, a file path and (where it has one) an empty path. */
const ROOTS: Record<string, readonly string[]> = {
  file: ["file:///d/", "file:///f", "file:/f"],
  http: ["http://example.com/d/", "http://example.com/f", "http://example.com"],
  https: ["https://example.com/d/", "https://example.com/f"],
  s3: ["s3://bucket/d/", "s3://bucket/f", "s3://bucket"],
  "s3+http": ["s3+http://example.com/bucket/d/", "s3+http://example.com/bucket/f", "s3+http://example.com"],
  "s3+https": ["s3+https://example.com/bucket/d/", "s3+https://example.com/bucket/f"],
  gs: ["gs://bucket/d/", "gs://bucket/f", "gs://bucket"],
  memory: ["memory:d/", "memory:f", "memory:"],
};

/** Each adapter's forms: bare, with ":" and, where it has a path, a directory path and a file path. */
function adapterForms(dialect: string, row: SchemeRow): string[] {
  const s = row.scheme;
  const version = (ref: string) => (dialect === "zep8" ? `@${ref}` : `//${ref}`);
  switch (s) {
    case "byte-range":
      return ["byte-range:0-1"];
    case "json":
      return ["json", "json:/a"];
    case "ocdbt":
      return ["ocdbt", "ocdbt:d/", "ocdbt:f", `ocdbt:${version("v1")}/`];
    case "icechunk":
      return ["icechunk", "icechunk:d/", "icechunk:f", `icechunk:${version("branch.main")}/d/`];
    case "..":
      return ["..:x"];
  }
  if (row.shape === "path") return [s, `${s}:`, `${s}:d/`, `${s}:f`];
  return [s, `${s}:`];
}

/** A base of the kind the adapter needs (a file or directory meets both). */
function fittingBase(row: SchemeRow): string {
  return row.base === "directory" ? "s3://bucket/d/" : "s3://bucket/f";
}

/** A base of each kind the text can show, each valid in the dialect. */
function bases(dialect: string): string[] {
  const common = [
    "s3://bucket/f", // file or directory
    "s3://bucket/d/", // directory
    "s3://bucket/f|gzip", // file
    "s3://bucket/d/|zarr3:", // dataset
  ];
  // A vendor scheme's kind is unknown (v0 only: ZEP 8 has no non-standard schemes).
  return dialect === "url-pipeline-v0" ? [...common, "s3://bucket/f|vendor.adapter:x"] : common;
}

export function kindQuestions(dialect: string, schemes: readonly SchemeRow[]): Question[] {
  const out: Question[] = [];
  const ask = (input: string, why: string) => {
    out.push({ op: "kind", dialect, input, why }, { op: "validate", dialect, input, why });
  };
  for (const row of schemes) {
    const why = `kinds:${schemeFile(row)}`;
    if (row.role === "root") {
      for (const input of ROOTS[row.scheme] ?? []) ask(input, why);
      continue;
    }
    // The first form after a base of every kind; the others (paths, versions) after a base that fits.
    const [first, ...others] = adapterForms(dialect, row);
    for (const base of bases(dialect)) ask(`${base}|${first}`, why);
    for (const form of others) ask(`${fittingBase(row)}|${form}`, why);
  }
  return out;
}

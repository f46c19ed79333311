/**
 * The generated tables and patterns (the .js files under generated/) are CommonJS, for the package's require().
 * Bundled as they are, esbuild wraps each in its CommonJS interop and keeps every export, used or not; so the
 * browser bundles of scripts/build-esm-validators.ts read each as the ES module it is written as:
 * `exports.NAME = VALUE;` becomes `export const NAME = VALUE;`, and another `exports.NAME`, `NAME`. A generated
 * file in any other form stops the build (scripts/generate.ts writes them).
 */
export function esmOfGenerated(text: string, file: string): string {
  const body = text
    .replace(/^"use strict";\n/m, "")
    .replace(/^Object\.defineProperty\(exports, "__esModule", \{ value: true \}\);\n/m, "");
  const esm = body.replace(/^exports\.(\w+) = /gm, "export const $1 = ").replace(/\bexports\.(\w+)/g, "$1");
  if (/\b(?:exports|module|require)\b/.test(esm.replace(/\/\/.*$/gm, ""))) {
    throw new Error(
      `${file}: not of the form scripts/esm-of-generated.ts reads as an ES module (only "exports.NAME = ...;"): see scripts/generate.ts, which writes it`,
    );
  }
  return esm;
}

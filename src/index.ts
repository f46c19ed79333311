/**
 * url-pipeline: a strict parser and validator for URL pipelines (url-pipeline spec v0, ZEP 8), generated
 * from the ABNF in grammar/.
 */
// The engines first: they load (and V8 shapes their objects) before the modules above them.
export { treeFromJSON, type ParseOptions } from "./parse";
export { describeExpectations } from "./messages/expectations";
export { DEFAULT_MAX_LENGTH, DEFAULT_MAX_SUB_URLS } from "./limits";
export { parse, validate, canParse, type ValidationResult, type Base, type BaseOptions } from "./api";
export { UrlPipelineSyntaxError, type ErrorKind, type UrlPipelineError, type KindAndCode } from "./errors";
// Stable codes (docs/codes.md): error.code of each error class, and hint.code.
export {
  SYNTAX_CODES,
  VALUE_CODES,
  LIMIT_CODES,
  RESOLVE_CODES,
  KIND_CODES,
  type ErrorCode,
  type SyntaxCode,
  type ValueCode,
  type LimitCode,
  type ResolveErrorCode,
  type KindErrorCode,
} from "./codes";
export { HINT_CODES, type HintCode } from "./hints/codes";
// Hints with fixes: validate() returns them; hintsFor() computes them for a result you already have.
export { hintsFor, HINT_MAX_LENGTH, type Hint, type Checked } from "./hints";
export { DIALECTS, DEFAULT_DIALECT, dialectNames, type DialectMeta, type SchemeInfo } from "./dialects";
export { schemesOf } from "./schemes";
export type * from "./tree/nodes";
export type { Jsonified } from "./tree/json";

// Meaning: canonical spelling, serialization, building, resolution, resource kinds, file paths.
export { normalize, normalizeSubUrl, type NormalizeOptions } from "./meaning/normalize";
export { format, formatSubUrl } from "./meaning/format";
export * as build from "./meaning/build";
export type { SubUrlSpec, OcdbtVersionSpec, IcechunkRefSpec } from "./meaning/build";
export { FILE_PATH_CODES, type FilePathErrorCode } from "./meaning/file-path";
export {
  resolve,
  resolveDotDot,
  pathComponentOf,
  type ResolveOptions,
  type DotDotPolicy,
  type PathComponent,
} from "./meaning/resolve";
export { ResolveError, resolveUriReference, removeDotSegments } from "./meaning/rfc3986-resolve";
export { kind, kinds, KindError, type KindOptions, type SubUrlRef } from "./meaning/kind";
export {
  SCHEME_KINDS,
  type ResourceKind,
  type BaseKind,
  type SchemeKindRule,
  type ResultRule,
  type StandardScheme,
} from "./kinds";
export { fromPath, toPath, FilePathError, type PathFlavor, type FilePathOptions } from "./meaning/file-path";

// Translation to and from fsspec, GDAL, jar:, Commons VFS and arcp locations.
export {
  translate,
  translateWithNotes,
  TRANSLATE_SYNTAXES,
  type Translation,
  type ForeignSyntax,
  type FromOptions,
  type ToOptions,
  type TranslateOptions,
  type FsspecCompression,
} from "./translate";
export { resolveArcp } from "./translate/arcp";
export {
  TranslateError,
  TRANSLATE_CODES,
  TRANSLATE_NOTE_CODES,
  type TranslateErrorCode,
  type TranslateNote,
  type TranslateNoteCode,
} from "./translate/errors";

// Completion: the ways to continue a partial pipeline, for completion as the user types.
export { complete, type Candidate, type CandidateKind, type CompleteOptions } from "./complete";

// Portability: how TensorStore (a model of 0.1.85) and Neuroglancer (2.41.2), each checked against the real code,
// and zarr-python (in part) read a pipeline (D50-D54).
export { portability, type PortabilityReading, type PortabilityOptions, type Reads } from "./portability";
export {
  readNeuroglancer,
  NEUROGLANCER,
  type NeuroglancerComponent,
  type NeuroglancerPrediction,
  type NeuroglancerStage,
} from "./portability/neuroglancer";
export {
  readTensorStore,
  TENSORSTORE,
  type TensorStoreComponent,
  type TensorStorePrediction,
} from "./portability/tensorstore";

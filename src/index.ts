/**
 * url-pipeline: a strict parser and validator for URL pipelines (url-pipeline spec v0, ZEP 8), generated
 * from the ABNF in grammar/.
 */
// The engines first: they load (and V8 shapes their objects) before the modules above them.
export {
  treeFromJSON,
  describeExpectations,
  DEFAULT_MAX_LENGTH,
  DEFAULT_MAX_SUB_URLS,
  type ParseOptions,
} from "./parse";
export { parse, validate, canParse, type ValidationResult, type Base, type BaseOptions } from "./api";
export { UrlPipelineSyntaxError, type ErrorKind, type UrlPipelineError, type KindAndCode } from "./errors";
// Stable codes (docs/codes.md): error.code of each error class, and hint.code.
export {
  SYNTAX_CODES,
  VALUE_CODES,
  LIMIT_CODES,
  type ErrorCode,
  type SyntaxCode,
  type ValueCode,
  type LimitCode,
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
export { RESOLVE_CODES } from "./meaning/rfc3986-resolve";
export { KIND_CODES } from "./meaning/kind";
export { FILE_PATH_CODES, type FilePathErrorCode } from "./meaning/file-path";
export {
  resolve,
  resolveDotDot,
  pathComponentOf,
  ResolveError,
  type ResolveErrorCode,
  type ResolveOptions,
  type DotDotPolicy,
  type PathComponent,
} from "./meaning/resolve";
export { resolveUriReference, removeDotSegments } from "./meaning/rfc3986-resolve";
export {
  kind,
  kinds,
  KindError,
  SCHEME_KINDS,
  type ResourceKind,
  type BaseKind,
  type KindErrorCode,
  type KindOptions,
  type SubUrlRef,
  type SchemeKindRule,
  type ResultRule,
  type StandardScheme,
} from "./meaning/kind";
export { fromPath, toPath, FilePathError, type PathFlavor, type FilePathOptions } from "./meaning/file-path";

// Translation to and from fsspec, GDAL, jar:, Commons VFS and arcp locations.
export {
  translate,
  translateWithNotes,
  resolveArcp,
  TranslateError,
  TRANSLATE_CODES,
  TRANSLATE_NOTE_CODES,
  TRANSLATE_SYNTAXES,
  type Translation,
  type TranslateErrorCode,
  type TranslateNote,
  type TranslateNoteCode,
  type ForeignSyntax,
  type FromOptions,
  type ToOptions,
  type TranslateOptions,
  type FsspecCompression,
} from "./translate";

// Completion: the ways to continue a partial pipeline, for completion as the user types.
export { complete, type Candidate, type CandidateKind, type CompleteOptions } from "./complete";

// Portability: how TensorStore (a model of 0.1.85) and Neuroglancer (2.41.2), each checked against the real code,
// and zarr-python (in part) read a pipeline (D50-D54).
export {
  portability,
  readNeuroglancer,
  NEUROGLANCER,
  type NeuroglancerComponent,
  type NeuroglancerPrediction,
  type NeuroglancerStage,
  readTensorStore,
  TENSORSTORE,
  type PortabilityReading,
  type PortabilityOptions,
  type Reads,
  type TensorStoreComponent,
  type TensorStorePrediction,
} from "./portability";

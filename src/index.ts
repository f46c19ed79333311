/**
 * url-pipeline: a strict parser and validator for URL pipelines (url-pipeline spec v0, ZEP 8), generated
 * from the ABNF in grammar/.
 */
export {
  parse,
  validate,
  describeExpectations,
  DEFAULT_MAX_LENGTH,
  DEFAULT_MAX_SUB_URLS,
  type ParseOptions,
  type ValidationResult,
} from "./parse";
export { UrlPipelineSyntaxError, type ErrorKind } from "./errors";
export { DIALECTS, DEFAULT_DIALECT, dialectNames, type DialectMeta, type SchemeInfo } from "./dialects";
export { schemesOf } from "./tree/schemes";
export type * from "./tree/nodes";

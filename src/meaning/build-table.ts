/**
 * Which builder of build.ts makes each scheme with fields of its own: kept apart from build.ts, whose every export is
 * the public `build.*`, so that the table is the compiler's check and the tests', not the API's.
 */
import type { OwnSubUrls } from "../schemes";
import {
  byteRange,
  file,
  gs,
  http,
  https,
  icechunk,
  json,
  memory,
  ocdbt,
  s3,
  s3Http,
  s3Https,
  type SubUrlSpec,
} from "./build";

/**
 * The builder of each scheme whose sub-URL has fields of its own (src/schemes.ts, `OwnSubUrls`): a scheme added to
 * grammar/ with a node type of its own is a compile error here until it has its builder, or `null` with the reason.
 * The path and bodiless adapters need none of their own: {@link adapter} builds every one.
 */
export const OWN_BUILDERS: { readonly [S in keyof OwnSubUrls]: ((...parts: never[]) => SubUrlSpec) | null } = {
  file,
  http,
  https,
  "s3+http": s3Http,
  "s3+https": s3Https,
  s3,
  gs,
  memory,
  ocdbt,
  icechunk,
  json,
  "byte-range": byteRange,
  // ZEP 8's `..` stands in relative pipelines, which build.pipeline (an absolute pipeline) does not make.
  "..": null,
};

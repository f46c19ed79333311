/**
 * The semantic actions of each dialect, checked against the generated match types: `Actions<Values>` of
 * generated/DIALECT/matches.d.ts requires one action per action rule of that dialect, with the parameter type
 * the parser passes. The sub-URLs of bodiless and path schemes (`X [ ":" ]`, `X [ ":" path ]`, scripts/grammar/shapes.ts) share one generic action each,
 * found from the dialect's scheme table, so that such a scheme needs no code here; the others are listed by hand.
 */
import type { Actions as V0Actions } from "../../generated/url-pipeline-v0/matches";
import type { Actions as Zep8Actions } from "../../generated/zep8/matches";
import * as c from "./components";
import * as s from "./sub-urls";
import type { DialectSchemes } from "../../generated/schemes";
import type { DialectName } from "../tree/nodes";
import type { Values } from "./types";

/** A dialect's schemes with their shapes and rules (generated/DIALECT/dialect.json `schemes`). */
export type SchemeShapes = readonly {
  readonly shape: string;
  readonly rules: { readonly subUrl: string; readonly path?: string };
}[];

type GenericActions<D extends DialectName> = {
  [S in DialectSchemes[D]["bodiless"] as `${S}-sub-url`]: typeof s.bodilessAdapter;
} & { [S in DialectSchemes[D]["path"] as `${S}-sub-url`]: typeof s.pathAdapter } & {
  [S in DialectSchemes[D]["path"] as `${S}-path`]: typeof c.componentAction;
};

/** The generic actions of a dialect's bodiless and path schemes, keyed by the rules the registry names. */
function genericActions<D extends DialectName>(schemes: SchemeShapes): GenericActions<D> {
  const actions: Record<string, unknown> = {};
  for (const { shape, rules } of schemes) {
    if (shape === "bodiless") actions[rules.subUrl] = s.bodilessAdapter;
    if (shape === "path") {
      actions[rules.subUrl] = s.pathAdapter;
      actions[rules.path!] = c.componentAction;
    }
  }
  return actions as GenericActions<D>;
}

/** Actions common to both dialects. */
const shared = {
  "file-sub-url": s.fileSubUrl,
  "file-hier-part": s.fileHierPart,
  "http-sub-url": s.httpSubUrl,
  "https-sub-url": s.httpSubUrl,
  "s3-sub-url": s.bucketSubUrl,
  "gs-sub-url": s.bucketSubUrl,
  "s3-http-sub-url": s.s3CompatibleSubUrl,
  "s3-https-sub-url": s.s3CompatibleSubUrl,
  "ocdbt-sub-url": s.ocdbtSubUrl,
  "icechunk-sub-url": s.icechunkSubUrl,
  "json-sub-url": s.jsonSubUrl,
  "byte-range-sub-url": s.byteRangeSubUrl,
  "pipeline-host": c.pipelineHost,
  "file-auth": c.fileAuth,
  "local-path": c.componentAction,
  "http-port": c.port,
  "http-path": c.componentAction,
  "http-query": c.componentAction,
  "s3-bucket": c.s3Bucket,
  "s3-path": c.objectKey,
  "gs-bucket": c.gsBucket,
  "gs-path": c.gcsObjectKey,
  "s3-http-path": c.componentAction,
  "zip-path": c.zipPath,
  "ocdbt-version": c.ocdbtVersion,
  "ocdbt-version-path": c.pathAfterVersion,
  "ocdbt-path": c.componentAction,
  "icechunk-ref": c.icechunkRef,
  "icechunk-ref-path": c.pathAfterVersion,
  "icechunk-path": c.componentAction,
  "icechunk-ref-name": c.componentAction,
  "json-pointer": c.jsonPointer,
  "byte-range-start": c.integer,
  "byte-range-end": c.integer,
};

const v0Only = {
  ...shared,
  "absolute-url-pipeline": s.makePipelineAction("url-pipeline-v0"),
  "memory-sub-url": s.memorySubUrl,
  "memory-path": c.componentAction,
  "nonstandard-sub-url": s.nonstandardSubUrl,
  "scheme-specific-part": s.schemeSpecificPart,
  "authority-and-path": c.componentAction,
};
export const urlPipelineV0Actions = (schemes: SchemeShapes): V0Actions<Values> => ({
  ...genericActions<"url-pipeline-v0">(schemes),
  ...v0Only,
});

const zep8Only = {
  ...shared,
  "absolute-url-pipeline": s.makePipelineAction("zep8"),
  "relative-url-pipeline": s.makeRelativePipelineAction("zep8"),
  "dotdot-adapter": s.dotdotAdapter,
  "dotdot-sub-url": s.dotdotSubUrl,
  "dotdot-path": c.componentAction,
  "absolute-path": c.componentAction,
  "relative-path": c.componentAction,
};
export const zep8Actions = (schemes: SchemeShapes): Zep8Actions<Values> => ({
  ...genericActions<"zep8">(schemes),
  ...zep8Only,
});

/**
 * The semantic actions of each dialect, checked against the generated match types: `Actions<Values>` of
 * generated/DIALECT/matches.d.ts requires one action per action rule of that dialect, with the parameter type
 * the parser passes.
 */
import type { Actions as V0Actions } from "../../generated/url-pipeline-v0/matches";
import type { Actions as Zep8Actions } from "../../generated/zep8/matches";
import * as c from "./components";
import * as s from "./sub-urls";
import type { Values } from "./types";

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
  "zip-sub-url": s.pathAdapter,
  "zarr-sub-url": s.pathAdapter,
  "zarr2-sub-url": s.pathAdapter,
  "zarr3-sub-url": s.pathAdapter,
  "n5-sub-url": s.pathAdapter,
  "ocdbt-sub-url": s.ocdbtSubUrl,
  "icechunk-sub-url": s.icechunkSubUrl,
  "json-sub-url": s.jsonSubUrl,
  "byte-range-sub-url": s.byteRangeSubUrl,
  "gzip-sub-url": s.bodilessAdapter,
  "zstd-sub-url": s.bodilessAdapter,
  "avif-sub-url": s.bodilessAdapter,
  "bmp-sub-url": s.bodilessAdapter,
  "jpeg-sub-url": s.bodilessAdapter,
  "png-sub-url": s.bodilessAdapter,
  "tiff-sub-url": s.bodilessAdapter,
  "webp-sub-url": s.bodilessAdapter,
  "neuroglancer-precomputed-sub-url": s.bodilessAdapter,
  "pipeline-host": c.pipelineHost,
  "file-auth": c.fileAuth,
  "local-path": c.componentAction,
  "http-port": c.port,
  "http-path": c.componentAction,
  "http-query": c.componentAction,
  "s3-bucket": c.s3Bucket,
  "s3-path": c.objectKey,
  "gs-bucket": c.gsBucket,
  "gs-path": c.objectKey,
  "s3-http-path": c.componentAction,
  "zip-path": c.zipPath,
  "ocdbt-version": c.ocdbtVersion,
  "ocdbt-version-path": c.pathAfterVersion,
  "ocdbt-path": c.componentAction,
  "icechunk-ref": c.icechunkRef,
  "icechunk-ref-path": c.pathAfterVersion,
  "icechunk-path": c.componentAction,
  "icechunk-ref-name": c.componentAction,
  "zarr-path": c.componentAction,
  "zarr2-path": c.componentAction,
  "zarr3-path": c.componentAction,
  "n5-path": c.componentAction,
  "json-pointer": c.jsonPointer,
  "byte-range-start": c.integer,
  "byte-range-end": c.integer,
};

const v0Only = {
  ...shared,
  "absolute-url-pipeline": s.makePipelineAction("url-pipeline-v0"),
  "memory-sub-url": s.memorySubUrl,
  "memory-path": c.componentAction,
  "hdf5-sub-url": s.pathAdapter,
  "hdf5-path": c.componentAction,
  "nonstandard-sub-url": s.nonstandardSubUrl,
  "scheme-specific-part": s.schemeSpecificPart,
  "authority-and-path": c.componentAction,
};
export const urlPipelineV0Actions: V0Actions<Values> = v0Only;

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
export const zep8Actions: Zep8Actions<Values> = zep8Only;

/**
 * What each action rule builds (`Values`), and the matches the generated parsers hand to the actions.
 * The match types are generated from grammar/ (generated/DIALECT/matches.d.ts): when a rule's shape changes,
 * the actions written against it stop type-checking until they are updated.
 */
import type { ActionMatches as V0Matches } from "../../generated/url-pipeline-v0/matches";
import type { ActionMatches as Zep8Matches } from "../../generated/zep8/matches";
import type { BodilessScheme, PathScheme } from "../../generated/schemes";
import type * as T from "../tree/nodes";

/** What the generic actions build: every bodiless and path scheme's sub-URL and path. */
export type GenericValues = { [S in BodilessScheme as `${S}-sub-url`]: T.BodilessAdapterSubUrl } & {
  [S in PathScheme as `${S}-sub-url`]: T.PathAdapterSubUrl;
} & { [S in PathScheme as `${S}-path`]: T.Component };

export type Values = HandWrittenValues & GenericValues;

/** What each hand-written action builds (src/actions/action-rules.json). */
export interface HandWrittenValues {
  "absolute-url-pipeline": T.Pipeline;
  "relative-url-pipeline": T.Pipeline | T.RelativePipeline;
  "file-sub-url": T.FileSubUrl;
  "http-sub-url": T.HttpSubUrl;
  "https-sub-url": T.HttpSubUrl;
  "s3-sub-url": T.BucketSubUrl;
  "gs-sub-url": T.BucketSubUrl;
  "s3-http-sub-url": T.S3CompatibleSubUrl;
  "s3-https-sub-url": T.S3CompatibleSubUrl;
  "memory-sub-url": T.MemorySubUrl;
  "nonstandard-sub-url": T.NonstandardSubUrl;
  "ocdbt-sub-url": T.OcdbtSubUrl;
  "icechunk-sub-url": T.IcechunkSubUrl;
  "json-sub-url": T.JsonSubUrl;
  "byte-range-sub-url": T.ByteRangeSubUrl;
  "dotdot-adapter": T.DotDotSubUrl;
  "dotdot-sub-url": T.DotDotSubUrl;
  "pipeline-host": T.Host;
  "file-auth": T.Host;
  "file-hier-part": { hasAuthority: boolean; host: T.Host | null; path: T.Component };
  "local-path": T.Component;
  "http-port": T.Port;
  "http-path": T.Component;
  "http-query": T.Component;
  "s3-bucket": T.Component;
  "s3-path": T.Component;
  "gs-bucket": T.Component;
  "gs-path": T.Component;
  "s3-http-path": T.Component;
  "memory-path": T.Component;
  "zip-path": T.Component;
  "ocdbt-version": T.OcdbtVersion;
  "ocdbt-version-path": T.Component;
  "ocdbt-path": T.Component;
  "icechunk-ref": T.IcechunkRef;
  "icechunk-ref-path": T.Component;
  "icechunk-path": T.Component;
  "icechunk-ref-name": T.Component;
  "json-pointer": T.JsonSubUrl["pointer"];
  "byte-range-start": T.Integer;
  "byte-range-end": T.Integer;
  "dotdot-path": T.Component;
  "scheme-specific-part": { body: T.Component; query: T.Component | null };
  "authority-and-path": T.Component;
  "absolute-path": T.Component;
  "relative-path": T.Component;
}

/** The match of action rule R in the url-pipeline v0 grammar. */
export type V0<R extends keyof V0Matches<Values>> = V0Matches<Values>[R];
/** The match of action rule R in the ZEP 8 grammar. */
export type Zep8<R extends keyof Zep8Matches<Values>> = Zep8Matches<Values>[R];

/**
 * `url-pipeline/validate/url-pipeline-v0`: the DFA validator of the url-pipeline v0 dialect, and nothing else.
 *
 * @example
 * import { canParse, validate } from "url-pipeline/validate/url-pipeline-v0";
 * canParse("s3://bucket/a.zip|zip:x/|zarr3:");                 // true
 * const r = validate("s3://bucket/a.zip|zipp:x");
 * if (!r.valid) r.error.offset;                                 // 22
 */
import { rules } from "../../generated/url-pipeline-v0/dfa";
import { makeValidator } from "./validator";

export type { ValidatorOptions, Verdict } from "./validator";
export { UrlPipelineSyntaxError, type UrlPipelineError, type KindAndCode } from "../errors";
export const { canParse, validate } = makeValidator("url-pipeline-v0", rules);

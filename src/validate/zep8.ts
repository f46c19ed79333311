/**
 * `url-pipeline/validate/zep8`: the DFA validator of the ZEP 8 dialect (absolute and relative pipelines), and
 * nothing else.
 *
 * @example
 * import { canParse } from "url-pipeline/validate/zep8";
 * canParse("file:///db/|ocdbt:@v1/path");                                  // true
 * canParse("..:other.zip|zip:x", { rule: "relative-url-pipeline" });        // true
 */
import { rules } from "../../generated/zep8/dfa";
import { makeValidator } from "./validator";

export type { ValidatorOptions, Verdict } from "./validator";
export { UrlPipelineSyntaxError, type UrlPipelineError, type KindAndCode } from "../errors";
export const { canParse, validate } = makeValidator("zep8", rules);

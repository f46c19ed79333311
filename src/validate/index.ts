/**
 * `url-pipeline/validate`: the DFA validators of both dialects, chosen by `options.dialect` (default
 * "url-pipeline-v0"). For one dialect only, and a smaller bundle, import `url-pipeline/validate/DIALECT`.
 */
import { requireOptionsObject } from "../describe-value";
import * as v0 from "./url-pipeline-v0";
import * as zep8 from "./zep8";
import { NO_OPTIONS, type ValidatorOptions, type Verdict } from "./validator";
import type { DialectName } from "../tree/nodes";

export type { ValidatorOptions, Verdict } from "./validator";
export { UrlPipelineSyntaxError, type UrlPipelineError, type KindAndCode } from "../errors";

export type DialectValidatorOptions = ValidatorOptions & { dialect?: DialectName };

const BY_DIALECT: Readonly<Record<DialectName, typeof v0>> = { "url-pipeline-v0": v0, zep8 };

function pick(dialect: string | undefined): typeof v0 {
  const name = dialect ?? "url-pipeline-v0";
  if (!Object.hasOwn(BY_DIALECT, name))
    throw new TypeError(`unknown dialect "${dialect}": use "url-pipeline-v0" or "zep8"`);
  return BY_DIALECT[name as DialectName];
}

export function canParse(input: string, options: DialectValidatorOptions = NO_OPTIONS): boolean {
  requireOptionsObject(options);
  return pick(options.dialect).canParse(input, options);
}

export function validate(input: string, options: DialectValidatorOptions = NO_OPTIONS): Verdict {
  requireOptionsObject(options);
  return pick(options.dialect).validate(input, options);
}

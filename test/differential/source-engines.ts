/**
 * The two engines as src/ builds them, for the tests that compare them (./engines.test.ts, test/fuzz/run.test.ts);
 * `npm run fuzz` passes the built package's (test/fuzz/main.ts).
 */
import { automatonFor } from "../../src/dfa/dialects";
import { verdict } from "../../src/dfa/verdict";
import { UrlPipelineSyntaxError } from "../../src/errors";
import { kindViolation } from "../../src/kinds";
import { kind, KindError } from "../../src/meaning/kind";
import { parse, parseWithParser } from "../../src/parse";
import type { Engines } from "./engines";

export const SOURCE_ENGINES: Engines = {
  automatonFor,
  verdict,
  parse,
  parseWithParser,
  UrlPipelineSyntaxError,
  kind,
  KindError,
  kindViolation,
};

/**
 * The conformance suite's format (docs/conformance.md; its JSON Schema is generated/conformance/schema.json,
 * written from ./schema.ts). A case asks one question of an implementation and holds the package's answer.
 */

export type Op = "validate" | "normalize" | "resolve" | "kind" | "parse";

/** What a case asks: the question, before the package answers it. */
export interface Question {
  op: Op;
  dialect: string;
  input: string;
  /** resolve: the absolute pipeline `input` is resolved against. */
  base?: string;
  /** A key of the suite's `citations`: the sentence, example or decision the case rests on. */
  why: string;
}

/** One sub-URL of a parse: its scheme, lower case (schemes are case-insensitive), and its text as written. */
export interface Component {
  scheme: string;
  raw: string;
}

/** A case: the question, its id, and the expected answer. */
export interface Case extends Question {
  id: string;
  /** validate: whether the input is a valid pipeline of the dialect. */
  valid?: boolean;
  /** validate, refused: the UTF-16 offset where the input stops being valid (decision D21). */
  offset?: number;
  /** Refused: the kind of error (syntax, value, kind, limit; resolve for a resolution). */
  kind?: string;
  /** Refused: the stable error code (docs/codes.md). */
  code?: string;
  /** normalize, kind, resolve: the answer, null when the input is refused; parse: the sub-URLs. */
  output?: string | Component[] | null;
}

/** What a case's `why` names: where in which text, and the sentence itself. */
export interface Citation {
  section: string;
  text: string;
}

export interface Suite {
  about: string;
  dialect: string;
  /** The package version whose answers these are. */
  version: string;
  citations: Record<string, Citation>;
  cases: Case[];
}

/**
 * The JSON Schema (draft 2020-12) of a suite file, written to generated/conformance/schema.json: what another
 * implementation's harness can check a suite against before it runs it (docs/conformance.md).
 */

const STRING = { type: "string" } as const;

export const SUITE_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://github.com/OWNER/url-pipeline/generated/conformance/schema.json",
  title: "URL pipeline conformance suite",
  description:
    "One dialect's cases: each asks an implementation one question and holds the expected answer; `why` is a key of `citations`.",
  type: "object",
  required: ["about", "dialect", "version", "citations", "cases"],
  additionalProperties: false,
  properties: {
    about: STRING,
    dialect: { enum: ["url-pipeline-v0", "zep8"] },
    version: { description: "The version of the url-pipeline package whose answers these are.", ...STRING },
    citations: {
      type: "object",
      additionalProperties: {
        type: "object",
        required: ["section", "text"],
        additionalProperties: false,
        properties: {
          section: { description: "Where: the text and its section, a grammar file, or a decision.", ...STRING },
          text: { description: "The sentence, rule or decision, quoted.", ...STRING },
        },
      },
    },
    cases: { type: "array", items: { $ref: "#/$defs/case" } },
  },
  $defs: {
    case: {
      type: "object",
      required: ["id", "op", "dialect", "input", "why"],
      additionalProperties: false,
      properties: {
        id: {
          description: "Stable: DIALECT-OP-HASH of the question.",
          pattern: "^[a-z0-9]+-[a-z]+-[0-9a-f]{10}$",
          ...STRING,
        },
        op: { enum: ["validate", "normalize", "kind", "resolve", "parse"] },
        dialect: { enum: ["url-pipeline-v0", "zep8"] },
        base: { description: "resolve: the absolute pipeline the input is resolved against.", ...STRING },
        input: STRING,
        valid: { description: "validate: the verdict.", type: "boolean" },
        offset: {
          description: "validate, refused: the UTF-16 offset where the input stops being valid.",
          type: "integer",
          minimum: 0,
        },
        kind: { description: "Refused: the kind of error.", enum: ["syntax", "value", "kind", "limit", "resolve"] },
        code: { description: "Refused: the stable error code (docs/codes.md).", ...STRING },
        output: {
          description:
            "normalize, kind, resolve: the answer, null when refused; parse: the sub-URLs, each its scheme (lower case) and text.",
          oneOf: [
            STRING,
            { type: "null" },
            {
              type: "array",
              items: {
                type: "object",
                required: ["scheme", "raw"],
                additionalProperties: false,
                properties: { scheme: STRING, raw: STRING },
              },
            },
          ],
        },
        why: { description: "A key of `citations`.", ...STRING },
      },
      // Each op's answer: validate a verdict (with where and why when refused), resolve a base, the others an output.
      oneOf: [
        {
          properties: { op: { const: "validate" } },
          required: ["valid"],
          not: { required: ["output"] },
          anyOf: [{ properties: { valid: { const: true } } }, { required: ["offset", "kind", "code"] }],
        },
        {
          properties: { op: { const: "resolve" } },
          required: ["base", "output"],
          not: { required: ["valid"] },
        },
        {
          properties: { op: { enum: ["normalize", "kind", "parse"] } },
          required: ["output"],
          not: { anyOf: [{ required: ["valid"] }, { required: ["base"] }] },
        },
      ],
    },
  },
} as const;

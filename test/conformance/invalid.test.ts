/**
 * Conformance: inputs that must be rejected, with the exact offset and kind of the error.
 *
 * The expected offsets in test/fixtures/invalid-inputs.json were derived from the ABNF in grammar/, not from the
 * program: for kind "syntax" the offset is the length of the longest prefix of the input that is still a prefix of
 * some valid input; for kind "value" it is where the strict value check points (src/strict/ and
 * src/actions/components.ts: the offending field or character, the '%' starting an ill-formed UTF-8 sequence, or
 * the start of a component whose checked value was percent-encoded).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { validate } from "../../src";

interface InvalidCase {
  input: string;
  dialect?: "url-pipeline-v0" | "zep8";
  rule?: string;
  offset: number;
  kind: "syntax" | "value";
  why: string;
}

const cases: InvalidCase[] = JSON.parse(readFileSync(join(__dirname, "../fixtures/invalid-inputs.json"), "utf8"));

/** The input as a JSON string (control characters and lone surrogates escaped), shortened if very long. */
function show(input: string): string {
  const s = JSON.stringify(input);
  return s.length > 70 ? `${s.slice(0, 40)}…${s.slice(-20)} (${input.length} chars)` : s;
}

function title(c: InvalidCase): string {
  const where = (c.dialect ?? "url-pipeline-v0") + (c.rule ? ` ${c.rule}` : "");
  return `[${where}] ${show(c.input)} -> ${c.kind} at ${c.offset}: ${c.why}`;
}

describe("invalid-inputs fixture", () => {
  test("is well-formed", () => {
    expect(cases.length).toBeGreaterThanOrEqual(130);
    for (const c of cases) {
      expect(typeof c.input).toBe("string");
      expect(["syntax", "value"]).toContain(c.kind);
      expect(Number.isInteger(c.offset)).toBe(true);
      expect(c.offset).toBeGreaterThanOrEqual(0);
      expect(c.offset).toBeLessThanOrEqual(c.input.length);
      expect(c.why.length).toBeGreaterThan(0);
      if (c.dialect !== undefined) expect(["url-pipeline-v0", "zep8"]).toContain(c.dialect);
    }
  });
});

describe("invalid inputs are rejected at the expected offset", () => {
  test.each(cases.map((c) => [title(c), c] as const))("%s", (_title, c) => {
    const options: { dialect?: "url-pipeline-v0" | "zep8"; rule?: string } = {};
    if (c.dialect !== undefined) options.dialect = c.dialect;
    if (c.rule !== undefined) options.rule = c.rule;
    const result = validate(c.input, options);
    expect(result.valid).toBe(false);
    if (result.valid) return;
    expect({ offset: result.error.offset, kind: result.error.kind }).toEqual({ offset: c.offset, kind: c.kind });
  });
});

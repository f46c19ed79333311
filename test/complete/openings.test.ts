/**
 * openings.ts: each scheme's opening is what the grammar forces after its name. Checked here the slow way: at each
 * step, every printable ASCII character is offered to the parser, and the one appended must be the only one that
 * lets the input continue; after the last step, either the sub-URL is complete or more than one character can
 * follow (nothing forced was left out).
 */
import { DIALECTS } from "../../src/dialects";
import { normalizeSubUrl } from "../../src/meaning/normalize";
import { validate } from "../../src/api";
import { parse } from "../../src/parse";
import { adapterContext, dialectSchemes, opening, openingSteps } from "../../src/complete/openings";
import type { DialectName } from "../../src/tree/nodes";

const PRINTABLE = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i));
const NAME_CHAR = /^[A-Za-z0-9+.-]$/;

/** The characters after which the grammar can still continue `input` (a value error counts: the grammar matched). */
function continuations(input: string, dialect: DialectName, alphabet: string[]): string[] {
  return alphabet.filter((c) => {
    // The grammar alone: an adapter after the context's directory base may be of the wrong kind (decision D62).
    const r = validate(input + c, { dialect, kinds: false });
    return r.valid || r.error.kind === "value" || (r.error.kind === "syntax" && r.error.offset === input.length + 1);
  });
}

const matched = (input: string, dialect: DialectName) => {
  const r = validate(input, { dialect, kinds: false });
  return r.valid || r.error.kind === "value";
};

const EXPECTED: Record<DialectName, Record<string, string>> = {
  "url-pipeline-v0": {
    file: "file:///",
    http: "http://",
    https: "https://",
    s3: "s3://",
    "s3+http": "s3+http://",
    "s3+https": "s3+https://",
    gs: "gs://",
    memory: "memory://",
    "byte-range": "byte-range:",
  },
  zep8: {
    file: "file:///",
    http: "http://",
    https: "https://",
    s3: "s3://",
    "s3+http": "s3+http://",
    "s3+https": "s3+https://",
    gs: "gs://",
    "byte-range": "byte-range:",
    "..": "..:",
  },
};

describe.each(["url-pipeline-v0", "zep8"] as DialectName[])("%s", (dialect) => {
  const all = [...dialectSchemes(dialect, "root"), ...dialectSchemes(dialect, "adapter")];

  test("every scheme of the dialect's metadata, and only those, by role", () => {
    expect(all.map((s) => s.scheme).sort()).toEqual(DIALECTS[dialect].meta.schemes.map((s) => s.scheme).sort());
    expect(dialectSchemes(dialect, "root").every((s) => s.role === "root")).toBe(true);
    expect(dialectSchemes(dialect, "adapter").every((s) => s.role === "adapter")).toBe(true);
  });

  test("the openings: NAME:// for roots with an authority, file:///, memory:, NAME: for adapters", () => {
    for (const s of all) {
      const want = EXPECTED[dialect][s.scheme] ?? `${s.scheme}:`;
      expect([s.scheme, opening(dialect, s.scheme, s.role)]).toEqual([s.scheme, want]);
    }
  });

  test("adapters are worked out after file:///", () => {
    expect(adapterContext(dialect)).toBe("file:///|");
  });

  test.each(["root", "adapter"] as const)(
    "each %s: every character appended is the only one the grammar allows there",
    (role) => {
      for (const s of dialectSchemes(dialect, role)) {
        const { context, steps } = openingSteps(dialect, s.scheme, role);
        let text = context + steps[0]!;
        for (let i = 1; i < steps.length; i++) {
          expect(matched(text, dialect)).toBe(false);
          const alphabet = i === 1 ? PRINTABLE.filter((c) => !NAME_CHAR.test(c)) : PRINTABLE;
          expect([s.scheme, text, continuations(text, dialect, alphabet)]).toEqual([s.scheme, text, [steps[i]]]);
          text += steps[i];
        }
        // Nothing forced left: complete, or more than one way on.
        if (!matched(text, dialect)) {
          const alphabet = steps.length === 1 ? PRINTABLE.filter((c) => !NAME_CHAR.test(c)) : PRINTABLE;
          expect([s.scheme, continuations(text, dialect, alphabet).length > 1]).toEqual([s.scheme, true]);
        }
      }
    },
  );

  test("a complete opening is written as normalize() writes it (D24)", () => {
    for (const s of all) {
      const { context, steps } = openingSteps(dialect, s.scheme, s.role);
      const text = context + steps.join("");
      const r = validate(text, { dialect, kinds: false });
      if (!r.valid) {
        expect(opening(dialect, s.scheme, s.role)).toBe(steps.join(""));
        continue;
      }
      const last = parse(text, { dialect, kinds: false }).subUrls.at(-1)!;
      expect(opening(dialect, s.scheme, s.role)).toBe(normalizeSubUrl(last, dialect));
    }
  });

  test("kept for the process: the same string on the second call", () => {
    expect(opening(dialect, "s3", "root")).toBe(opening(dialect, "s3", "root"));
  });
});

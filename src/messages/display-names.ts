/**
 * What the grammar's rules are called in error messages (./display-names.json). Keyed by ABNF rule name; a rule
 * not listed is called by its name ("zip-path" -> "a zip path"). Every one-character rule of both dialects has an
 * entry (test/messages/expectations.test.ts checks it, so a new one cannot slip into messages unnamed); "hexDigit" is
 * RFC 4122's, in arcp's UUID (grammar/arcp/arcp-uri.abnf). Longer rules (pchar, pct-encoded) are named when every
 * character that can start them is expected (./expectations).
 *
 * JSON, not a table here, because the build reads it too: generated/DIALECT/dialect.json carries the FIRST sets of
 * the rules listed here and of the one-character rules, and no others (scripts/generate.ts).
 */
import names from "./display-names.json";

export const DISPLAY_NAMES: Readonly<Record<string, string>> = names;

/** A rule's name in messages: from the table, else made from the ABNF name. */
export function displayName(rule: string): string {
  const known = DISPLAY_NAMES[rule];
  if (known !== undefined) return known;
  const words = rule.replace(/-/g, " ");
  return `${/^[aeiou]/i.test(words) ? "an" : "a"} ${words}`;
}

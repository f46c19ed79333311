/**
 * What the grammar's rules are called in error messages. Keyed by ABNF rule name; a rule not listed is called by
 * its name ("zip-path" -> "a zip path"). test/messages/display-names.test.ts checks that every one-character rule
 * of both dialects has an entry, so a new one cannot slip into messages unnamed.
 */
export const DISPLAY_NAMES: Readonly<Record<string, string>> = {
  ALPHA: "a letter",
  DIGIT: "a digit",
  HEXDIG: "a hex digit",
  hexDigit: "a hex digit", // RFC 4122's, in arcp's UUID (grammar/arcp/arcp-uri.abnf)
  unreserved: 'an unreserved character (letter, digit, "-", ".", "_", "~")',
  "sub-delims": "a sub-delimiter (! $ & ' ( ) * + , ; =)",
  "gen-delims": "a general delimiter (: / ? # [ ] @)",
  reserved: "a reserved character (: / ? # [ ] @ ! $ & ' ( ) * + , ; =)",
  "crockford-base32": "a Crockford base32 character (0-9, A-Z without I, L, O, U)",
  "pct-encoded": "a percent-encoded byte (%XX)",
  // Longer rules are named when every character that can start them is expected (./expectations).
  pchar: "a path character (letter, digit, - . _ ~ ! $ & ' ( ) * + , ; = : @, or %XX)",
};

/** A rule's name in messages: from the table, else made from the ABNF name. */
export function displayName(rule: string): string {
  const known = DISPLAY_NAMES[rule];
  if (known !== undefined) return known;
  const words = rule.replace(/-/g, " ");
  return `${/^[aeiou]/i.test(words) ? "an" : "a"} ${words}`;
}

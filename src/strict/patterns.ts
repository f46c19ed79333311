/**
 * Value checks against rules of RFC 3986 that the pipeline grammars only approximate: url-pipeline v0's host
 * grammar is "a simplified (more permissive) definition of <host>" ("[" 3*( HEXDIG / ":" / "." ) "]", 1*3DIGIT
 * dotted quads), while its names say what the text must be: an IPv6 address, an IPv4 address (decision D2). The
 * regular expressions are generated from the ABNF (scripts/patterns/regex.ts, generated/patterns.js).
 */
import { IPv4address, IPv6address } from "../../generated/patterns";

/** Whether `text` is in the rule's language. Text longer than the rule's longest match is refused untested. */
function matches(rule: { readonly pattern: RegExp; readonly maxLength: number }, text: string): boolean {
  return text.length <= rule.maxLength && rule.pattern.test(text);
}

/** RFC 3986 `IPv6address` (section 3.2.2). */
export function isIpv6Address(text: string): boolean {
  return matches(IPv6address, text);
}

/** RFC 3986 `IPv4address`: four dec-octets, 0-255 without leading zeros (section 3.2.2). */
export function isIpv4Address(text: string): boolean {
  return matches(IPv4address, text);
}

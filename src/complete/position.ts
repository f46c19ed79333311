/**
 * Where in a pipeline a partial input ends: in the root sub-URL or in an adapter, and the text of that sub-URL so
 * far. The split is on the last `|`: in every grammar file of both dialects `|` is only the pipeline separator
 * (docs/decisions.md D22), so the text after the last `|` is the sub-URL being typed.
 */

export interface Position {
  /** "root": no `|` yet; "adapter": after at least one `|`. */
  role: "root" | "adapter";
  /** Where the current sub-URL starts in the partial (0 for the root, else just after the last `|`). */
  start: number;
  /** The current sub-URL's text so far: `partial.slice(start)`. */
  text: string;
  /** The pipeline before the current sub-URL, without its `|` (empty for the root). */
  base: string;
}

/**
 * @example
 * ```ts
 * position("s3://b/a.zip|zi"); // { role: "adapter", start: 13, text: "zi", base: "s3://b/a.zip" }
 * position("s3:/");            // { role: "root", start: 0, text: "s3:/", base: "" }
 * ```
 */
export function position(partial: string): Position {
  const bar = partial.lastIndexOf("|");
  const start = bar + 1;
  return {
    role: bar < 0 ? "root" : "adapter",
    start,
    text: partial.slice(start),
    base: bar < 0 ? "" : partial.slice(0, bar),
  };
}

/** Characters of a scheme name: RFC 3986 `scheme` (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`), any first. */
const SCHEME_NAME = /^[A-Za-z0-9+.-]*$/;

/** Whether the text is (a prefix of) a scheme name and nothing else: the scheme itself is still being typed. */
export function isSchemeToken(text: string): boolean {
  return SCHEME_NAME.test(text);
}

/** Whether `c` (one UTF-16 code unit) can be part of a scheme name. */
export function isSchemeChar(c: string): boolean {
  return c.length === 1 && SCHEME_NAME.test(c);
}

/** ASCII lower case (D23: schemes are case-insensitive in ASCII only; no Unicode case mapping). */
export function asciiLower(s: string): string {
  return s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

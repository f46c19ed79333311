/**
 * Characters that must be percent-encoded (`percent-encode`; RFC 3986 2.1, 2.4), when the input stops matching
 * at one of them:
 *
 * - a space, `"`, `#` (no fragments, D18), `<`, `>`, `^`, `` ` ``, `{`, `}`, DEL, and every non-ASCII
 *   character (as its UTF-8 bytes: `é` -> `%C3%A9`): these are never in a valid pipeline, so every one in the
 *   input is encoded (`file:///my data/a b.zip` -> `file:///my%20data/a%20b.zip`);
 * - a `%` not followed by two hex digits: `%25`, everywhere;
 * - `[`, `]` and `?`, which are valid in some places (an IPv6 host, a query of http:), and `\`, only where the input
 *   stops matching and after it in the same sub-URL (`s3://bucket/a?b` -> `s3://bucket/a%3Fb`); but a `\` in a
 *   `file:` URL of a Windows drive (`file:///C:\data\a.zip`) is a separator written the Windows way, and
 *   becomes `/` (code `backslash`; RFC 8089 Appendix E.4).
 *
 * Not here: whitespace before or after the input or around a `|` (whitespace.ts), quotes or angle brackets around
 * the whole input (pasted.ts), `|` (pipe-in-path.ts), control characters
 * (which a location should not hold) and lone surrogates, which are not characters and have no UTF-8 form (a
 * message without a replacement).
 */
import { utf8PercentEncode } from "../strict/percent-encoding";
import { CLOSING } from "./pasted";
import { isHigh, isLow, quote, type Candidate, type HintKind } from "./types";

/** Never valid as they are. */
const ALWAYS = new Set([...' "#<>^`{}\u007f']);
/** Valid somewhere (hosts, http queries): encoded only from the error on, in its sub-URL. */
const LOCAL = new Set(["[", "]", "?", "\\"]);

const isHex = (c: string | undefined) => c !== undefined && /^[0-9A-Fa-f]$/.test(c);
const badPercent = (s: string, i: number) => s[i] === "%" && !(isHex(s[i + 1]) && isHex(s[i + 2]));

const NOTES: Readonly<Record<string, string>> = {
  "#": '"#" would start a fragment, which URL pipelines do not have',
  "?": '"?" starts a query, which only http: and https: (and vendor schemes) have',
  "%": '"%" starts a %XX escape',
};

export const percentEncoding: HintKind = {
  name: "percent-encoding",

  onInvalid(ctx) {
    if (ctx.result.valid || ctx.result.error.kind !== "syntax") return [];
    const input = ctx.input;
    const offset = ctx.result.error.offset;
    if (offset < 0 || offset > input.length) return [];
    // Each fix below is for a "%" at the error or just before it, or for the character there being one a URL
    // cannot hold as it is (ALWAYS, LOCAL, non-ASCII): anything else, at once (most refused inputs).
    const at = input[offset] ?? "";
    const percentAt = input.lastIndexOf("%", offset);
    const nearPercent = percentAt >= 0 && percentAt >= offset - 2;
    if (!(nearPercent || input.charCodeAt(offset) >= 0x80 || ALWAYS.has(at) || LOCAL.has(at))) return [];
    const from = input.length - input.trimStart().length;
    const to = input.trimEnd().length;
    // A "%" that starts no %XX: the input stops matching at it, or at one of the two characters after it.
    const percent = [0, 1, 2].some((d) => offset - d >= from && offset - d < to && badPercent(input, offset - d));
    if (!percent && (offset < from || offset >= to)) return [];
    const code = input.charCodeAt(offset);
    const c = input[offset] ?? "";
    // Not ours: a space at a seam, `a.zip | zip:` (whitespace.ts removes it; "%20%7C%20" is no file name anyone
    // meant), and a quote or bracket around the whole input (pasted.ts removes them).
    if (c === " " && /^ *\|/.test(input.slice(offset))) return [];
    if (offset === from && Object.hasOwn(CLOSING, c) && input.slice(from + 1, to).endsWith(CLOSING[c]!)) return [];
    const lone = (i: number) => {
      const k = input.charCodeAt(i);
      return (isHigh(k) && !isLow(input.charCodeAt(i + 1))) || (isLow(k) && !isHigh(input.charCodeAt(i - 1)));
    };
    if (!percent && lone(offset)) {
      return [
        {
          code: "percent-encode",
          message: `${quote(c)} is a lone UTF-16 surrogate, not a character: it has no UTF-8 form to percent-encode; remove it`,
        },
      ];
    }
    const part = ctx.errorPart();
    // A Windows path written with its "\\": after a drive letter, or a UNC path `file:\\\\server\\share` (RFC 8089
    // Appendix E.3.1 writes it `file://server/share`).
    const unc = part !== null && /^file:\\\\[^\\/]/i.test(part.text);
    if (c === "\\" && part && (unc || /^file:\/*[A-Za-z]:/i.test(part.text))) {
      const fixed = part.text.replace(/\\/g, "/");
      return [
        {
          code: "backslash",
          message: unc
            ? `"\\" is not a separator in a URL: a file: URL writes a Windows UNC path \\\\server\\share as file://server/share`
            : `"\\" is not a separator in a URL: a file: URL separates the segments of a Windows path with "/"`,
          text: input.slice(0, part.start) + fixed + input.slice(part.end),
        },
      ];
    }
    const always = percent || ALWAYS.has(c) || code >= 0x80;
    if (!always && !LOCAL.has(c)) return [];
    // always: every such character of the trimmed input; local: the [ ] ? from the error to its sub-URL's end.
    let end = to;
    if (!always) {
      const bar = input.indexOf("|", offset);
      end = bar < 0 ? to : Math.min(bar, to);
    }
    const shown = new Map<string, string>();
    let text = input.slice(0, always ? from : offset);
    for (let i = always ? from : offset; i < end; i++) {
      const ch = input[i]!;
      const k = input.charCodeAt(i);
      let enc: string | null = null;
      if (always) {
        if (ch === "%" ? badPercent(input, i) : ALWAYS.has(ch) || (k >= 0x80 && !lone(i))) {
          const cp = input.codePointAt(i)!;
          enc = ch === "%" ? "%25" : utf8PercentEncode(cp);
          if (cp > 0xffff) {
            text += enc;
            shown.set(input.slice(i, i + 2), enc);
            i++;
            continue;
          }
        }
      } else if (LOCAL.has(ch)) {
        enc = utf8PercentEncode(k);
      }
      if (enc === null) {
        text += ch;
      } else {
        text += enc;
        shown.set(ch, enc);
      }
    }
    text += input.slice(end);
    if (shown.size === 0) return [];
    const list = [...shown].slice(0, 4).map(([ch, enc]) => `${quote(ch)} as ${enc}`);
    const more = shown.size > 4 ? ", ..." : "";
    const notes = [...shown.keys()].filter((ch) => Object.hasOwn(NOTES, ch)).map((ch) => NOTES[ch]!);
    const candidate: Candidate = {
      code: "percent-encode",
      // [ ] ? \ are valid elsewhere in a URL: encoding them is a guess, shown only when it gives a valid input.
      speculative: !always,
      message:
        `percent-encode what a URL cannot hold as it is: ${list.join(", ")}${more}` +
        (notes.length > 0 ? ` (${notes.join("; ")})` : ""),
      text,
    };
    const moved = delimiterRun(input, shown.has("#") ? "#" : shown.has("?") ? "?" : null, always ? from : offset);
    if (moved !== null) candidate.changes = `${quote(moved)} becomes part of the name before it`;
    return [candidate];
  },
};

/**
 * A query or fragment that encoding its "?" or "#" moves into the name before it (`s3://b/k?region=x` names the key
 * `k?region=x` once encoded): from the first such delimiter at or after `from` to the end of its sub-URL.
 */
function delimiterRun(input: string, delimiter: string | null, from: number): string | null {
  if (delimiter === null) return null;
  const at = input.indexOf(delimiter, from);
  if (at < 0) return null;
  const bar = input.indexOf("|", at);
  return input.slice(at, bar < 0 ? input.length : bar).trimEnd();
}

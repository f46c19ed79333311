/**
 * An adapter's body written otherwise than its grammar file writes it (`body-syntax`):
 *
 * - `byte-range:` with its bounds joined by ":", "..", "," or "_" (`byte-range:1000:2000`): the fix joins them with
 *   "-", as grammar/schemes/byte-range.abnf does (ZEP 8: "byte-range:start-end");
 * - `byte-range:bytes=1000-1999`, an HTTP Range header's spelling, whose last position is inclusive (RFC 9110
 *   14.1.2: "the byte positions specified are inclusive"), where byte-range's end is not (ZEP 8: "The start
 *   bound is inclusive while the end bound is exclusive"): the fix is `byte-range:1000-2000`, the same bytes;
 * - `bytes=1000-1999` as a sub-URL of its own (`…|bytes=1000-1999`): the same, with the scheme it lacks;
 * - `json:` with a pointer that does not start with "/" (`json:a/b`): a JSON pointer is empty or starts with "/"
 *   (RFC 6901 3); the fix adds it.
 *
 * Not here: text after an adapter that takes none (`tiff:0`), whose message already says that only "|" or the end
 * may follow the colon, and what the text was meant to select is not known.
 */
import { replacePart, type Candidate, type HintKind } from "./types";

/** `byte-range:` and its body, the bounds joined otherwise than by "-", or in an HTTP Range header's spelling. */
const BOUNDS = /^(byte-range:)(?:(\d+)(?::|\.\.|,|_)(\d+)|bytes=(\d+)-(\d+))$/i;
/** An HTTP Range header's spelling standing as a sub-URL of its own, with no scheme. */
const BARE_RANGE = /^bytes=(\d+)-(\d+)$/i;
/** `json:` and a pointer without its leading "/". */
const JSON_BODY = /^(json:)([^/].*)$/is;

export const bodySyntax: HintKind = {
  name: "body-syntax",

  onInvalid(ctx) {
    const p = ctx.errorPart();
    if (!p || p.index === 0) return [];
    // Each form below begins "byte-range:", "bytes=" or "json:" (its first letter tells, for most refused inputs).
    const initial = p.text.charCodeAt(0) | 0x20;
    if (initial !== 0x62 && initial !== 0x6a) return [];
    const fix = (message: string, text: string): Candidate[] => [
      { code: "body-syntax", message, text: replacePart(ctx.parts(), p.index, text), speculative: true },
    ];
    const bounds = BOUNDS.exec(p.text);
    if (bounds) {
      const [, scheme, start, end, first, last] = bounds as unknown as [
        string,
        string,
        string?,
        string?,
        string?,
        string?,
      ];
      // The exclusive end in decimal, without rounding: a Range header's last position may exceed 2^53.
      return last === undefined
        ? fix("byte-range: writes its bounds START-END", `${scheme}${start}-${end}`)
        : fix(
            `"bytes=" is an HTTP range, whose end is inclusive; byte-range:'s end is exclusive`,
            `${scheme}${first}-${BigInt(last) + 1n}`,
          );
    }
    const bare = BARE_RANGE.exec(p.text);
    if (bare) {
      return fix(
        `"bytes=" is an HTTP range, not a sub-URL: the byte-range: adapter selects bytes, and its end is exclusive where an HTTP range's is inclusive`,
        `byte-range:${bare[1]}-${BigInt(bare[2]!) + 1n}`,
      );
    }
    const json = JSON_BODY.exec(p.text);
    return json ? fix('a JSON pointer starts with "/" (RFC 6901)', `${json[1]}/${json[2]}`) : [];
  },
};

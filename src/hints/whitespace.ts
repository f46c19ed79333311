/**
 * Whitespace where no pipeline has it (`whitespace`): around the input, tabs or line breaks inside it (what copying
 * from a document or a terminal adds), and spaces at the seams of a pipeline, which a person types: around a "|"
 * (`a.zip | zip:`), after an adapter's colon (`zip: x/`), or in place of the "|" before an adapter (`a.zip zip:x/`).
 * The replacement trims the input (JavaScript's `trim()`: Unicode white space and U+FEFF), removes every tab, CR and
 * LF, as the WHATWG URL parser does, and mends those seams. Other spaces inside are for percent-encoding.ts.
 */
import type { HintKind } from "./types";

const ANY_SPACE = /\s/;
/** Spaces around a "|". */
const AROUND_BAR = / *\| */g;
/** Spaces after the colon of a scheme that starts a sub-URL. */
const AFTER_COLON = /(^|\|)([A-Za-z][A-Za-z0-9+.-]*:) +/g;
/** Spaces, then a scheme name and its colon: where a "|" was meant if the name is an adapter's. */
const BEFORE_SCHEME = / +([A-Za-z][A-Za-z0-9+.-]*):/g;

export const whitespace: HintKind = {
  name: "whitespace",

  onInvalid(ctx) {
    const input = ctx.input;
    // Everything below removes or moves white space (JavaScript's \s, which is what trim() removes): without any,
    // nothing to say (most refused inputs; this runs on each).
    if (!ANY_SPACE.test(input)) return [];
    // A line break before a root scheme's name and colon: two pipelines on two lines, which removing the break
    // would glue into one. (Tried at each break, after text: tried at every "\S", a pattern would read to the end of
    // the line from each, quadratic in a long line.)
    const firstText = input.search(/\S/);
    let next: RegExpExecArray | null = null;
    for (const m of input.matchAll(/[\r\n]+\s*([A-Za-z][A-Za-z0-9+.-]*):/g)) {
      if (firstText >= 0 && firstText < m.index) {
        next = m;
        break;
      }
    }
    if (next && ctx.roots.has(next[1]!.toLowerCase())) {
      return [
        {
          code: "whitespace",
          message: `the input has a line break, and a pipeline of its own starts after it ("${next[1]}:"): check one pipeline at a time`,
        },
      ];
    }
    const breaks = /[\t\r\n]/.test(input);
    const around = input.trim() !== input;
    let text = input.replace(/[\t\r\n]+/g, "").trim();
    const trimmed = text;
    text = text.replace(AROUND_BAR, "|").replace(AFTER_COLON, "$1$2");
    const seams = text !== trimmed;
    const unjoined = text.replace(BEFORE_SCHEME, (whole, name: string) =>
      ctx.adapters.has(name.toLowerCase()) ? `|${name}:` : whole,
    );
    const bar = unjoined !== text;
    text = unjoined;
    if (text === "" || text === input) return [];
    const what = [
      around ? "whitespace before or after it" : "",
      breaks ? "tabs or line breaks in it" : "",
      seams ? 'spaces around a "|" or after a scheme\'s ":"' : "",
    ].filter((w) => w !== "");
    const message = what.length > 0 ? `the input has ${what.join(", and ")}: remove them` : "";
    const join = bar ? 'a space stands where "|" separates the sub-URLs: an adapter follows' : "";
    return [{ code: "whitespace", message: [message, join].filter((m) => m !== "").join("; "), text }];
  },
};

/**
 * Whitespace around the input, and tabs or line breaks inside it (`whitespace`): what copying from a document or
 * a terminal adds. The replacement trims the input (JavaScript's `trim()`: Unicode white space and U+FEFF) and
 * removes every tab, CR and LF, as the WHATWG URL parser does. Spaces inside are for percent-encoding.ts.
 */
import type { HintKind } from "./types";

export const whitespace: HintKind = {
  name: "whitespace",

  onInvalid(ctx) {
    const input = ctx.input;
    const breaks = /[\t\r\n]/.test(input);
    const around = input.trim() !== input;
    if (!breaks && !around) return [];
    const text = input.replace(/[\t\r\n]+/g, "").trim();
    if (text === "" || text === input) return [];
    const what = around && breaks ? "whitespace around it and tabs or line breaks in it"
      : around ? "whitespace before or after it"
      : "tabs or line breaks in it";
    return [{ code: "whitespace", message: `the input has ${what}: remove them`, text }];
  },
};

/**
 * What the hints for other syntaxes share (fsspec chains, GDAL paths, jar: URLs, Commons VFS layered URIs): the
 * input translated by src/translate/ with the caller's dialect and limits, through the syntax's reader alone
 * (../translate/from). A translation is the replacement; a TranslateError is a hint without one, saying why (its
 * message without the syntax's "x at offset N" prefix).
 */
import type { HintCode } from "./codes";
import type { FromContext, ForeignSyntax, Piece } from "../translate/common";
import { TranslateError } from "../translate/errors";
import { translateFrom } from "../translate/from";
import { UrlPipelineSyntaxError } from "../errors";
import { quote, type Candidate, type HintContext } from "./types";

export function translationHint(
  ctx: HintContext,
  code: HintCode,
  text: string,
  syntax: ForeignSyntax,
  read: (ctx: FromContext) => Piece[][],
  what: string,
): Candidate {
  try {
    const r = translateFrom(text, syntax, read, {
      dialect: ctx.meta.name,
      maxLength: ctx.options.maxLength,
      maxSubUrls: ctx.options.maxSubUrls,
    });
    const notes = r.notes.map((n) => `; ${n.message}`).join("");
    return {
      code,
      message: `${what}: write the URL pipeline it names (url-pipeline translate --from ${syntax})${notes}`,
      text: r.text,
    };
  } catch (e) {
    if (!(e instanceof TranslateError)) throw e;
    // What the input names, translated, but not valid in the dialect: that pipeline, and the parser's reason.
    if (e.code === "result/invalid" && e.cause instanceof UrlPipelineSyntaxError) {
      return {
        code,
        message: `${what}; the pipeline it names, ${quote(e.cause.input)}, is not valid: ${e.cause.message}`,
      };
    }
    const reason = e.message.replace(
      /^[a-z]+: (?:"[^"]*"|U\+[0-9A-F]+|the end of the input \(offset \d+\)) (?:at offset \d+)?:? ?/,
      "",
    );
    return { code, message: `${what}; it names no URL pipeline: ${reason}` };
  }
}

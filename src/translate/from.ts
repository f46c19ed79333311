/**
 * A text in another syntax read into a pipeline (translate's `{ from: S }`), given the syntax's reader: what
 * translate() does after checking its options, and all that the hints offering a translation need. They call this
 * with the one reader they use (fromFsspec, fromGdal, ...) rather than translate(), so that a bundle with hints, the
 * playground's, carries neither the ways back to the other syntaxes nor arcp's digests (about 10 KB after gzip).
 */
import { FromContext, type ForeignSyntax, type FromOptions, type Piece } from "./common";
import { refuseLoneSurrogate, type TranslateNote } from "./errors";

/** `options` are used as they are: translate() checks a caller's first; the hints pass those validate() took. */
export function translateFrom(
  text: string,
  syntax: ForeignSyntax,
  read: (ctx: FromContext) => Piece[][],
  options: Partial<FromOptions>,
): { text: string; notes: TranslateNote[] } {
  refuseLoneSurrogate(text, syntax, "from");
  const ctx = new FromContext(text, syntax, options, options.dialect ?? "url-pipeline-v0");
  return { text: ctx.finish(read(ctx)), notes: ctx.notes };
}

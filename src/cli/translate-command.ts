/**
 * `url-pipeline translate (--from S | --to S) [--dialect D] [--json] [...] [--] INPUT`: src/translate/.
 *
 * Text: the translation on standard output; each note (something left out: a cache, a streaming mode, the
 * compression fsspec.open needs) as `url-pipeline translate: note: MESSAGE` on standard error; exit 0. An input
 * that cannot be carried: `url-pipeline translate: MESSAGE` (it names the character and its offset), exit 1.
 * `--json`: one line, `{"input", "output", "notes": [{"code", "message", "offset"}], "compression"?}` or
 * `{"input", "error": {"code", "offset", "message"}}`.
 */
import { translateWithNotes, type TranslateOptions } from "../translate";
import { TranslateError } from "../translate/errors";

export function translateCommand(
  input: string,
  options: TranslateOptions,
  json: boolean,
  io: { stdout(s: string): void; stderr(s: string): void },
): number {
  try {
    const r = translateWithNotes(input, options);
    if (json) {
      io.stdout(
        `${JSON.stringify({ input, output: r.text, notes: r.notes, ...(r.compression ? { compression: r.compression } : {}) })}\n`,
      );
    } else {
      io.stdout(`${r.text}\n`);
      for (const n of r.notes) io.stderr(`url-pipeline translate: note: ${n.message}\n`);
    }
    return 0;
  } catch (e) {
    if (!(e instanceof TranslateError)) throw e;
    if (json)
      io.stdout(`${JSON.stringify({ input, error: { code: e.code, offset: e.offset, message: e.message } })}\n`);
    else io.stderr(`url-pipeline translate: ${e.message}\n`);
    return 1;
  }
}

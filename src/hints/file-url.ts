/**
 * `file:` URLs in forms RFC 8089 does not make standard (decision D6: the grammar accepts `file:/p`, `file:///p`,
 * `file://localhost/p` and `file://host/share/p`):
 *
 * - a drive letter without the slashes (`file:c:/path`, RFC 8089 Appendix E.2, "u0"), as a host
 *   (`file://c:/path`), or with `|` for `:` (`file:///c|/path`, Appendix E.2.2, where here `|` would end the
 *   sub-URL): `file:///c:/path`, the form RFC 8089 Appendix E.2 gives first (`file-url`);
 * - a relative path (`file:relative/path`, "MAY" in ZEP 8 as a non-standard extension): a message only, since
 *   only a current directory could say what it names (`file-url`).
 */
import { quote, type HintKind } from "./types";

/** A file: URL's scheme, in any case. */
const FILE_SCHEME = /^file:/i;
/** A file: URL with no slash after its colon: a relative one. */
const RELATIVE_FILE = /^file:(?![/\\])/i;

/** (A drive letter without a separator after it is drive-relative, D25: not these.) */
const DRIVE_U0 = /^(file):(?!\/)([A-Za-z])[:|]([\\/][\s\S]*)$/i;
const DRIVE_AS_HOST = /^(file):\/\/([A-Za-z])[:|]([\\/][\s\S]*)$/i;
const DRIVE_BAR = /^(file):(?:\/\/[^/]*)?\/([A-Za-z])$/i;

export const fileUrl: HintKind = {
  name: "file-url",

  onInvalid(ctx) {
    const parts = ctx.parts();
    const first = parts[0];
    const second = parts[1];
    if (!first || !FILE_SCHEME.test(first.text)) return [];
    const rest = ctx.input.slice(first.end);
    const drive = DRIVE_U0.exec(first.text) ?? DRIVE_AS_HOST.exec(first.text);
    if (drive) {
      return [
        {
          code: "file-url",
          message:
            `${quote(first.text)} writes a Windows drive letter in a form RFC 8089 does not make standard: ` +
            `write "${drive[1]}:///${drive[2]}:/..."`,
          // A Windows path's "\\" (doubled too, as a string literal writes it) is "/" in a file: URL.
          text: `${drive[1]}:///${drive[2]}:${drive[3]!.replace(/\\+/g, "/")}${rest}`,
        },
      ];
    }
    const bar = DRIVE_BAR.exec(first.text);
    if (bar && /^[\\/]/.test(second?.text ?? "")) {
      return [
        {
          code: "file-url",
          message:
            `"${bar[2]}|" is the old way of writing the drive letter "${bar[2]}:" (RFC 8089 Appendix E.2.2), ` +
            `and "|" separates sub-URLs: write "${bar[2]}:"`,
          text: `${first.text}:${second!.text.replace(/\\+/g, "/")}${ctx.input.slice(second!.end)}`,
        },
      ];
    }
    // Not `file:\\\\server\\share`: a UNC path with Windows separators (percent-encoding.ts, "backslash").
    if (RELATIVE_FILE.test(first.text) && first.text.length > 5) {
      return [
        {
          code: "file-url",
          message:
            `${quote(first.text)} is a relative file: URL, a non-standard extension (ZEP 8: implementations ` +
            `"MAY support" it): a file: URL names an absolute path, as in file:///absolute/path`,
        },
      ];
    }
    return [];
  },
};

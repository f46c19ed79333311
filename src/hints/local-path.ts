/**
 * Local file paths where a URL belongs: `/tmp/a.zip`, `C:\data\a.zip`, `C:/data/a.zip`, `\\server\share\a`,
 * written as their `file:` URL by {@link fromPath} (RFC 8089, decision D25), keeping any `|adapter` tail:
 * `/tmp/a.zip|zip:x/` -> `file:///tmp/a.zip|zip:x/` (`local-path`).
 *
 * Relative paths (`./a.zip`, `../a.zip`, `data/a.zip`, `~/a.zip`) name nothing without a current directory: a
 * hint without a replacement (`relative-path`). In zep8 with the rule `relative-url-pipeline`, a path is what a
 * relative pipeline starts with, so `/tmp/a.zip` and `data/a.zip` are valid there and get no hint; a Windows
 * path still does. There, a first segment with a colon (`a:b`) reads as a scheme, and ZEP 8 says "such a
 * relative URL must be prefixed with `./`": `./a:b` (`relative-path`, when `a` is no scheme and no misspelling
 * of a root scheme).
 */
import { FilePathError, fromPath, type PathFlavor } from "../meaning/file-path";
import { isGdalPath } from "./gdal-path";
import { spellingCandidates } from "../spelling";
import { quote, schemeNameEnd, schemeToken, type HintKind } from "./types";

/** A Windows UNC path, \\server\... */
const UNC_PATH = /^\\\\[^\\/]/;
/** A Windows path after its drive letter, C:\ or C:/. */
const DRIVE_PATH = /^[A-Za-z]:[\\/]/;
/** An absolute POSIX path (one slash, not two). */
const POSIX_PATH = /^\/(?!\/)/;
/** A path from here, above, or home: ./, ../, ~/ or the name alone. */
const DOT_OR_HOME = /^(?:\.{1,2}|~)(?:[\\/]|$)/;
/** A first segment and its separator. */
const FIRST_SEGMENT = /^[^\\/\s]+[\\/]/;
/** A scheme's name and "//" with no colon between. */
const SCHEME_SLASHES = /^([A-Za-z][A-Za-z0-9+.-]*)\/\//;

/** What kind of local path `text` is, if it is one that can be a `file:` URL. */
export function localPathFlavor(text: string): { flavor: PathFlavor; what: string } | null {
  if (UNC_PATH.test(text)) return { flavor: "windows", what: "Windows UNC path" };
  if (DRIVE_PATH.test(text)) return { flavor: "windows", what: "Windows path" };
  if (POSIX_PATH.test(text)) return { flavor: "posix", what: "local path" };
  return null;
}

/**
 * A Windows path with its separators doubled, as a string literal writes them (`C:\\data\\a.zip` for
 * `C:\data\a.zip`): each run of backslashes after the drive is one separator. A UNC path's leading pair stays.
 */
export function undoubled(text: string): string {
  return /^[A-Za-z]:\\\\/.test(text) ? text.replace(/\\{2,}/g, "\\") : text;
}

/** The `file:` URL of a local path, or null if it is none or `fromPath` refuses it. */
export function localPathToUrl(text: string): string | null {
  const kind = localPathFlavor(text);
  if (!kind) return null;
  try {
    return fromPath(undoubled(text), { flavor: kind.flavor });
  } catch (e) {
    if (e instanceof FilePathError) return null;
    throw e;
  }
}

/** `./x`, `../x`, `~/x`, or `a/b` (a separator, no ":"): a relative path. */
export function isRelativePath(text: string): boolean {
  if (DOT_OR_HOME.test(text)) return true;
  return !text.includes(":") && FIRST_SEGMENT.test(text);
}

export const localPath: HintKind = {
  name: "local-path",

  onInvalid(ctx) {
    const first = ctx.parts()[0];
    if (!first) return [];
    const path = first.text;
    // A scheme's name of two characters or more, then ":" (most refused inputs), starts no local path (a drive
    // letter is one) and no relative one (which has no ":", or starts with "." or "~"), but a relative pipeline's.
    const nameEnd = schemeNameEnd(path);
    if (!ctx.relative && nameEnd >= 2 && path.charCodeAt(nameEnd) === 0x3a) return [];
    if (isGdalPath(path)) return []; // gdal-path.ts: a GDAL path looks like a local one, and is not
    const tail = ctx.input.slice(first.end);
    const kind = localPathFlavor(path);
    if (kind && !(ctx.relative && kind.flavor === "posix")) {
      const url = localPathToUrl(path);
      return [
        {
          code: "local-path",
          message:
            url === null
              ? `${quote(path)} looks like a ${kind.what}, not a URL, but it has no file: URL (see fromPath)`
              : `${quote(path)} is a ${kind.what}, not a URL: write it as a file: URL` +
                (undoubled(path) === path ? "" : ' (its doubled "\\", a string literal\'s, read as one)'),
          ...(url === null ? {} : { text: url + tail }),
        },
      ];
    }
    if (ctx.relative) {
      const tok = schemeToken(path);
      const name = tok?.name.toLowerCase() ?? "";
      if (
        tok?.colon &&
        !ctx.roots.has(name) &&
        !ctx.adapters.has(name) &&
        !name.includes(".") &&
        spellingCandidates(name, ctx.roots).length === 0
      ) {
        return [
          {
            code: "relative-path",
            message:
              `${quote(`${tok.name}:`)} reads as a scheme: a relative path whose first segment has a ":" ` +
              `starts with "./" (ZEP 8)`,
            text: `./${ctx.input}`,
          },
        ];
      }
      return [];
    }
    // `https//host/a` is a root without its colon (scheme-slashes.ts), not a relative path.
    const slashed = SCHEME_SLASHES.exec(path);
    if (isRelativePath(path) && !(slashed && ctx.roots.has(slashed[1]!.toLowerCase()))) {
      const zep8 =
        ctx.meta.name === "zep8"
          ? "; as a ZEP 8 relative pipeline (rule relative-url-pipeline) it is resolved against a base pipeline"
          : "";
      return [
        {
          code: "relative-path",
          message:
            `${quote(path)} is a relative path: a URL pipeline starts with an absolute location such as ` +
            `file:///absolute/path or s3://bucket/key${zep8}`,
        },
      ];
    }
    return [];
  },
};

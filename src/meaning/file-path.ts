/**
 * File paths and `file:` URLs (RFC 8089): {@link fromPath} writes an absolute POSIX or Windows
 * path as a `file:` URL that both dialects' grammars accept, and {@link toPath} reads a `file:` URL back into a
 * path. Both throw {@link FilePathError} for what cannot map.
 *
 * Notation (the notes "encoding file path as URI reference", after the number of slashes after `file:`):
 * - u0 `file:c:/p`: RFC 8089 Appendix E.2, non-standard; read (Windows drive letters only), never written.
 * - u1 `file:/p`: RFC 8089 section 2 (`local-path`); read.
 * - u2 `file://host/p`: RFC 8089 section 2 (`"//" file-auth path-absolute`); `localhost` is local; any other host
 *   is a UNC share on Windows (Appendix E.3.1). Read; written for UNC paths.
 * - u3 `file:///p`: RFC 8089 section 2 (empty authority); read; written for every local path.
 * - u4 `file:////host/share/p` (and `file://///host/...`): RFC 8089 Appendix E.3.2, non-standard; read on
 *   Windows only, never written.
 *
 * What these functions accept agrees with the grammar (`grammar/schemes/file.abnf`, rule `file-sub-url`, the same in
 * both dialects): u1, u2 and u3 are checked by {@link validateWithoutHints}; u0 and u4, which the grammar does not derive, are
 * rewritten to the u1 form they stand for and checked the same way.
 */
import { validateWithoutHints } from "../parse";
import type { FileSubUrl, Span } from "../tree/nodes";
import { utf8PercentEncode } from "../strict/percent-encoding";
import { describeValue } from "../describe-value";

/** Which operating system's path syntax a path is in. */
export type PathFlavor = "posix" | "windows";

export interface FilePathOptions {
  /**
   * `"posix"`: `/` separates segments and a path is absolute when it starts with `/`. `"windows"`: `\` and `/`
   * both separate segments, and a path is absolute when it starts with a drive letter and a separator (`C:\`)
   * or is a UNC path (`\\server\share`).
   */
  flavor: PathFlavor;
}

/**
 * A path that cannot be written as a `file:` URL, or a `file:` URL that cannot be read as a path of the flavor
 * asked for. It is the only error {@link fromPath} and {@link toPath} throw for string inputs (they throw
 * `TypeError` for a non-string argument or an invalid `options.flavor`).
 */
/** `FilePathError.code`: `file-path/...` for fromPath, `file-url/...` for toPath, with what each means (docs/codes.md). */
export const FILE_PATH_CODES = {
  "file-path/double-slash": "fromPath: a POSIX path starting with `//` (implementation-defined in POSIX)",
  "file-path/drive-relative": "fromPath: a Windows drive-relative path (`C:x`)",
  "file-path/empty": "fromPath: the empty path",
  "file-path/localhost-unc":
    "fromPath: a UNC path on the server `localhost`, which a file: URL cannot tell from a local path",
  "file-path/lone-surrogate": "fromPath: an unpaired UTF-16 surrogate, which has no UTF-8 form",
  "file-path/namespace": "fromPath: a Win32 file or device namespace path (`\\\\?\\`, `\\\\.\\`)",
  "file-path/no-drive": "fromPath: a Windows path starting with one separator (relative to the current drive)",
  "file-path/nul": "fromPath: a NUL character",
  "file-path/relative": "fromPath: a relative path",
  "file-path/unc-no-server": "fromPath: a UNC path without a server name",
  "file-path/unc-no-share": "fromPath: a UNC path without a share name",
  "file-url/drive-relative": "toPath: a drive letter not followed by `/` (drive-relative)",
  "file-url/drive-vertical-line": "toPath: a drive letter written with `|` (RFC 8089 E.2.2)",
  "file-url/encoded-separator": "toPath: an encoded `/` (or `\\` on Windows) in the path",
  "file-url/invalid": "toPath: not a valid file: URL (the cause is the UrlPipelineSyntaxError)",
  "file-url/namespace": "toPath: a server name that would make a Win32 namespace path",
  "file-url/no-drive": "toPath (Windows): a local path without a drive letter",
  "file-url/no-path": "toPath: `file:` with no path",
  "file-url/relative": "toPath: a relative file: URL (u0)",
  "file-url/remote-host": "toPath (POSIX): a file: URL naming another host",
  "file-url/unc-form": "toPath (POSIX): the UNC form (u4), which names a Windows share",
  "file-url/unc-no-server": "toPath: the UNC form without a server name",
  "file-url/unc-no-share": "toPath (Windows): a server but no share",
  "file-url/unc-server": "toPath: a UNC server name that is not a host name",
  "file-url/unc-slashes": "toPath: `file:` followed by a number of slashes no form has",
} as const;

export type FilePathErrorCode = keyof typeof FILE_PATH_CODES;

export class FilePathError extends Error {
  override readonly name = "FilePathError";
  /** The string that was refused: the path given to `fromPath`, or the URL given to `toPath`. */
  readonly input: string;
  /**
   * The 0-based offset, in UTF-16 code units, of the character of `input` at fault, or `input.length` when
   * something is missing at the end (`\\server` without a share, `file:` without a path).
   */
  readonly offset: number;

  /** What is wrong, stable for programs to test (`file-path/relative`, `file-url/remote-host`, ...; docs/codes.md). */
  readonly code: FilePathErrorCode;

  constructor(code: FilePathErrorCode, message: string, input: string, offset: number, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.input = input;
    this.offset = offset;
  }
}

/**
 * Writes an absolute file path as a `file:` URL in the u3 notation `file:///path` (RFC 8089 section 2, and the
 * form the notes recommend for emitting), or for a Windows UNC path `\\server\share\path` as
 * `file://server/share/path` (RFC 8089 Appendix E.3.1).
 *
 * Each path segment is kept as it is, except that every character RFC 3986's `pchar` does not allow literally is
 * percent-encoded as UTF-8 with upper-case hex: space, `"`, `#`, `%`, `<`, `>`, `?`, `[`, `\` (POSIX), `]`, `^`,
 * `` ` ``, `{`, `|`, `}`, controls and every non-ASCII character. Unreserved characters, sub-delims (`!$&'()*+,;=`),
 * `:` and `@` stay literal. A UNC server name keeps only unreserved characters literal (the host rule of url-pipeline
 * v0). The result is valid for `parse()` in both dialects (`url-pipeline-v0` and `zep8`), within `parse`'s default
 * length limit when the path is no longer than about 7,000 characters (decision D22).
 *
 * Kept verbatim: a trailing separator (a directory, in this project), empty segments (`/a//b`), `.` and `..`
 * segments, and the case of a drive letter. On Windows `\` and `/` both separate segments and both become `/`.
 *
 * @example
 * fromPath("/etc/hosts", { flavor: "posix" });                        // "file:///etc/hosts"
 * fromPath("/data/my file#1.zip", { flavor: "posix" });               // "file:///data/my%20file%231.zip"
 * fromPath("C:\\Documents and Settings\\", { flavor: "windows" });    // "file:///C:/Documents%20and%20Settings/"
 * fromPath("\\\\laptop\\My Documents\\Some.doc", { flavor: "windows" }); // "file://laptop/My%20Documents/Some.doc"
 *
 * @throws {FilePathError} for an empty or relative path; a NUL character or an unpaired surrogate; on POSIX a path
 *   starting with `//` (its meaning is implementation-defined, and RFC 3986's `path-absolute` cannot start with
 *   `//`); on Windows a path that is neither drive-absolute (`C:\`) nor UNC (`\\server\share`): `C:a`, `\a`,
 *   `a\b`, a Win32 namespace path (`\\?\`, `\\.\`), a UNC path without a server or share, or with the server
 *   `localhost` (which a `file:` URL reads as the local machine with no host: RFC 8089 section 2).
 * @throws {TypeError} when `path` is not a string or `options.flavor` is not `"posix"` or `"windows"`.
 */
export function fromPath(path: string, options: FilePathOptions): string {
  const flavor = checkFlavor(options, "fromPath");
  if (typeof path !== "string") throw new TypeError(`fromPath() takes a string path, not ${describeValue(path)}`);
  if (path === "")
    throw new FilePathError("file-path/empty", "the path is empty: only an absolute path can be a file: URL", path, 0);
  return flavor === "posix" ? fromPosixPath(path) : fromWindowsPath(path);
}

/**
 * Reads a `file:` URL as an absolute file path: percent-decoded (as UTF-8), with `\` separators on Windows.
 *
 * Accepted (the notes' notations; the scheme in any case):
 * - u1 `file:/p`, u3 `file:///p`, u2 `file://localhost/p`: the local path `p`. On Windows `p` must start with a
 *   drive letter and `/` (`file:///C:/a` -> `C:\a`; RFC 8089 Appendix E.2).
 * - u2 with another host, `file://server/share/p`: on Windows the UNC path `\\server\share\p` (RFC 8089 Appendix
 *   E.3.1); on POSIX an error (the file is not local: RFC 8089 section 3).
 * - u0 `file:C:/p` (Windows only; RFC 8089 Appendix E.2): `C:\p`.
 * - u4 `file:////server/share/p`, and `file://///server/share/p` (Windows only; RFC 8089 Appendix E.3.2):
 *   `\\server\share\p`.
 *
 * u1, u2 and u3 must match the grammar's `file-sub-url` rule (checked with {@link validateWithoutHints}, so its default limits
 * apply too); u0 and u4 must match it once rewritten as the u1 URL with the same path. A trailing `/` is kept, and
 * so are empty, `.` and `..` segments.
 *
 * @example
 * toPath("file:///etc/hosts", { flavor: "posix" });                       // "/etc/hosts"
 * toPath("file://localhost/etc/hosts", { flavor: "posix" });              // "/etc/hosts"
 * toPath("file:///C:/Documents%20and%20Settings/", { flavor: "windows" }); // "C:\\Documents and Settings\\"
 * toPath("file:C:/Documents%20and%20Settings/", { flavor: "windows" });   // "C:\\Documents and Settings\\" (u0)
 * toPath("file://laptop/My%20Documents/Some.doc", { flavor: "windows" });  // "\\\\laptop\\My Documents\\Some.doc"
 * toPath("file:////laptop/My%20Documents/Some.doc", { flavor: "windows" }); // the same (u4)
 *
 * @throws {FilePathError} when the URL is not a `file:` URL of an accepted notation; does not match the grammar
 *   (a query `?`, a fragment `#`, a `|`, a `\`, ...) or has percent-encoded bytes that are not UTF-8; has an
 *   encoded NUL (`%00`) or `/` (`%2F`), or on Windows `\` (`%5C`); on POSIX, has a host other than `localhost`,
 *   or is u0 or u4; on Windows, has a local path without a drive letter followed by `/`, a UNC path without a
 *   share, a UNC server `?` or `.` (that would be a Win32 namespace path, which RFC 8089 Appendix C leaves
 *   out), or a drive letter written with `|` (RFC 8089 Appendix E.2.2: not accepted, see below). `offset` is
 *   where in the URL the fault is.
 * @throws {TypeError} when `url` is not a string or `options.flavor` is not `"posix"` or `"windows"`.
 *
 * The `|` drive-letter spelling (`file:///c|/p`) is refused: `|` is the pipeline separator, so in a pipeline
 * that text is the sub-URL `file:///c` followed by another sub-URL, and RFC 3986 forbids `|` in a URI.
 */
export function toPath(url: string, options: FilePathOptions): string {
  const flavor = checkFlavor(options, "toPath");
  if (typeof url !== "string") throw new TypeError(`toPath() takes a string URL, not ${describeValue(url)}`);
  const read = readFileUrl(url, flavor);
  checkEncodedBytes(url, read, flavor);
  return flavor === "posix" ? posixPathOf(url, read) : windowsPathOf(url, read);
}

// ---------------------------------------------------------------------------------------------------------------
// fromPath

/** Path characters RFC 3986 allows literally in a segment: `pchar` without `pct-encoded`. */
const PCHAR_LITERAL = /[A-Za-z0-9\-._~!$&'()*+,;=:@]/;
/** Host characters url-pipeline v0's host allows literally: `unreserved`. */
const UNRESERVED = /[A-Za-z0-9\-._~]/;

function fromPosixPath(path: string): string {
  if (path[0] !== "/") {
    throw new FilePathError(
      "file-path/relative",
      `"${preview(path)}" is a relative path: only an absolute path (starting with "/") can be a file: URL`,
      path,
      0,
    );
  }
  if (path[1] === "/") {
    throw new FilePathError(
      "file-path/double-slash",
      'a POSIX path starting with "//" is refused: POSIX leaves the meaning of two leading slashes to the ' +
        'implementation, and a file: URL path cannot start with "//" (RFC 3986 path-absolute); write it with one "/"',
      path,
      1,
    );
  }
  // Every "/" is a separator; every segment is encoded in place.
  return `file://${encodeRun(path, 0, path.length, PCHAR_LITERAL, "/")}`;
}

function fromWindowsPath(path: string): string {
  const isSep = (i: number) => path[i] === "\\" || path[i] === "/";
  if (isSep(0) && isSep(1)) return fromUncPath(path);
  if (/^[A-Za-z]:/.test(path)) {
    if (path.length === 2 || !isSep(2)) {
      throw new FilePathError(
        "file-path/drive-relative",
        `"${path.slice(0, 2)}" without a separator after it is drive-relative (the current directory on drive ` +
          `${path[0]}:): only a drive-absolute path such as "${path.slice(0, 2)}\\" can be a file: URL`,
        path,
        2,
      );
    }
    // file:///C:/... : the drive letter is the first path segment (RFC 8089 Appendix D.2, E.2).
    return `file:///${path.slice(0, 2)}${encodeRun(path, 2, path.length, PCHAR_LITERAL, "\\/")}`;
  }
  if (isSep(0)) {
    throw new FilePathError(
      "file-path/no-drive",
      `"${preview(path)}" has no drive letter: a path starting with one separator is relative to the current ` +
        `drive; only a drive-absolute path (C:\\...) or a UNC path (\\\\server\\share\\...) can be a file: URL`,
      path,
      0,
    );
  }
  throw new FilePathError(
    "file-path/relative",
    `"${preview(path)}" is a relative path: only a drive-absolute path (C:\\...) or a UNC path ` +
      `(\\\\server\\share\\...) can be a file: URL`,
    path,
    0,
  );
}

/** `\\server\share\rest` -> `file://server/share/rest` (RFC 8089 Appendix E.3.1). */
function fromUncPath(path: string): string {
  const serverEnd = nextSeparator(path, 2);
  const server = path.slice(2, serverEnd);
  if (server === "") {
    throw new FilePathError(
      "file-path/unc-no-server",
      "the UNC path has no server name after its two leading separators",
      path,
      2,
    );
  }
  if (server === "?" || server === ".") {
    throw new FilePathError(
      "file-path/namespace",
      `"\\\\${server}\\" starts a Win32 ${server === "?" ? "file" : "device"} namespace path, not a UNC path: ` +
        "RFC 8089 (Appendix C) defines no file: URL for namespaced paths",
      path,
      2,
    );
  }
  if (server.toLowerCase() === "localhost") {
    throw new FilePathError(
      "file-path/localhost-unc",
      'a UNC path on the server "localhost" cannot be a file: URL: file://localhost/... means the local machine ' +
        'with no host, "exactly as if no authority were present" (RFC 8089 section 2), so it would read back as ' +
        "a path without a drive letter; use the drive path, or another name for this machine",
      path,
      2,
    );
  }
  const host = encodeRun(path, 2, serverEnd, UNRESERVED, "");
  if (serverEnd >= path.length || nextSeparator(path, serverEnd + 1) === serverEnd + 1) {
    throw new FilePathError(
      "file-path/unc-no-share",
      `the UNC path \\\\${preview(server)} has no share name: a UNC path is \\\\server\\share[\\path]`,
      path,
      Math.min(serverEnd + 1, path.length),
    );
  }
  return `file://${host}${encodeRun(path, serverEnd, path.length, PCHAR_LITERAL, "\\/")}`;
}

function nextSeparator(path: string, from: number): number {
  for (let i = from; i < path.length; i++) if (path[i] === "\\" || path[i] === "/") return i;
  return path.length;
}

/**
 * Encodes `path[start, end)`: each separator becomes "/", each character matching `literal` stays, and every other
 * character is percent-encoded as UTF-8 with upper-case hex. NUL and unpaired surrogates are errors.
 */
function encodeRun(path: string, start: number, end: number, literal: RegExp, separators: string): string {
  let out = "";
  for (let i = start; i < end; i++) {
    const c = path[i]!;
    if (separators.includes(c)) {
      out += "/";
    } else if (literal.test(c)) {
      out += c;
    } else if (c === "\0") {
      throw new FilePathError("file-path/nul", "a path cannot contain a NUL character (U+0000)", path, i);
    } else {
      const code = path.codePointAt(i)!;
      if (code >= 0xd800 && code <= 0xdfff) {
        throw new FilePathError(
          "file-path/lone-surrogate",
          `an unpaired UTF-16 surrogate (\\u${code.toString(16)}) is not a character and has no UTF-8 form`,
          path,
          i,
        );
      }
      if (code > 0xffff) i++;
      out += utf8PercentEncode(code);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// toPath

type Notation = "u0" | "u1" | "u2" | "u3" | "u4";

/** A URL that matched the grammar (itself or the u1 form it was rewritten to), with offsets into the URL. */
interface ReadUrl {
  notation: Notation;
  /** The host: from the authority (u2) or, for u4, the first path segment. Null for a local notation. */
  host: { raw: string; value: string; start: number } | null;
  /** The path, starting with "/" (for u4: the part after the host). */
  path: { raw: string; value: string; start: number };
}

const FILE_SCHEME = /^file:/i;

function readFileUrl(url: string, flavor: PathFlavor): ReadUrl {
  if (FILE_SCHEME.test(url)) {
    let slashes = 0;
    while (url[5 + slashes] === "/") slashes++;
    if (slashes === 0) return readU0(url, flavor);
    if (slashes >= 4) return readU4(url, flavor, slashes);
  }
  const sub = checkGrammar(url, url, (r) => r);
  const path = { raw: sub.path.raw, value: sub.path.value, start: sub.path.span.start };
  if (!sub.hasAuthority) return { notation: "u1", host: null, path };
  if (!sub.host) return { notation: "u3", host: null, path };
  return { notation: "u2", host: { raw: sub.host.raw, value: sub.host.value, start: sub.host.span.start }, path };
}

/** u0, `file:c:/path` (RFC 8089 Appendix E.2): Windows drive letters only; checked as `file:/c:/path`. */
function readU0(url: string, flavor: PathFlavor): ReadUrl {
  const rest = url.slice(5);
  if (rest === "")
    throw new FilePathError("file-url/no-path", 'the file: URL has no path: write at least "file:///"', url, 5);
  const drive = /^[A-Za-z][:|]/.test(rest);
  if (drive && rest[1] === "|") throw verticalLineError(url, 6);
  if (!drive || flavor === "posix") {
    throw new FilePathError(
      "file-url/relative",
      `"${preview(url)}" is a relative file: URL (u0: no "/" after "file:"), which RFC 8089 section 2 does not ` +
        "define (decision D6)" +
        (drive ? '; its drive-letter form (RFC 8089 Appendix E.2) is read only with flavor "windows"' : ""),
      url,
      5,
    );
  }
  const sub = checkGrammar(url, `file:/${rest}`, (r) => (r >= 6 ? r - 1 : r));
  // The raw path starts with the "/" put in before the drive letter: raw[i] is url[4 + i] for i >= 1.
  return { notation: "u0", host: null, path: { raw: sub.path.raw, value: sub.path.value, start: 4 } };
}

/**
 * u4, `file:////server/share/path` and `file://///server/share/path` (RFC 8089 Appendix E.3.2, `unc-authority =
 * 2*3"/" file-host` after the "//" of the authority): checked as `file:/server/share/path`; the server must be an
 * RFC 3986 `reg-name` (which covers E.3.2's `IPv4address` and `%5B`...`%5D` inline IP).
 */
function readU4(url: string, flavor: PathFlavor, slashes: number): ReadUrl {
  if (flavor === "posix") {
    throw new FilePathError(
      "file-url/unc-form",
      `"file:${"/".repeat(slashes)}" starts the UNC form of a file: URL (u4: RFC 8089 Appendix E.3.2), which ` +
        'names a Windows network share; it has no POSIX path (and a POSIX path cannot start with "//")',
      url,
      8,
    );
  }
  if (slashes > 5) {
    throw new FilePathError(
      "file-url/unc-slashes",
      `"file:" followed by ${slashes} slashes: the UNC form (RFC 8089 Appendix E.3.2) has four or five`,
      url,
      10,
    );
  }
  const at = 5 + slashes; // where the server name starts
  if (at === url.length) {
    throw new FilePathError(
      "file-url/unc-no-server",
      "the UNC form of this file: URL has no server name after its slashes",
      url,
      at,
    );
  }
  const sub = checkGrammar(url, `file:/${url.slice(at)}`, (r) => (r >= 6 ? r - 6 + at : r));
  const serverEnd = sub.path.raw.indexOf("/", 1);
  const hostRaw = sub.path.raw.slice(1, serverEnd < 0 ? undefined : serverEnd);
  const hostCheck = validateWithoutHints(hostRaw, { rule: "reg-name" });
  if (!hostCheck.valid) {
    const off = hostCheck.error.offset;
    throw new FilePathError(
      "file-url/unc-server",
      `the UNC server name "${hostRaw}" of this u4 file: URL is not a host name: ` +
        `${JSON.stringify(hostRaw[off] ?? "")} cannot be in one (RFC 8089 Appendix E.3.2, RFC 3986 reg-name)`,
      url,
      at + off,
    );
  }
  const valueServerEnd = sub.path.value.indexOf("/", 1);
  const hostValue = sub.path.value.slice(1, valueServerEnd < 0 ? undefined : valueServerEnd);
  const pathRaw = serverEnd < 0 ? "" : sub.path.raw.slice(serverEnd);
  const pathValue = valueServerEnd < 0 ? "" : sub.path.value.slice(valueServerEnd);
  return {
    notation: "u4",
    host: { raw: hostRaw, value: hostValue, start: at },
    path: { raw: pathRaw, value: pathValue, start: serverEnd < 0 ? url.length : at + serverEnd - 1 },
  };
}

/**
 * Matches `text` (the URL, or the u1 form of a u0 or u4 URL) against the grammar's `file-sub-url` and returns the
 * sub-URL, with spans mapped back onto `url` by `toUrl`; an error is a FilePathError at the offset in `url`.
 */
function checkGrammar(url: string, text: string, toUrl: (offset: number) => number): FileSubUrl {
  const r = validateWithoutHints(text, { rule: "file-sub-url" });
  if (!r.valid) {
    const e = r.error;
    const offset = toUrl(e.offset);
    throw new FilePathError("file-url/invalid", grammarMessage(url, offset, e.kind, e.message), url, offset, {
      cause: e,
    });
  }
  // The rule file-sub-url builds a FileSubUrl node (src/actions/sub-urls.ts).
  const sub = (r.pipeline.type === "rule-match" ? r.pipeline.subUrl : null) as FileSubUrl | null;
  if (sub?.scheme !== "file") throw new Error(`internal error: file-sub-url gave ${r.pipeline.type}`);
  const map = (s: Span): Span => ({ start: toUrl(s.start), end: toUrl(s.end) });
  return {
    ...sub,
    host: sub.host && { ...sub.host, span: map(sub.host.span) },
    path: { ...sub.path, span: map(sub.path.span) },
  };
}

function grammarMessage(url: string, offset: number, kind: string, message: string): string {
  const c = url[offset];
  if (kind === "syntax" && FILE_SCHEME.test(url)) {
    if (c === "?") return 'a file: URL has no query: RFC 8089 defines none, so "?" cannot be in it (encode it as %3F)';
    if (c === "#") return 'a file: URL has no fragment: "#" cannot be in it (decision D18; encode it as %23)';
    if (c === "|") {
      // RFC 8089 E.2.2: auth-path = [ file-auth ] file-absolute, local-path = file-absolute,
      // file-absolute = "/" drive-letter path-absolute, drive-letter = ALPHA "|"
      if (/^(?:\/\/[^/]*)?\/[A-Za-z]$/.test(url.slice(5, offset)) && (url[offset + 1] ?? "/") === "/") {
        return verticalLineError(url, offset).message;
      }
      return 'a file: URL cannot contain "|", the pipeline separator (encode it as %7C)';
    }
    if (c === "\\") {
      return (
        'a file: URL cannot contain "\\" (RFC 3986); a backslash is not a separator in a URL: write "/" ' +
        "(RFC 8089 Appendix E.4), or %5C for a backslash in a POSIX file name"
      );
    }
  }
  if (kind === "syntax" && !FILE_SCHEME.test(url)) {
    return `"${preview(url)}" is not a file: URL: it must start with "file:"`;
  }
  const what = kind === "limit" ? "too long to read" : "not a valid file: URL";
  return `"${preview(url)}" is ${what}: ${message}`;
}

function verticalLineError(url: string, offset: number): FilePathError {
  return new FilePathError(
    "file-url/drive-vertical-line",
    'a drive letter written with "|" (RFC 8089 Appendix E.2.2, a historical form) is not accepted: "|" is the ' +
      'pipeline separator, and RFC 3986 forbids it in a URI; write the drive letter with ":"',
    url,
    offset,
  );
}

/** Percent-encoded bytes that no path can hold: NUL, "/", and on Windows "\". */
function checkEncodedBytes(url: string, read: ReadUrl, flavor: PathFlavor): void {
  const parts = read.host ? [read.host, read.path] : [read.path];
  for (const part of parts) {
    const bad = flavor === "windows" ? /%(00|2F|5C)/i : /%(00|2F)/i;
    const m = bad.exec(part.raw);
    if (!m) continue;
    const byte = m[1]!.toUpperCase();
    const what =
      byte === "00"
        ? "a NUL character, which no file path can contain"
        : byte === "2F"
          ? '"/", which would read back as a separator'
          : '"\\", which is a separator in a Windows path';
    throw new FilePathError(
      "file-url/encoded-separator",
      `the file: URL has an encoded ${m[0]}, ${what}`,
      url,
      part.start + m.index,
    );
  }
}

function isLocalhost(value: string): boolean {
  return value.toLowerCase() === "localhost";
}

function posixPathOf(url: string, read: ReadUrl): string {
  if (read.host && !isLocalhost(read.host.value)) {
    throw new FilePathError(
      "file-url/remote-host",
      `the file: URL names a file on the host "${read.host.value}": only a URL with no host or the host ` +
        '"localhost" is local (RFC 8089 section 3), so it has no POSIX path',
      url,
      read.host.start,
    );
  }
  return read.path.value;
}

function windowsPathOf(url: string, read: ReadUrl): string {
  const { host, path } = read;
  if (host && (read.notation === "u4" || !isLocalhost(host.value))) {
    // UNC: \\server\share[\path] (RFC 8089 Appendix E.3.1, E.3.2).
    if (host.value === "?" || host.value === ".") {
      throw new FilePathError(
        "file-url/namespace",
        `the server name "${host.value}" would make the Win32 ${host.value === "?" ? "file" : "device"} namespace ` +
          `path \\\\${host.value}\\..., not a UNC path: RFC 8089 (Appendix C) defines no file: URL for ` +
          "namespaced paths",
        url,
        host.start,
      );
    }
    const shareEnd = path.value.indexOf("/", 1);
    if (path.value.length <= 1 || shareEnd === 1) {
      throw new FilePathError(
        "file-url/unc-no-share",
        `the file: URL names the server "${host.value}" but no share: a UNC path is \\\\server\\share[\\path]`,
        url,
        Math.min(path.start + 1, url.length),
      );
    }
    return `\\\\${host.value}${path.value.replace(/\//g, "\\")}`;
  }
  // Local: /C:/path -> C:\path (RFC 8089 Appendix E.2).
  const v = path.value;
  if (/^\/[A-Za-z]:\//.test(v)) return v.slice(1).replace(/\//g, "\\");
  if (/^\/[A-Za-z]:/.test(v)) {
    throw new FilePathError(
      "file-url/drive-relative",
      `the drive letter ${v.slice(1, 3)} is not followed by "/": "${v.slice(1, 3)}" alone is drive-relative ` +
        `(RFC 8089 Appendix E.2.1); write "${v.slice(1, 3)}/"`,
      url,
      path.start + 3,
    );
  }
  throw new FilePathError(
    "file-url/no-drive",
    `the file: URL's path "${preview(v)}" has no drive letter: a local Windows path must start with one ` +
      "(file:///C:/...), and a network path needs a host (file://server/share/...)" +
      (host ? '; the host "localhost" is the local machine, as if there were no host (RFC 8089 section 2)' : ""),
    url,
    path.start,
  );
}

// ---------------------------------------------------------------------------------------------------------------

function checkFlavor(options: unknown, fn: string): PathFlavor {
  const flavor = typeof options === "object" && options !== null ? (options as { flavor?: unknown }).flavor : undefined;
  if (flavor === "posix" || flavor === "windows") return flavor;
  throw new TypeError(`${fn}() needs options.flavor "posix" or "windows", not ${describeValue(flavor)}`);
}

function preview(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

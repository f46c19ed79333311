/**
 * fromPath / toPath (src/meaning/file-path.ts): file paths and RFC 8089 `file:` URLs.
 *
 * Sources: test/fixtures/file-path/examples.json holds the examples of the notes ("encoding file path as URI
 * reference", which name the notations u0-u4) and of RFC 8089, each with its source. The tables below are ours,
 * each with the text it rests on. Node's url.pathToFileURL / fileURLToPath are a cross-check only: our behaviour
 * is RFC 8089's and the notes', and where Node differs (it normalizes dot segments, lower-cases hosts) the
 * cross-check leaves those paths out.
 */
import fc from "fast-check";
import { fileURLToPath, pathToFileURL } from "node:url";
import examples from "../fixtures/file-path/examples.json";
import { FilePathError, fromPath, toPath, type PathFlavor } from "../../src/meaning/file-path";
import { validate } from "../../src/api";

const POSIX = { flavor: "posix" } as const;
const WINDOWS = { flavor: "windows" } as const;
const opts = (flavor: PathFlavor) => ({ flavor });

type Example = {
  source: string;
  flavor: PathFlavor;
  notation: string | null;
  path: string | null;
  url: string | null;
  direction: "both" | "toPath" | "fromPath";
  error?: { offset: number };
};
const EXAMPLES = examples.examples as Example[];

/** The FilePathError `f` throws; fails the test if it throws something else or nothing. */
function thrown(f: () => unknown): FilePathError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FilePathError);
    return e as FilePathError;
  }
  throw new Error("expected a FilePathError, but nothing was thrown");
}

function expectValidInBothDialects(url: string): void {
  const v0 = validate(url);
  const zep8 = validate(url, { dialect: "zep8" });
  if (!v0.valid) throw new Error(`${url}: url-pipeline-v0: ${v0.error.format()}`);
  if (!zep8.valid) throw new Error(`${url}: zep8: ${zep8.error.format()}`);
  expect(v0.pipeline.subUrls.map((s) => s.scheme)).toEqual(["file"]);
}

describe("examples of the notes and of RFC 8089 (fixture)", () => {
  const ok = EXAMPLES.filter((e) => !e.error);
  const bad = EXAMPLES.filter((e) => e.error);

  test.each(ok.filter((e) => e.direction !== "fromPath").map((e) => [e.notation, e.flavor, e.url, e.path, e.source]))(
    "toPath %s %s %p -> %p (%s)",
    (_n, flavor, url, path) => {
      expect(toPath(url!, opts(flavor as PathFlavor))).toBe(path);
    },
  );

  test.each(ok.filter((e) => e.direction !== "toPath").map((e) => [e.flavor, e.path, e.url, e.source]))(
    "fromPath %s %p -> %p (%s)",
    (flavor, path, url) => {
      expect(fromPath(path!, opts(flavor as PathFlavor))).toBe(url);
      expectValidInBothDialects(url!);
    },
  );

  test.each(bad.map((e) => [e.direction, e.flavor, e.url ?? e.path, e.error!.offset, e.source]))(
    "%s %s refuses %p at offset %d (%s)",
    (direction, flavor, input, offset) => {
      const f = direction === "toPath" ? toPath : fromPath;
      const e = thrown(() => f(input!, opts(flavor as PathFlavor)));
      expect(e.offset).toBe(offset);
      expect(e.input).toBe(input);
    },
  );

  test("every notation u0-u4 has an example for each flavor", () => {
    for (const flavor of ["posix", "windows"]) {
      const notations = new Set(EXAMPLES.filter((e) => e.flavor === flavor && e.url).map((e) => e.notation));
      expect([...notations].sort()).toEqual(["u0", "u1", "u2", "u3", "u4"]);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe("fromPath, posix", () => {
  test.each([
    // [path, url, what it shows]
    ["/", "file:///", "the root (RFC 8089 D.1: the root is given by the initial slash of path-absolute)"],
    ["/a/b/", "file:///a/b/", "a trailing separator is kept: a directory, in this project"],
    ["/a//b", "file:///a//b", "an empty segment is kept (RFC 3986 path-absolute allows it after the first)"],
    ["/a/../b/./c", "file:///a/../b/./c", "dot segments are kept verbatim (decision)"],
    ["/a b", "file:///a%20b", "space"],
    ["/#?%|", "file:///%23%3F%25%7C", "# ? % | (the brief's list)"],
    ['/"<>[]^`{}', "file:///%22%3C%3E%5B%5D%5E%60%7B%7D", "the rest of ASCII that is not a pchar"],
    ["/a\\b", "file:///a%5Cb", "a backslash is a file-name character on POSIX"],
    ["/\x01\x1f\x7f", "file:///%01%1F%7F", "controls"],
    ["/!$&'()*+,;=:@", "file:///!$&'()*+,;=:@", "sub-delims, : and @ are pchar: literal"],
    ["/-._~", "file:///-._~", "unreserved: literal (Node writes ~ as %7E)"],
    ["/é", "file:///%C3%A9", "non-ASCII: UTF-8, upper-case hex (RFC 8089 section 4, RFC 3986 2.1)"],
    ["/日本", "file:///%E6%97%A5%E6%9C%AC", "three-byte UTF-8"],
    ["/😀", "file:///%F0%9F%98%80", "emoji: a surrogate pair, four-byte UTF-8"],
    ["/C:/x", "file:///C:/x", "a drive-letter-looking segment is just a segment on POSIX"],
    ["/a|zip:b", "file:///a%7Czip:b", "a | cannot split the pipeline"],
  ])("%p -> %p (%s)", (path, url) => {
    expect(fromPath(path, POSIX)).toBe(url);
    expectValidInBothDialects(url);
    expect(toPath(url, POSIX)).toBe(path);
  });

  test.each([
    // [path, offset, message]
    ["", 0, /empty/],
    ["a/b", 0, /relative path/],
    ["./a", 0, /relative path/],
    ["~/a", 0, /relative path/], // RFC 8089 D.1: no tilde expansion
    ["//a", 1, /two leading slashes/],
    ["///a", 1, /two leading slashes/],
    ["/a\0b", 2, /NUL/],
    ["\0", 0, /relative path/], // the shape is checked first, then each character
    ["/a\ud800", 2, /unpaired UTF-16 surrogate/],
    ["/\udc00b", 1, /unpaired UTF-16 surrogate/],
    ["C:\\a", 0, /relative path/],
  ])("refuses %p at offset %d", (path, offset, message) => {
    const e = thrown(() => fromPath(path, POSIX));
    expect(e.offset).toBe(offset);
    expect(e.message).toMatch(message);
  });
});

describe("fromPath, windows", () => {
  test.each([
    // [path, url, path read back, what it shows]
    ["C:\\", "file:///C:/", "C:\\", "the root of a drive"],
    ["C:/a/b", "file:///C:/a/b", "C:\\a\\b", "/ is a separator too, and reads back as \\"],
    ["C:\\a/b\\", "file:///C:/a/b/", "C:\\a\\b\\", "mixed separators; a trailing separator is kept"],
    ["c:\\x", "file:///c:/x", "c:\\x", "the case of the drive letter is kept (RFC 8089 E.2)"],
    ["C:\\a\\\\b", "file:///C:/a//b", "C:\\a\\\\b", "an empty segment is kept"],
    ["C:\\a\\..\\b\\.", "file:///C:/a/../b/.", "C:\\a\\..\\b\\.", "dot segments are kept verbatim (decision)"],
    ["C:\\a:stream", "file:///C:/a:stream", "C:\\a:stream", "RFC 8089 E.3.1: a colon before a stream name"],
    ["C:\\#?%| é😀", "file:///C:/%23%3F%25%7C%20%C3%A9%F0%9F%98%80", "C:\\#?%| é😀", "encoded as on POSIX"],
    ["\\\\server\\share", "file://server/share", "\\\\server\\share", "a UNC share, no path"],
    ["\\\\server\\share\\", "file://server/share/", "\\\\server\\share\\", "its root directory"],
    ["//server/share/a", "file://server/share/a", "\\\\server\\share\\a", "UNC written with /"],
    ["\\/server\\share", "file://server/share", "\\\\server\\share", "any two separators start a UNC path"],
    ["\\\\SERVER\\Share$\\a", "file://SERVER/Share$/a", "\\\\SERVER\\Share$\\a", "case kept; $ is a sub-delim"],
    ["\\\\192.168.0.1\\c$", "file://192.168.0.1/c$", "\\\\192.168.0.1\\c$", "an IPv4 server"],
    ["\\\\sérver\\s", "file://s%C3%A9rver/s", "\\\\sérver\\s", "a non-ASCII server: percent-encoded UTF-8"],
    ["\\\\a b!\\s", "file://a%20b%21/s", "\\\\a b!\\s", "a server keeps only unreserved characters literal"],
    ["\\\\[::1]\\s", "file://%5B%3A%3A1%5D/s", "\\\\[::1]\\s", "brackets and colons encoded in a server name"],
    ["\\\\server\\C:\\x", "file://server/C:/x", "\\\\server\\C:\\x", "a share named like a drive, E.3.1 verbatim"],
  ])("%p -> %p (%s)", (path, url, back) => {
    expect(fromPath(path, WINDOWS)).toBe(url);
    expectValidInBothDialects(url);
    expect(toPath(url, WINDOWS)).toBe(back);
  });

  test.each([
    // [path, offset, message]
    ["", 0, /empty/],
    ["a\\b", 0, /relative path/],
    ["..\\a", 0, /relative path/],
    ["\\a", 0, /no drive letter.*current drive/],
    ["/a", 0, /no drive letter/],
    ["C:", 2, /drive-relative/],
    ["C:a\\b", 2, /drive-relative/],
    ["1:\\a", 0, /relative path/], // a drive letter is ALPHA
    ["é:\\a", 0, /relative path/],
    ["\\\\", 2, /no server name/],
    ["\\\\\\share", 2, /no server name/],
    ["\\\\server", 8, /no share name/],
    ["\\\\server\\", 9, /no share name/],
    ["\\\\server\\\\a", 9, /no share name/],
    ["\\\\?\\C:\\a", 2, /Win32 file namespace/], // RFC 8089 Appendix C
    ["\\\\?\\UNC\\server\\share", 2, /Win32 file namespace/],
    ["\\\\.\\COM1", 2, /Win32 device namespace/],
    ["\\\\localhost\\c$\\a", 2, /localhost/], // RFC 8089 section 2: localhost is "as if no authority were present"
    ["\\\\LocalHost\\share", 2, /localhost/],
    ["C:\\a\0", 4, /NUL/],
    ["\\\\ser\0ver\\s", 5, /NUL/],
    ["C:\\\ud83d", 3, /unpaired/],
  ])("refuses %p at offset %d", (path, offset, message) => {
    const e = thrown(() => fromPath(path, WINDOWS));
    expect(e.offset).toBe(offset);
    expect(e.message).toMatch(message);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe("toPath, posix", () => {
  test.each([
    // [url, path, notation, source]
    ["file:///", "/", "u3", "RFC 8089 section 2: path-absolute may be just /"],
    ["file:/", "/", "u1", "RFC 8089 section 2"],
    ["file://localhost/", "/", "u2", "RFC 8089 section 2"],
    ["FILE:///a", "/a", "u3", "the scheme in any case (D9)"],
    ["file://LOCALHOST/a", "/a", "u2", "localhost in any case (D6; v0 example file://LOCALHOST/)"],
    ["file://local%68ost/a", "/a", "u2", "RFC 3986 6.2.2.2: %68 is h"],
    ["file:///a%20b/%E6%97%A5%E6%9C%AC", "/a b/日本", "u3", "percent-decoded as UTF-8 (RFC 8089 section 4)"],
    ["file:///a%5Cb", "/a\\b", "u3", "an encoded backslash is a file-name character on POSIX"],
    ["file:///a/../b/./", "/a/../b/./", "u3", "dot segments kept (decision)"],
    ["file:///a//b", "/a//b", "u3", "empty segments kept"],
    ["file:///C:/a", "/C:/a", "u3", "a drive letter means nothing on POSIX"],
    ["file:///%7E%41", "/~A", "u3", "encoded unreserved characters"],
  ])("%p -> %p (%s, %s)", (url, path) => {
    expect(toPath(url, POSIX)).toBe(path);
  });

  test.each([
    // [url, offset, message]
    ["", 0, /not a file: URL/],
    ["/etc/hosts", 0, /not a file: URL/],
    ["http://host/a", 0, /not a file: URL/],
    ["fil:///a", 3, /not a file: URL/],
    ["file:", 5, /no path/],
    ["file:a", 5, /relative file: URL.*u0/], // the notes' u0; D6
    ["file:C:/a", 5, /relative.*read only with flavor "windows"/], // RFC 8089 E.2
    ["file://", 7, /not a valid file: URL/], // RFC 8089: auth-path needs path-absolute
    ["file://host", 11, /not a valid file: URL/],
    ["file://host/a", 7, /host "host".*RFC 8089 section 3/],
    ["file://127.0.0.1/a", 7, /host "127\.0\.0\.1"/], // only "localhost" is known to be local
    ["file://[::1]/a", 7, /host "\[::1\]"/],
    ["file:////a", 8, /UNC form.*no POSIX path/],
    ["file://///a", 8, /UNC form/],
    ["file:///a?b", 9, /no query/], // RFC 8089: no query
    ["file:///a?", 9, /no query/],
    ["file:///a#b", 9, /no fragment/], // D18
    ["file:///a|zip:", 9, /pipeline separator/],
    ["file:///a\\b", 9, /cannot contain "\\".*E\.4/], // RFC 8089 E.4
    ["file:///a%2Fb", 9, /encoded %2F/],
    ["file:///a%2fb", 9, /encoded %2f/],
    ["file:///a%00", 9, /encoded %00.*NUL/],
    ["file://localhost/%00", 17, /NUL/],
    ["file:///a%FF", 9, /UTF-8/], // D14
    ["file:///%C3", 8, /UTF-8/],
    ["file:///%ED%A0%80", 8, /surrogate/],
    ["file:///a%zz", 10, /not a valid file: URL/], // D21: "%" may start pct-encoded; "z" may not follow
    ["file:///a b", 9, /not a valid file: URL/],
    ["file:///é", 8, /not a valid file: URL/],
    [" file:///a", 0, /not a file: URL/],
    ["file:///a ", 9, /not a valid file: URL/],
    ["file://user@host/a", 11, /not a valid file: URL/], // RFC 8089 E.1 (userinfo): not accepted
    ["file://host:8080/a", 11, /not a valid file: URL/], // RFC 8089 has no port
  ])("refuses %p at offset %d", (url, offset, message) => {
    const e = thrown(() => toPath(url, POSIX));
    expect(e.offset).toBe(offset);
    expect(e.message).toMatch(message);
    expect(e.input).toBe(url);
  });
});

describe("toPath, windows", () => {
  test.each([
    // [url, path, notation, source]
    ["file:///C:/", "C:\\", "u3", "RFC 8089 E.2"],
    ["file:/C:/a/b", "C:\\a\\b", "u1", "RFC 8089 E.2 (the drive letter in the first segment)"],
    ["file://localhost/c:/a", "c:\\a", "u2", "RFC 8089 section 2: localhost is local"],
    ["file://LOCALHOST/C:/a", "C:\\a", "u2", "localhost in any case"],
    ["file:C:/", "C:\\", "u0", "RFC 8089 E.2"],
    ["file:z:/a%20b/", "z:\\a b\\", "u0", "RFC 8089 E.2"],
    ["FILE:C:/a", "C:\\a", "u0", "the scheme in any case (D9)"],
    ["file:///C:/a/../b/./", "C:\\a\\..\\b\\.\\", "u3", "dot segments kept (decision)"],
    ["file:///C:/a%2Cb%3Ac", "C:\\a,b:c", "u3", "encoded sub-delims and colon"],
    ["file://server/share", "\\\\server\\share", "u2", "RFC 8089 E.3.1"],
    ["file://server/share/", "\\\\server\\share\\", "u2", "RFC 8089 E.3.1"],
    ["file://s%C3%A9rver/s", "\\\\sérver\\s", "u2", "a percent-encoded host is decoded"],
    ["file://1.2.3.4/s", "\\\\1.2.3.4\\s", "u2", "an IPv4 host"],
    ["file://[::1]/s", "\\\\[::1]\\s", "u2", "an IPv6 host, as written"],
    [
      "file://server/C:/x",
      "\\\\server\\C:\\x",
      "u2",
      "E.3.1: the first segment is the share, even if it looks like a drive",
    ],
    ["file:////server/share", "\\\\server\\share", "u4", "RFC 8089 E.3.2"],
    ["file://///server/share/a/", "\\\\server\\share\\a\\", "u4", "RFC 8089 E.3.2 (five slashes)"],
    [
      "file:////localhost/share",
      "\\\\localhost\\share",
      "u4",
      "E.3.2: the server is in the path, so localhost is a server name",
    ],
    ["file:////%5B%3A%3A1%5D/s", "\\\\[::1]\\s", "u4", "RFC 8089 E.3.2 inline-IP, decoded"],
    ["file:////s%C3%A9rver/a%20b", "\\\\sérver\\a b", "u4", "decoded"],
    ["file:////a!$&'()*+,;=b/s", "\\\\a!$&'()*+,;=b\\s", "u4", "E.3.2: a reg-name may have sub-delims"],
  ])("%p -> %p (%s, %s)", (url, path) => {
    expect(toPath(url, WINDOWS)).toBe(path);
  });

  test.each([
    // [url, offset, message]
    ["file:", 5, /no path/],
    ["file:a/b", 5, /relative file: URL/],
    ["file:C", 5, /relative file: URL/],
    ["file:CC:/a", 5, /relative file: URL/],
    ["file:C:", 7, /not followed by "\/"/], // RFC 8089 E.2.1: drive letter then not a slash
    ["file:C:a", 7, /not followed by "\/"/],
    ["file:///C:", 10, /not followed by "\/"/],
    ["file:///C:..", 10, /not followed by "\/"/],
    ["file:///a/b", 7, /no drive letter/],
    ["file:///", 7, /no drive letter/],
    ["file:/", 5, /no drive letter/],
    ["file://localhost/share/a", 16, /no drive letter.*localhost/],
    ["file:C|/a", 6, /drive letter written with "\|".*E\.2\.2/],
    ["file:/C|/a", 7, /drive letter written with "\|"/],
    ["file://localhost/C|/a", 18, /drive letter written with "\|"/],
    ["file:///C|", 9, /drive letter written with "\|"/],
    ["file:///C|x", 9, /pipeline separator/],
    ["file:///C:/a%5Cb", 12, /encoded %5C/],
    ["file:///C:/a%5cb", 12, /encoded %5c/],
    ["file:///C:/a%2Fb", 12, /encoded %2F/],
    ["file:///C:/%00", 11, /NUL/],
    ["file:C:/a%00", 9, /NUL/],
    ["file:C:/a?q", 9, /no query/],
    ["file:C:/a%FF", 9, /UTF-8/],
    ["file:C:\\a", 7, /cannot contain "\\"/],
    ["file:///C:\\a", 10, /cannot contain "\\"/], // RFC 8089 E.4: backslash as separator, not accepted
    ["file://server/", 14, /no share/],
    ["file://a%5Cb/s", 8, /encoded %5C/],
    ["file://a%2Fb/s", 8, /encoded %2F/],
    ["file://a%00/s", 8, /NUL/],
    ["file:////", 9, /no server name/],
    ["file://///", 10, /no server name/],
    ["file://////a/b", 10, /six slashes|6 slashes/],
    ["file:////server", 15, /no share/],
    ["file:////server/", 16, /no share/],
    ["file:////server//a", 16, /no share/],
    ["file:////C:/a", 10, /not a host name/], // E.3.2 file-host is a reg-name: no ":"
    ["file:////u@h/s", 10, /not a host name/],
    ["file:////s/a?q", 12, /no query/],
    ["file:////s/a#f", 12, /no fragment/],
    ["file:////s/a%2Fb", 12, /encoded %2F/],
    ["file:////a%2Fb/s", 10, /encoded %2F/],
    ["file:////s%FF/a", 10, /UTF-8/],
    ["file://./share", 7, /Win32 device namespace/], // RFC 8089 Appendix C
    ["file://%3F/C:/a", 7, /Win32 file namespace/],
    ["file:////%3F/C:/a", 9, /Win32 file namespace/],
    ["file://///./share", 10, /Win32 device namespace/],
  ])("refuses %p at offset %d", (url, offset, message) => {
    const e = thrown(() => toPath(url, WINDOWS));
    expect(e.offset).toBe(offset);
    expect(e.message).toMatch(message);
  });
});

describe("toPath and the grammar (rule file-sub-url)", () => {
  test("u1, u2 and u3 examples are in the grammar; u0 and u4 are not (read by rewriting them as u1)", () => {
    for (const e of EXAMPLES.filter((x) => x.url && !x.error)) {
      const inGrammar = validate(e.url!, { rule: "file-sub-url" }).valid;
      expect([e.url, inGrammar]).toEqual([e.url, ["u1", "u2", "u3"].includes(e.notation!)]);
    }
  });

  test("a grammar error keeps the grammar's offset and is the FilePathError's cause", () => {
    const e = thrown(() => toPath("file:///a b", POSIX));
    const g = validate("file:///a b", { rule: "file-sub-url" });
    expect(g.valid).toBe(false);
    if (g.valid) return;
    expect(e.offset).toBe(g.error.offset);
    expect(e.cause).toBeInstanceOf(Error);
    expect((e.cause as Error).name).toBe("UrlPipelineSyntaxError");
  });

  test("a u0 or u4 grammar error is mapped back onto the URL as written", () => {
    expect(thrown(() => toPath("file:C:/a b", WINDOWS)).offset).toBe(9);
    expect(thrown(() => toPath("file:////s/a b", WINDOWS)).offset).toBe(12);
    expect(thrown(() => toPath("file://///s/a b", WINDOWS)).offset).toBe(13);
  });

  test("toPath accepts no u1, u2 or u3 URL that the grammar refuses (property)", () => {
    const alphabet = fc.constantFrom(..."aZ09-._~!$&'()*+,;=:@/%2F5C00FFé ?#|\\[]".split(""), "%41", "localhost", "C:");
    const body = fc.array(alphabet, { maxLength: 12 }).map((a) => a.join(""));
    const url = fc
      .tuple(fc.constantFrom("file:/", "file://", "file:///", "FILE://"), body)
      .map(([p, b]) => p + b)
      // u4 (four or more slashes) is read without the grammar: leave it out
      .filter((u) => !/^file:\/{4}/i.test(u));
    fc.assert(
      fc.property(url, fc.constantFrom<PathFlavor>("posix", "windows"), (u, flavor) => {
        if (validate(u, { rule: "file-sub-url" }).valid) return;
        const e = thrown(() => toPath(u, { flavor }));
        expect(e.offset).toBeLessThanOrEqual(u.length);
      }),
      { seed: 8089, numRuns: 400 },
    );
  });
});

describe("limits and asymmetries", () => {
  test("a long path round-trips (below parse's default length limit, decision D22)", () => {
    const p = `/${"a".repeat(60000)}`;
    expect(toPath(fromPath(p, POSIX), POSIX)).toBe(p);
  });

  test("toPath reads u4 file:////localhost/share as \\\\localhost\\share, which fromPath refuses to write", () => {
    // u4 carries the server in the path, so "localhost" there is a server name (RFC 8089 E.3.2); in u2 it would
    // be the local machine (RFC 8089 section 2), so \\localhost\share has no grammar-valid URL.
    expect(toPath("file:////localhost/share", WINDOWS)).toBe("\\\\localhost\\share");
    expect(thrown(() => fromPath("\\\\localhost\\share", WINDOWS)).offset).toBe(2);
  });
});

describe("argument checks", () => {
  test("a non-string argument or a bad flavor is a TypeError", () => {
    const bad: unknown[] = [undefined, null, 1, {}, ["/a"]];
    for (const x of bad) {
      expect(() => fromPath(x as string, POSIX)).toThrow(TypeError);
      expect(() => toPath(x as string, POSIX)).toThrow(TypeError);
    }
    for (const o of [undefined, null, {}, { flavor: "dos" }, { flavor: "POSIX" }, "posix"]) {
      expect(() => fromPath("/a", o as never)).toThrow(TypeError);
      expect(() => toPath("file:///a", o as never)).toThrow(TypeError);
    }
  });

  test("FilePathError is an Error with name, input and offset", () => {
    const e = thrown(() => fromPath("a", POSIX));
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("FilePathError");
    expect(e.input).toBe("a");
    expect(e.offset).toBe(0);
    expect(String(e)).toMatch(/^FilePathError: /);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Properties

const SEED = 20170201; // RFC 8089's month
const RUNS = 300;

/** One character of a file name: ASCII letters, the characters the brief lists, sub-delims, non-ASCII, emoji. */
const nameChar = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(..."abcXYZ019-_.~") },
  { weight: 3, arbitrary: fc.constantFrom(" ", "#", "?", "%", "|", "%2F", "%00", "%41") },
  { weight: 2, arbitrary: fc.constantFrom(..."!$&'()*+,;=:@\"<>[]^`{}\t\x7f") },
  { weight: 2, arbitrary: fc.constantFrom("é", "ß", "日", "本", "\u00a0", "\u200b", "\ufeff", "\uffff") },
  { weight: 1, arbitrary: fc.constantFrom("😀", "🚀", "𝔘", "\u{10ffff}") },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 2 }) },
);
const name = (extra = "") =>
  fc
    .array(fc.oneof({ weight: 9, arbitrary: nameChar }, { weight: extra ? 1 : 0, arbitrary: fc.constant(extra) }), {
      minLength: 1,
      maxLength: 8,
    })
    .map((a) => a.join(""))
    // no NUL; no separator (a "\\" only where it is the extra character: a file-name character on POSIX)
    .filter((s) => !/[\0/]/.test(s) && (extra === "\\" || !s.includes("\\")));
/** A segment: usually a name; sometimes empty, "." or "..". */
const segment = (extra = "") =>
  fc.oneof({ weight: 8, arbitrary: name(extra) }, { weight: 1, arbitrary: fc.constantFrom("", ".", "..") });

/** An absolute POSIX path: "/" then segments (none empty at the start, so that it never starts with "//"). */
const posixPath = fc
  .tuple(fc.array(segment("\\"), { maxLength: 6 }), fc.boolean())
  .map(([segs, trailing]) => `/${segs.join("/")}${trailing && segs.length > 0 ? "/" : ""}`)
  .filter((p) => !p.startsWith("//"));

const sep = fc.constantFrom("\\", "/");
/** Segments joined by random separators, each preceded by one. */
const windowsTail = fc
  .array(fc.tuple(sep, segment()), { maxLength: 5 })
  .map((parts) => parts.map(([s, seg]) => s + seg).join(""));
const drivePath = fc
  .tuple(fc.constantFrom(..."ACDZacz"), sep, windowsTail, fc.option(sep))
  .map(([d, s, tail, trailing]) => `${d}:${s}${tail.replace(/^[\\/]/, "")}${trailing ?? ""}`);
const server = fc.oneof(
  fc.constantFrom("server", "laptop", "host.example.com", "192.168.0.1", "SERVER", "a-b_c~d"),
  name().filter((s) => s !== "." && s !== "?" && s.toLowerCase() !== "localhost"),
);
const uncPath = fc
  .tuple(sep, sep, server, sep, name(), windowsTail, fc.option(sep))
  .map(([s1, s2, srv, s3, share, tail, trailing]) => `${s1}${s2}${srv}${s3}${share}${tail}${trailing ?? ""}`);
const windowsPath = fc.oneof(drivePath, uncPath);

/** What toPath gives back for a path: windows separators become "\". */
const readBack = (p: string, flavor: PathFlavor) => (flavor === "windows" ? p.replace(/\//g, "\\") : p);

describe("properties", () => {
  test.each<[PathFlavor, fc.Arbitrary<string>]>([
    ["posix", posixPath],
    ["windows", windowsPath],
  ])("%s: toPath(fromPath(p)) === p (windows: with \\ separators), valid in both dialects", (flavor, paths) => {
    fc.assert(
      fc.property(paths, (p) => {
        const url = fromPath(p, { flavor });
        expectValidInBothDialects(url);
        // The root of a pipeline, by its syntax (a directory, "file:///", is no base for zip: by its kind, D62).
        expect(validate(`${url}|zip:a/|zarr3:`, { dialect: "zep8", kinds: false }).valid).toBe(true);
        expect(url).not.toMatch(/%2F|%00/); // no encoded "/" or NUL
        for (const t of url.match(/%[0-9A-Fa-f]{2}/g) ?? []) expect(t).toBe(t.toUpperCase()); // upper-case hex
        if (flavor === "windows") expect(url).not.toMatch(/%5C/);
        expect(toPath(url, { flavor })).toBe(readBack(p, flavor));
        // fromPath is idempotent on what toPath gives back
        expect(fromPath(toPath(url, { flavor }), { flavor })).toBe(url);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  test("u1, u2 (localhost) and u3 read back the same local path; u0 too on windows", () => {
    const local = fc.oneof(
      posixPath.map((p) => ["posix", p] as const),
      drivePath.map((p) => ["windows", p] as const),
    );
    fc.assert(
      fc.property(local, ([flavor, p]) => {
        const u3 = fromPath(p, { flavor });
        const rest = u3.slice("file://".length); // "/..."
        const expected = readBack(p, flavor);
        expect(toPath(`file:${rest}`, { flavor })).toBe(expected); // u1
        expect(toPath(`file://localhost${rest}`, { flavor })).toBe(expected); // u2
        expect(toPath(`FILE://LocalHost${rest}`, { flavor })).toBe(expected);
        if (flavor === "windows")
          expect(toPath(`file:${rest.slice(1)}`, { flavor })).toBe(expected); // u0
        else expect(thrown(() => toPath(`file:${rest.slice(1)}`, { flavor })).offset).toBe(5);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  test("UNC paths: u2 and u4 (four and five slashes) read back the same path; posix refuses them", () => {
    fc.assert(
      fc.property(uncPath, (p) => {
        const u2 = fromPath(p, WINDOWS);
        const hostAndPath = u2.slice("file://".length);
        const expected = readBack(p, "windows");
        expect(toPath(`file:////${hostAndPath}`, WINDOWS)).toBe(expected);
        expect(toPath(`file://///${hostAndPath}`, WINDOWS)).toBe(expected);
        expect(thrown(() => toPath(u2, POSIX)).offset).toBe(7);
        expect(thrown(() => toPath(`file:////${hostAndPath}`, POSIX)).offset).toBe(8);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  test("any string: fromPath and toPath return or throw FilePathError, never anything else", () => {
    const anyText = fc.oneof(
      fc.string({ unit: "binary", maxLength: 24 }),
      fc.string({ unit: fc.constantFrom(..."/\\:|?#%2FC5cé😀 .\0a"), maxLength: 16 }),
      fc
        .tuple(
          fc.constantFrom("file:", "file:/", "file://", "file:///", "file:////", "file://///"),
          fc.string({ maxLength: 16 }),
        )
        .map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(anyText, fc.constantFrom<PathFlavor>("posix", "windows"), (s, flavor) => {
        for (const f of [fromPath, toPath]) {
          try {
            const out = f(s, { flavor });
            expect(typeof out).toBe("string");
          } catch (e) {
            expect(e).toBeInstanceOf(FilePathError);
            const err = e as FilePathError;
            expect(err.input).toBe(s);
            expect(err.offset >= 0 && err.offset <= s.length).toBe(true);
          }
        }
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  test("whatever toPath returns, fromPath writes back as a URL that reads the same (toPath is a left inverse)", () => {
    const urlish = fc
      .tuple(
        fc.constantFrom(
          ..."file:/ file:/// file://localhost/ file://srv/ file:////srv/ file: file:/C:/ file:C:/".split(" "),
        ),
        fc.string({ unit: fc.constantFrom(..."ab/.:%20C5éE9é ~!"), maxLength: 12 }),
      )
      .map(([a, b]) => a + b);
    fc.assert(
      fc.property(urlish, fc.constantFrom<PathFlavor>("posix", "windows"), (u, flavor) => {
        let p: string;
        try {
          p = toPath(u, { flavor });
        } catch (e) {
          expect(e).toBeInstanceOf(FilePathError);
          return;
        }
        expect(toPath(fromPath(p, { flavor }), { flavor })).toBe(p);
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Cross-check with Node (not the definition: RFC 8089 and the notes are).

describe("cross-check with Node's url module", () => {
  /** Node (WHATWG URL) removes dot segments and collapses empty ones: leave those paths out. */
  const plainSegments = (p: string) =>
    p
      .split(/[\\/]/)
      .slice(1)
      .every((s) => s !== "." && s !== "..");
  const noEmptyInner = (p: string) => !/[\\/]{2}/.test(p.replace(/^[\\/]{2}/, ""));

  test("posix: Node's fileURLToPath reads fromPath's URL as the same path", () => {
    fc.assert(
      fc.property(posixPath.filter(plainSegments), (p) => {
        expect(fileURLToPath(fromPath(p, POSIX), { windows: false })).toBe(p);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  test("posix: toPath reads Node's pathToFileURL as the same path", () => {
    fc.assert(
      fc.property(
        posixPath.filter((p) => plainSegments(p) && noEmptyInner(p)),
        (p) => {
          expect(toPath(pathToFileURL(p, { windows: false }).href, POSIX)).toBe(p);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  // WHATWG URL lower-cases and IDNA-maps hosts, and moves a drive-letter share to the path: plain servers only.
  const plainServer = fc.constantFrom("server", "laptop", "host.example.com", "192.168.0.1");
  const plainUnc = fc
    .tuple(plainServer, name(), windowsTail)
    .map(([srv, share, tail]) => `\\\\${srv}\\${share}${tail}`)
    .filter((p) => !/^\\\\[^\\]+\\[A-Za-z][:|]/.test(p));
  const windowsForNode = fc.oneof(drivePath, plainUnc).filter(plainSegments);

  test("windows: Node's fileURLToPath reads fromPath's URL as the same path", () => {
    fc.assert(
      fc.property(windowsForNode, (p) => {
        expect(fileURLToPath(fromPath(p, WINDOWS), { windows: true })).toBe(readBack(p, "windows"));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  test("windows: toPath reads Node's pathToFileURL as the same path", () => {
    fc.assert(
      // Node 20 writes a drive root C:\ as file:///C:// when it runs on POSIX: leave drive roots out.
      fc.property(
        windowsForNode.filter((p) => noEmptyInner(p) && !/^[A-Za-z]:[\\/]$/.test(p)),
        (p) => {
          expect(toPath(pathToFileURL(p, { windows: true }).href, WINDOWS)).toBe(readBack(p, "windows"));
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  test("the notes' examples agree with Node where Node has an opinion", () => {
    expect(pathToFileURL("C:\\Documents and Settings\\", { windows: true }).href).toBe(
      fromPath("C:\\Documents and Settings\\", WINDOWS),
    );
    expect(pathToFileURL("\\\\laptop\\My Documents\\Some.doc", { windows: true }).href).toBe(
      fromPath("\\\\laptop\\My Documents\\Some.doc", WINDOWS),
    );
    expect(pathToFileURL("/etc/hosts", { windows: false }).href).toBe(fromPath("/etc/hosts", POSIX));
  });
});

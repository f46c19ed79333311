/**
 * `jar:` URLs, which no RFC defines: the JAR File Specification and java.net.JarURLConnection do
 * (https://docs.oracle.com/en/java/javase/21/docs/api/java.base/java/net/JarURLConnection.html): "The syntax of a
 * JAR URL is: jar:<url>!/{entry}", e.g. `jar:http://www.foo.com/bar/baz.jar!/COM/foo/Quux.class` (an entry),
 * `jar:http://www.foo.com/bar/baz.jar!/` (the whole JAR file), `jar:http://www.foo.com/bar/baz.jar!/COM/foo/`
 * (a directory); "!/ is referred to as the separator". OpenJDK's JarURLConnection splits at the first "!/"
 * (`spec.indexOf("!/")`), says "REMIND: we don't handle nested JAR URLs", and percent-decodes the entry name
 * (`ParseUtil.decode`). A JAR is a ZIP file (JAR File Specification: "JAR file is a file format based on the
 * popular ZIP file format"), so `jar:<url>!/<entry>` is `<url>|zip:<entry>`; both sides percent-encode alike, so
 * the entry's text is carried as written (what a zip: path cannot hold as it is, such as a space, is encoded).
 */
import { malformedPercent, PCHAR, percentEncodeKeepingTriplets } from "../strict/percent-encoding";
import type { PathAdapterSubUrl } from "../tree/nodes";
import { verbatim, written, type FromContext, type Piece, type SyntaxTranslator, type ToContext } from "./common";

/** Characters a URL may hold as they are (RFC 3986 2.2, 2.3): the rest is percent-encoded when carried. */
export const URI_CHARACTERS = `${PCHAR}/?#\\[\\]`;

/** jar to a pipeline: its sub-URLs, as pieces (src/translate/from.ts). */
export function fromJar(ctx: FromContext): Piece[][] {
  const input = ctx.input;
  if (!/^jar:/i.test(input)) ctx.fail("jar/not-jar", 0, 'a JAR URL starts with "jar:"');
  const separator = input.indexOf("!/");
  if (separator < 0)
    ctx.fail("jar/no-separator", input.length, 'no "!/" (JarURLConnection: "no !/ found in url spec")');
  const url = input.slice(4, separator);
  if (/^jar:/i.test(url))
    ctx.fail("jar/nested", 4, "a JAR inside a JAR: java.net.JarURLConnection does not handle nested JAR URLs");
  const hash = input.indexOf("#", separator);
  if (hash >= 0)
    ctx.fail("jar/fragment", hash, "java.net.URL keeps a fragment apart from the entry, and a URL pipeline has none");
  const entry = input.slice(separator + 2);
  const bad = malformedPercent(entry);
  if (bad >= 0)
    ctx.fail(
      "jar/percent",
      separator + 2 + bad,
      'a "%" that begins no %XX: the entry name is percent-decoded (ParseUtil.decode)',
    );
  const carriedUrl = percentEncodeKeepingTriplets(url, URI_CHARACTERS);
  // A leading "/" of the entry is part of its name (JarURLConnection keeps it): %2F, not a zip: path's own "/" (D36).
  const path = percentEncodeKeepingTriplets(entry, `${PCHAR}/`).replace(/^\//, "%2F");
  return [
    [carriedUrl === url ? verbatim(url, 4) : written(carriedUrl, 4)],
    [written("zip:", separator), path === entry ? verbatim(path, separator + 2) : written(path, separator + 2)],
  ];
}

function toForeign(ctx: ToContext): { text: string } {
  const subs = ctx.canonical.subUrls;
  if (subs.length !== 2 || subs[1]!.scheme !== "zip") {
    const at = (k: number) => ctx.tree.subUrls[k]!.span.start;
    const zips = subs.map((s, k) => (s.scheme === "zip" ? k : -1)).filter((k) => k > 0);
    if (zips.length > 1)
      ctx.fail(
        "jar/nested",
        at(zips[1]!),
        "a ZIP inside a ZIP: java.net.JarURLConnection does not handle nested JAR URLs",
      );
    const other = subs.findIndex((s, k) => k > 0 && s.scheme !== "zip");
    ctx.fail(
      "jar/not-zip",
      other < 0 ? ctx.input.length : at(other),
      "a JAR URL names a ZIP (JAR) file by its URL and an entry in it: one root, then zip:",
    );
  }
  const url = subs[0]!.raw;
  const separator = url.indexOf("!/");
  if (separator >= 0)
    ctx.fail(
      "jar/separator-in-url",
      ctx.tree.subUrls[0]!.span.start + separator,
      'JarURLConnection splits at the first "!/": write it "%21/" in the URL',
    );
  return { text: `jar:${url}!/${(subs[1] as PathAdapterSubUrl).path.raw}` };
}

export const jar: SyntaxTranslator = { fromForeign: fromJar, toForeign };

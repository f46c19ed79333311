/**
 * src/translate/jar.ts: jar: URLs, from java.net.JarURLConnection's documentation and its examples
 * (https://docs.oracle.com/en/java/javase/21/docs/api/java.base/java/net/JarURLConnection.html) and OpenJDK's
 * parsing of them (the first "!/" separates; no nested JAR URLs; the entry name percent-decoded).
 */
import { translate } from "../../src";
import { errorOf } from "./helpers";

const from = (text: string) => translate(text, { from: "jar" });
const to = (text: string) => translate(text, { to: "jar" });

test.each([
  // The documentation's three examples: a Jar entry, a Jar file, a Jar directory.
  ["jar:http://www.foo.com/bar/baz.jar!/COM/foo/Quux.class", "http://www.foo.com/bar/baz.jar|zip:COM/foo/Quux.class"],
  ["jar:http://www.foo.com/bar/baz.jar!/", "http://www.foo.com/bar/baz.jar|zip:"],
  ["jar:http://www.foo.com/bar/baz.jar!/COM/foo/", "http://www.foo.com/bar/baz.jar|zip:COM/foo/"],
])("the documentation's example %s, both ways", (jarUrl, pipeline) => {
  expect(from(jarUrl)).toBe(pipeline);
  expect(to(pipeline)).toBe(jarUrl);
});

test('its URL("jar:file:/home/duke/duke.jar!/") example: file:/p is the canonical file:///p', () => {
  expect(from("jar:file:/home/duke/duke.jar!/")).toBe("file:///home/duke/duke.jar|zip:");
  expect(to("file:///home/duke/duke.jar|zip:")).toBe("jar:file:///home/duke/duke.jar!/");
});

test("percent-encoding is carried: the entry name is percent-decoded by JarURLConnection, a zip: path by the pipeline", () => {
  expect(from("jar:file:/a%20b.jar!/x%20y/%E2%82%AC.txt")).toBe("file:///a%20b.jar|zip:x%20y/%E2%82%AC.txt");
  expect(from("jar:file:/a.jar!/x y|z")).toBe("file:///a.jar|zip:x%20y%7Cz"); // what a zip: path cannot hold, encoded
  expect(from("jar:file:/a.jar!//abs")).toBe("file:///a.jar|zip:%2Fabs"); // an entry named "/abs", not "abs" (D36)
  expect(to("file:///a.jar|zip:%2Fabs")).toBe("jar:file:///a.jar!/%2Fabs");
});

test("what a JAR URL cannot say, or the pipeline cannot: an error at the character", () => {
  expect(errorOf(() => from("http://www.foo.com/bar/baz.jar"))).toMatchObject({ code: "jar/not-jar", offset: 0 });
  expect(errorOf(() => from("jar:http://www.foo.com/bar/baz.jar"))).toMatchObject({
    code: "jar/no-separator",
    offset: 34,
  });
  expect(errorOf(() => from("jar:jar:file:/a.jar!/b.jar!/c"))).toMatchObject({ code: "jar/nested", offset: 4 });
  expect(errorOf(() => from("jar:file:/a.jar!/b#c"))).toMatchObject({ code: "jar/fragment", offset: 18 });
  expect(errorOf(() => from("jar:file:/a.jar!/b%zz"))).toMatchObject({ code: "jar/percent", offset: 18 });
  expect(errorOf(() => from("jar:nope!/a"))).toMatchObject({ code: "result/invalid", offset: 8 });
  expect(errorOf(() => to("file:///a.zip|zip:b.zip|zip:c"))).toMatchObject({ code: "jar/nested", offset: 24 });
  expect(errorOf(() => to("file:///a.jar|zip:x/|zarr3:"))).toMatchObject({ code: "jar/not-zip", offset: 21 });
  expect(errorOf(() => to("file:///a.jar"))).toMatchObject({ code: "jar/not-zip", offset: 13 });
  expect(errorOf(() => to("https://h/a!/b.jar|zip:x"))).toMatchObject({ code: "jar/separator-in-url", offset: 11 });
});

/**
 * src/translate/vfs.ts: Apache Commons VFS layered URIs, from its file systems page and its examples
 * (https://commons.apache.org/proper/commons-vfs/filesystems.html, "Zip, Jar and Tar", "gzip and bzip2",
 * "Local Files", "Naming").
 */
import { translate } from "../../src";
import { errorOf } from "./helpers";

const from = (text: string) => translate(text, { from: "vfs" });
const to = (text: string) => translate(text, { to: "vfs" });

test.each([
  // The example: nested archives, split at the last "!".
  ["zip:zip:file:///a.zip!/b.zip!/c.txt", "file:///a.zip|zip:b.zip|zip:c.txt"],
  // The documentation's examples that name an absolute location.
  ["zip:http://somehost/downloads/somefile.zip", "http://somehost/downloads/somefile.zip|zip:"],
  ["gz:/my/gz/file.gz", "file:///my/gz/file.gz|gzip:"],
  // Its jar examples with an absolute outer archive (theirs are relative: below); %21 is a "!" of a name.
  ["jar:zip:file:///outer.zip!/nested.jar!/somedir", "file:///outer.zip|zip:nested.jar|zip:somedir"],
  ["jar:zip:file:///outer.zip!/nested.jar!/some%21dir", "file:///outer.zip|zip:nested.jar|zip:some!dir"],
  // Local files: "[file://] absolute-path", raw ("file:///C:/Documents and Settings").
  ["zip:/home/someuser/a.zip!/x", "file:///home/someuser/a.zip|zip:x"],
  ["zip:c:\\program files\\some dir\\a.zip!/x", "file:///c:/program%20files/some%20dir/a.zip|zip:x"],
  ["zip:file:///C:/Documents and Settings/a.zip!/x y", "file:///C:/Documents%20and%20Settings/a.zip|zip:x%20y"],
  ["zip:file:///a.zip!x", "file:///a.zip|zip:x"], // the path inside is absolute with or without its "/"
  ["zip:gz:file:///a.zip.gz!/x", "file:///a.zip.gz|gzip:|zip:x"],
])("%s", (vfsUri, pipeline) => {
  expect(from(vfsUri)).toBe(pipeline);
});

test.each([
  ["file:///a.zip|zip:b.zip|zip:c.txt", "zip:zip:file:///a.zip!/b.zip!/c.txt"],
  ["http://somehost/downloads/somefile.zip|zip:", "zip:http://somehost/downloads/somefile.zip!/"],
  ["file:///my/gz/file.gz|gzip:", "gz:file:///my/gz/file.gz"],
  ["file:///outer.zip|zip:nested.jar|zip:some!dir", "zip:zip:file:///outer.zip!/nested.jar!/some%21dir"],
  ["file:///a!b.gz|gzip:", "gz:file:///a%21b.gz"], // "the ! as normal character it must be escaped using %21"
])("to VFS: %s", (pipeline, vfsUri) => {
  expect(to(pipeline)).toBe(vfsUri);
});

test("the documentation's relative examples name nothing without a current directory", () => {
  expect(errorOf(() => from("jar:../lib/classes.jar!/META-INF/manifest.mf"))).toMatchObject({
    code: "vfs/relative-path",
    offset: 4,
  });
  expect(errorOf(() => from("jar:zip:outer.zip!/nested.jar!/somedir"))).toMatchObject({
    code: "vfs/relative-path",
    offset: 8,
  });
});

test("tar (the documentation's tgz: and tar:gz: examples) and bz2: the pipeline has no such scheme, and says so", () => {
  expect(errorOf(() => from("tgz:file://anyhost/dir/mytar.tgz!/somepath/somefile"))).toMatchObject({
    code: "vfs/no-tar",
    offset: 0,
  });
  expect(
    errorOf(() => from("tar:gz:http://anyhost/dir/mytar.tar.gz!/mytar.tar!/path/in/tar/README.txt")),
  ).toMatchObject({ code: "vfs/no-tar", offset: 0 });
  expect(errorOf(() => from("bz2:file:///a.bz2"))).toMatchObject({ code: "vfs/no-scheme", offset: 0 });
  expect(errorOf(() => to("file:///a.zip|zip:x/|zarr3:"))).toMatchObject({ code: "vfs/no-scheme", offset: 21 });
});

test("what VFS reads otherwise: a bad %, dot-segments it resolves, a ! part in gz:", () => {
  expect(errorOf(() => from("zip:file:///a.zip!/b%2"))).toMatchObject({ code: "vfs/percent", offset: 20 });
  expect(errorOf(() => from("zip:file:///a.zip!/b/../c"))).toMatchObject({ code: "vfs/dot-segment", offset: 21 });
  expect(errorOf(() => from("gz:file:///a.gz!/a"))).toMatchObject({ code: "vfs/gz-entry", offset: 15 });
  expect(errorOf(() => to("file:///a.zip|zip:b/../c"))).toMatchObject({ code: "vfs/dot-segment", offset: 20 });
});

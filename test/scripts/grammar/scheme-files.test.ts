/**
 * scripts/grammar/scheme-files.ts, and the build's other checks of where a scheme is defined: a scheme file is
 * loaded by every dialect its "@dialects" names, a file under grammar/schemes/ is named after its scheme, a
 * dialect lists a file once and has a scheme in one file. Each problem names the file to edit.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { buildDialect } from "../../../scripts/generate";
import { listDialects, readManifest } from "../../../scripts/grammar/manifest";
import { checkSchemeFiles } from "../../../scripts/grammar/scheme-files";

const GRAMMAR = path.resolve(__dirname, "../../../grammar");

/** A copy of grammar/, changed by `change`. */
function grammarWith(change: (dir: string) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "url-pipeline-grammar-"));
  fs.cpSync(GRAMMAR, dir, { recursive: true });
  change(dir);
  return dir;
}

const problems = (dir: string) =>
  checkSchemeFiles(
    dir,
    listDialects(dir).map((d) => readManifest(dir, d)),
  );
const edit = (file: string, f: (text: string) => string) => fs.writeFileSync(file, f(fs.readFileSync(file, "utf8")));
const unlist = (dir: string, dialect: string, rel: string) =>
  edit(path.join(dir, "dialects", `${dialect}.json`), (t) => {
    const m = JSON.parse(t) as { files: { path: string }[] };
    m.files = m.files.filter((f) => f.path !== rel);
    return JSON.stringify(m);
  });

test("today's grammar: every scheme file is where its header says", () => {
  expect(problems(GRAMMAR)).toEqual([]);
});

test("a new scheme file that no dialect lists yet", () => {
  const dir = grammarWith((d) => fs.copyFileSync(path.join(d, "schemes/zstd.abnf"), path.join(d, "schemes/foo.abnf")));
  edit(path.join(dir, "schemes/foo.abnf"), (t) => t.replace(/zstd/g, "foo"));
  expect(problems(dir)).toEqual([
    'grammar/schemes/foo.abnf: "@dialects" names url-pipeline-v0, but grammar/dialects/url-pipeline-v0.json does not load it: add { "path": "schemes/foo.abnf" } to its "files" (or remove url-pipeline-v0 from "@dialects")',
    'grammar/schemes/foo.abnf: "@dialects" names zep8, but grammar/dialects/zep8.json does not load it: add { "path": "schemes/foo.abnf" } to its "files" (or remove zep8 from "@dialects")',
  ]);
});

test("a dialect that leaves out a file whose header names it; a dialect that does not exist", () => {
  const dir = grammarWith((d) => unlist(d, "zep8", "schemes/zip.abnf"));
  edit(path.join(dir, "schemes/gzip.abnf"), (t) =>
    t.replace("; @dialects url-pipeline-v0 zep8", "; @dialects url-pipeline-v0 zep8 zep9"),
  );
  expect(problems(dir)).toEqual([
    'grammar/schemes/gzip.abnf: "@dialects" names zep9, which is no dialect (url-pipeline-v0, zep8: grammar/dialects/)',
    expect.stringMatching(
      /^grammar\/schemes\/zip\.abnf: "@dialects" names zep8, but grammar\/dialects\/zep8\.json does not load it/,
    ),
  ]);
});

test("a file under grammar/schemes/ named otherwise than its scheme", () => {
  const dir = grammarWith((d) => fs.renameSync(path.join(d, "schemes/zstd.abnf"), path.join(d, "schemes/zst.abnf")));
  expect(problems(dir)).toContain(
    'grammar/schemes/zst.abnf: "@scheme zstd" belongs in grammar/schemes/zstd.abnf: a scheme\'s file is named after it',
  );
});

test("kept releases are not checked: they are no dialect's files", () => {
  const dir = grammarWith((d) =>
    fs.copyFileSync(path.join(d, "schemes/zstd.abnf"), path.join(d, "releases/0.1.0/schemes/zst.abnf")),
  );
  expect(problems(dir)).toEqual([]);
});

test("two files with one scheme in a dialect: the build names both", () => {
  const dir = grammarWith((d) =>
    edit(path.join(d, "schemes/zstd.abnf"), (t) => t.replace("; @scheme   zstd", "; @scheme   gzip")),
  );
  expect(() => buildDialect("zep8", dir)).toThrow(
    'grammar/schemes/zstd.abnf: "@scheme gzip" is grammar/schemes/gzip.abnf\'s too: a scheme is one file in a dialect',
  );
});

test("a file listed twice in a dialect's list", () => {
  const dir = grammarWith((d) =>
    edit(path.join(d, "dialects/zep8.json"), (t) => {
      const m = JSON.parse(t) as { files: { path: string }[] };
      m.files.push({ path: "schemes/zstd.abnf" });
      return JSON.stringify(m);
    }),
  );
  expect(() => buildDialect("zep8", dir)).toThrow(
    /zep8\.json: "files" lists "schemes\/zstd\.abnf" twice: list each file once$/,
  );
});

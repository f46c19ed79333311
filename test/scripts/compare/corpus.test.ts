/**
 * grammar:compare --corpus (scripts/compare/corpus.ts): inputs through the library built from each grammar.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { main } from "../../../scripts/compare/cli";
import { diffCorpus, isBreaking, readCorpus, type CorpusAnswer } from "../../../scripts/compare/corpus";

const ROOT = path.resolve(__dirname, "../../..");

describe("diffCorpus", () => {
  const valid = (canonical: string, tree = "{}"): CorpusAnswer => ({ valid: true, tree, canonical });
  const invalid = (offset: number, code = "syntax/unexpected-character"): CorpusAnswer => ({
    valid: false,
    offset,
    code,
  });
  test("what differs, and whether it breaks the promise (a valid input made invalid, or read differently)", () => {
    const inputs = ["a", "b", "c", "d", "e"];
    const changes = diffCorpus(
      inputs,
      [valid("a"), invalid(3), valid("c", "{1}"), invalid(1), valid("e")],
      [valid("a"), invalid(4), valid("c", "{2}"), valid("d"), invalid(0)],
    );
    expect(changes.map((c) => [c.input, c.differs, isBreaking(c)])).toEqual([
      ["b", ["offset"], false],
      ["c", ["tree"], true],
      ["d", ["verdict", "offset", "code", "tree", "canonical"], false],
      ["e", ["verdict", "offset", "code", "tree", "canonical"], true],
    ]);
  });
  test("readCorpus: one input per line; CRLF, a BOM and empty lines are not inputs", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "corpus-")), "c.txt");
    fs.writeFileSync(file, "\uFEFFzip:a\r\n\r\nfile:///x\n");
    expect(readCorpus(file)).toEqual(["zip:a", "file:///x"]);
  });
});

test("the command: a zip: path that may no longer start with /, against the corpus, built from each grammar", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "corpus-grammar-"));
  try {
    fs.cpSync(path.join(ROOT, "grammar"), path.join(dir, "grammar"), { recursive: true });
    const zip = path.join(dir, "grammar/schemes/zip.abnf");
    fs.writeFileSync(zip, fs.readFileSync(zip, "utf8").replace(/^(zip-path\s*=\s*)path-absolute \/ /m, "$1"));
    const corpus = path.join(dir, "corpus.txt");
    fs.writeFileSync(
      corpus,
      ["s3://bucket/a.zip|zip:/x", "s3://bucket/a.zip|zip:x", "s3://bucket/a.zip|zip:|x"].join("\n"),
    );
    let out = "";
    let err = "";
    const status = main(
      ["zep8", `${path.join(dir, "grammar")}#zep8`, "--corpus", corpus, "--json", "--limit", "1"],
      (s) => void (out += s),
      (s) => void (err += s),
      ROOT,
    );
    expect(status).toBe(1);
    const last = JSON.parse(out.trim().split("\n").at(-1)!) as {
      corpus: { input: string; differs: string[]; breaking: boolean; new: CorpusAnswer }[];
    };
    expect(last.corpus.map((c) => [c.input, c.differs, c.breaking, c.new.offset])).toEqual([
      ["s3://bucket/a.zip|zip:/x", ["verdict", "offset", "code", "tree", "canonical"], true, 22],
    ]);
    // It says what it is doing while it builds each side.
    expect(err).toMatch(
      /^grammar:compare: zep8: compiling scripts\/\ngrammar:compare: zep8: generating the parser and automata\n/,
    );
    expect(err).toMatch(/: answering 3 inputs\n$/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

/**
 * docs/codes.md lists every stable code the package gives (errors and hints), generated from the tables in the
 * source. This test fails when the page and the tables differ; `UPDATE_DOCS=1 npx jest test/docs/codes` rewrites the
 * page from the tables.
 */
import fs from "node:fs";
import path from "node:path";
import {
  FILE_PATH_CODES,
  HINT_CODES,
  KIND_CODES,
  LIMIT_CODES,
  RESOLVE_CODES,
  SYNTAX_CODES,
  TRANSLATE_CODES,
  TRANSLATE_NOTE_CODES,
  VALUE_CODES,
  validate,
} from "../../src";
import { validate as leanValidate } from "../../src/validate";

const PAGE = path.join(__dirname, "../../docs/codes.md");

function table(codes: Readonly<Record<string, string>>): string {
  return [
    "| code | meaning |",
    "|---|---|",
    ...Object.entries(codes).map(([c, d]) => `| \`${c}\` | ${d.replace(/\|/g, "\\|")} |`),
  ].join("\n");
}

function page(): string {
  return `# Stable codes

Generated from the source by \`test/docs/codes.test.ts\` (\`UPDATE_DOCS=1 npx jest test/docs/codes\`); do not edit by hand.
Programs should match these codes, not message text: a code, once published, keeps its meaning, while messages may be
reworded. \`check --json\` writes \`error.kind\`, \`error.code\` and each hint's \`code\`.

## \`UrlPipelineSyntaxError.code\` (parse, validate, canParse's engines, the parser-free entries)

\`kind\` "syntax": the input does not match the grammar.

${table(SYNTAX_CODES)}

\`kind\` "value": the grammar matched, a value in it is out of range.

${table(VALUE_CODES)}

\`kind\` "limit": the input breaks a limit, found before parsing.

${table(LIMIT_CODES)}

\`kind\` "kind": the grammar matched and the values are in range, but an adapter's base is of a kind the adapter does
not accept, as the text alone shows (decision D62); the code is \`kind/\` and the \`KindError.code\` below
(\`kind/base-kind\`). \`options.kinds: false\` (\`--no-kinds\`) checks syntax and values alone.

\`kind\` "resolve" (\`parse(input, base)\`, \`validate(input, base)\`): the input cannot be resolved against the base;
the code is \`resolve/\` and the \`ResolveError.code\` below (\`resolve/relative-unsupported\`, \`resolve/above-root\`, ...).

## \`ResolveError.code\` (resolve, resolveDotDot, normalize of a \`..\`)

${table(RESOLVE_CODES)}

## \`KindError.code\` (kind, kinds)

${table(KIND_CODES)}

## \`FilePathError.code\` (fromPath, toPath)

${table(FILE_PATH_CODES)}

## \`TranslateError.code\` (translate, translateWithNotes, resolveArcp)

${table(TRANSLATE_CODES)}

## \`TranslateNote.code\` (translateWithNotes().notes)

${table(TRANSLATE_NOTE_CODES)}

## \`Hint.code\` (validate().hints, hintsFor)

${table(HINT_CODES)}
`;
}

test("docs/codes.md is the page the code tables make", () => {
  const want = page();
  if (process.env.UPDATE_DOCS) fs.writeFileSync(PAGE, want);
  expect(fs.readFileSync(PAGE, "utf8")).toBe(want);
});

test("every code is written kind/what or what, in lower case", () => {
  for (const t of [
    SYNTAX_CODES,
    VALUE_CODES,
    LIMIT_CODES,
    RESOLVE_CODES,
    KIND_CODES,
    FILE_PATH_CODES,
    TRANSLATE_CODES,
    TRANSLATE_NOTE_CODES,
    HINT_CODES,
  ]) {
    for (const c of Object.keys(t)) expect(c).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)?$/);
  }
});

test.each<[string, string, "url-pipeline-v0" | "zep8"]>([
  ["s3://b", "value/bucket-name", "url-pipeline-v0"],
  ["s3://sthree-x/", "value/bucket-name", "url-pipeline-v0"],
  ["gs://bucket/..", "value/object-name", "zep8"],
  ["http://h:65536/", "value/port", "url-pipeline-v0"],
  ["http://[1::2::3]/", "value/ipv6-address", "zep8"],
  ["file:///db/|ocdbt://v0/", "value/ocdbt-version", "url-pipeline-v0"],
  ["file:///db/|icechunk:@tag./", "value/icechunk-ref", "zep8"],
  ["file:///a.json|json:/a%7E2", "value/json-pointer", "url-pipeline-v0"],
  ["file:///a|byte-range:2-1", "value/byte-range", "url-pipeline-v0"],
  ["file:///a%C3", "value/percent-encoding", "zep8"],
  ["file:///a|zip#", "syntax/unexpected-character", "url-pipeline-v0"],
  ["file:///a|", "syntax/unexpected-end", "zep8"],
  ["x".repeat(65537), "limit/max-length", "url-pipeline-v0"],
  [`file:///a${"|gzip".repeat(1024)}`, "limit/max-sub-urls", "zep8"],
])("%#: %s gives %s, from both engines", (input, code, dialect) => {
  const r = validate(input, { dialect });
  const lean = leanValidate(input, { dialect });
  expect([r.valid ? "valid" : r.error.code, lean.valid ? "valid" : lean.error.code]).toEqual([code, code]);
  expect(r.valid ? null : r.error.kind).toBe(code.split("/")[0]);
});

test("every syntax, value and limit code but the command line's has an example above", () => {
  expect(Object.keys({ ...SYNTAX_CODES, ...VALUE_CODES, ...LIMIT_CODES }).length).toBe(14);
});

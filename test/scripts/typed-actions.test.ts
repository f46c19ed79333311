/**
 * Issue #2, item 4: "Changing a rule's shape must make tsc fail until its action is updated."
 * The url-pipeline v0 grammar is loaded as the build loads it, one rule is changed in memory, the match types
 * are emitted again, and src/ is type-checked against them with the TypeScript compiler API (nothing is
 * written to disk). The unchanged grammar type-checks; a changed rule does not, and the error names it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { buildDialect, dialectActionRules } from "../../scripts/generate";
import { lookup, ruleKey, type Expr, type RuleSet } from "../../scripts/grammar/ir";
import { loadAbnf } from "../../scripts/grammar/load";
import { emitTypes } from "../../scripts/peg/emit-types";
import { ValueModel } from "../../scripts/peg/values";

const root = path.resolve(__dirname, "../..");
const matchesFile = path.join(root, "generated/url-pipeline-v0/matches.d.ts");
const actionRules: string[] = JSON.parse(
  fs.readFileSync(path.join(root, "src/actions/action-rules.json"), "utf8"),
).rules;

/** Type-checks src/actions with `matches` in place of generated/url-pipeline-v0/matches.d.ts. */
function typeErrors(matches: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "src/tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  )!;
  const host = ts.createCompilerHost({ ...config.options, noEmit: true });
  const readFile = host.readFile.bind(host);
  host.readFile = (f) => (path.resolve(f) === matchesFile ? matches : readFile(f));
  const program = ts.createProgram(
    [path.join(root, "src/actions/index.ts")],
    { ...config.options, noEmit: true },
    host,
  );
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? path.relative(root, d.file.fileName) : "?"}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    );
}

function withRule(rules: RuleSet, abnf: string): RuleSet {
  const [rule] = loadAbnf(abnf, "changed.abnf").rules;
  const changed = new Map(rules);
  changed.set(ruleKey(rule!.name), { ...lookup(rules, rule!.name)!, expr: rule!.expr as Expr });
  return changed;
}

const header = `${fs.readFileSync(matchesFile, "utf8").split("\n").slice(0, 2).join("\n")}\n`;
const build = buildDialect("url-pipeline-v0");
const { rules } = build;
// The hand-written action rules and those the schemes' shapes give (X-sub-url, X-path of bodiless and path adapters).
const types = (r: RuleSet) => emitTypes(r, new ValueModel(r, dialectActionRules(build, actionRules)), header);

test("the match types emitted from grammar/ are the committed ones, and src/ type-checks against them", () => {
  expect(types(rules)).toBe(fs.readFileSync(matchesFile, "utf8"));
  expect(typeErrors(types(rules))).toEqual([]);
}, 60_000);

test.each([
  ["s3-sub-url", "the bucket dropped", 's3-sub-url = s3-scheme "://" s3-path\n'],
  [
    "byte-range-sub-url",
    "the end bound made optional",
    'byte-range-sub-url = byte-range-scheme ":" byte-range-start [ "-" byte-range-end ]\n',
  ],
  [
    "icechunk-ref",
    "a fourth kind of reference",
    'icechunk-ref = icechunk-branch / icechunk-tag / icechunk-snapshot-id / %s"head"\n',
  ],
])(
  "changing %s (%s) breaks the type-check of its action",
  (_rule, _what, abnf) => {
    const errors = typeErrors(types(withRule(rules, abnf)));
    // The errors are in the actions (where the table names the rule, or in the body of its action).
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) expect(e).toMatch(/^src\/actions\//);
    expect(types(withRule(rules, abnf))).not.toBe(types(rules));
  },
  60_000,
);

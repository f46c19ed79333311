/**
 * The sources of the suite's questions and citations (scripts/conformance/): the examples (their schemes upper-cased
 * as the v0 spec's lint step does), the value boundaries, the kind rules, the resolution rules, and the citations
 * read from docs/decisions.md and the grammar headers.
 */
import * as path from "node:path";
import { caseId } from "../../../scripts/conformance/answers";
import { grammarWhy } from "../../../scripts/conformance/automaton-cases";
import { decisionCitations, grammarCitations } from "../../../scripts/conformance/citations";
import { exampleQuestions, readExamples, upperCaseSchemes } from "../../../scripts/conformance/examples";
import { kindQuestions, readSchemes, schemeFile } from "../../../scripts/conformance/kind-rules";
import { resolutionQuestions } from "../../../scripts/conformance/resolution";
import { serializeSuite } from "../../../scripts/conformance/serialize";
import { boundaryQuestions } from "../../../scripts/conformance/values";

const ROOT = path.resolve(__dirname, "..", "..", "..");

test("upper-cased schemes: each sub-URL's scheme, nothing else", () => {
  expect(upperCaseSchemes("s3://bucket/a.zip|zip:x/|zarr3:", ["s3", "zip", "zarr3"])).toBe(
    "S3://bucket/a.zip|ZIP:x/|ZARR3:",
  );
  expect(upperCaseSchemes("file:/x|gzip", ["file", "gzip"])).toBe("FILE:/x|GZIP");
});

test("every example is asked, in each op; the v0 ones again upper-cased", () => {
  const ex = readExamples(ROOT);
  const v0 = exampleQuestions("url-pipeline-v0", ex);
  expect(v0.filter((q) => q.op === "validate")).toHaveLength(2 * ex.v0.examples.length);
  expect(v0.filter((q) => q.op === "parse")).toHaveLength(ex.v0.examples.length);
  const zep8 = exampleQuestions("zep8", ex);
  for (const e of ex.zep8.valid) expect(zep8.some((q) => q.op === "normalize" && q.input === e.url)).toBe(true);
});

test("the boundaries: just inside and just outside each range", () => {
  const inputs = boundaryQuestions("zep8").map((q) => q.input);
  for (const s of [
    "http://example.com:65535/x",
    "http://example.com:65536/x",
    "file:///db/|ocdbt:@v18446744073709551615/",
    "file:///db/|ocdbt:@v18446744073709551616/",
    "file:///db/|ocdbt:@2024-02-29T00:00:00Z/",
    "file:///db/|ocdbt:@2023-02-29T00:00:00Z/",
    `s3://${"a".repeat(255)}/x`,
    `s3://${"a".repeat(256)}/x`,
    "s3://bucket/x|byte-range:5-5",
    "s3://bucket/x|byte-range:5-4",
  ])
    expect(inputs).toContain(s);
  expect(boundaryQuestions("url-pipeline-v0").map((q) => q.input)).toContain("file:///db/|ocdbt://v1/");
  // memory: is v0's alone.
  expect(inputs.some((i) => i.startsWith("memory:"))).toBe(false);
});

test("every scheme of each dialect has its kind questions", () => {
  for (const d of ["url-pipeline-v0", "zep8"]) {
    const schemes = readSchemes(ROOT, d);
    const qs = kindQuestions(d, schemes);
    for (const s of schemes) expect(qs.some((q) => q.why === `kinds:${schemeFile(s)}`)).toBe(true);
  }
});

test("v0 resolves only absolute references; zep8 every rule", () => {
  expect(resolutionQuestions("url-pipeline-v0").every((q) => q.why === "D26")).toBe(true);
  const whys = new Set(resolutionQuestions("zep8").map((q) => q.why));
  for (const w of [
    "zep8:relative-path",
    "zep8:absolute-path",
    "zep8:empty-path",
    "zep8:dotdot",
    "zep8:dotdot-at-root",
    "D26",
    "D59",
  ])
    expect(whys).toContain(w);
});

test("citations: each decision's first paragraph; each scheme file's sentence", () => {
  const d = decisionCitations(ROOT);
  expect(d.D11!.section).toBe("docs/decisions.md D11. Ports");
  expect(d.D11!.text).toMatch(/65535/);
  const g = grammarCitations(ROOT, ["schemes/s3.abnf", "url-pipeline-v0/pipeline.abnf"]);
  expect(g["abnf:schemes/s3.abnf"]!.text).toMatch(/^ZEP 8 \(2025-11\) "s3:\/\/bucket/);
  expect(g["kinds:schemes/s3.abnf"]!.text).toMatch(/directory/);
  expect(g["abnf:url-pipeline-v0/pipeline.abnf"]!.text).toMatch(/absolute-url-pipeline = root-sub-url/);
});

test("a transition's case rests on the grammar file of its sub-URL", () => {
  const schemes = readSchemes(ROOT, "zep8");
  expect(grammarWhy("zep8", schemes, "s3://b/x|zip:y", 10)).toBe("abnf:schemes/zip.abnf");
  expect(grammarWhy("zep8", schemes, "s3://b/x|zip:y", 8)).toBe("abnf:zep8/pipeline.abnf");
  expect(grammarWhy("zep8", schemes, "file:///d/|ocdbt:@v1/", 12)).toBe("abnf:zep8/ocdbt.abnf");
  expect(grammarWhy("zep8", schemes, "a/b|zip", 1)).toBe("abnf:zep8/pipeline.abnf");
});

test("ids: dialect, op and a hash of the question; the same question, the same id", () => {
  const q = { op: "validate" as const, dialect: "zep8", input: "s3://b", why: "D8" };
  expect(caseId(q)).toMatch(/^zep8-validate-[0-9a-f]{10}$/);
  expect(caseId({ ...q, why: "other" })).toBe(caseId(q));
  expect(caseId({ ...q, op: "normalize" })).not.toBe(caseId(q));
});

test("a suite's text: one case a line, and JSON that reads back as the suite", () => {
  const suite = {
    about: "a",
    dialect: "zep8",
    version: "0",
    citations: { D8: { section: "s", text: "t" } },
    cases: [
      { id: "1", op: "validate" as const, dialect: "zep8", input: "x", valid: true, why: "D8" },
      { id: "2", op: "normalize" as const, dialect: "zep8", input: "y", output: null, why: "D8" },
    ],
  };
  const text = serializeSuite(suite);
  expect(JSON.parse(text)).toEqual(suite);
  expect(text.split("\n").filter((l) => l.startsWith('    {"id"'))).toHaveLength(2);
});

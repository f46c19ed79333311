/**
 * The conformance harness (src/cli/conform-command.ts, src/cli/conform-run.ts) and the suites it runs: the package
 * itself, through its adapter (test/conformance/adapters/package.js, over dist/), agrees on every case of both
 * suites; the protocol's failures (an adapter that dies, writes what is not an answer, answers an id twice or one
 * it was not sent) exit 2; known differences (--expect) and unsupported ops do not fail a run; the suites match
 * their schema's rules and name only citations they carry.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { conformCommand, defaultSuite } from "../../src/cli/conform-command";
import { type ConformCase, compare, request } from "../../src/cli/conform-run";

const ADAPTER = path.join(__dirname, "adapters", "package.js");
const NODE = process.execPath;
const DIALECTS = ["url-pipeline-v0", "zep8"] as const;

interface Suite {
  dialect: string;
  citations: Record<string, { section: string; text: string }>;
  cases: ConformCase[];
}
const suites = Object.fromEntries(
  DIALECTS.map((d) => [d, JSON.parse(fs.readFileSync(defaultSuite(d), "utf8")) as Suite]),
) as Record<(typeof DIALECTS)[number], Suite>;

async function conform(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await conformCommand(
    argv,
    { stdout: (s) => void (out += s), stderr: (s) => void (err += s) },
    "USAGE\n",
  );
  return { code, out, err };
}

/** A suite file of `cases` in a temporary folder. */
function suiteFile(cases: ConformCase[], citations: Suite["citations"] = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "conform-"));
  const file = path.join(dir, "suite.json");
  fs.writeFileSync(file, JSON.stringify({ dialect: "zep8", citations, cases }));
  return file;
}

/** An adapter written inline: a Node program that reads the requests and runs `answer` on each. */
function inline(answer: string): string[] {
  return [
    NODE,
    "-e",
    `const rl = require("node:readline").createInterface({ input: process.stdin });
     rl.on("line", (line) => { const q = JSON.parse(line); ${answer} });`,
  ];
}

const some = suites.zep8.cases.slice(0, 40);

describe("the package's own adapter", () => {
  test("agrees on every case of both suites", async () => {
    const r = await conform(["--", NODE, ADAPTER]);
    const total = suites["url-pipeline-v0"].cases.length + suites.zep8.cases.length;
    expect(r.err).toBe("");
    expect(r.out.split("\n")[0]).toBe(
      `url-pipeline conform: ${total} cases: ${total} agree, 0 differ, 0 known differences, 0 unsupported`,
    );
    expect(r.code).toBe(0);
  }, 60_000);

  test("--dialect runs that dialect's suite alone", async () => {
    const r = await conform(["--dialect", "url-pipeline-v0", "--", NODE, ADAPTER]);
    const n = suites["url-pipeline-v0"].cases.length;
    expect(r.out).toMatch(new RegExp(`^url-pipeline conform: ${n} cases: ${n} agree`));
    expect(r.out).not.toContain("zep8 ");
    expect(r.code).toBe(0);
  }, 60_000);
});

describe("the suites", () => {
  test.each(DIALECTS)("%s: every case is well formed, its id unique, its why a citation it carries", (d) => {
    const s = suites[d];
    expect(s.dialect).toBe(d);
    const ids = new Set<string>();
    for (const c of s.cases) {
      expect(ids.has(c.id)).toBe(false);
      ids.add(c.id);
      expect(c.dialect).toBe(d);
      expect(Object.hasOwn(s.citations, c.why)).toBe(true);
      if (c.op === "validate") {
        expect(typeof c.valid).toBe("boolean");
        if (!c.valid) expect([typeof c.offset, typeof c.kind, typeof c.code]).toEqual(["number", "string", "string"]);
      } else expect("output" in c).toBe(true);
      if (c.op === "resolve") expect(typeof c.base).toBe("string");
    }
    expect(fs.statSync(defaultSuite(d)).size).toBeLessThan(1 << 20);
  });

  test("each op is asked, refusals and acceptances alike", () => {
    for (const d of DIALECTS) {
      const ops = new Set(suites[d].cases.map((c) => c.op));
      expect([...ops].sort()).toEqual(["kind", "normalize", "parse", "resolve", "validate"]);
      const validate = suites[d].cases.filter((c) => c.op === "validate");
      expect(validate.some((c) => c.valid)).toBe(true);
      expect(validate.some((c) => !c.valid && c.kind === "value")).toBe(true);
      expect(validate.some((c) => !c.valid && c.kind === "kind")).toBe(true);
    }
  });
});

describe("the protocol", () => {
  test("a request carries the question, never the answer", () => {
    const c: ConformCase = {
      id: "x",
      op: "resolve",
      dialect: "zep8",
      base: "gs://b/",
      input: "y",
      output: "z",
      why: "D26",
    };
    expect(JSON.parse(request(c))).toEqual({ id: "x", op: "resolve", dialect: "zep8", base: "gs://b/", input: "y" });
  });

  test("a missing offset is not compared; another offset is a difference", () => {
    const c: ConformCase = {
      id: "x",
      op: "validate",
      dialect: "zep8",
      input: "s3://b",
      valid: false,
      offset: 5,
      kind: "value",
      code: "value/bucket-name",
      why: "D8",
    };
    expect(compare(c, { id: "x", valid: false }).verdict).toBe("agrees");
    expect(compare(c, { id: "x", valid: false, offset: 5 }).verdict).toBe("agrees");
    expect(compare(c, { id: "x", valid: false, offset: 6 })).toEqual({
      verdict: "differs",
      difference: "expected invalid at offset 5 (value/bucket-name), got invalid at offset 6",
    });
    expect(compare(c, { id: "x", valid: true }).verdict).toBe("differs");
    expect(compare(c, { id: "x", unsupported: true }).verdict).toBe("unsupported");
  });

  test("an adapter that implements nothing: every case unsupported, exit 0", async () => {
    const file = suiteFile(some);
    const r = await conform([
      "--suite",
      file,
      "--",
      ...inline(`console.log(JSON.stringify({ id: q.id, unsupported: true }));`),
    ]);
    expect(r.out.split("\n")[0]).toBe(
      `url-pipeline conform: 40 cases: 0 agree, 0 differ, 0 known differences, 40 unsupported`,
    );
    expect(r.code).toBe(0);
  });

  test("a difference: exit 1, grouped under its citation, with the sentence; --expect lists it as known", async () => {
    const c = suites.zep8.cases.find((x) => x.op === "validate" && x.valid === false && x.why === "D11")!;
    const file = suiteFile([c], { D11: suites.zep8.citations.D11! });
    const lies = inline(`console.log(JSON.stringify({ id: q.id, valid: true }));`);
    const r = await conform(["--suite", file, "--", ...lies]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${suites.zep8.citations.D11!.section} (D11): 1 difference`);
    expect(r.out).toContain(`"${suites.zep8.citations.D11!.text}"`);
    expect(r.out).toContain(
      `${c.id} validate ${JSON.stringify(c.input)}: expected invalid at offset ${c.offset} (${c.code}), got valid`,
    );
    const expectFile = path.join(path.dirname(file), "expect.json");
    fs.writeFileSync(expectFile, JSON.stringify({ [c.id]: "TensorStore reads any port" }));
    const known = await conform(["--suite", file, "--expect", expectFile, "--", ...lies]);
    expect(known.out.split("\n")[0]).toBe(
      `url-pipeline conform: 1 cases: 0 agree, 0 differ, 1 known differences, 0 unsupported`,
    );
    expect(known.code).toBe(0);
    // Listed, but agreeing: said, and no failure.
    const fixed = await conform(["--suite", file, "--expect", expectFile, "--", NODE, ADAPTER]);
    expect(fixed.out).toContain(`listed in --expect but agreeing now (1): ${c.id}`);
    expect(fixed.code).toBe(0);
  });

  test("an adapter that reads every case before it answers", async () => {
    const file = suiteFile(suites.zep8.cases);
    const r = await conform([
      "--suite",
      file,
      "--",
      NODE,
      "-e",
      `let text = ""; process.stdin.on("data", (d) => (text += d)); process.stdin.on("end", () => {
         const out = text.split("\\n").filter(Boolean).map((l) => JSON.stringify({ id: JSON.parse(l).id, unsupported: true }));
         process.stdout.write(out.join("\\n") + "\\n"); });`,
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`${suites.zep8.cases.length} unsupported`);
  }, 30_000);

  test.each([
    ["dies", `process.exit(3);`, /exited with status 3 after answering 0 of 40 cases/],
    ["writes what is not JSON", `console.log("hello");`, /wrote a line that is not JSON: hello/],
    ["answers without an id", `console.log("{}");`, /wrote an answer without an "id"/],
    [
      "answers an id it was not sent",
      `console.log(JSON.stringify({ id: "nope", valid: true }));`,
      /answered the id "nope", which it was not sent/,
    ],
    [
      "answers twice",
      `const a = JSON.stringify({ id: q.id, unsupported: true }); console.log(a); console.log(a);`,
      /answered ".*" twice/,
    ],
  ])("an adapter that %s: exit 2", async (_, answer, message) => {
    const r = await conform(["--suite", suiteFile(some), "--", ...inline(answer)]);
    expect(r.err).toMatch(message);
    expect(r.code).toBe(2);
  });

  test("a command that cannot start: exit 2", async () => {
    const r = await conform(["--suite", suiteFile(some), "--", path.join(os.tmpdir(), "no-such-adapter")]);
    expect(r.err).toMatch(/^url-pipeline conform: cannot run ".*no-such-adapter": /);
    expect(r.code).toBe(2);
  });

  test("the adapter's standard error is passed on, a line at a time, named", async () => {
    const r = await conform([
      "--suite",
      suiteFile(some.slice(0, 1)),
      "--",
      ...inline(`console.error("note"); console.log(JSON.stringify({ id: q.id, unsupported: true }));`),
    ]);
    expect(r.err).toBe(`${NODE}: note\n`);
    expect(r.code).toBe(0);
  });
});

describe("usage", () => {
  test.each([
    [[], /needs a COMMAND after "--"/],
    [["--"], /needs a COMMAND after "--"/],
    [["node", "x.js"], /conform runs the COMMAND after "--": write conform -- node x.js/],
    [["--dialect", "zep9", "--", "node"], /unknown dialect "zep9": the dialects are url-pipeline-v0, zep8/],
    [["--sweet", "--", "node"], /^url-pipeline: conform: Unknown option '--sweet'/],
  ])("%j: exit 2", async (argv, message) => {
    const r = await conform(argv as string[]);
    expect(r.err).toMatch(message);
    expect(r.err).toContain('Run "url-pipeline help"');
    expect(r.code).toBe(2);
  });

  test("--help prints the manual it is given", async () => {
    expect(await conform(["--help"])).toEqual({ code: 0, out: "USAGE\n", err: "" });
  });

  test("a suite or --expect file that cannot be read: exit 2", async () => {
    const missing = path.join(os.tmpdir(), "no-such-suite.json");
    const r = await conform(["--suite", missing, "--", NODE, ADAPTER]);
    expect(r.err).toMatch(/^url-pipeline conform: cannot read the suite .*no-such-suite\.json: /);
    expect(r.code).toBe(2);
  });
});

/**
 * The suite's power: the package's adapter with one deliberate defect (its `--mutate NAME`,
 * test/conformance/adapters/package.js) must fail the harness (exit 1) on both suites, and the cases that catch it
 * must be of the op the defect touches, under the rule it breaks.
 */
import * as path from "node:path";
import { conformCommand } from "../../src/cli/conform-command";

const ADAPTER = path.join(__dirname, "adapters", "package.js");
const { MUTATIONS } = require(ADAPTER) as { MUTATIONS: Record<string, unknown> };

async function conform(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await conformCommand(argv, { stdout: (s) => void (out += s), stderr: (s) => void (err += s) }, "");
  return { code, out, err };
}

/** Each defect: the op it distorts, and a `why` (a key of the suites' citations) under which the suite catches it. */
const CAUGHT: Record<string, { op: string; why: RegExp }> = {
  "commit-time-case": { op: "validate", why: /^D9$/ },
  "port-range": { op: "validate", why: /^D11$/ },
  "bucket-name": { op: "validate", why: /^D8$/ },
  "byte-range-order": { op: "validate", why: /^D12$/ },
  offset: { op: "validate", why: /^abnf:/ },
  "trailing-pipe": { op: "validate", why: /^D17$/ },
  "normalize-directory-slash": { op: "normalize", why: /example/ },
  "resolve-query": { op: "resolve", why: /^D26$/ },
  "kinds-ignored": { op: "validate", why: /^kinds:/ },
};

test("every mutation of the adapter has its expectation here", () => {
  expect(Object.keys(CAUGHT).sort()).toEqual(Object.keys(MUTATIONS).sort());
});

test.each(Object.entries(CAUGHT))(
  "the suite catches %s",
  async (name, { op, why }) => {
    const r = await conform(["--", process.execPath, ADAPTER, "--mutate", name]);
    expect(r.err).toBe("");
    expect(r.code).toBe(1);
    // The differences, one a line, each "  ID OP QUESTION: WHAT", under a heading "SECTION (WHY): N differences".
    const differences = [...r.out.matchAll(/^ {2}\S+-(\w+)-[0-9a-f]+ (\w+) /gm)].map((m) => m[2]);
    expect(differences.length).toBeGreaterThan(0);
    expect(differences.filter((o) => o === op).length).toBeGreaterThan(0);
    const groups = [...r.out.matchAll(/^.* \(([^()]+)\): \d+ differences?$/gm)].map((m) => m[1]!);
    expect(groups.some((g) => why.test(g))).toBe(true);
  },
  30_000,
);

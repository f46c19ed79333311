import { loadAbnf } from "../../../scripts/grammar/load";
import { mergeFiles, ruleList } from "../../../scripts/grammar/merge";
import { formatExpr, lookup } from "../../../scripts/grammar/ir";

const exprOf = (rules: ReturnType<typeof mergeFiles>, name: string) => formatExpr(lookup(rules, name)!.expr);

describe("mergeFiles", () => {
  test("rules of all files, in file and definition order, keyed by lower-case name", () => {
    const rules = mergeFiles([loadAbnf('B = "b"\na = "a"\n', "one.abnf"), loadAbnf('c = "c"\n', "two.abnf")]);
    expect([...rules.keys()]).toEqual(["b", "a", "c"]);
    expect(ruleList(rules).map((r) => `${r.name}@${r.source.file}:${r.source.line}`)).toEqual([
      "B@one.abnf:1",
      "a@one.abnf:2",
      "c@two.abnf:1",
    ]);
  });

  test("an identical duplicate is kept once, with the first file's location", () => {
    const rules = mergeFiles([
      loadAbnf('pchar = unreserved / ":"\nunreserved = %x61-7A\n', "rfc3986.abnf"),
      loadAbnf('x = pchar\nPCHAR = UNRESERVED / ":"\n', "pipeline.abnf"),
    ]);
    expect(rules.size).toBe(3);
    const pchar = lookup(rules, "pchar")!;
    expect(pchar.name).toBe("pchar");
    expect(pchar.source).toEqual({ file: "rfc3986.abnf", line: 1 });
  });

  test("case-insensitive literals compare without case when deciding identity", () => {
    const rules = mergeFiles([loadAbnf('s = "Zarr"\n', "a.abnf"), loadAbnf('s = "zARR"\n', "b.abnf")]);
    expect(rules.size).toBe(1);
  });

  test("a different duplicate is an error naming both locations and both definitions", () => {
    const a = loadAbnf('x = "1"\nhost = "a" / "b"\n', "core/rfc3986.abnf");
    const b = loadAbnf('y = "2"\n\nHost = "a" / "c"\n', "url-pipeline-v0/rfc3986-based.abnf");
    let message = "";
    try {
      mergeFiles([a, b]);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('rule "Host" is defined twice, differently');
    expect(message).toContain('core/rfc3986.abnf:2: "a" / "b"');
    expect(message).toContain('url-pipeline-v0/rfc3986-based.abnf:3: "a" / "c"');
    expect(message).toContain('"rename"');
  });

  test("case-sensitive and case-insensitive versions of a literal are different rules", () => {
    expect(() => mergeFiles([loadAbnf('s = "ab"\n', "a.abnf"), loadAbnf('s = %s"ab"\n', "b.abnf")])).toThrow(
      /a\.abnf:1: "ab"\n {2}b\.abnf:1: %s"ab"/,
    );
  });

  test('"=/" alternatives are appended in file order, flattening alternations', () => {
    const rules = mergeFiles([
      loadAbnf('sub = "a" / "b"\n', "core.abnf"),
      loadAbnf('sub =/ "c"\n', "s1.abnf"),
      loadAbnf('sub =/ "d" / "e"\nSUB =/ "f"\n', "s2.abnf"),
    ]);
    expect(exprOf(rules, "sub")).toBe('"a" / "b" / "c" / "d" / "e" / "f"');
    expect(lookup(rules, "sub")!.source).toEqual({ file: "core.abnf", line: 1 });
  });

  test('"=/" onto a single-item rule makes an alternation', () => {
    const rules = mergeFiles([loadAbnf('sub = "a" "b"\n', "core.abnf"), loadAbnf('sub =/ "c"\n', "s.abnf")]);
    expect(lookup(rules, "sub")!.expr).toEqual({
      type: "alt",
      items: [
        {
          type: "seq",
          items: [
            { type: "literal", text: "a", caseSensitive: false },
            { type: "literal", text: "b", caseSensitive: false },
          ],
        },
        { type: "literal", text: "c", caseSensitive: false },
      ],
    });
  });

  test('"=/" may come before the file that defines the rule: definitions are gathered first', () => {
    const rules = mergeFiles([loadAbnf('sub =/ "late"\n', "scheme.abnf"), loadAbnf('sub = "core"\n', "core.abnf")]);
    expect(exprOf(rules, "sub")).toBe('"core" / "late"');
  });

  test('"=/" to a rule nobody defines is an error with the file and line', () => {
    expect(() => mergeFiles([loadAbnf('a = "x"\n\nnope =/ "y"\n', "s3.abnf")])).toThrow(
      's3.abnf:3: "nope =/" adds to a rule that no file defines with "="',
    );
  });

  test('an "assembled" rule is made of its "=/" alternatives alone', () => {
    const rules = mergeFiles(
      [
        loadAbnf("pipeline = root-sub-url\n", "pipeline.abnf"),
        loadAbnf('root-sub-url =/ s3\ns3 = "s3:"\n', "s3.abnf"),
        loadAbnf('\nRoot-Sub-Url =/ gs / mem\ngs = "gs:"\nmem = "mem:"\n', "gs.abnf"),
      ],
      ["root-sub-url"],
    );
    const rule = lookup(rules, "root-sub-url")!;
    expect(formatExpr(rule.expr)).toBe("s3 / gs / mem");
    expect(rule.name).toBe("root-sub-url");
    expect(rule.source).toEqual({ file: "s3.abnf", line: 1 });
  });

  test('an "assembled" rule without any "=/" alternative is an error', () => {
    expect(() => mergeFiles([loadAbnf('a = "x"\n', "a.abnf")], ["adapter-sub-url"])).toThrow(
      '"assembled" rule "adapter-sub-url" has no "=/" alternatives',
    );
  });

  test("references are rewritten to the spelling of the definition", () => {
    const rules = mergeFiles([
      loadAbnf('URI = scheme ":" HIER-part\n', "a.abnf"),
      loadAbnf('Scheme = "s"\nhier-part = "h"\n', "b.abnf"),
      loadAbnf("uri =/ SCHEME\n", "c.abnf"),
    ]);
    expect(exprOf(rules, "uri")).toBe('Scheme ":" hier-part / Scheme');
  });

  test("an undefined reference is left as written (check.ts reports it)", () => {
    const rules = mergeFiles([loadAbnf("a = Missing\n", "a.abnf")]);
    expect(lookup(rules, "a")!.expr).toEqual({ type: "ref", name: "Missing" });
  });
});

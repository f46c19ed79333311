/**
 * base-kind.ts: the kind of the pipeline before an adapter, and whether an adapter suits it (D28); a text's kind
 * read with the DFA agrees with kinds() on the parser's tree.
 */
import fc from "fast-check";
import { DIALECTS } from "../../src/dialects";
import { baseInfo, misfit, suits } from "../../src/complete/base-kind";
import { directoryPath } from "../../src/complete/directory-paths";
import { pipelineAutomaton } from "../../src/complete/engine";
import { accepting, rowAfter } from "../../src/dfa/scan";
import { isDirectoryPath, kindRule } from "../../src/kinds";
import { canParse, parse, parseStructure } from "../../src/parse";
import type { DialectName, Pipeline } from "../../src/tree/nodes";
import { Generator } from "../oracle/generate";
import { loadOracleGrammar } from "../oracle/load";
import v0Corpus from "../fixtures/spec/url-pipeline-v0.json";
import zep8Corpus from "../fixtures/spec/zep8.json";

const info = (scheme: string, dialect: DialectName = "url-pipeline-v0") =>
  DIALECTS[dialect].meta.schemes.find((s) => s.scheme === scheme)!;

describe("baseInfo", () => {
  test.each([
    ["s3://bucket/dir/", "url-pipeline-v0", { kind: "directory", adapters: 0 }],
    ["s3://bucket/a.zip", "url-pipeline-v0", { kind: "file-or-directory", adapters: 0 }],
    ["s3://bucket/a.zip|zip:x.gz|gzip", "url-pipeline-v0", { kind: "file", adapters: 2 }],
    ["s3://bucket/d/|zarr3:", "zep8", { kind: "dataset", adapters: 1 }],
    ["a.b:x", "url-pipeline-v0", { kind: "unknown", adapters: 0 }],
    // ZEP 8 ..: resolved first; the zip: it discards does not count
    ["gs://bucket/o.zip|zip:i.zip|..:d/", "zep8", { kind: "directory", adapters: 0 }],
  ] as const)("%s (%s)", (base, dialect, want) => {
    expect(baseInfo(base, dialect)).toEqual(want);
  });

  test("a tree works as the string does", () => {
    expect(baseInfo(parse("s3://bucket/dir/"), "url-pipeline-v0")).toEqual({ kind: "directory", adapters: 0 });
  });

  test("unknown: not valid, an adapter on the wrong kind, a .. with nothing to discard", () => {
    expect(baseInfo("s3://ab", "url-pipeline-v0")).toEqual({ kind: null, adapters: null });
    expect(baseInfo("s3://bucket/d/|gzip", "url-pipeline-v0")).toEqual({ kind: null, adapters: 1 });
    expect(baseInfo("s3://bucket/d/|..:x", "zep8")).toEqual({ kind: null, adapters: null });
  });
});

describe("suits and misfit", () => {
  const dir = { kind: "directory", adapters: 0 } as const;
  const file = { kind: "file", adapters: 1 } as const;
  const either = { kind: "file-or-directory", adapters: 0 } as const;
  const dataset = { kind: "dataset", adapters: 1 } as const;
  const unknown = { kind: "unknown", adapters: 0 } as const;
  const none = { kind: null, adapters: null } as const;

  test("the base kind an adapter needs (D28)", () => {
    expect([
      suits(info("zarr3"), dir),
      suits(info("zarr3"), file),
      suits(info("zarr3"), either),
      suits(info("zarr3"), dataset),
    ]).toEqual([true, false, true, false]);
    expect([
      suits(info("zip"), dir),
      suits(info("zip"), file),
      suits(info("zip"), either),
      suits(info("zip"), dataset),
    ]).toEqual([false, true, true, false]);
    expect([suits(info("zip"), unknown), suits(info("zip"), none)]).toEqual([true, null]);
  });

  test("..: needs an adapter before it", () => {
    const dotdot = info("..", "zep8");
    expect([suits(dotdot, dir), suits(dotdot, dataset), suits(dotdot, none)]).toEqual([false, true, null]);
    expect(misfit(dotdot, dir)).toBe("no adapter before it to discard");
  });

  test("why not", () => {
    expect(misfit(info("zip"), dir)).toBe("the base is a directory, not a file");
    expect(misfit(info("zarr3"), file)).toBe("the base is a file, not a directory");
    expect(misfit(info("zarr3"), dataset)).toBe("the base is a dataset, which no adapter takes");
  });
});

describe("a text is read with the DFA (directory-paths.ts), as kinds() on the parser's tree says", () => {
  const urls = [...new Set([...v0Corpus.examples.map((e) => e.url), ...zep8Corpus.valid.map((e) => e.url)])];
  // Schemes in upper case too: the DFA may be in other states after them.
  const upper = (u: string) =>
    u.replace(/(^|\|)([A-Za-z0-9+.-]+)/g, (_, bar: string, scheme: string) => bar + scheme.toUpperCase());
  const treeInfo = (text: string, dialect: DialectName) => baseInfo(parse(text, { dialect }), dialect);
  const prefixesOf = (u: string) => Array.from({ length: u.length + 1 }, (_, k) => u.slice(0, k));

  /**
   * The directory table's answer for each directory-rule sub-URL of `text` (accepted by the DFA; its values need
   * not be in range) beside the parser's path: the answers that differ, how many agree, how many were not in the
   * table.
   */
  function tableVsTree(text: string, dialect: DialectName): { wrong: string[]; right: number; unanswered: number } {
    const a = pipelineAutomaton(dialect);
    const tree = parseStructure(text, { dialect }) as Pipeline;
    const wrong: string[] = [];
    let right = 0;
    let unanswered = 0;
    let row = rowAfter(a, "");
    text.split("|").forEach((sub, i) => {
      row = rowAfter(a, sub, i === 0 ? row : rowAfter(a, "|", row));
      const s = tree.subUrls[i]!;
      const rule = kindRule(s.scheme);
      if (rule?.result !== "directory-if-path-empty-or-ends-with-slash") return;
      const got = directoryPath(dialect, rule.role, s.scheme, row, sub.endsWith("/"));
      if (got === undefined) unanswered++;
      else if (got !== isDirectoryPath((s as { path: { raw: string } }).path.raw)) wrong.push(`${text} #${i}`);
      else right++;
    });
    return { wrong, right, unanswered };
  }

  test.each(["url-pipeline-v0", "zep8"] as DialectName[])("every valid prefix of every example (%s)", (dialect) => {
    const wrong: unknown[] = [];
    let checked = 0;
    for (const p of new Set(urls.flatMap((u) => [...prefixesOf(u), ...prefixesOf(upper(u))]))) {
      if (!canParse(p, { dialect })) continue;
      checked++;
      const got = baseInfo(p, dialect);
      const want = treeInfo(p, dialect);
      if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push([p, got, want]);
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(2000);
  });

  test("the table answers for every directory-rule sub-URL of the examples, as the parser's path says", () => {
    for (const dialect of ["url-pipeline-v0", "zep8"] as DialectName[]) {
      for (const u of urls.flatMap((x) => [x, upper(x)])) {
        if (rowAfter(pipelineAutomaton(dialect), u) === 0 || !canParse(u, { dialect })) continue;
        expect([dialect, u, tableVsTree(u, dialect)]).toEqual([
          dialect,
          u,
          expect.objectContaining({ wrong: [], unanswered: 0 }),
        ]);
      }
    }
  });

  test.each(["url-pipeline-v0", "zep8"] as DialectName[])(
    "pipelines the ABNF oracle derives, and their prefixes (%s, fast-check)",
    (dialect) => {
      const gen = new Generator(loadOracleGrammar(dialect));
      const a = pipelineAutomaton(dialect);
      let answered = 0;
      fc.assert(
        fc.property(gen.positive("absolute-url-pipeline"), (url) => {
          for (const p of prefixesOf(url)) {
            const row = rowAfter(a, p);
            if (row === 0 || !accepting(a, row)) continue;
            // Values out of range too (most derived buckets and ports are): the table is about the grammar.
            const { wrong, right } = tableVsTree(p, dialect);
            expect(wrong).toEqual([]);
            answered += right;
            if (canParse(p, { dialect })) expect([p, baseInfo(p, dialect)]).toEqual([p, treeInfo(p, dialect)]);
          }
        }),
        { seed: 20260105, numRuns: 300, endOnFailure: true },
      );
      expect(answered).toBeGreaterThan(1000);
    },
  );

  test("ZEP 8 ..: resolved on the way (dotdot.ts), as resolveDotDot() does before kinds()", () => {
    const z = (text: string) => [baseInfo(text, "zep8"), treeInfo(text, "zep8")];
    const same = (text: string, want: object) => expect(z(text)).toEqual([want, want]);
    same("gs://bucket/o.zip|zip:i.zip|..:d/", { kind: "directory", adapters: 0 });
    same("gs://bucket/o.zip|zip:i.zip|..:d", { kind: "file-or-directory", adapters: 0 });
    same("gs://bucket/o.zip|zip:i.zip|..|zip:", { kind: "directory", adapters: 1 }); // no path: o.zip as it was
    same("gs://bucket/d/|zip:a|..:x/|zarr3:", { kind: "dataset", adapters: 1 }); // zip: on a directory, discarded
    same("gs://bucket/d/|zip:a|zarr3:|..:x", { kind: null, adapters: 1 }); // the zip: on a directory stays
    same("gs://bucket/d/|zip:a|zarr3:|..:x|..:y/", { kind: "directory", adapters: 0 }); // and then goes
    same("gs://bucket/a.zip|zip:d/|zip:x|..:y/|..:z", { kind: "file-or-directory", adapters: 0 }); // two in a row
    same("gs://bucket/a.zip|zip:d/e/|gzip|..:../x/|zarr3", { kind: "dataset", adapters: 2 });
    same("gs://bucket/a.zip|zip|n5|..:x/|gzip|..:y", { kind: "file-or-directory", adapters: 1 }); // zip:x/y
    same("gs://bucket/a.zip|zip|n5|..:x/|gzip|..:y/", { kind: "directory", adapters: 1 });
    same("gs://bucket/a.zip|zip:d/|..:x|..", { kind: null, adapters: null }); // nothing left to discard
    same("gs://bucket/a|gzip|zip|..:x", { kind: null, adapters: null }); // gzip has no path
    same("gs://bucket/a.zip|zip:d|zip|..:../../x", { kind: null, adapters: null }); // above zip:'s root
    same("file:/a|zip|..:.//c", { kind: null, adapters: null }); // written file://c, which reads as a host
  });

  test("ZEP 8 ..: every sub-URL of the examples with paths that climb, need a ':' or an encoded '@'", () => {
    const subs = [...new Set(zep8Corpus.valid.flatMap((e) => e.url.split("|")))];
    const roots = subs.filter((x) => canParse(x, { dialect: "zep8" }));
    const adapters = subs.filter((x) => canParse(`file:///d/|${x}`, { dialect: "zep8" }));
    const paths = ["", "x", "x/", "/x", ".", "..", "../", "../..", "@x", ".//b", "a/./b/."];
    const texts = [
      ...roots.flatMap((r) =>
        paths.flatMap((p) => [`${r}|zip|..:${p}`, `${r}|gzip|..:${p}|zarr3:`, `${r}|zip:a/b/|zip:c|..:${p}|..:${p}`]),
      ),
      ...adapters.flatMap((x) =>
        paths.flatMap((p) => [
          `s3://bucket/a.zip|${x}|zip|..:${p}`,
          `file:///d/|zip|${x.toUpperCase()}|gzip|..:${p}|gzip`,
        ]),
      ),
    ].filter((t) => canParse(t, { dialect: "zep8" }));
    const wrong = texts.filter((t) => JSON.stringify(baseInfo(t, "zep8")) !== JSON.stringify(treeInfo(t, "zep8")));
    expect(wrong).toEqual([]);
    expect(texts.length).toBeGreaterThan(1000);
  });
});

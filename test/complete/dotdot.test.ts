/**
 * dotdot.ts: ZEP 8's `..` on text. The path component read from a sub-URL's text is pathComponentOf()'s on the
 * parser's tree, and what `..:P` makes of a sub-URL is what resolveDotDot() makes of it, or fails where it throws.
 * base-kind.test.ts holds the kind walk that uses it to kinds() on resolveDotDot()'s trees.
 */
import fc from "fast-check";
import { applyDotDot, pathText, readsBack } from "../../src/complete/dotdot";
import { pathComponentOf, resolveDotDot, resolveDotDotPipeline } from "../../src/meaning/resolve";
import { ResolveError } from "../../src/meaning/rfc3986-resolve";
import { canParse, parse } from "../../src/parse";
import { Generator } from "../oracle/generate";
import { loadOracleGrammar } from "../oracle/load";
import zep8Corpus from "../fixtures/spec/zep8.json";

const D = "zep8" as const;
const CONTEXT = "file:///|";
/** The sub-URLs of the ZEP 8 examples, and in upper case (a scheme is case-insensitive). */
const SUBS = [...new Set(zep8Corpus.valid.flatMap((e) => e.url.split("|")).flatMap((s) => [s, s.toUpperCase()]))];
const ROOTS = SUBS.filter((s) => canParse(s, { dialect: D }));
// The adapters by their syntax: after the context's directory, those that need a file are of the wrong kind (D62).
const ADAPTERS = SUBS.filter((s) => canParse(CONTEXT + s, { dialect: D, kinds: false }));

/** pathComponentOf() of the last sub-URL of `text`, as the parser reads it. */
const byTree = (text: string) => {
  // The grammar's reading (the contexts here may be of the wrong kind for their adapter: D62).
  const p = parse(text, { dialect: D, kinds: false });
  return pathComponentOf(p.subUrls[p.subUrls.length - 1]!);
};

describe("pathText", () => {
  test.each([
    ["gs://bucket/a/b.zip", "gs://bucket", { authority: true, path: "/a/b.zip", query: undefined }],
    ["s3+https://host:9000/bucket/k", "s3+https://host:9000", { authority: true, path: "/bucket/k", query: undefined }],
    ["https://host?q=/x", "https://host", { authority: true, path: "", query: "q=/x" }],
    ["https://h/a/?q", "https://h", { authority: true, path: "/a/", query: "q" }],
    ["file:/a/b", "file:", { authority: false, path: "/a/b", query: undefined }],
    ["file:///a/b", "file://", { authority: true, path: "/a/b", query: undefined }],
    ["file://localhost/a", "file://localhost", { authority: true, path: "/a", query: undefined }],
  ])("root %s", (text, head, pc) => {
    expect(pathText(text, D)).toEqual({ text, head, bare: false, pc });
    expect(byTree(text)).toEqual(pc);
  });

  test.each([
    ["zip:a/b", "zip:", { authority: false, path: "a/b", query: undefined }],
    ["zip:@a", "zip:", { authority: false, path: "@a", query: undefined }],
    ["ocdbt:@v1/x", "ocdbt:@v1", { authority: true, path: "/x", query: undefined }],
    ["ocdbt:@v1", "ocdbt:@v1", { authority: true, path: "", query: undefined }],
    ["ocdbt:%40abc", "ocdbt:", { authority: false, path: "%40abc", query: undefined }],
    ["icechunk:@branch.main/a/", "icechunk:@branch.main", { authority: true, path: "/a/", query: undefined }],
  ])("adapter %s", (text, head, pc) => {
    expect(pathText(text, D)).toEqual({ text, head, bare: false, pc });
    expect(byTree(CONTEXT + text)).toEqual(pc);
  });

  test("a bare adapter: no path, and a ':' to put back before one", () => {
    expect(pathText("zip", D)).toEqual({
      text: "zip",
      head: "zip",
      bare: true,
      pc: { authority: false, path: "", query: undefined },
    });
    expect(pathText("OCDBT", D)).toEqual({
      text: "OCDBT",
      head: "OCDBT",
      bare: true,
      pc: { authority: false, path: "", query: undefined },
    });
  });

  test("null for a scheme with no path component", () => {
    expect([pathText("gzip", D), pathText("json:/a", D), pathText("byte-range:1-2", D), pathText("..:a", D)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  test("every sub-URL of the examples, as pathComponentOf() on the parser's tree", () => {
    for (const s of ROOTS) expect([s, pathText(s, D)?.pc ?? null]).toEqual([s, byTree(s)]);
    for (const s of ADAPTERS) expect([s, pathText(s, D)?.pc ?? null]).toEqual([s, byTree(CONTEXT + s)]);
    expect(ROOTS.length + ADAPTERS.length).toBeGreaterThan(50);
  });

  test.each(["root-sub-url", "adapter-sub-url"])("sub-URLs the ABNF oracle derives (%s, fast-check)", (rule) => {
    const gen = new Generator(loadOracleGrammar(D));
    const context = rule === "root-sub-url" ? "" : CONTEXT;
    fc.assert(
      fc.property(gen.positive(rule), (s) => {
        if (!canParse(context + s, { dialect: D })) return; // a value out of range
        expect([s, pathText(s, D)?.pc ?? null]).toEqual([s, byTree(context + s)]);
      }),
      { seed: 20260106, numRuns: 2000 },
    );
  });
});

describe("applyDotDot and readsBack: what resolveDotDot() makes of the sub-URL before the discarded adapter", () => {
  const PATHS = [
    "x",
    "x/",
    "/x",
    "/x/",
    ".",
    "..",
    "./",
    "../",
    "../..",
    "a/../..",
    "@x",
    ".//b",
    "./@x",
    "a/./b/.",
    "a:b",
    "/..",
    "a//b",
  ];

  /** resolveDotDot()'s answer for `..:path` after `target` (a root if context is "", else an adapter). */
  function byResolve(context: string, target: string, path: string): string {
    try {
      const p = resolveDotDotPipeline(`${context}${target}|zip|..:${path}`, { dialect: D });
      return p.subUrls[p.subUrls.length - 1]!.raw;
    } catch (e) {
      if (e instanceof ResolveError) return e.code;
      throw e;
    }
  }

  /** The same on text: "no-path", "above-root", "invalid-result" or the sub-URL made. */
  function byText(context: string, target: string, path: string): string {
    const t = pathText(target, D);
    if (t === null) return "no-path";
    const colon = target.indexOf(":");
    const made = applyDotDot((colon < 0 ? target : target.slice(0, colon)).toLowerCase(), t, path);
    if (made === null) return "above-root";
    return readsBack(made, context, D) ? made.text : "invalid-result";
  }

  test("examples", () => {
    expect(byText("", "gs://bucket/a/b.zip", "c/d/")).toBe("gs://bucket/a/c/d/");
    expect(byText("", "file:/a", ".//c")).toBe("invalid-result"); // written file://c, which reads as a host
    expect(byText(CONTEXT, "zip:a", "../..")).toBe("above-root");
    expect(byText(CONTEXT, "zip", "x")).toBe("zip:x");
    expect(byText(CONTEXT, "ocdbt:a", "@x")).toBe("ocdbt:%40x");
    expect(byText(CONTEXT, "gzip", "x")).toBe("no-path");
  });

  test("a bare adapter made twice keeps the ':' it got back", () => {
    const once = applyDotDot("zip", pathText("zip", D)!, "a/")!;
    expect(once).toEqual({
      text: "zip:a/",
      head: "zip:",
      bare: false,
      pc: { authority: false, path: "a/", query: undefined },
    });
    expect(applyDotDot("zip", once, "b")!.text).toBe("zip:a/b");
    expect(resolveDotDot("s3://bucket/x.zip|zip|n5|..:a/|gzip|..:b", { dialect: D })).toBe("s3://bucket/x.zip|zip:a/b");
  });

  test("every sub-URL of the examples, with paths that climb, keep a query, need a ':' or an encoded '@'", () => {
    const seen = new Set<string>();
    // A `..` is never the sub-URL before a discarded adapter: the walk has resolved it already.
    // And two roots of forms the examples lack: a path of one segment with no authority, a query with no path.
    for (const [context, targets] of [
      ["", [...ROOTS, "file:/a", "https://h?q"]],
      [CONTEXT, ADAPTERS.filter((s) => !s.startsWith(".."))],
    ] as const) {
      for (const target of targets) {
        for (const path of PATHS) {
          const want = byResolve(context, target, path);
          seen.add(["above-root", "invalid-result", "no-path"].includes(want) ? want : "made");
          expect([target, path, byText(context, target, path)]).toEqual([target, path, want]);
        }
      }
    }
    expect([...seen].sort()).toEqual(["above-root", "invalid-result", "made", "no-path"]);
  });
});

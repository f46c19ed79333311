/**
 * Properties of complete() over prefixes of valid pipelines, in both dialects:
 * 1. every candidate's completion is a viable prefix, by validate() (valid; a syntax error at its very end; or a
 *    value error in an earlier sub-URL or at its very end) and by the ABNF oracle (test/oracle/, which shares
 *    nothing with the generated parser);
 * 2. where the next token is a scheme, a `|`, the `//` of a root, a version marker, `v`, `branch.`, `tag.` or a
 *    commit time, the candidates include it.
 * Over every prefix of every spec example, then (fast-check, fixed seed) over pipelines composed of the examples'
 * sub-URLs with schemes in random case, and over pipelines the oracle derives from the ABNF.
 */
import fc from "fast-check";
import { complete, type Candidate } from "../../src/complete";
import { DIALECTS } from "../../src/dialects";
import { validate } from "../../src/api";
import type { DialectName, IcechunkSubUrl, OcdbtSubUrl, Pipeline } from "../../src/tree/nodes";
import { Generator } from "../oracle/generate";
import { loadOracleGrammar } from "../oracle/load";
import { Matcher } from "../oracle/matcher";
import v0Corpus from "../fixtures/spec/url-pipeline-v0.json";
import zep8Corpus from "../fixtures/spec/zep8.json";

const SEED = 20260105;
const RULE = "absolute-url-pipeline";

const exampleUrls = [...new Set([...v0Corpus.examples.map((e) => e.url), ...zep8Corpus.valid.map((e) => e.url)])];

function examplesOf(dialect: DialectName): { url: string; tree: Pipeline }[] {
  return exampleUrls.flatMap((url) => {
    const r = validate(url, { dialect });
    return r.valid ? [{ url, tree: r.pipeline }] : [];
  });
}

/**
 * Property 1 by validate(): `start` is where the partial's current sub-URL starts. An adapter whose base is of the
 * wrong kind (D62) is offered last, its detail saying why (src/complete/schemes.ts): refused by the kinds at its
 * own start, and only then.
 */
function viableByValidate(c: Candidate, dialect: DialectName, partial: string, start: number): string | null {
  const completion = c.completion;
  const r = validate(completion, { dialect });
  if (r.valid) return null;
  const { kind, offset } = r.error;
  if (kind === "syntax" && offset === completion.length) return null;
  if (kind === "value" && (offset < start || offset === completion.length)) return null;
  const misfit = /; (the base is .*|no adapter before it to discard)$/.test(c.detail ?? "");
  // Refused by the kinds before the current sub-URL, or at it for a scheme the partial already spells out: the
  // partial's own misfit, which no completion can mend.
  const typed = /^[^:|]*:/.test(partial.slice(start));
  if (kind === "kind" && (offset < start || (offset === start && (misfit || typed)))) return null;
  return `${kind} error at ${offset} of ${completion.length}${misfit ? " (offered as a misfit)" : ""}`;
}

/** Property 2: what the candidates for `e.slice(0, k)` must include, given e's tree; null if nothing. */
function expectedToken(
  e: string,
  tree: Pipeline,
  k: number,
  dialect: DialectName,
): ((c: Candidate[]) => boolean) | null {
  const p = e.slice(0, k);
  if (e[k] === "|") return (cs) => cs.some((c) => c.completion === `${p}|` && c.kind === "separator");
  const index = p.split("|").length - 1;
  const s = tree.subUrls[index]!;
  const inSub = k - s.span.start;
  const standard = DIALECTS[dialect].meta.schemes.some((m) => m.scheme === s.scheme);
  if (standard && inSub <= s.rawScheme.length) {
    return (cs) =>
      cs.some(
        (c) =>
          /-scheme$/.test(c.kind) &&
          c.label.replace(/:\/*$/, "") === s.scheme &&
          c.completion === p.slice(0, s.span.start) + c.label,
      );
  }
  // The "//" of a standard root, where the grammar needs it: the prefix is not yet valid (memory:'s "/" is optional).
  if (
    index === 0 &&
    standard &&
    /^[^:]+:\/?$/.test(s.raw.slice(0, inSub)) &&
    e[k] === "/" &&
    !validate(p, { dialect }).valid
  ) {
    return (cs) => cs.some((c) => c.completion.startsWith(`${p}/`));
  }
  const version =
    s.scheme === "ocdbt" ? (s as OcdbtSubUrl).version : s.scheme === "icechunk" ? (s as IcechunkSubUrl).ref : null;
  if (version) {
    const afterColon = s.span.start + s.rawScheme.length + 1;
    const at = version.span.start;
    if (k >= afterColon && k < at)
      return (cs) => cs.some((c) => c.completion === e.slice(0, at) && c.kind === "separator");
    if (k === at) {
      if (version.kind === "commit-time") return (cs) => cs.some((c) => c.kind === "template");
      if (version.kind === "snapshot") return null;
      return (cs) =>
        cs.some(
          (c) =>
            (c.kind === "version" || c.kind === "ref-keyword") && e.startsWith(c.completion) && c.completion.length > k,
        );
    }
  }
  return null;
}

interface Stats {
  prefixes: number;
  candidates: number;
  tokenChecks: number;
}

/** Checks the prefixes of `e` of the lengths given (default: all); the expected tokens only if `tree` is e's. */
function checkPrefixes(
  e: string,
  tree: Pipeline | null,
  dialect: DialectName,
  oracle: Matcher | null,
  stats: Stats,
  lengths?: Iterable<number>,
): void {
  for (const k of lengths ?? Array.from({ length: e.length + 1 }, (_, i) => i)) {
    const p = e.slice(0, k);
    const start = p.lastIndexOf("|") + 1;
    const cs = complete(p, { dialect });
    stats.prefixes++;
    stats.candidates += cs.length;
    for (const c of cs) {
      const bad = viableByValidate(c, dialect, p, start);
      if (bad) throw new Error(`complete(${JSON.stringify(p)}) offered ${JSON.stringify(c.completion)}: ${bad}`);
      if (oracle && !oracle.viable(RULE, c.completion))
        throw new Error(
          `complete(${JSON.stringify(p)}) offered ${JSON.stringify(c.completion)}, which the ABNF cannot continue`,
        );
    }
    const want = tree ? expectedToken(e, tree, k, dialect) : null;
    if (want) {
      stats.tokenChecks++;
      if (!want(cs))
        throw new Error(
          `complete(${JSON.stringify(p)}) lacks the next token of ${JSON.stringify(e)}: ${JSON.stringify(cs.map((c) => c.completion))}`,
        );
    }
  }
}

describe.each(["url-pipeline-v0", "zep8"] as DialectName[])("%s", (dialect) => {
  const oracle = new Matcher(loadOracleGrammar(dialect));
  const examples = examplesOf(dialect);

  test("every prefix of every spec example: viable candidates, the next token among them", () => {
    const stats: Stats = { prefixes: 0, candidates: 0, tokenChecks: 0 };
    for (const { url, tree } of examples) checkPrefixes(url, tree, dialect, null, stats);
    expect(examples.length).toBeGreaterThan(dialect === "zep8" ? 60 : 125);
    expect(stats.tokenChecks).toBeGreaterThan(examples.length * 3);
  });

  test("the candidates for the examples' prefixes that end at a scheme or a separator are viable by the ABNF oracle too", () => {
    const stats: Stats = { prefixes: 0, candidates: 0, tokenChecks: 0 };
    // The oracle is exhaustive (every alternative, every count): the examples of up to 120 characters.
    for (const { url, tree } of examples.filter((e) => e.url.length <= 120)) {
      // Where each sub-URL starts (after "|": every adapter), one character into it, just after its scheme's
      // colon, and the whole input.
      const cut = tree.subUrls.flatMap((s) => [s.span.start, s.span.start + 1, s.span.start + s.rawScheme.length + 1]);
      checkPrefixes(
        url,
        null,
        dialect,
        oracle,
        stats,
        [...new Set([...cut, url.length])].filter((k) => k <= url.length),
      );
    }
    expect(stats.candidates).toBeGreaterThan(400);
  });

  test("pipelines composed of the examples' sub-URLs, schemes in random case (fast-check)", () => {
    const roots = [...new Set(examples.map((e) => e.tree.subUrls[0].raw))];
    const adapters = [...new Set(examples.flatMap((e) => e.tree.subUrls.slice(1).map((s) => s.raw)))];
    const upper = (raw: string, mask: boolean[]) => {
      const colon = raw.search(/[:|]|$/);
      return (
        [...raw.slice(0, colon)].map((ch, i) => (mask[i % mask.length] ? ch.toUpperCase() : ch)).join("") +
        raw.slice(colon)
      );
    };
    const arb = fc
      .tuple(
        fc.constantFrom(...roots),
        fc.array(fc.constantFrom(...adapters), { maxLength: 4 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
      )
      .map(([root, rest, mask]) => [root, ...rest].map((s) => upper(s, mask)).join("|"));
    fc.assert(
      fc.property(arb, (url) => {
        // Composed at random, its kinds may not fit (D62: zarr2 before ocdbt:): the grammar and the values must.
        const r = validate(url, { dialect, kinds: false });
        if (!r.valid) throw new Error(`composed pipeline not valid: ${url}: ${r.error.message}`);
        checkPrefixes(url, r.pipeline, dialect, oracle, { prefixes: 0, candidates: 0, tokenChecks: 0 });
      }),
      { seed: SEED, numRuns: 20, endOnFailure: true },
    );
  });

  test("pipelines the ABNF oracle derives (fast-check): every candidate of every prefix is viable", () => {
    const gen = new Generator(loadOracleGrammar(dialect));
    fc.assert(
      fc.property(gen.positive(RULE), (url) => {
        for (let k = 0; k <= url.length; k++) {
          const p = url.slice(0, k);
          const start = p.lastIndexOf("|") + 1;
          for (const c of complete(p, { dialect })) {
            const bad = viableByValidate(c, dialect, p, start);
            if (bad) throw new Error(`complete(${JSON.stringify(p)}) offered ${JSON.stringify(c.completion)}: ${bad}`);
            if (!oracle.viable(RULE, c.completion))
              throw new Error(
                `complete(${JSON.stringify(p)}) offered ${JSON.stringify(c.completion)}, which the ABNF cannot continue`,
              );
          }
        }
      }),
      { seed: SEED, numRuns: 30, endOnFailure: true },
    );
  });
});

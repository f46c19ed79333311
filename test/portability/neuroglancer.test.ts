/**
 * Neuroglancer's recorded answers (test/fixtures/neuroglancer/runs.json, written by `npm run test:neuroglancer --
 * --record` from its real code run in Node), replayed through readNeuroglancer() and portability() without
 * Neuroglancer: every verdict (and the stage of a refusal), kvstore canonical URL, data-source format and directory
 * must be the one predicted, except the known misses (test/fixtures/neuroglancer/known-misses.json), which must
 * be exactly the cases that miss. Then the cases taken from Neuroglancer's own tests (own-tests.json).
 */
import fc from "fast-check";
import knownMisses from "../fixtures/neuroglancer/known-misses.json";
import ownTests from "../fixtures/neuroglancer/own-tests.json";
import runs from "../fixtures/neuroglancer/runs.json";
import { portability } from "../../src";
import {
  finalPipelineUrlComponent,
  formatVersion,
  kvstoreEnsureDirectoryPipelineUrl,
  NEUROGLANCER,
  type NeuroglancerPrediction,
  parseIcechunkUrl,
  parseOcdbtUrl,
  parsePipelineUrlComponent,
  parseUrlSuffix,
  pipelineUrlJoin,
  readNeuroglancer,
} from "../../src/portability/neuroglancer";

type Case =
  | [input: string, accepts: true, canonical: string | null, format: string, directory: string | null]
  | [input: string, accepts: false, stage: string, error: string, kvstoreError?: string];
const cases = runs.parts.flatMap((p) => p.cases as Case[]);
const knownGroups = knownMisses.misses as { reason: string; inputs: string[] }[];

/** What the harness records, as the model predicts it. */
function predicted(input: string): unknown[] {
  const p = readNeuroglancer(input);
  if (p.accepts === true) return [input, true, p.canonical, p.format, p.directory];
  if (p.accepts === false) return [input, false, p.stage];
  return [input, "unknown", p.reason];
}

/** A stand-in base store, as the harness gives parseOcdbtUrl and parseIcechunkUrl. */
const STAND_IN_BASE = { store: { getUrl: (p: string) => `BASE/${p}` }, path: "" };

/**
 * An ocdbt: or icechunk: component parsed on its own, as runs.json records it: [true, version or ref, path] or
 * [false].
 */
function parsedAlone(component: string): unknown[] {
  const url = parsePipelineUrlComponent(component);
  try {
    if (url.scheme === "ocdbt") {
      const r = parseOcdbtUrl(url, STAND_IN_BASE);
      return [true, r.version === undefined ? null : formatVersion(r.version), r.path];
    }
    const r = parseIcechunkUrl(url, STAND_IN_BASE);
    return [true, r.version === undefined ? null : { [r.version.kind]: r.version.name }, r.path];
  } catch {
    return [false];
  }
}

/** The recorded answer, in the same terms. */
const recorded = (c: Case): unknown[] => (c[1] ? c.slice(0, 5) : c.slice(0, 3));

/** The URL portability() gives: the kvstore's, then the data-source component as given (when one is named). */
function expectedUrl(c: Case): string | undefined {
  if (!c[1] || c[2] === null) return undefined;
  if (c[3] === "auto-detect") return c[2];
  const layer = c[0].trim().replace(/\|+$/, "");
  return `${c[2]}|${layer.slice(layer.lastIndexOf("|") + 1)}`;
}

describe("Neuroglancer's recorded answers", () => {
  test("were recorded from the version the model is of, with their provenance", () => {
    expect(runs.neuroglancer).toBe(NEUROGLANCER.version);
    expect(runs.recorded).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(runs.command).toBe("npm run test:neuroglancer -- --record");
    expect(runs.node).toMatch(/^v\d+\./);
    expect(cases.length).toBeGreaterThan(8000);
  });

  test("the recording has both verdicts, every stage, formats named and auto-detected", () => {
    expect(cases.filter((c) => c[1]).length).toBeGreaterThan(2500);
    const stages = new Set(cases.filter((c) => !c[1]).map((c) => c[2]));
    expect([...stages].sort()).toEqual(["datasource", "kvstore-adapter", "kvstore-base", "split"]);
    const formats = new Set(cases.filter((c) => c[1]).map((c) => c[3]));
    for (const f of ["auto-detect", "zarr3", "zarr2", "zarr", "n5", "neuroglancer-precomputed", "zarr://"])
      expect([f, formats.has(f)]).toEqual([f, true]);
  });

  const misses = cases.filter((c) => JSON.stringify(predicted(c[0])) !== JSON.stringify(recorded(c)));

  test("readNeuroglancer() predicts each verdict, stage, canonical URL, format and directory but known misses", () => {
    const known = new Map(knownGroups.flatMap((g) => g.inputs.map((i) => [i, g.reason] as const)));
    const unexpected = misses
      .filter((c) => !known.has(c[0]))
      .map(
        (c) => `${JSON.stringify(c[0])}: predicted ${JSON.stringify(predicted(c[0]))}, recorded ${JSON.stringify(c)}`,
      );
    expect(unexpected).toEqual([]);
    // A known miss that the model now predicts must leave known-misses.json.
    const missed = new Set(misses.map((c) => c[0]));
    expect([...known.keys()].filter((i) => !missed.has(i))).toEqual([]);
    expect(1 - misses.length / cases.length).toBeGreaterThanOrEqual(0.95);
  });

  test("every known miss has a reason, one group per reason", () => {
    const reasons = knownGroups.map((g) => g.reason);
    expect(new Set(reasons).size).toBe(reasons.length);
    for (const g of knownGroups) {
      expect(g.reason).toMatch(/\S{10}/);
      expect(g.inputs.length).toBeGreaterThan(0);
    }
  });

  test("portability() gives the same verdicts and URLs", () => {
    const missed = new Set(misses.map((c) => c[0]));
    const wrong: string[] = [];
    for (const c of cases) {
      if (missed.has(c[0])) continue;
      const r = portability(c[0], { dialect: "zep8" })[1]!;
      const got = [r.reads === "refuses", r.canonical];
      const want = [!c[1], expectedUrl(c)];
      if (JSON.stringify(got) !== JSON.stringify(want))
        wrong.push(`${JSON.stringify(c[0])}: ${JSON.stringify(got)}, recorded ${JSON.stringify(want)}`);
    }
    expect(wrong).toEqual([]);
    for (const c of cases.slice(0, 500).filter((x) => !missed.has(x[0]))) {
      const v0 = portability(c[0], { dialect: "url-pipeline-v0" })[1]!;
      expect([c[0], v0.reads === "refuses"]).toEqual([c[0], !c[1]]);
    }
  });

  test("each ocdbt: and icechunk: component is parsed as parseOcdbtUrl and parseIcechunkUrl parse it", () => {
    const wrong: string[] = [];
    for (const [input, versions] of runs.versions as [string, unknown[][]][]) {
      const components = input.trim().replace(/\|+$/, "").split("|");
      for (const v of versions) {
        const component = components[v[0] as number]!;
        const got = parsedAlone(component);
        const want = v[2] ? v.slice(2) : [false];
        if (JSON.stringify(got) !== JSON.stringify(want))
          wrong.push(`${JSON.stringify(component)}: ${JSON.stringify(got)}, recorded ${JSON.stringify(want)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

interface FunctionCase {
  file: string;
  line: number;
  function: string;
  args: (string | null)[];
  returns: unknown;
}
interface InputCase {
  file: string;
  line: number;
  input: string;
  accepts: boolean;
  stage?: string;
  canonical?: string;
  format?: string;
  directory?: string;
  reads?: { scheme: string; fields: Record<string, string> };
}

const FUNCTIONS: Record<string, (...args: never[]) => unknown> = {
  finalPipelineUrlComponent,
  kvstoreEnsureDirectoryPipelineUrl,
  parsePipelineUrlComponent,
  parseUrlSuffix,
  pipelineUrlJoin,
};

/** JSON's null for undefined, as own-tests.json writes it. */
const jsonOf = (v: unknown) => JSON.parse(JSON.stringify(v, (_k, x) => (x === undefined ? null : x)));

describe("the cases of Neuroglancer's own tests", () => {
  const own = ownTests.cases as (FunctionCase | InputCase)[];

  test("each names its repository, commit, file and line", () => {
    expect(own.length).toBeGreaterThan(60);
    for (const c of own as unknown as Record<string, unknown>[]) {
      expect(c.repo).toBe("google/neuroglancer");
      expect(c.commit).toBe("e13f1f4c62918f2ea07b12f2116bdcb6767b1499");
      expect(c.file).toMatch(/^tests\//);
      expect(c.line).toBeGreaterThan(0);
    }
  });

  test.each(own.filter((c): c is FunctionCase => "function" in c).map((c) => [`${c.file}:${c.line}`, c] as const))(
    "%s",
    (_at, c) => {
      const args = c.args.map((a) => a ?? undefined) as never[];
      expect(jsonOf(FUNCTIONS[c.function]!(...args))).toEqual(c.returns);
    },
  );

  test.each(own.filter((c): c is InputCase => "input" in c).map((c) => [`${c.file}:${c.line} ${c.input}`, c] as const))(
    "%s",
    (_at, c) => {
      const p: NeuroglancerPrediction = readNeuroglancer(c.input);
      if (!c.accepts) {
        expect(p).toMatchObject({ accepts: false, stage: c.stage });
        return;
      }
      expect(p.accepts).toBe(true);
      if (p.accepts !== true) return;
      if (c.canonical !== undefined) expect(p.canonical).toBe(c.canonical);
      if (c.format !== undefined) expect(p.format).toBe(c.format);
      if (c.directory !== undefined) expect(p.directory).toBe(c.directory);
      if (c.reads !== undefined) {
        const stores = p.reading.filter((r) => r.scheme !== p.format);
        expect(stores[stores.length - 1]).toEqual(c.reads);
      }
    },
  );
});

describe("readNeuroglancer()", () => {
  test("reads a v0 version as a path, with no version, and says so", () => {
    const p = readNeuroglancer("gs://bucket/db/|ocdbt://v1/a");
    expect(p).toMatchObject({ accepts: true, canonical: "gs://bucket/db/|ocdbt://v1/a", format: "auto-detect" });
    if (p.accepts !== true) return;
    expect(p.reading).toEqual([
      { scheme: "gs", fields: { bucket: "bucket", path: "db/" } },
      { scheme: "ocdbt", fields: { version: "", path: "//v1/a" } },
    ]);
    expect(p.notes.join("\n")).toContain('reads "ocdbt://v1/a" as the path "//v1/a" with no version (the latest)');
  });

  test("reads a format's path as a directory of the store before it, and its spelling of the store", () => {
    const p = readNeuroglancer("gs://bucket/a|zarr3:sub");
    expect(p).toMatchObject({
      accepts: true,
      canonical: "gs://bucket/a",
      url: "gs://bucket/a|zarr3:sub",
      format: "zarr3",
      directory: "gs://bucket/a/sub/",
    });
    expect(readNeuroglancer("s3://bucket/%41%2Fb")).toMatchObject({ accepts: true, canonical: "s3://bucket/A/b" });
    expect(readNeuroglancer("https://host/a.gz|gzip:")).toMatchObject({ canonical: "https://host/a.gz|gzip" });
  });

  test("trims the input and drops trailing |, as the layer source does", () => {
    const p = readNeuroglancer(" \ufeffgs://bucket/a/|zarr3:| ");
    expect(p).toMatchObject({ accepts: true, canonical: "gs://bucket/a/", format: "zarr3" });
    expect(p.notes).toEqual(
      expect.arrayContaining(["trims the white space around the input", 'drops the trailing "|"']),
    );
    expect(readNeuroglancer("gs://bucket/a| zarr3:")).toMatchObject({ accepts: false, stage: "kvstore-adapter" });
  });

  test("refuses at each stage, with Neuroglancer's message and where it throws it", () => {
    expect(readNeuroglancer("file:///x|zarr3:")).toMatchObject({
      accepts: false,
      stage: "kvstore-base",
      reason: expect.stringContaining("file: scheme does not support | URL pipelines (google/neuroglancer e13f1f4c"),
    });
    expect(readNeuroglancer("gs://b/a|zstd:")).toMatchObject({
      accepts: false,
      stage: "kvstore-adapter",
      reason: expect.stringContaining('supported schemes: ["byte-range","gzip","icechunk","ocdbt","zip"]'),
    });
    expect(readNeuroglancer("gs://b/a|byte-range:5-3")).toMatchObject({ accepts: false, stage: "datasource" });
    expect(readNeuroglancer("gs://b/a\u2028b")).toMatchObject({ accepts: false, stage: "split" });
    expect(readNeuroglancer("gs://b/a\n")).toMatchObject({ accepts: true, canonical: "gs://b/a" });
  });

  test("reads a zip:, ocdbt: or icechunk: store as its worker does, at the URL the frontend writes", () => {
    const p = readNeuroglancer("gs://b/repo/|icechunk:@branch.a%2Fb/");
    expect(p).toMatchObject({ accepts: true, canonical: "gs://b/repo/|icechunk:@branch.a/b/" });
    if (p.accepts !== true) return;
    expect(p.reading[1]).toEqual({ scheme: "icechunk", fields: { ref: "branch:a", path: "b/" } });
    // The worker reads the archive below a zip: store first, and refuses a byte range that is none.
    expect(readNeuroglancer("gs://b/x|byte-range:bad|zip:")).toMatchObject({ accepts: false, stage: "datasource" });
    expect(readNeuroglancer("gs://b/x|byte-range:0-10|zip:")).toMatchObject({ accepts: true });
  });

  test("past 128 components, the answer is unknown", () => {
    expect(readNeuroglancer(`gs://b/a${"|zip:".repeat(127)}`).accepts).toBe(true);
    expect(readNeuroglancer(`gs://b/a${"|zip:".repeat(128)}`)).toMatchObject({ accepts: "unknown" });
  });

  test("a data source of Neuroglancer's own is not modelled", () => {
    expect(readNeuroglancer("dvid://http://host/node/data")).toMatchObject({ accepts: "unknown", format: "dvid://" });
    expect(readNeuroglancer("boss://https://api.example/a/b/c")).toMatchObject({ accepts: true, format: "boss://" });
  });

  test("never throws, whatever the string", () => {
    const pieces = fc.constantFrom(
      "gs://b/",
      "s3://",
      "http://h/",
      "|",
      "zip:",
      "ocdbt:@",
      "icechunk:@",
      "zarr3:",
      "byte-range:",
      "gzip",
      "%",
      "?",
      "#",
      "@",
      "\ud800",
      "\n",
      " ",
      "v1/",
      "2025-02-30T00:00:00.5Z",
      "branch.",
    );
    const text = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.array(pieces, { maxLength: 12 }).map((a) => a.join("")),
    );
    fc.assert(
      fc.property(text, (s) => {
        const p = readNeuroglancer(s);
        return typeof p.accepts === "boolean" || p.accepts === "unknown";
      }),
      { numRuns: 3000, seed: 8 },
    );
  });
});

describe("portability(): Neuroglancer's reading against the grammar's", () => {
  const ng = (input: string, dialect: "url-pipeline-v0" | "zep8" = "zep8") => portability(input, { dialect })[1]!;

  test("a format's path is the directory it names: the same node reads the same", () => {
    expect(ng("gs://bucket/a|zarr3:sub")).toMatchObject({ reads: "same", canonical: "gs://bucket/a|zarr3:sub" });
    expect(ng("s3://bucket/a.zip|zip:x/|zarr3:")).toMatchObject({ reads: "same" });
    expect(ng("gs://bucket/db/|ocdbt:@v1/a")).toMatchObject({ reads: "same" });
  });

  test("what it reads otherwise is read differently, with what differs", () => {
    expect(ng("http://h/%2f").detail).toContain(
      'the http: URL is "http://h//", where the grammar reads "http://h/%2F"',
    );
    expect(ng("http://h/a?q|zarr3:").detail).toContain('the http: query is "?qzarr.json"');
    expect(ng("s3://Bucket/a").detail).toContain('the s3: bucket is "bucket"');
    expect(ng("gs://bucket/db/|ocdbt://v1/a", "url-pipeline-v0").reads).toBe("differently");
  });

  test("what the grammar refuses and it reads is read differently; what it lacks, refused", () => {
    expect(ng("gs://bucket/a?x=1")).toMatchObject({ reads: "differently", canonical: "gs://bucket/a%3Fx=1" });
    expect(ng(" gs://bucket/a ").detail).toContain("it trims the white space around the input");
    expect(ng("file:///data/a.zip|zip:").reads).toBe("refuses");
    expect(ng("gs://bucket/a|zstd:").detail).toContain("(zep8 reads it)");
    expect(ng("dvid://http://host/a/b").reads).toBe("unknown");
  });
});

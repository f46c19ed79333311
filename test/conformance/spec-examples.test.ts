/**
 * Every example of the url-pipeline spec (v0, commit 1a01ce6), and each again with its schemes upper-cased as
 * the spec's own lint step does (schemes are case-insensitive). For each sub-URL the test checks the scheme and
 * the scheme's main fields against `expectedFields`, a plain reading of the sub-URL's text written from the
 * scheme prose with regular expressions: it shares nothing with the grammar or the parser.
 */
import { parse, type SubUrl } from "../../src";
import corpus from "../fixtures/spec/url-pipeline-v0.json";

interface Example {
  url: string;
  file: string;
  schemes: string[];
}
const examples: Example[] = corpus.examples;

/** The spec examples with each sub-URL's scheme upper-cased. */
function upperCaseSchemes(url: string, schemes: string[]): string {
  return url
    .split("|")
    .map((sub, i) => schemes[i]!.toUpperCase() + sub.slice(schemes[i]!.length))
    .join("|");
}

const dec = (s: string) => decodeURIComponent(s);

/** What each sub-URL should hold, read off its text. */
function expectedFields(sub: string, scheme: string): Record<string, unknown> {
  const body = sub.slice(scheme.length).replace(/^:/, "");
  let m: RegExpExecArray | null;
  switch (scheme) {
    case "s3":
    case "gs":
      // v0: s3://bucket/path/to/file is "the path path/to/file" within the bucket: the "/" after it separates.
      m = /^\/\/([^/]+)\/?(.*)$/.exec(body)!;
      return { bucket: m[1], path: dec(m[2]!) };
    case "http":
    case "https":
    case "s3+http":
    case "s3+https":
      m = /^\/\/(\[[^\]]*\]|[^:/?]*)(?::(\d*))?([^?]*)(?:\?(.*))?$/.exec(body)!;
      return {
        host: dec(m[1]!),
        port: m[2] === undefined ? null : m[2] === "" ? null : Number(m[2]),
        path: dec(m[3]!),
        ...(scheme.startsWith("http") ? { query: m[4] ?? null } : {}),
      };
    case "file":
      m = /^(?:\/\/([^/]*))?(\/.*)$/.exec(body)!;
      return { host: m[1] ? m[1] : null, path: m[2] };
    case "memory":
      m = /^(\/\/|\/)?(.*)$/.exec(body)!;
      return { path: m[2] };
    case "ocdbt":
    case "icechunk":
      m = /^(?:\/\/([^/]*))?(.*)$/.exec(body)!;
      return { version: m[1] ?? null, path: m[2] };
    case "byte-range":
      m = /^(\d+)-(\d+)$/.exec(body)!;
      return { start: BigInt(m[1]!), end: BigInt(m[2]!) };
    case "json":
      return {
        tokens:
          body === ""
            ? []
            : body
                .slice(1)
                .split("/")
                .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~")),
      };
    case "zip":
    case "zarr":
    case "zarr2":
    case "zarr3":
    case "n5":
    case "hdf5":
      return { path: body };
    default:
      if (scheme.includes(".")) {
        m = /^([^?]*)(?:\?(.*))?$/.exec(body)!;
        return { vendor: scheme.split(".")[0], body: m[1], query: m[2] ?? null };
      }
      return {};
  }
}

/** The same fields, taken from the parsed tree. */
function actualFields(s: SubUrl): Record<string, unknown> {
  switch (s.scheme) {
    case "s3":
    case "gs":
      if ("bucket" in s) return { bucket: s.bucket.raw, path: s.path.value };
      break;
    case "http":
    case "https":
      if ("query" in s && "host" in s)
        return { host: s.host.value, port: s.port?.value ?? null, path: s.path.value, query: s.query?.raw ?? null };
      break;
    case "s3+http":
    case "s3+https":
      if ("host" in s && "port" in s) return { host: s.host.value, port: s.port?.value ?? null, path: s.path.value };
      break;
    case "file":
      if ("hasAuthority" in s) return { host: s.host?.raw ?? null, path: s.path.raw };
      break;
    case "memory":
      if ("prefix" in s) return { path: s.path.raw };
      break;
    case "ocdbt":
      if ("version" in s) return { version: s.version?.raw ?? null, path: s.path.raw };
      break;
    case "icechunk":
      if ("ref" in s) return { version: s.ref?.raw ?? null, path: s.path.raw };
      break;
    case "byte-range":
      if ("start" in s) return { start: s.start.value, end: s.end.value };
      break;
    case "json":
      if ("pointer" in s) return { tokens: s.pointer.tokens };
      break;
    case "zip":
    case "zarr":
    case "zarr2":
    case "zarr3":
    case "n5":
    case "hdf5":
      if ("path" in s) return { path: s.path.raw };
      break;
    default:
      if ("vendor" in s) return { vendor: s.vendor, body: s.body.raw, query: s.query?.raw ?? null };
      return {};
  }
  throw new Error(`sub-URL ${(s as SubUrl).raw} has the wrong node type for ${(s as SubUrl).scheme}`);
}

const cases = examples.flatMap((e) => [
  { ...e, variant: "as written", input: e.url },
  { ...e, variant: "schemes upper-cased", input: upperCaseSchemes(e.url, e.schemes) },
]);

test("the corpus is the spec's 130 examples", () => {
  expect(examples).toHaveLength(130);
  expect(corpus.commit).toBe("1a01ce6");
});

describe.each(cases)("$file: $input ($variant)", ({ input, schemes }) => {
  const pipeline = parse(input);
  const subs = input.split("|");

  test("schemes, in order, lower-cased", () => {
    expect(pipeline.subUrls.map((s) => s.scheme)).toEqual(schemes);
    expect(pipeline.subUrls.map((s) => s.rawScheme)).toEqual(subs.map((sub, i) => sub.slice(0, schemes[i]!.length)));
  });

  test("spans and raw text of each sub-URL", () => {
    let offset = 0;
    pipeline.subUrls.forEach((s, i) => {
      expect(s.raw).toBe(subs[i]);
      expect(s.span).toEqual({ start: offset, end: offset + subs[i]!.length });
      offset += subs[i]!.length + 1;
    });
  });

  test("main fields of each sub-URL", () => {
    pipeline.subUrls.forEach((s, i) => {
      expect(actualFields(s)).toEqual(expectedFields(subs[i]!, schemes[i]!));
    });
  });
});

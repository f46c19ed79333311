/**
 * portability(): how the real implementations read a pipeline. For each implementation this package
 * knows, whether it reads the input as the grammar does (`same`), reads it as something else (`differently`: a
 * dropped version, a string the grammar refuses), refuses it, or whether that is not known (`unknown`).
 *
 * TensorStore's reading is predicted by `tensorstore.ts`, a model of TensorStore 0.1.85 built from runs of it and
 * checked against it (`npm run test:tensorstore`); Neuroglancer's by `neuroglancer.ts`, a model of Neuroglancer
 * 2.41.2's code, cited line by line and checked against that code run in Node (`npm run test:neuroglancer`).
 * zarr-python (`zarr-python.ts`) is modelled in part, from rules read in its source and cited line by line: it
 * answers `refuses` where a rule shows it, and `unknown` otherwise.
 */
import { optionsArgument, stringArgument } from "../arguments";
import { getDialect } from "../dialects";
import { canParse, parse, type ParseOptions } from "../parse";
import { encodePath, normalizePercent } from "../strict/percent-encoding";
import { removeDotSegments } from "../meaning/rfc3986-resolve";
import { dispatchOwn, isBodilessAdapter, isNonstandard, isPathAdapter, type PerOwnScheme } from "../schemes";
import type { DialectName, HttpSubUrl, Pipeline, S3CompatibleSubUrl, SubUrl } from "../tree/nodes";
import { NEUROGLANCER, type NeuroglancerComponent, readNeuroglancer } from "./neuroglancer";
import { cite, type PartialImplementation } from "./partial";
import { ZARR_PYTHON } from "./zarr-python";
import { readTensorStore, TENSORSTORE } from "./tensorstore";

export type Reads = "same" | "differently" | "refuses" | "unknown";

/** One implementation's reading of an input. */
export interface PortabilityReading {
  /** "TensorStore", "Neuroglancer", "zarr-python". */
  implementation: string;
  /**
   * The version the reading is about ("0.1.85", "2.41.2"); for one modelled in part, the commits its rules were
   * read at.
   */
  version: string;
  /**
   * `same`: it accepts the input and reads the same sub-URLs, buckets, keys, paths, versions as the grammar (its
   * spelling may differ: see `canonical`); `differently`: it accepts the input and reads something else, or accepts
   * what the grammar refuses; `refuses`; `unknown`: not known for this input (an implementation modelled in part,
   * where no cited rule refuses it, `detail` saying what the rules do say; or a form the model leaves out).
   */
  reads: Reads;
  /** For people: why. */
  detail: string;
  /** The URL it writes back for the input (its canonical form), when it accepts it and can write it as a URL. */
  canonical?: string;
}

export interface PortabilityOptions {
  /** How the grammar reads the input: "url-pipeline-v0" (default) or "zep8". */
  dialect?: DialectName;
  maxLength?: number;
  maxSubUrls?: number;
}

/**
 * How each known implementation reads `input`, valid or not. Never throws for a string input and valid options.
 *
 * @example
 * portability("file:///db/|ocdbt://v1/a")[0];
 * // { implementation: "TensorStore", version: "0.1.85", reads: "differently", canonical: "file:///db/|ocdbt:/a",
 * //   detail: 'TensorStore reads "file:///db/|ocdbt:/a": the ocdbt: version is none (the latest), ...' }
 */
export function portability(input: string, options: PortabilityOptions = {}): PortabilityReading[] {
  stringArgument("portability()", "its input", input);
  optionsArgument("portability()", options);
  const dialect = getDialect(options.dialect).meta.name as DialectName;
  const parseOptions: ParseOptions = { dialect };
  if (options.maxLength !== undefined) parseOptions.maxLength = options.maxLength;
  if (options.maxSubUrls !== undefined) parseOptions.maxSubUrls = options.maxSubUrls;
  // canParse first: an invalid input needs no tree, message or hints, only the verdict.
  const ours = canParse(input, parseOptions) ? (parse(input, parseOptions) as Pipeline) : null;
  return [tensorStore(input, dialect, ours), neuroglancer(input, dialect, ours), partial(ZARR_PYTHON, input)];
}

/** What {@link partial} says when none of an implementation's rules applies to the input. */
const NOTHING_KNOWN = ", and no rule refuses it";

/**
 * Whether a reading has nothing to say: `unknown` for an implementation modelled in part, none of whose rules
 * applies to the input (the command line leaves such a reading out).
 */
export function saysNothing(r: PortabilityReading): boolean {
  return r.reads === "unknown" && r.detail.endsWith(NOTHING_KNOWN);
}

/** An implementation modelled in part: refused when a cited rule refuses, else unknown with what the rules say. */
function partial(impl: PartialImplementation, input: string): PortabilityReading {
  const base = { implementation: impl.implementation, version: impl.version };
  const parts = input.split("|");
  const notes: string[] = [];
  for (const rule of impl.rules) {
    const r = rule.test(parts);
    if (r === null) continue;
    if ("refuses" in r)
      return {
        ...base,
        reads: "refuses",
        detail: `${impl.implementation} refuses it: ${r.refuses} (${cite(rule.source)})`,
      };
    notes.push(`${r.note} (${cite(rule.source)})`);
  }
  const known = notes.length > 0 ? `; of what it reads, the rules say: ${notes.join("; ")}` : "";
  return {
    ...base,
    reads: "unknown",
    detail: `not known: ${impl.implementation} is modelled in part${NOTHING_KNOWN}${known}`,
  };
}

function tensorStore(input: string, dialect: DialectName, ours: Pipeline | null): PortabilityReading {
  const base = { implementation: TENSORSTORE.implementation, version: TENSORSTORE.version };
  const p = readTensorStore(input);
  const notes = p.notes.length > 0 ? `; it ${[...new Set(p.notes)].join("; it ")}` : "";
  if (!p.accepts) {
    const also = ours ? ` (${dialect} reads it)` : "";
    return { ...base, reads: "refuses", detail: `TensorStore refuses it: ${p.reason}${also}` };
  }
  const canonical = p.canonical;
  if (canonical === null) {
    return { ...base, reads: "differently", detail: `TensorStore accepts it, but as a relative file: path${notes}` };
  }
  if (!ours) {
    return {
      ...base,
      reads: "differently",
      canonical,
      detail: `TensorStore accepts what ${dialect} refuses, and reads it as "${canonical}"${notes}`,
    };
  }
  const diff = firstDifference(
    settle(grammarReading(ours)),
    settle(p.reading.map((c) => ({ scheme: c.scheme, fields: { ...c.fields } }))),
  );
  if (diff === null) {
    const spelt = canonical === input ? "" : `, written "${canonical}"`;
    return { ...base, reads: "same", canonical, detail: `TensorStore reads the same${spelt}${notes}` };
  }
  return { ...base, reads: "differently", canonical, detail: `TensorStore reads "${canonical}": ${diff}${notes}` };
}

/**
 * Neuroglancer's reading: its verdict, then the same comparison as TensorStore's. Its data sources read a format's
 * path as a directory of the store before it (`gs://b/a|zarr3:sub` reads `gs://b/a/sub/`): {@link settle} moves the
 * grammar's format path there too, so that the same node reads the same.
 */
function neuroglancer(input: string, dialect: DialectName, ours: Pipeline | null): PortabilityReading {
  const base = { implementation: NEUROGLANCER.implementation, version: NEUROGLANCER.version };
  const p = readNeuroglancer(input);
  const notes = p.notes.length > 0 ? `; it ${[...new Set(p.notes)].join("; it ")}` : "";
  if (p.accepts === false) {
    const also = ours ? ` (${dialect} reads it)` : "";
    return { ...base, reads: "refuses", detail: `Neuroglancer refuses it: ${p.reason}${also}${notes}` };
  }
  if (p.accepts === "unknown") return { ...base, reads: "unknown", detail: `not known: ${p.reason}${notes}` };
  const canonical = p.url ?? undefined;
  const written = canonical === undefined ? {} : { canonical };
  const as = canonical === undefined ? `with its ${p.format} data source` : `as "${canonical}"`;
  if (!ours) {
    return {
      ...base,
      reads: "differently",
      ...written,
      detail: `Neuroglancer accepts what ${dialect} refuses, and reads it ${as}${notes}`,
    };
  }
  const diff = firstDifference(settle(grammarReading(ours)), settle(p.reading.map(copySig)));
  if (diff === null) {
    const spelt = canonical === undefined || canonical === input ? "" : `, written "${canonical}"`;
    return { ...base, reads: "same", ...written, detail: `Neuroglancer reads the same${spelt}${notes}` };
  }
  return { ...base, reads: "differently", ...written, detail: `Neuroglancer reads it ${as}: ${diff}${notes}` };
}

const copySig = (c: NeuroglancerComponent): Sig => ({ scheme: c.scheme, fields: { ...c.fields } });

/**
 * One component's meaning: its scheme and decoded values, in the fields TensorStore's and Neuroglancer's readings
 * use.
 */
interface Sig {
  scheme: string;
  fields: Record<string, string>;
}

/** What the grammar reads, in the fields of {@link TensorStoreComponent}. */
function grammarReading(p: Pipeline): Sig[] {
  return p.subUrls.map((s) => ({ scheme: s.scheme, fields: fieldsOf(s) }));
}

/** The fields a sub-URL is compared by: a path adapter's path, a bodiless adapter none, a vendor sub-URL its text. */
function fieldsOf(s: SubUrl): Record<string, string> {
  if (isNonstandard(s)) return { text: s.raw };
  if (isPathAdapter(s)) return { path: s.path.value };
  if (isBodilessAdapter(s)) return {};
  return dispatchOwn(OWN_FIELDS, s);
}

const pathOnly = (s: { path: { value: string } }) => ({ path: s.path.value });

/**
 * The fields of each scheme with a node type of its own: a scheme added to grammar/ with one is a compile error here
 * until it has its row.
 */
const OWN_FIELDS: PerOwnScheme<Record<string, string>> = {
  http: httpFields,
  https: httpFields,
  "s3+http": s3CompatibleFields,
  "s3+https": s3CompatibleFields,
  s3: (s) => ({ bucket: s.bucket.value, path: s.path.value }),
  gs: (s) => ({ bucket: s.bucket.value, path: s.path.value }),
  file: (s): Record<string, string> =>
    s.host && s.host.value.toLowerCase() !== "localhost"
      ? { host: s.host.value, path: s.path.value }
      : { path: s.path.value },
  memory: pathOnly,
  "..": pathOnly,
  ocdbt: (s) => {
    const v = s.version;
    // A commit time's trailing zeros of the fraction name the same instant (D10).
    const version =
      v === null
        ? ""
        : v.kind === "generation"
          ? `v${v.generation}`
          : v.raw.replace(/\.(\d*?)0*Z$/, (_m, d: string) => (d ? `.${d}Z` : "Z"));
    return { version, path: s.path.value };
  },
  // The reference read: the one written, or branch main (ZEP 8's default, Neuroglancer's too).
  icechunk: (s) => {
    const r = s.effectiveRef;
    return { ref: `${r.kind}:${r.kind === "snapshot" ? r.id : r.name}`, path: s.path.value };
  },
  json: (s) => ({ pointer: s.pointer.value }),
  "byte-range": (s) => ({ range: `${s.start.value}-${s.end.value}` }),
};

/** The endpoint (host and port, lower-cased) and the path after it, the bucket first, without its leading "/". */
function s3CompatibleFields(s: S3CompatibleSubUrl): Record<string, string> {
  const port = s.port === null ? "" : `:${s.port.raw}`;
  return { host: `${s.host.raw}${port}`.toLowerCase(), path: s.path.value.replace(/^\//, "") };
}

function httpFields(s: HttpSubUrl): Record<string, string> {
  const port = s.port === null ? "" : `:${s.port.raw}`;
  // The query with its "?": an empty one is not none (RFC 3986 6.2.3: normalization "should not remove delimiters
  // when their associated component is empty").
  return {
    url: `${s.scheme}://${s.host.raw}${port}${s.path.raw}`,
    query: s.query === null ? "" : `?${s.query.raw}`,
  };
}

/**
 * Formats whose path is a path within the store before them: TensorStore writes it into that store's path, and
 * Neuroglancer reads it there (zarr: too).
 */
const FOLDED = new Set(["zarr", "zarr2", "zarr3", "n5"]);
/** Schemes whose base both read as a directory: a trailing "/" there means nothing (D39). */
const DIRECTORY_ADAPTERS = new Set(["ocdbt", "icechunk", "zarr", "zarr2", "zarr3", "n5", "neuroglancer-precomputed"]);

/**
 * Both readings in one form: a zarr, zarr2, zarr3 or n5 path moved into the store's path (TensorStore's canonical
 * form of the same node, and the directory Neuroglancer reads), a trailing "/" before a directory adapter dropped
 * (D39), a file: path without dot-segments and http(s) URLs normalized (RFC 3986 6.2.2: case, percent-encoding,
 * dot-segments; 6.2.3: the default port, an empty path is "/"; a port's leading zeros).
 */
function settle(sigs: Sig[]): Sig[] {
  for (let i = 1; i < sigs.length; i++) {
    const s = sigs[i]!;
    const prev = sigs[i - 1]!.fields;
    const add = s.fields.path;
    if (!FOLDED.has(s.scheme) || add === undefined || add === "") continue;
    if (prev.url !== undefined) prev.url = joinPath(prev.url, encodePath(add));
    else if (prev.path !== undefined) prev.path = joinPath(prev.path, add);
    else continue;
    s.fields.path = "";
  }
  for (const s of sigs) {
    if (s.fields.url !== undefined) s.fields.url = normalizeHttp(s.fields.url);
    if (s.fields.query !== undefined) s.fields.query = normalizePercent(s.fields.query);
    if (s.scheme === "file" && s.fields.path !== undefined) s.fields.path = removeDotSegments(s.fields.path);
  }
  for (let i = 1; i < sigs.length; i++) {
    if (!DIRECTORY_ADAPTERS.has(sigs[i]!.scheme)) continue;
    const prev = sigs[i - 1]!.fields;
    if (prev.path !== undefined) prev.path = prev.path.replace(/\/+$/, "");
    if (prev.url !== undefined) prev.url = prev.url.replace(/(?<!\/)\/+$/, "");
  }
  return sigs;
}

function joinPath(base: string, path: string): string {
  return base === "" || base.endsWith("/") ? base + path : `${base}/${path}`;
}

const DEFAULT_PORT: Record<string, string> = { http: ":80", https: ":443" };

function normalizeHttp(url: string): string {
  const m = /^([^:]*):\/\/([^/]*)(.*)$/s.exec(url);
  if (!m) return url;
  const [, scheme, authority, path] = m as unknown as [string, string, string, string];
  // A port is a number (RFC 3986 3.2.3): ":080" is port 80, as WHATWG reads it.
  let host = normalizePercent(authority)
    .toLowerCase()
    .replace(/:0+(?=\d+$)/, ":");
  if (host.endsWith(DEFAULT_PORT[scheme.toLowerCase()] ?? "\0") || host.endsWith(":")) host = host.replace(/:\d*$/, "");
  return `${scheme.toLowerCase()}://${host}${removeDotSegments(normalizePercent(path)) || "/"}`;
}

const FIELD_WORDS: Record<string, string> = {
  url: "URL",
  query: "query",
  path: "path",
  host: "host",
  bucket: "bucket",
  version: "version",
  pointer: "JSON pointer",
  dtype: "data type",
  text: "sub-URL",
  ref: "reference",
  range: "byte range",
};

function firstDifference(a: Sig[], b: Sig[]): string | null {
  if (a.length !== b.length) return `${b.length} components where the grammar reads ${a.length}`;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.scheme !== y.scheme) return `component ${i + 1} is "${y.scheme}:", not "${x.scheme}:"`;
    for (const k of new Set([...Object.keys(x.fields), ...Object.keys(y.fields)])) {
      if (x.fields[k] !== y.fields[k]) {
        const none = k === "version" ? "none (the latest)" : "none";
        const show = (v: string | undefined) =>
          v === undefined || (v === "" && (k === "version" || k === "query")) ? none : JSON.stringify(v);
        return `the ${x.scheme}: ${FIELD_WORDS[k] ?? k} is ${show(y.fields[k])}, where the grammar reads ${show(x.fields[k])}`;
      }
    }
  }
  return null;
}

/**
 * Versions and references inside a sub-URL: OCDBT's `vN` or commit time, Icechunk's `branch.NAME`, `tag.NAME` or
 * snapshot id, after the dialect's version marker (url-pipeline v0 `ocdbt://v1/`, ZEP 8 `ocdbt:@v1/`).
 *
 * Nothing here is written per dialect: each form is built with the builder (`build.ocdbt`, `build.icechunk`, the
 * same code `format()` uses), parsed by the dialect's generated parser, and read from the tree: the marker is the
 * text between the scheme's `:` and the start of the version's span, a keyword (`v`, `branch.`, `tag.`) is the
 * version's text without its number or name. A form that the builder cannot write or the parser does not read as a
 * version is left out. Worked out once per dialect.
 */
import * as build from "../meaning/build";
import type { DialectName, IcechunkSubUrl, OcdbtSubUrl, Span, SubUrl } from "../tree/nodes";
import { adapterContext } from "./openings";
import type { CandidateKind } from "./types";
import { check } from "./engine";

export interface VersionItem {
  /** `v`, `branch.`, `tag.`, or a template `2025-01-01T00:00:00Z`. */
  text: string;
  kind: Extract<CandidateKind, "version" | "ref-keyword" | "template">;
  detail: string;
}

export interface VersionForm {
  /** The scheme, lower-case: `ocdbt` or `icechunk`. */
  scheme: string;
  /** What comes between `scheme:` and the version: `//` (url-pipeline v0) or `@` (ZEP 8). */
  marker: string;
  /** The detail of the marker's candidate. */
  detail: string;
  items: VersionItem[];
}

/** The commit time of the template (D31): midnight UTC, the first day of 2025; any instant would do. */
const TEMPLATE_TIME = { year: 2025, month: 1, day: 1, hour: 0, minute: 0, second: 0, nanosecond: 0 };

interface Sample {
  scheme: "ocdbt" | "icechunk";
  spec: build.SubUrlSpec;
  kind: VersionItem["kind"];
  /** The version's span and the keyword in it, read from the parsed sub-URL; null if it has none. */
  read(s: SubUrl): { span: Span; text: string } | null;
  detail: string;
}

const SAMPLES: Sample[] = [
  {
    scheme: "ocdbt",
    spec: build.ocdbt({ version: { generation: 1n } }),
    kind: "version",
    read: (s) => {
      const v = (s as OcdbtSubUrl).version;
      return v?.kind === "generation"
        ? { span: v.span, text: v.raw.slice(0, v.raw.length - String(v.generation).length) }
        : null;
    },
    detail: "an OCDBT generation: vN, 1 <= N < 2^64, no leading zeros (D10)",
  },
  {
    scheme: "ocdbt",
    spec: build.ocdbt({ version: { commitTime: TEMPLATE_TIME } }),
    kind: "template",
    read: (s) => {
      const v = (s as OcdbtSubUrl).version;
      return v?.kind === "commit-time" ? { span: v.span, text: v.raw } : null;
    },
    detail: "an OCDBT commit time, RFC 3339 in UTC (Z), up to 9 fraction digits: overwrite it (D10)",
  },
  {
    scheme: "icechunk",
    spec: build.icechunk({ ref: { branch: "x" } }),
    kind: "ref-keyword",
    read: (s) => {
      const r = (s as IcechunkSubUrl).ref;
      return r?.kind === "branch" ? { span: r.span, text: r.raw.slice(0, r.raw.length - r.name.raw.length) } : null;
    },
    detail: "an Icechunk branch: branch.NAME (case-sensitive, D9; a name must follow, D15)",
  },
  {
    scheme: "icechunk",
    spec: build.icechunk({ ref: { tag: "x" } }),
    kind: "ref-keyword",
    read: (s) => {
      const r = (s as IcechunkSubUrl).ref;
      return r?.kind === "tag" ? { span: r.span, text: r.raw.slice(0, r.raw.length - r.name.raw.length) } : null;
    },
    detail: "an Icechunk tag: tag.NAME (case-sensitive, D9; a name must follow, D15)",
  },
];

const MARKER_DETAIL: Record<Sample["scheme"], string> = {
  ocdbt: "a version follows: vN (a generation) or a commit time",
  icechunk: "a reference follows: branch.NAME, tag.NAME or a 20-character snapshot id",
};

const cache = new Map<DialectName, Map<string, VersionForm>>();

/**
 * The version forms of the dialect, by scheme.
 *
 * @example
 * ```ts
 * versionForms("url-pipeline-v0").get("ocdbt")!.marker;           // "//"
 * versionForms("zep8").get("icechunk")!.items.map((i) => i.text); // ["branch.", "tag."]
 * versionForms("zep8").get("ocdbt")!.items.map((i) => i.text);    // ["v", "2025-01-01T00:00:00Z"]
 * ```
 */
export function versionForms(dialect: DialectName): ReadonlyMap<string, VersionForm> {
  let forms = cache.get(dialect);
  if (!forms) {
    forms = derive(dialect);
    cache.set(dialect, forms);
  }
  return forms;
}

function derive(dialect: DialectName): Map<string, VersionForm> {
  const forms = new Map<string, VersionForm>();
  const context = adapterContext(dialect);
  if (context === null) return forms;
  for (const sample of SAMPLES) {
    const found = read(sample, context, dialect);
    if (!found) continue;
    let form = forms.get(sample.scheme);
    if (!form) {
      form = { scheme: sample.scheme, marker: found.marker, detail: MARKER_DETAIL[sample.scheme], items: [] };
      forms.set(sample.scheme, form);
    } else if (form.marker !== found.marker) {
      continue; // two markers for one scheme: no grammar here has that; keep the first.
    }
    form.items.push({ text: found.text, kind: sample.kind, detail: sample.detail });
  }
  return forms;
}

/** The sample written for the dialect, parsed after `context`: its marker and keyword, or null. */
function read(sample: Sample, context: string, dialect: DialectName): { marker: string; text: string } | null {
  let text: string;
  try {
    text = sample.spec.text(dialect);
  } catch {
    return null;
  }
  const r = check(context + text, dialect);
  if (!r.valid) return null;
  const s = r.pipeline.subUrls[r.pipeline.subUrls.length - 1]!;
  if (s.scheme !== sample.scheme) return null;
  const version = sample.read(s);
  if (!version || version.text === "") return null;
  const afterColon = s.span.start + s.rawScheme.length + 1;
  if (s.raw[s.rawScheme.length] !== ":" || version.span.start < afterColon) return null;
  return { marker: r.pipeline.raw.slice(afterColon, version.span.start), text: version.text };
}

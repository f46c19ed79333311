/**
 * Neuroglancer, modelled in part: how it reads the `ocdbt:` and `icechunk:` sub-URLs of a pipeline, from its
 * public source (google/neuroglancer, the commits below; each rule cites the line it rests on). Neuroglancer
 * splits a pipeline at every "|" and hands each adapter the text after "scheme:" (src/kvstore/url.ts). What it
 * does with the other sub-URLs is not modelled: where no rule refuses, its reading is `unknown`.
 */
import { schemeAndSuffix, type PartialImplementation, type Rule, type Source } from "./partial";

const REPO = "google/neuroglancer";
const OCDBT_URL = { repo: REPO, commit: "53a26aa2df11bbc08e54f0b710c7903d746ed569", path: "src/kvstore/ocdbt/url.ts" };
const VERSIONS = {
  repo: REPO,
  commit: "98a4294cdf2a1fef8d471393cd62adaa8b52af6a",
  path: "src/kvstore/ocdbt/version_specifier.ts",
};
const ICECHUNK_URL = {
  repo: REPO,
  commit: "f98ce99a8e072198b5f21df387cca7bd682bab9d",
  path: "src/kvstore/icechunk/url.ts",
};
const at = (file: Omit<Source, "line">, line: number): Source => ({ ...file, line });

/** parseVersion's pattern: a generation without leading zeros, or a commit time with two-digit fields. */
const VERSION = /^(?:v([1-9]\d*)|(?:\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d*)?Z))$/;
/** The split of an ocdbt: or icechunk: suffix into a version (after "@", up to "/") and a path. */
const VERSIONED = /^(?:@([^/]*)(?:\/|$))?(.*)$/;

/** The suffixes of the parts with this scheme (compared as written). */
function suffixes(parts: readonly string[], scheme: string): string[] {
  return parts
    .map(schemeAndSuffix)
    .filter((p) => p.scheme === scheme)
    .map((p) => p.suffix ?? "");
}

const decodes = (text: string) => {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};

function forEach(
  parts: readonly string[],
  scheme: string,
  f: (suffix: string) => string | null,
): { refuses: string } | null {
  for (const s of suffixes(parts, scheme)) {
    const why = f(s);
    if (why !== null) return { refuses: why };
  }
  return null;
}

function v0Version(parts: readonly string[], scheme: string): { note: string } | null {
  const s = suffixes(parts, scheme).find((x) => x.startsWith("//"));
  if (s === undefined) return null;
  return { note: `it reads "${scheme}:${s}" as the path "${s}", with no version` };
}

/**
 * The checks parseOcdbtUrl and parseIcechunkUrl share (`lines`: where each stands in the file): no "?" or "#",
 * a path that decodeURIComponent reads; and what they make of v0's `//VERSION/`, a path.
 */
function shared(
  scheme: string,
  file: Omit<Source, "line">,
  lines: { query: number; split: number; path: number },
): Rule[] {
  return [
    {
      source: at(file, lines.query),
      test: (parts) => forEach(parts, scheme, (s) => (/[?#]/.test(s) ? `a "?" or "#" in an ${scheme}: sub-URL` : null)),
    },
    {
      source: at(file, lines.path),
      test: (parts) =>
        forEach(parts, scheme, (s) =>
          decodes(VERSIONED.exec(s)![2]!) ? null : `an ${scheme}: path that decodeURIComponent refuses`,
        ),
    },
    { source: at(file, lines.split), test: (parts) => v0Version(parts, scheme) },
  ];
}

export const NEUROGLANCER: PartialImplementation = {
  implementation: "Neuroglancer",
  version: "google/neuroglancer (ocdbt 53a26aa2, 98a4294c; icechunk f98ce99a)",
  rules: [
    ...shared("ocdbt", OCDBT_URL, { query: 44, split: 46, path: 51 }),
    {
      source: at(VERSIONS, 40),
      test: (parts) =>
        forEach(parts, "ocdbt", (s) => {
          const v = VERSIONED.exec(s)![1];
          if (v === undefined || VERSION.test(v)) return null;
          return `"${v}" is not an OCDBT version it reads (a generation v1, v2, ... without leading zeros, or YYYY-MM-DDThh:mm:ss[.f]Z)`;
        }),
    },
    {
      source: at(VERSIONS, 50),
      test: (parts) =>
        forEach(parts, "ocdbt", (s) => {
          const g = VERSION.exec(VERSIONED.exec(s)![1] ?? "")?.[1];
          return g !== undefined && BigInt(g) > 0xffffffffffffffffn ? `the generation v${g} is above 2^64-1` : null;
        }),
    },
    ...shared("icechunk", ICECHUNK_URL, { query: 86, split: 88, path: 93 }),
    {
      source: at(ICECHUNK_URL, 64),
      test: (parts) =>
        forEach(parts, "icechunk", (s) => {
          const ref = VERSIONED.exec(s)![1];
          return ref === "branch." || ref === "tag." ? `"@${ref}" names no branch or tag` : null;
        }),
    },
  ],
};

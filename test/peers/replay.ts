/**
 * Replays one peer case through the package API and says whether the package agrees with what the peer's test
 * states. Used by peers.test.ts; see README.md in this folder.
 */
import { validate, normalize } from "../../src";
import type { DialectName, SubUrl } from "../../src";

export type DisagreementClass = "peer-deviates-from-spec" | "spec-silent-we-decided" | "out-of-scope";

/** What a peer's test states, or what the package says: the same shape, so the two compare field by field. */
export interface Outcome {
  accepts: boolean;
  /** The canonical spelling (the peer's round-trip URL; the package's `normalize(input, { dialect })`). */
  canonical?: string;
  /** "INDEX.FIELD" (sub-URL index, field of our tree: scheme, raw, bucket, path, host, port, query, body, ref, version). */
  fields?: Record<string, string | number | null>;
}

export interface Provenance {
  repo: string;
  commit: string;
  path: string;
  line: number;
}

export interface PeerCase {
  input: string;
  dialect: DialectName;
  peer: Outcome;
  provenance: Provenance;
  note?: string;
  disagreement?: {
    class: DisagreementClass;
    reason: string;
    /** What the package says where it differs from the peer (checked, so a stale classification fails). */
    package: Partial<Outcome>;
  };
}

export interface PeerFile {
  about: string;
  repo: string;
  commit: string;
  cases: PeerCase[];
}

/** One field of a sub-URL of our tree, as the peers' tests state such values: the decoded value, a ref's text. */
export function fieldOf(subUrl: SubUrl, field: string): string | number | null | undefined {
  const node = (subUrl as unknown as Record<string, unknown>)[field];
  if (field === "scheme" || field === "raw") return node as string;
  if (node === null) return null;
  if (node === undefined || typeof node !== "object") return undefined;
  if (field === "ref" || field === "version") return (node as { raw: string }).raw;
  return (node as { value: string | number | null }).value;
}

export interface Replay {
  /** What the package says, for the fields the peer states. */
  package: Outcome;
  /** Where the package differs from the peer: [] when it agrees. */
  differences: string[];
}

export function replay(c: PeerCase): Replay {
  const r = validate(c.input, { dialect: c.dialect });
  const pkg: Outcome = { accepts: r.valid };
  const differences: string[] = [];
  if (pkg.accepts !== c.peer.accepts) differences.push(`accepts: peer ${c.peer.accepts}, package ${pkg.accepts}`);
  if (r.valid) {
    if (c.peer.canonical !== undefined) {
      pkg.canonical = normalize(c.input, { dialect: c.dialect });
      if (pkg.canonical !== c.peer.canonical) {
        differences.push(
          `canonical: peer ${JSON.stringify(c.peer.canonical)}, package ${JSON.stringify(pkg.canonical)}`,
        );
      }
    }
    if (c.peer.fields) {
      pkg.fields = {};
      const subUrls = r.pipeline.subUrls;
      for (const [key, expected] of Object.entries(c.peer.fields)) {
        const [index, field] = key.split(".", 2) as [string, string];
        const subUrl = subUrls[Number(index)];
        const actual = subUrl === undefined ? undefined : fieldOf(subUrl, field);
        pkg.fields[key] = actual === undefined ? null : actual;
        if (actual !== expected) {
          differences.push(`${key}: peer ${JSON.stringify(expected)}, package ${JSON.stringify(actual)}`);
        }
      }
    }
  }
  return { package: pkg, differences };
}

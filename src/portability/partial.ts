/**
 * Implementations modelled in part (zarr-python): a list of rules, each read in the implementation's public source
 * and cited (repository, commit, file, line). A rule looks at the input split as the implementation splits it (at
 * every "|") and says either that the implementation refuses it, or what it reads of one sub-URL. Only a refusal
 * decides the reading: where no rule refuses, the reading is `unknown`, with what the rules could say.
 */

/** Where a rule was read: the line of the statement it rests on. */
export interface Source {
  repo: string;
  commit: string;
  path: string;
  line: number;
}

export interface Rule {
  source: Source;
  /** A refusal (`refuses`) or what the implementation reads of a sub-URL (`note`), or null when it does not apply. */
  test(parts: readonly string[]): { refuses: string } | { note: string } | null;
}

export interface PartialImplementation {
  implementation: string;
  /** What the rules were read at: the repository and the commits of the files cited. */
  version: string;
  rules: readonly Rule[];
}

export function cite(s: Source): string {
  return `${s.repo} ${s.commit.slice(0, 8)} ${s.path}:${s.line}`;
}

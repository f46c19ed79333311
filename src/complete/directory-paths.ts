/**
 * D28's directory rule without a tree: whether the path of a sub-URL is empty or ends with "/", told by the state
 * the pipeline's DFA is in at the end of the sub-URL and by whether its last character is "/".
 *
 * The DFA does not record where a path starts, so that is learned from the grammar, once per scheme with the
 * directory rule: a breadth-first walk over the DFA's tables from `SCHEME:` (and the bare `SCHEME`), never
 * crossing `|`, reaches every pair (state, last character "/" or not) a sub-URL of the scheme can end in; the
 * shortest text to each accepting pair is parsed (without value checks, which do not move a path) and its path
 * tested. About ten parses a scheme.
 *
 * Why the pair is enough: in these grammars a directory-rule scheme's path is the last part of its sub-URL (none
 * has a query or a fragment, grammar/schemes/), so a "/" at the end is the path's; and a state before the path
 * (in the scheme, the host or port, the bucket, an Icechunk reference) is never a state inside it, as they differ
 * in what may follow or in the tag the automaton records. test/complete/base-kind.test.ts holds the answers to
 * the parser's trees on every prefix of every spec example and on pipelines derived from the ABNF. A pair the walk
 * did not reach (a scheme typed in upper case leading to another state, say) gives undefined: the caller then asks
 * the parser.
 */
import { accepting, rowAfter } from "../dfa/scan";
import { isDirectoryPath } from "../kinds";
import { parseStructure } from "../parse";
import type { DialectName, Pipeline } from "../tree/nodes";
import { pipelineAutomaton, RULE } from "./engine";
import { adapterContext } from "./openings";

const BAR = 0x7c;
const SLASH = 0x2f;

/** Per dialect and scheme: (row * 2 + 1 if the sub-URL ends with "/") -> whether its path is a directory's. */
const tables = new Map<DialectName, Map<string, ReadonlyMap<number, boolean>>>();

/**
 * Whether a sub-URL of `scheme` (lower-case; a scheme with the directory rule, in `role`) that leaves the
 * pipeline's DFA at `row` has an empty path or one that ends with "/"; undefined if the walk did not reach that
 * state.
 *
 * @example
 * ```ts
 * const a = pipelineAutomaton("url-pipeline-v0");
 * directoryPath("url-pipeline-v0", "root", "s3", rowAfter(a, "s3://bucket"), false);   // true (no path)
 * directoryPath("url-pipeline-v0", "root", "s3", rowAfter(a, "s3://bucket/a"), false); // false
 * directoryPath("url-pipeline-v0", "root", "s3", rowAfter(a, "s3://bucket/a/"), true); // true
 * ```
 */
export function directoryPath(
  dialect: DialectName,
  role: "root" | "adapter",
  scheme: string,
  row: number,
  endsWithSlash: boolean,
): boolean | undefined {
  let bySchemes = tables.get(dialect);
  if (!bySchemes) tables.set(dialect, (bySchemes = new Map()));
  let table = bySchemes.get(scheme);
  if (!table) bySchemes.set(scheme, (table = derive(dialect, role, scheme)));
  return table.get(row * 2 + (endsWithSlash ? 1 : 0));
}

function derive(dialect: DialectName, role: "root" | "adapter", scheme: string): ReadonlyMap<number, boolean> {
  const table = new Map<number, boolean>();
  const context = role === "root" ? "" : adapterContext(dialect);
  if (context === null) return table;
  const a = pipelineAutomaton(dialect);
  const base = rowAfter(a, context);
  const keyOf = (row: number, text: string) => row * 2 + (text.charCodeAt(text.length - 1) === SLASH ? 1 : 0);

  // The shortest sub-URL text to each pair. Only texts past the colon are extended: from the bare name, a
  // character could make another scheme (url-pipeline v0's `s3.x:` is a vendor's).
  const samples = new Map<number, string>();
  const queue: { row: number; text: string }[] = [];
  const colon = rowAfter(a, `${scheme}:`, base);
  if (colon !== 0) {
    samples.set(keyOf(colon, `${scheme}:`), `${scheme}:`);
    queue.push({ row: colon, text: `${scheme}:` });
  }
  for (let i = 0; i < queue.length; i++) {
    const { row, text } = queue[i]!;
    for (let c = 0; c < 128; c++) {
      if (c === BAR) continue;
      const next = a.table[row + c]! % a.tagChange;
      if (next === 0) continue;
      const longer = text + String.fromCharCode(c);
      const key = keyOf(next, longer);
      if (samples.has(key)) continue;
      samples.set(key, longer);
      queue.push({ row: next, text: longer });
    }
  }
  const bare = rowAfter(a, scheme, base);
  if (bare !== 0 && !samples.has(keyOf(bare, scheme))) samples.set(keyOf(bare, scheme), scheme);

  for (const [key, text] of samples) {
    if (!accepting(a, key >> 1)) continue;
    const path = pathOf(context + text, dialect, scheme);
    if (path !== null) table.set(key, isDirectoryPath(path));
  }
  return table;
}

/** The path of the last sub-URL of `input`, as the parser reads it, if it is a sub-URL of `scheme` with a path. */
function pathOf(input: string, dialect: DialectName, scheme: string): string | null {
  let tree: Pipeline;
  try {
    tree = parseStructure(input, { dialect, rule: RULE }) as Pipeline;
  } catch {
    return null; // the engines agree, so an accepted input parses; if not, the pair stays unknown
  }
  const last = tree.subUrls[tree.subUrls.length - 1]!;
  const path = (last as { path?: { raw?: unknown } }).path?.raw;
  return last.scheme === scheme && typeof path === "string" ? path : null;
}

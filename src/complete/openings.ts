/**
 * A scheme's opening: its name and what its grammar forces after it, in canonical spelling (D31):
 * `s3://`, `gs://`, `http://`, `https://`, `s3+http://`, `s3+https://`, `file:///`, `memory://` (v0), `zip:`,
 * `byte-range:`, `..:` (ZEP 8), and every other adapter `NAME:`.
 *
 * Worked out from the generated DFA of the pipeline rule, never written down, so it cannot drift from grammar/:
 * 1. the name; if that is not yet a complete sub-URL, `:` (RFC 3986 `scheme ":"`), if the grammar lets it follow;
 * 2. while the sub-URL is not complete, up to two `/` (RFC 3986's `"//" authority`), each only if the grammar lets
 *    the input continue with it;
 * 3. once the sub-URL is complete, it is written as normalize() writes it (D24: `file:/` -> `file:///`,
 *    `zip` -> `zip:`), which needs the parser's tree.
 * Each step is one move of the DFA; the spelling of step 3 costs one parse. An opening is kept for the
 * process once found. test/complete/openings.test.ts checks, by probing every printable ASCII character, that each
 * character steps 1 and 2 append is the only one the grammar allows at that point, and that after them the
 * sub-URL is complete or more than one character can follow: the openings are what the grammar forces, no more and
 * no less.
 */
import { DIALECTS, type SchemeInfo } from "../dialects";
import { accepting, rowAfter } from "../dfa/scan";
import { accepts } from "../dfa/verdict";
import { normalizeSubUrl } from "../meaning/normalize";
import type { DialectName } from "../tree/nodes";
import { check, pipelineAutomaton } from "./engine";

const byRole = new Map<string, readonly SchemeInfo[]>();

/** The dialect's schemes of one role, in the order of generated/DIALECT/dialect.json. */
export function dialectSchemes(dialect: DialectName, role: "root" | "adapter"): readonly SchemeInfo[] {
  const key = `${dialect} ${role}`;
  let found = byRole.get(key);
  if (!found) byRole.set(key, (found = Object.freeze(DIALECTS[dialect].meta.schemes.filter((s) => s.role === role))));
  return found;
}

const cache = new Map<string, string>();
const contexts = new Map<DialectName, string | null>();

/**
 * The opening of `scheme` (a name from the dialect's metadata) in its role.
 *
 * @example
 * ```ts
 * opening("url-pipeline-v0", "s3", "root");        // "s3://"
 * opening("url-pipeline-v0", "file", "root");      // "file:///"
 * opening("url-pipeline-v0", "memory", "root");    // "memory://"
 * opening("zep8", "byte-range", "adapter");        // "byte-range:"
 * opening("zep8", "..", "adapter");                // "..:"
 * ```
 */
export function opening(dialect: DialectName, scheme: string, role: "root" | "adapter"): string {
  const key = `${dialect} ${role} ${scheme}`;
  let found = cache.get(key);
  if (found === undefined) {
    found = derive(dialect, scheme, role);
    cache.set(key, found);
  }
  return found;
}

/** The steps of the opening, as appended: `["s3", ":", "/", "/"]`; for the tests. */
export function openingSteps(
  dialect: DialectName,
  scheme: string,
  role: "root" | "adapter",
): { context: string; steps: string[] } {
  const context = role === "root" ? "" : adapterContext(dialect);
  if (context === null) return { context: "", steps: [scheme] };
  const a = pipelineAutomaton(dialect);
  const steps = [scheme];
  // 0 (dead) when nothing can continue the text; the DFA's every other state can still reach a valid input.
  let row = rowAfter(a, context + scheme);
  const step = (c: string): boolean => {
    const next = rowAfter(a, c, row);
    if (next === 0) return false;
    steps.push(c);
    row = next;
    return true;
  };
  // "Complete" is the grammar's: an accepting state, whatever a value check would say (later typing fixes values).
  if (!accepting(a, row) && step(":")) {
    for (let slashes = 0; slashes < 2 && !accepting(a, row) && step("/"); slashes++);
  }
  return { context, steps };
}

function derive(dialect: DialectName, scheme: string, role: "root" | "adapter"): string {
  const { context, steps } = openingSteps(dialect, scheme, role);
  const text = steps.join("");
  return canonical(context, text, dialect) ?? text;
}

/** normalize()'s spelling of the last sub-URL of `context + text` (D24), when that is a valid pipeline. */
function canonical(context: string, text: string, dialect: DialectName): string | null {
  const r = check(context + text, dialect);
  if (!r.valid) return null;
  const written = normalizeSubUrl(r.pipeline.subUrls[r.pipeline.subUrls.length - 1]!, dialect);
  return written === text || accepts(pipelineAutomaton(dialect), context + written) ? written : null;
}

/**
 * A valid root to work out adapters after: the opening of the first root scheme that is a valid pipeline by
 * itself (`file:///` in both dialects), then `|`. Adapters are context-free after `|` (the grammar is
 * `root *( "|" adapter )`), so any valid root will do. Null if no root is valid by its opening alone.
 */
export function adapterContext(dialect: DialectName): string | null {
  if (contexts.has(dialect)) return contexts.get(dialect)!;
  let found: string | null = null;
  for (const s of dialectSchemes(dialect, "root")) {
    const text = opening(dialect, s.scheme, "root");
    if (accepts(pipelineAutomaton(dialect), text)) {
      found = `${text}|`;
      break;
    }
  }
  contexts.set(dialect, found);
  return found;
}

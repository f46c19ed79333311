/**
 * The message of a syntax error, in the user's terms: the sub-URL it is in, what the grammar expected there
 * (./expectations), and, where the offset is in a scheme, what is wrong with the scheme: unknown, empty, or a
 * root scheme used as an adapter (or the other way round). Scheme lists come from the dialect's metadata, so they
 * follow the grammar.
 */
import { type DialectMeta, hasVendorSchemes } from "../dialects";
import { quoteChar, showChar, UNSEEN } from "../errors";
import { inScheme, schemeWord, subUrlAt, type SubUrlContext } from "./context";

export interface SyntaxMessage {
  message: string;
  subUrl: SubUrlContext | null;
}

const PIPELINE_RULES = new Set(["absolute-url-pipeline", "relative-url-pipeline"]);

export function syntaxMessage(
  input: string,
  offset: number,
  expected: readonly string[],
  found: string | null,
  meta: DialectMeta,
  rule: string,
): SyntaxMessage {
  const foundText = found === null ? "the end of the input" : PLAIN.test(found) ? `"${found}"` : quoteChar(found);
  const generic = `expected ${listOnce(expected)}, found ${foundText}`;
  if (!PIPELINE_RULES.has(rule)) return { message: generic, subUrl: null };
  const ctx = subUrlAt(input, offset);
  if (!inScheme(input, ctx, offset)) return { message: `${location(ctx, meta)}: ${generic}`, subUrl: ctx };
  const role = ctx.index === 0 ? "root" : "adapter";
  const schemes = names(meta, role);
  const wanted = role === "root" ? `a root scheme (${schemes})` : `an adapter scheme (${schemes})`;
  const word = schemeWord(ctx);
  if (word === "") {
    const what =
      ctx.raw === ""
        ? ctx.index === 0
          ? "the pipeline starts with nothing"
          : `sub-URL ${ctx.index + 1} is empty`
        : `sub-URL ${ctx.index + 1} has no scheme`;
    return { message: `${what}: expected ${wanted}, found ${foundText}`, subUrl: ctx };
  }
  const other = role === "root" ? "adapter" : "root";
  const lower = word.toLowerCase();
  if (known(meta, lower, other)) {
    const why =
      other === "adapter"
        ? `"${word}" is an adapter scheme: it reads the sub-URL before it, so it cannot start a pipeline; a pipeline starts with ${wanted}`
        : `"${word}" is a root scheme: it can only be the first sub-URL; sub-URL ${ctx.index + 1} needs ${wanted}`;
    return { message: why, subUrl: ctx };
  }
  if (known(meta, lower, role)) return { message: `${location(ctx, meta)}: ${generic}`, subUrl: ctx };
  const vendor = hasVendorSchemes(meta) ? `, and a non-standard scheme is written "vendor.name"` : "";
  if (role === "root" && word.length === ctx.raw.length) {
    // The whole root is one word (`foo.bar|zip:x`, `a.zip|zip:x`): no ":" ends it, so it is no scheme at all,
    // whatever its spelling. (An adapter may be its scheme alone: `|gzip`.)
    return {
      message: `"${word}" has no ":" and is not a root scheme of ${meta.name}: a pipeline starts with a root scheme and ":"; the root schemes are ${schemes}${vendor}`,
      subUrl: ctx,
    };
  }
  return {
    message: `"${word}" is not ${role === "root" ? "a root" : "an adapter"} scheme of ${meta.name}: the ${role} schemes are ${schemes}${vendor}`,
    subUrl: ctx,
  };
}

/** `in "s3://bucket/a b" (s3)`, or `in sub-URL 2 of 3, "zip:x" (zip)`: where a message's problem is. */
export function location(ctx: SubUrlContext, meta: DialectMeta): string {
  const scheme = ctx.scheme && known(meta, ctx.scheme) ? ` (${ctx.scheme})` : "";
  return `${ctx.count === 1 ? "in " : `in sub-URL ${ctx.index + 1} of ${ctx.count}, `}${show(ctx.raw)}${scheme}`;
}

function known(meta: DialectMeta, scheme: string, role?: "root" | "adapter"): boolean {
  let roles = ROLES.get(meta);
  if (!roles) {
    roles = new Map(meta.schemes.map((s) => [s.scheme, s.role as "root" | "adapter"]));
    ROLES.set(meta, roles);
  }
  const r = roles.get(scheme);
  return r !== undefined && (role === undefined || r === role);
}

/** Each dialect's schemes and their roles, for known(): a look-up, not a walk, on every refused input's message. */
const ROLES = new WeakMap<DialectMeta, Map<string, "root" | "adapter">>();

function names(meta: DialectMeta, role: "root" | "adapter"): string {
  let byRole = NAMES.get(meta);
  if (!byRole) NAMES.set(meta, (byRole = {}));
  // A name without a letter (ZEP 8's "..") is quoted, so that it does not read as the list trailing off.
  return (byRole[role] ??= meta.schemes
    .filter((s) => s.role === role)
    .map((s) => (/[a-z]/i.test(s.scheme) ? s.scheme : `"${s.scheme}"`))
    .join(", "));
}

/** The scheme lists of each dialect's messages, made once. */
const NAMES = new WeakMap<DialectMeta, { root?: string; adapter?: string }>();

/**
 * list() of an expected list, written once per list: the DFA's lists are one array per state
 * (./automaton-expectations.ts), so a refused input's message joins no list another has joined.
 */
function listOnce(items: readonly string[]): string {
  let text = LISTED.get(items);
  if (text === undefined) LISTED.set(items, (text = list(items)));
  return text;
}

const LISTED = new WeakMap<readonly string[], string>();

export function list(items: readonly string[]): string {
  if (items.length === 0) return "nothing more";
  if (items.length === 1) return items[0]!;
  return `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

/** Printable ASCII but '"' and "\\": text that is its own JSON string, with nothing to escape or show. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A sub-URL quoted for a message, shortened when long. */
function show(raw: string): string {
  const text = raw.length > 60 ? `${raw.slice(0, 57)}...` : raw;
  // Printable ASCII without '"' or "\\" (most inputs) is its own JSON string: quoted, nothing to escape or show.
  if (PLAIN.test(text)) return `"${text}"`;
  return UNSEEN.test(text) ? Array.from(JSON.stringify(text), showChar).join("") : JSON.stringify(text);
}

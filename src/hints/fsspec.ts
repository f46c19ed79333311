/**
 * fsspec chains (ZEP 8, "Related Work": "fsspec uses a delimiter of `::` rather than `|`" and "orders sub-URLs
 * from innermost to outermost"): `zip://inner/path::s3://bucket/a.zip` -> `s3://bucket/a.zip|zip:inner/path`,
 * and longer chains the same way (`zip://b.txt::zip://inner.zip::s3://bucket/outer.zip` ->
 * `s3://bucket/outer.zip|zip:inner.zip|zip:b.txt`).
 *
 * Each element is `PROTOCOL` or `PROTOCOL://PATH`; the last (outermost) one is `PROTOCOL://...` or a local path.
 * An adapter protocol that is a scheme of the dialect becomes `PROTOCOL:PATH`; the outermost one keeps its URL,
 * with fsspec's other names for our roots (`gcs` for `gs`, `s3a` for `s3`) and a local path as its `file:` URL.
 * Protocols with no URL pipeline scheme (`simplecache`, `filecache`, `blockcache`, `tar`, `reference`, ...) give
 * a hint without a replacement (`fsspec-chain`). `::` inside `[...]` (an IPv6 host) does not split.
 */
import { localPathToUrl } from "./local-path";
import { quote, type HintKind } from "./types";

/** fsspec protocol names of our root schemes, where they differ or match. */
const FSSPEC_ROOTS: Readonly<Record<string, string>> = {
  s3: "s3", s3a: "s3", gs: "gs", gcs: "gs", file: "file", http: "http", https: "https", memory: "memory",
};

/** fsspec's caching protocols. */
const CACHING = new Set(["simplecache", "filecache", "blockcache", "cached"]);

const PROTOCOL = /^([A-Za-z][A-Za-z0-9+.-]*)(?::\/\/([\s\S]*))?$/;
const ROOT = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([\s\S]*)$/;

/** The input split on "::" outside brackets; null for fewer than two elements. */
function splitChain(input: string): string[] | null {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (c === "[") depth++;
    else if (c === "]" && depth > 0) depth--;
    else if (c === ":" && input[i + 1] === ":" && depth === 0) {
      out.push(input.slice(start, i));
      i++;
      start = i + 1;
    }
  }
  out.push(input.slice(start));
  return out.length >= 2 ? out : null;
}

export const fsspec: HintKind = {
  name: "fsspec",

  onInvalid(ctx) {
    const input = ctx.input;
    if (!input.includes("::") || input.includes("|")) return [];
    const elements = splitChain(input);
    if (!elements) return [];
    const inner = elements.slice(0, -1).map((e) => PROTOCOL.exec(e));
    const outer = elements[elements.length - 1]!;
    if (inner.some((m) => m === null)) return [];
    const unknown: string[] = [];
    const adapters: string[] = [];
    for (const m of inner as RegExpExecArray[]) {
      const protocol = m[1]!.toLowerCase();
      if (ctx.adapters.has(protocol)) adapters.unshift(`${protocol}:${m[2] ?? ""}`);
      else unknown.push(m[1]!);
    }
    let root: string | null = null;
    const r = ROOT.exec(outer);
    if (r) {
      const ours = Object.hasOwn(FSSPEC_ROOTS, r[1]!.toLowerCase()) ? FSSPEC_ROOTS[r[1]!.toLowerCase()]! : null;
      if (ours !== null && ctx.roots.has(ours)) root = `${ours}://${r[2]}`;
      else unknown.push(r[1]!);
    } else {
      root = localPathToUrl(outer);
      if (root === null) return []; // neither a URL nor a local path: not an fsspec chain
    }
    const base = `${quote(input)} is an fsspec chain ("::", inner to outer); a URL pipeline lists its sub-URLs ` +
      `outer to inner, separated by "|"`;
    if (unknown.length > 0) {
      const distinct = [...new Set(unknown)];
      const caching = distinct.some((n) => CACHING.has(n.toLowerCase()))
        ? " (a cache says how to read, not where: leave it out)"
        : "";
      return [{
        code: "fsspec-chain",
        message: `${base}; ${distinct.map((n) => quote(n)).join(", ")} ${distinct.length === 1 ? "has" : "have"} no ` +
          `URL pipeline scheme${caching}`,
      }];
    }
    return [{ code: "fsspec-chain", message: base, text: [root!, ...adapters].join("|") }];
  },
};

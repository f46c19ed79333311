/**
 * fsspec chains (ZEP 8, "Related Work": "fsspec uses a delimiter of `::` rather than `|`" and "orders sub-URLs
 * from innermost to outermost"): `zip://inner/path::s3://bucket/a.zip` -> `s3://bucket/a.zip|zip:inner/path`.
 *
 * An input is taken for a chain when each element is `PROTOCOL` or `PROTOCOL://PATH` and the last (outermost)
 * one is `PROTOCOL://...` or a local path (`::` inside `[...]` does not count as a separator here, so that an
 * IPv6 host is recognized and the translation can say why fsspec cannot have it). The replacement is the
 * translation (src/translate/fsspec.ts, which follows fsspec's own reading), with the protocol names lower-cased
 * as fsspec needs them; what fsspec has and a pipeline has not (tar, dask, glob patterns, ...) is a hint without
 * a replacement that says why (`fsspec-chain`).
 */
import { isRelativePath, localPathToUrl } from "./local-path";
import { fromFsspec } from "../translate/fsspec";
import { translationHint } from "./translation";
import { quote, type HintKind } from "./types";

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
    const outer = elements[elements.length - 1]!;
    if (elements.slice(0, -1).some((e) => PROTOCOL.exec(e) === null)) return [];
    if (!ROOT.exec(outer) && localPathToUrl(outer) === null) {
      // fsspec's chain ending in a relative path (`zip://a.tif::tests/data/files.zip`): no file: URL names it.
      if (!isRelativePath(outer) && !/^[\w.-]+\.\w+$/.test(outer)) return []; // neither a URL nor a path: not a chain
      return [
        {
          code: "fsspec-chain",
          message:
            `${quote(input)} is an fsspec chain ("::", inner to outer) whose outermost element, ${quote(outer)}, is ` +
            `a relative path: no file: URL names it, and a URL pipeline starts with an absolute location`,
        },
      ];
    }
    // fsspec's protocol names are lower-case ("ZIP" would be a relative file name to it); a hint reads any case.
    const lowered = elements
      .map((e) => e.replace(/^[A-Za-z][A-Za-z0-9+.-]*(?=:\/\/|$)/, (p) => p.toLowerCase()))
      .join("::");
    const what =
      `${quote(input)} is an fsspec chain ("::", inner to outer); a URL pipeline lists its sub-URLs outer to inner, ` +
      `separated by "|"`;
    return [translationHint(ctx, "fsspec-chain", lowered, "fsspec", fromFsspec, what)];
  },
};

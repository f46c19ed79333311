import { parseString, type Node } from "abnf";
import type { Expr, Rule } from "./ir";

/**
 * One ABNF file, read with the abnf package and turned into the build's IR.
 *
 * The abnf package parses one text at a time and refuses "=/" for a rule the same text does not define.
 * Scheme files add to `root-sub-url` / `adapter-sub-url`, defined in another file, so before parsing, each
 * "NAME =/" line is rewritten to define a placeholder rule, and the placeholder comes back out of the AST
 * as an *extension* of NAME. RFC 5234 3.3 allows "=/" only at the start of a rule, which is a line that
 * starts with the rule name, so the rewrite cannot touch anything else.
 */
export interface LoadedFile {
  file: string;
  /** Rules defined with "=". */
  rules: Rule[];
  /** Alternatives added with "=/", by the rule they add to, in file order. */
  extensions: { name: string; expr: Expr; line: number }[];
  /** The file's leading comment block, without the ";" markers. */
  header: string[];
}

const EXTENSION_MARK = "--extends--";
const EXTENSION_LINE = /^([A-Za-z][A-Za-z0-9-]*)([ \t]*)=\/(.*)$/;

export function loadAbnf(text: string, file: string, rename: Record<string, string> = {}): LoadedFile {
  let counter = 0;
  const lines = text.split(/\r?\n/).map((line) => {
    const m = EXTENSION_LINE.exec(line);
    return m ? `${m[1]}${EXTENSION_MARK}${counter++}${m[2]}=${m[3]}` : line;
  });
  // RFC 5234 requires CRLF; the abnf package takes LF. A missing final newline is tolerated here.
  let rulesAst: ReturnType<typeof parseString>;
  try {
    rulesAst = parseString(lines.join("\n").replace(/\n*$/, "\n"), file);
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`);
  }
  const renameKeys = new Map(Object.entries(rename).map(([from, to]) => [from.toLowerCase(), to]));
  const unknown = [...renameKeys.keys()].filter((k) => !(k.toUpperCase() in rulesAst.defs));
  if (unknown.length > 0)
    throw new Error(`${file}: "rename" names rules this file does not define: ${unknown.join(", ")}`);
  const renamed = (name: string) => renameKeys.get(name.toLowerCase()) ?? name;

  const out: LoadedFile = { file, rules: [], extensions: [], header: leadingComment(text) };
  for (const def of Object.values(rulesAst.defs)) {
    const expr = toExpr(def.def, file, renamed);
    const at = def.name.indexOf(EXTENSION_MARK);
    if (at >= 0) {
      out.extensions.push({ name: renamed(def.name.slice(0, at)), expr, line: def.loc.start.line });
    } else {
      out.rules.push({ name: renamed(def.name), expr, source: { file, line: def.loc.start.line } });
    }
  }
  return out;
}

/** The lines of the comment a file starts with, without their ";" (a scheme file's header is there). */
export function leadingComment(text: string): string[] {
  const header: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith(";")) break;
    header.push(line.replace(/^;\s?/, ""));
  }
  return header;
}

function toExpr(node: Node, file: string, renamed: (name: string) => string): Expr {
  const where = () => `${file}:${node.loc.start.line}`;
  switch (node.type) {
    case "caseInsensitveString":
      // RFC 5234 2.3: a quoted string is case-insensitive. Without letters, case cannot matter.
      return { type: "literal", text: node.str, caseSensitive: !/[a-z]/i.test(node.str) };
    case "caseSensitveString":
      // RFC 7405 %s"...", and %x41.42 concatenations, which the abnf package also gives as strings.
      return { type: "literal", text: node.str, caseSensitive: true };
    case "range":
      return { type: "range", first: node.first, last: node.last };
    case "ruleref":
      return { type: "ref", name: renamed(node.name) };
    case "group":
      return toExpr(node.alt, file, renamed);
    case "concatenation":
      return { type: "seq", items: node.elements.map((e) => toExpr(e, file, renamed)) };
    case "alternation":
      return { type: "alt", items: node.alts.map((e) => toExpr(e, file, renamed)) };
    case "repetition": {
      if (node.rep.type === "hash_repeat") throw new Error(`${where()}: "#" lists (RFC 7230) are not RFC 5234 ABNF`);
      const { min, max } = node.rep;
      // RFC 3986's `path-empty = 0<pchar>`: zero repetitions of anything, prose included, is the empty string.
      if (max === 0) return { type: "empty" };
      const item = toExpr(node.el, file, renamed);
      if (min === 1 && max === 1) return item;
      return { type: "rep", min, max, item };
    }
    case "prose":
      throw new Error(`${where()}: prose <${node.str}> cannot be turned into a parser; write it as ABNF`);
  }
}

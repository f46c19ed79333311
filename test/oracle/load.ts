/**
 * The oracle's own reading of a dialect's grammar: the dialect manifest (grammar/dialects/NAME.json) and the
 * ABNF files it lists, put together as one ABNF text and parsed once with the abnf package.
 *
 * Written apart from the build (scripts/grammar/) on purpose: the differential tests compare the generated
 * parser with a recognizer that shares nothing with the PEG conversion but grammar/. So this file does its own
 * lexing, renaming, duplicate check and "=/" handling:
 *
 * - RFC 5234 3.1/4: a rule starts on a line whose first character begins a rule name; continuation lines
 *   start with white space. Comments run from ";" to the end of the line, outside quoted strings and prose.
 * - A manifest "rename" renames the listed rules of that file, definitions and references alike.
 * - A rule defined ("=") in more than one file must have the same tokens each time; it is kept once.
 * - RFC 5234 3.3: "=/" adds alternatives to a rule. All "=/" rules go after all "=" rules, so that the rule they
 *   add to exists; for a rule in the manifest's "assembled" list, which has no "=" definition, the first
 *   "=/" becomes "=".
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseString, type Node, type Rules } from "abnf";

/** The repository's grammar/ folder, found from here whether this file runs as .ts (jest) or from .build/. */
export const GRAMMAR_DIR = findGrammarDir(__dirname);

function findGrammarDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "grammar", "dialects"))) return path.join(dir, "grammar");
    if (path.dirname(dir) === dir) throw new Error(`oracle: no grammar/dialects above ${from}`);
  }
}

export interface Manifest {
  name: string;
  assembled?: string[];
  files: { path: string; rename?: Record<string, string> }[];
}

export interface OracleGrammar {
  dialect: string;
  /** Rule definitions by upper-cased name (the abnf package's key). */
  rules: Map<string, Node>;
  /** The ABNF text the oracle parsed (for reading when a test fails). */
  text: string;
}

type Token = { kind: "name" | "quoted" | "prose" | "num" | "repeat" | "op"; text: string };

/** One ABNF text without comments, as tokens. White space and line breaks are dropped. */
export function lex(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ";") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (/\s/.test(c)) {
      i++;
    } else if (c === '"' || c === "<" || /^%[sSiI]"/.test(text.slice(i, i + 3))) {
      // RFC 7405 %s"..." / %i"...": the marker belongs to the string.
      const open = c === "%" ? i + 2 : i;
      const end = text.indexOf(c === "<" ? ">" : '"', open + 1);
      if (end < 0) throw new Error(`unterminated ${c} at offset ${i}`);
      out.push({ kind: c === "<" ? "prose" : "quoted", text: text.slice(i, end + 1) });
      i = end + 1;
    } else if (c === "%") {
      const m = /^%(?:[bB][01.-]+|[dD][0-9.-]+|[xX][0-9A-Fa-f.-]+)/.exec(text.slice(i));
      if (!m) throw new Error(`bad numeric value at offset ${i}`);
      out.push({ kind: "num", text: m[0] });
      i += m[0].length;
    } else if (/[A-Za-z]/.test(c)) {
      const m = /^[A-Za-z][A-Za-z0-9-]*/.exec(text.slice(i))!;
      out.push({ kind: "name", text: m[0] });
      i += m[0].length;
    } else if (/[0-9*]/.test(c)) {
      // RFC 5234 3.6/3.7: a repeat prefix ("*", "1*4", "2") is written against the element it repeats.
      const m = /^(?:[0-9]*\*[0-9]*|[0-9]+)/.exec(text.slice(i))!;
      out.push({ kind: "repeat", text: m[0] });
      i += m[0].length;
    } else {
      const m = /^(=\/|=|\/|\(|\)|\[|\])/.exec(text.slice(i));
      if (!m) throw new Error(`unexpected ${JSON.stringify(c)} at offset ${i}`);
      out.push({ kind: "op", text: m[0] });
      i += m[0].length;
    }
  }
  return out;
}

interface Definition {
  name: string;
  incremental: boolean;
  tokens: Token[];
  file: string;
}

/** Splits a token list into rules: a rule name followed by "=" or "=/" starts a rule. */
function definitions(tokens: Token[], file: string): Definition[] {
  const out: Definition[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    if (t.kind === "name" && next?.kind === "op" && (next.text === "=" || next.text === "=/")) {
      out.push({ name: t.text, incremental: next.text === "=/", tokens: [], file });
      i++;
    } else {
      const current = out[out.length - 1];
      if (!current) throw new Error(`${file}: text before the first rule`);
      current.tokens.push(t);
    }
  }
  return out;
}

/** Tokens compared as ABNF means them: names and case-insensitive strings without case, numbers by value. */
function sameTokens(a: Token[], b: Token[]): boolean {
  const norm = (t: Token) =>
    t.kind === "name" || t.kind === "quoted" || t.kind === "num" ? t.text.toLowerCase() : t.text;
  return a.length === b.length && a.every((t, i) => t.kind === b[i]!.kind && norm(t) === norm(b[i]!));
}

/** The dialect's grammar, from grammar/dialects/DIALECT.json and the files it lists. */
export function loadOracleGrammar(dialect: string): OracleGrammar {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(GRAMMAR_DIR, "dialects", `${dialect}.json`), "utf8"),
  ) as Manifest;
  return assemble(manifest, (file) => fs.readFileSync(path.join(GRAMMAR_DIR, file), "utf8"));
}

/** A manifest's files, read with `read`, as one grammar. */
export function assemble(manifest: Manifest, read: (file: string) => string): OracleGrammar {
  const dialect = manifest.name;
  const defined = new Map<string, Definition>();
  const incremental: Definition[] = [];
  for (const f of manifest.files) {
    const rename = new Map(Object.entries(f.rename ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const tokens = lex(read(f.path)).map((t) =>
      t.kind === "name" && rename.has(t.text.toLowerCase()) ? { ...t, text: rename.get(t.text.toLowerCase())! } : t,
    );
    for (const d of definitions(tokens, f.path)) {
      if (d.incremental) {
        incremental.push(d);
        continue;
      }
      const prior = defined.get(d.name.toLowerCase());
      if (prior && !sameTokens(prior.tokens, d.tokens)) {
        throw new Error(`${d.name} is defined differently in ${prior.file} and ${d.file}`);
      }
      if (!prior) defined.set(d.name.toLowerCase(), d);
    }
  }
  const assembled = new Set((manifest.assembled ?? []).map((n) => n.toLowerCase()));
  const show = (tokens: Token[]) => tokens.map((t) => t.text + (t.kind === "repeat" ? "" : " ")).join("");
  const lines = [...defined.values()].map((d) => `${d.name} = ${show(d.tokens)}`);
  for (const d of incremental) {
    const key = d.name.toLowerCase();
    const first = assembled.has(key) && !defined.has(key);
    if (first) defined.set(key, d);
    else if (!defined.has(key)) throw new Error(`${d.file}: ${d.name} =/ adds to a rule nobody defines`);
    lines.push(`${d.name} ${first ? "=" : "=/"} ${show(d.tokens)}`);
  }
  const text = `${lines.join("\n")}\n`;
  // utf16 = false: value ranges stay code point ranges; the matcher reads code points.
  const parsed: Rules = parseString(text, `oracle:${dialect}`, false);
  return { dialect, rules: new Map(Object.entries(parsed.defs).map(([k, r]) => [k, r.def])), text };
}

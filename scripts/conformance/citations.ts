/**
 * What a case rests on, and where its `why` points: a grammar file (the sentence of the texts each scheme's ABNF
 * rests on, quoted in its header), the kinds a scheme's header states, a decision of docs/decisions.md where the
 * texts are silent, or a sentence of ZEP 8's relative resolution. Read from the repository's own files, so a
 * citation says what the grammar and the decisions say.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Citation } from "./types";

/** A header paragraph of a grammar file that starts with `lead` ("Rests on:"), joined into one line. */
function headerParagraph(text: string, lead: string): string | null {
  const comments = text.split("\n").map((l) => (l.startsWith(";") ? l.slice(1).trim() : null));
  const start = comments.findIndex((l) => l?.startsWith(lead));
  if (start < 0) return null;
  const lines: string[] = [];
  for (let i = start; i < comments.length && comments[i]; i++) lines.push(comments[i]!);
  return lines.join(" ").replace(/\s+/g, " ");
}

/** The first paragraph of a grammar file's header, and its first rule: what a file without "Rests on:" rests on. */
function headAndFirstRule(text: string): string {
  const lines = text.split("\n");
  const head: string[] = [];
  for (const l of lines) {
    if (!l.startsWith(";")) break;
    head.push(l.slice(1).trim());
  }
  const rule = lines.find((l) => /^[A-Za-z][A-Za-z0-9-]*\s*=/.test(l)) ?? "";
  return `${head.join(" ").replace(/\s+/g, " ")} ${rule.trim()}`.trim();
}

/** The `@scheme` of a grammar file's header, if it has one. */
function schemeOf(text: string): string | null {
  return /^; @scheme\s+(\S+)/m.exec(text)?.[1] ?? null;
}

/** `abnf:FILE` for a file's rules, `kinds:FILE` for the kinds its header states (FILE relative to grammar/). */
export function grammarCitations(root: string, files: readonly string[]): Record<string, Citation> {
  const out: Record<string, Citation> = {};
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, "grammar", file), "utf8");
    const scheme = schemeOf(text);
    const name = scheme ? `${scheme}: (grammar/${file})` : `grammar/${file}`;
    out[`abnf:${file}`] = {
      section: name,
      text: headerParagraph(text, "Rests on:")?.replace(/^Rests on: /, "") ?? headAndFirstRule(text),
    };
    const kinds = headerParagraph(text, "Kinds (@base, @result) rest on:");
    if (kinds)
      out[`kinds:${file}`] = { section: `${name}, resource kinds`, text: kinds.replace(/^Kinds .*?rest on: /, "") };
  }
  return out;
}

/** `Dnn` for each decision: its title, and its first paragraph (the decision itself). */
export function decisionCitations(root: string): Record<string, Citation> {
  const text = fs.readFileSync(path.join(root, "docs", "decisions.md"), "utf8");
  const out: Record<string, Citation> = {};
  const heads = [...text.matchAll(/^### (D\d+)\. (.+)$/gm)];
  heads.forEach((m, i) => {
    const end = heads[i + 1]?.index ?? text.length;
    const body = text.slice(m.index! + m[0].length, end);
    // The paragraphs after the heading, less the one-line "*Section.*" and anchors.
    const paragraphs = body
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s+/g, " ").trim())
      .filter((p) => p !== "" && !/^\*[^*]+\*$/.test(p) && !p.startsWith("<a id="));
    out[m[1]!] = { section: `docs/decisions.md ${m[1]}. ${m[2]}`, text: firstSentences(paragraphs[0] ?? "", 600) };
  });
  return out;
}

/** Whole sentences from the start of `text`, at most `max` characters (at least the first sentence). */
function firstSentences(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf(": "));
  return end > 0 ? `${cut.slice(0, end + 1)} ...` : `${cut} ...`;
}

/**
 * ZEP 8's sentences on relative pipelines and the `..` adapter (2025-11 revision, "Relative URL pipeline syntax" and
 * the `..` scheme), quoted: what the resolution cases rest on where the text speaks.
 */
export const ZEP8_RESOLUTION: Record<string, Citation> = {
  "zep8:relative-path": {
    section: 'ZEP 8 (2025-11), "Relative URL pipeline syntax"',
    text: "The initial `absolute_path` or `relative_path` applies to the path component of the inner-most (last) sub-URL. [...] After applying the `absolute_path` or `relative_path` to the existing absolute URL, any specified adapter sub-URLs are appended.",
  },
  "zep8:absolute-path": {
    section: 'ZEP 8 (2025-11), "Relative URL pipeline syntax"',
    text: "An `absolute_path` starts with a `/`, while a `relative_path` does not. [...] Note: An `absolute_path` overrides any existing *path* component of the inner-most sub-URL of the base, but is still relative to the scheme and other components of the inner-most sub-URL of the base URL pipeline that precede its path component, if any.",
  },
  "zep8:empty-path": {
    section: 'ZEP 8 (2025-11), "Relative URL pipeline syntax"',
    text: "If the `relative_path` is the empty string, the path component of the inner-most sub-URL remains unchanged. After applying the `absolute_path` or `relative_path` to the existing absolute URL, any specified adapter sub-URLs are appended.",
  },
  "zep8:dotdot": {
    section: "ZEP 8 (2025-11), the `..` scheme",
    text: "Any `..` adapters are resolved in order. The presence of a `..` adapter causes the prior adapter to be discarded. The path component is interpreted relative to the path of the sub-URL immediately prior to the discarded adapter sub-URL.",
  },
  "zep8:dotdot-at-root": {
    section: "ZEP 8 (2025-11), the `..` scheme",
    text: "It is an error if there are no remaining adapter sub-URLs when resolving the `..` adapter.",
  },
  "zep8:colon": {
    section: 'ZEP 8 (2025-11), "Relative URL pipeline syntax"',
    text: "As with regular URL syntax, it is not permitted for the first component of `relative_path` to contain a colon (`:`), e.g. `a:b`, since that would be ambiguous with specifying the base URL scheme for an absolute URL. Instead, such a relative URL must be prefixed with `./`, e.g. `./a:b`.",
  },
  "zep8:absolute-reference": {
    section: 'ZEP 8 (2025-11), "Relative URL pipeline syntax"',
    text: 'relative_url_pipeline = ( absolute_path / relative_path ) *( "|" adapter ) / absolute_url_pipeline',
  },
};

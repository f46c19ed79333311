/**
 * `url-pipeline schemes [--dialect D] [--json]`: the dialect's scheme registry (generated/DIALECT/dialect.json,
 * from the headers and rules of grammar/): each scheme's name, role, the kind its base must be and the kind it
 * yields, the shape of its body, its own version (the url-pipeline spec versions each scheme separately) and the
 * grammar file that defines it.
 *
 * Text: one scheme per line, in the dialect's file order, columns separated by two or more spaces:
 * `NAME  ROLE  BASE -> RESULT  SHAPE  VERSION  FILE` (VERSION: v0, or a name such as zep8-2025-11). `--json`: one line, `{"dialect", "version", "schemes": [...]}`
 * with each scheme's registry entry.
 */
import { getDialect } from "../dialects";
import type { DialectName } from "../tree/nodes";

export function schemesCommand(
  options: { dialect?: DialectName },
  json: boolean,
  io: { stdout(s: string): void },
): number {
  const { meta } = getDialect(options.dialect);
  if (json) {
    io.stdout(`${JSON.stringify({ dialect: meta.name, version: meta.version, schemes: meta.schemes })}\n`);
    return 0;
  }
  const rows = meta.schemes.map((s) => [
    s.scheme,
    s.role,
    `${s.role === "root" ? "" : `${s.base} `}-> ${s.dialectResult ?? s.result}`,
    s.shape,
    // A numbered version reads v0; a named one (zep8-2025-11) as it is.
    /^\d/.test(s.version) ? `v${s.version}` : s.version,
    s.file,
  ]);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows)
    io.stdout(`${r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  ")}\n`);
  return 0;
}

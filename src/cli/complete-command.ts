/**
 * `url-pipeline complete [--dialect D] [--json] [--] PARTIAL`: the ways to continue PARTIAL (src/complete/).
 *
 * Text: one candidate per line, `COMPLETION  LABEL (KIND: DETAIL)`: the completion first, so that a shell can take
 * the first field (a completion never contains a space: no rule of either grammar admits one), then two spaces and
 * what to show. `--json`: exactly one line, `{"candidates": [{"completion", "label", "kind", "detail"?}]}`.
 * Exit 0, with no candidates too (nothing to offer is an answer, not an error). docs/decisions.md D31.
 */
import { complete } from "../complete";
import type { DialectName } from "../tree/nodes";

/**
 * Prints the candidates for `partial` and returns the exit status, 0. An unknown dialect is a TypeError (the
 * command line's option parsing reports it as a usage error before this runs).
 *
 * @example
 * ```ts
 * completeCommand("s3://bucket/a.zip|z", {}, false, { stdout: (s) => process.stdout.write(s) });
 * // s3://bucket/a.zip|zarr:  zarr: (adapter-scheme: adapter: directory -> dataset)
 * // ...
 * completeCommand("s3:", {}, true, io);
 * // {"candidates":[{"completion":"s3://","label":"s3://","kind":"authority","detail":"root -> ..."}]}
 * ```
 */
export function completeCommand(
  partial: string,
  options: { dialect?: DialectName },
  json: boolean,
  io: { stdout(s: string): void },
): number {
  const candidates = complete(partial, { dialect: options.dialect });
  if (json) {
    const shown = candidates.map((c) => ({
      completion: c.completion,
      label: c.label,
      kind: c.kind,
      ...(c.detail !== undefined ? { detail: c.detail } : {}),
    }));
    io.stdout(`${JSON.stringify({ candidates: shown })}\n`);
  } else {
    let text = "";
    for (const c of candidates) text += `${c.completion}  ${c.label} (${c.kind}${c.detail ? `: ${c.detail}` : ""})\n`;
    if (text !== "") io.stdout(text);
  }
  return 0;
}

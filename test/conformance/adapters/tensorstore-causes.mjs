/**
 * Why TensorStore's answers differ from the suite's, case by case, and the report that lists them
 * (docs/conformance-tensorstore.md, written by test/conformance/tensorstore-report.mjs). A cause is read from the
 * case and the answer alone:
 * - TensorStore refuses what the suite accepts: its message, with what varies (quoted text, numbers) left out; an
 *   "unsupported URL scheme" is told apart by the scheme (upper case, a vendor's, or one TensorStore lacks);
 * - TensorStore accepts what the suite refuses: the suite's error code and the rule it rests on;
 * - both normalize, differently: the scheme of the first sub-URL that differs, and how it differs.
 */

const CASE_OF = /[A-Z]/;

/** TensorStore's message without the input it quotes and without numbers. */
function template(detail) {
  return (detail ?? "")
    .replace(/^Parsing spec from url: "(?:[^"\\]|\\.)*": /, "")
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/[0-9]+/g, "N");
}

/** "unsupported URL scheme" by what the scheme is. */
function schemeCause(detail) {
  const scheme = /unsupported URL scheme: "([^"]*)"/.exec(detail ?? "")?.[1];
  if (scheme === undefined) return null;
  if (CASE_OF.test(scheme)) return "refuses a scheme written in upper case (schemes are case-insensitive: D9)";
  if (scheme.includes(".")) return "refuses a vendor (non-standard) scheme (`vendor.name:`, url-pipeline v0)";
  return `has no \`${scheme}:\` scheme (TensorStore: unsupported URL scheme)`;
}

/** The start of a long text: the case's id finds the whole in the suite. */
function clip(s, n = 60) {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}

/** How two normalized pipelines differ: the first sub-URL that differs, and the kind of difference. */
function normalizeCause(expected, actual) {
  const a = expected.split("|");
  const b = actual.split("|");
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const ours = a[i] ?? "";
  const theirs = b[i] ?? "";
  const scheme = (/^[A-Za-z][A-Za-z0-9+.-]*/.exec(ours || theirs)?.[0] ?? "?").toLowerCase();
  let how = "otherwise";
  const decode = (s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  if (a.length !== b.length) how = "in where the sub-URLs split (a path moved to another sub-URL)";
  else if (ours.toLowerCase() === theirs.toLowerCase()) how = "in letter case";
  else if (decode(ours).toLowerCase() === decode(theirs).toLowerCase()) how = "in percent-encoding";
  else if (ours.replace(/\/$/, "") === theirs.replace(/\/$/, "")) how = "by a trailing `/`";
  else if (ours.replace(/:$/, "") === theirs.replace(/:$/, "")) how = "by a trailing `:`";
  return `normalizes the \`${scheme}:\` sub-URL differently: ${how}`;
}

/** The cause of one difference, and the sentence of the suite it rests on (the case's citation) where it helps. */
function causeOf(o, citations) {
  const c = o.case;
  const a = o.answer;
  const suiteRefuses = c.op === "validate" ? c.valid === false : c.output === null;
  const theyRefuse = c.op === "validate" ? a.valid === false : a.output === null;
  if (!suiteRefuses && theyRefuse)
    return { cause: `TensorStore ${schemeCause(a.detail) ?? `refuses: ${template(a.detail)}`}` };
  if (suiteRefuses && !theyRefuse) {
    const citation = citations.get(c.why);
    return {
      cause: `TensorStore accepts what the suite refuses: ${c.code} (${citation?.section ?? c.why})`,
      citation: citation?.text,
    };
  }
  if (c.op === "validate") return { cause: "TensorStore refuses at another offset" };
  return { cause: `TensorStore ${normalizeCause(String(c.output), String(a.output))}` };
}

/** The differing outcomes by cause, the largest group first. */
export function groupDifferences(outcomes, citations) {
  const groups = new Map();
  for (const o of outcomes) {
    if (o.verdict !== "differs") continue;
    const { cause, citation } = causeOf(o, citations);
    const g = groups.get(cause) ?? { cause, citation, outcomes: [] };
    g.outcomes.push(o);
    groups.set(cause, g);
  }
  return [...groups.values()].sort((x, y) => y.outcomes.length - x.outcomes.length || x.cause.localeCompare(y.cause));
}

const code = (s) => `\`${String(s).replace(/`/g, "ˋ").replace(/\|/g, "\\|")}\``;

function answerText(o, side) {
  const c = o.case;
  if (side === "suite") {
    if (c.op === "validate") return c.valid ? "valid" : `invalid at ${c.offset} (${c.code})`;
    return c.output === null ? `refused (${c.code})` : code(clip(String(c.output)));
  }
  const a = o.answer;
  if (c.op === "validate") return a.valid ? "valid" : "refused";
  return a.output === null ? "refused" : code(clip(String(a.output)));
}

/** docs/conformance-tensorstore.md. */
export function renderReport({ version, outcomes, groups }) {
  const lines = [
    "# TensorStore and the conformance suite",
    "",
    `Both conformance suites (\`generated/conformance/\`, [conformance.md](conformance.md)) run against TensorStore ${version}`,
    "through `test/conformance/adapters/tensorstore_adapter.py`, which asks `tensorstore.KvStore.Spec(url)` (else",
    "`tensorstore.Spec(url)`) whether TensorStore reads a pipeline and, for normalize, for its `.url`. TensorStore has",
    "no kind, no relative resolution and no parse of its own: those cases are unsupported. Written by",
    "`node test/conformance/tensorstore-report.mjs` (CI's TensorStore step); do not edit.",
    "",
    "TensorStore reads ZEP 8's syntax and is strict in its own ways, so the differences are its reading, not its",
    "defects: [portability.md](portability.md) and `portability()` say the same per pipeline.",
    "",
    "| dialect | op | cases | agree | differ | unsupported |",
    "|---|---|---:|---:|---:|---:|",
  ];
  const tally = new Map();
  for (const o of outcomes) {
    const key = `${o.case.dialect} ${o.case.op}`;
    const t = tally.get(key) ?? { cases: 0, agrees: 0, differs: 0, unsupported: 0 };
    t.cases++;
    t[o.verdict]++;
    tally.set(key, t);
  }
  for (const [key, t] of [...tally].sort(([x], [y]) => x.localeCompare(y))) {
    const [dialect, op] = key.split(" ");
    lines.push(`| ${dialect} | ${op} | ${t.cases} | ${t.agrees} | ${t.differs} | ${t.unsupported} |`);
  }
  lines.push("", "## The causes", "", "| cause | differences |", "|---|---:|");
  for (const [i, g] of groups.entries())
    lines.push(`| [${g.cause.replace(/\|/g, "\\|")}](#cause-${i + 1}) | ${g.outcomes.length} |`);
  groups.forEach((g, i) => {
    lines.push("", `<a id="cause-${i + 1}"></a>`, `### ${i + 1}. ${g.cause} (${g.outcomes.length})`, "");
    if (g.citation) lines.push(`The suite: "${g.citation}"`, "");
    const rows = g.outcomes.map((o) => ({
      id: o.case.id,
      question: `${o.case.op} ${o.case.base === undefined ? code(clip(o.case.input)) : `${code(clip(o.case.base))} + ${code(clip(o.case.input))}`}`,
      suite: answerText(o, "suite"),
      theirs: answerText(o, "tensorstore"),
    }));
    // Where every row has the same answers, they are said once.
    const same = rows.every((r) => r.suite === rows[0].suite && r.theirs === rows[0].theirs);
    if (same) {
      lines.push(
        `Each: the suite ${rows[0].suite}, TensorStore ${rows[0].theirs}.`,
        "",
        "| case | question |",
        "|---|---|",
      );
      for (const r of rows) lines.push(`| ${r.id} | ${r.question} |`);
    } else {
      lines.push("| case | question | suite | TensorStore |", "|---|---|---|---|");
      for (const r of rows) lines.push(`| ${r.id} | ${r.question} | ${r.suite} | ${r.theirs} |`);
    }
  });
  return `${lines.join("\n")}\n`;
}

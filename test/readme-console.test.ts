import { run } from "./cli/run";
import { docPages } from "./docs/pages";

interface Example {
  /** The page it is on. */
  page: string;
  command: string;
  argv: string[];
  shown: string[];
  /** The `$ echo $?` answer after it, if the README shows one. */
  status?: number;
  /** `printf '...' | npx url-pipeline ...`: what printf writes (its "\n" escapes only). */
  stdin?: string;
}

/** The words of a command line as a POSIX shell splits them: single and double quotes, a comment after "#". */
function words(line: string): string[] | null {
  const out: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      if (end < 0) return null;
      word = (word ?? "") + line.slice(i + 1, end);
      i = end;
    } else if (c === " ") {
      if (word !== null) out.push(word);
      word = null;
    } else if (c === "#" && word === null) {
      break;
    } else if ("|<>;&$`\\".includes(c)) {
      return null; // needs a shell
    } else {
      word = (word ?? "") + c;
    }
  }
  if (word !== null) out.push(word);
  return out;
}

function examples(): Example[] {
  const out: Example[] = [];
  for (const { page, text } of docPages())
    for (const block of text.matchAll(/^```console\n([\s\S]*?)^```$/gm)) {
      const lines = block[1]!.split("\n").slice(0, -1);
      let current: Example | null = null;
      for (const line of lines) {
        if (line.startsWith("$ ")) {
          const command = line.slice(2);
          if (command === "echo $?") {
            if (current) current.status = -1; // the next line is the status
            continue;
          }
          const piped = /^printf '([^']*)' \| (npx url-pipeline .*)$/.exec(command);
          const w = piped
            ? words(piped[2]!.slice("npx ".length))
            : command.startsWith("npx url-pipeline ")
              ? words(command.slice("npx ".length))
              : null;
          current = w
            ? {
                page,
                command,
                argv: w.slice(1),
                shown: [],
                ...(piped ? { stdin: piped[1]!.replace(/\\n/g, "\n") } : {}),
              }
            : null;
          if (current) out.push(current);
        } else if (current?.status === -1) {
          current.status = Number(line);
        } else if (current) {
          current.shown.push(line);
        }
      }
    }
  // A blank line separates examples; it is not output.
  for (const e of out) while (e.shown.at(-1) === "") e.shown.pop();
  return out;
}

/** A shown line as a pattern: "..." is any text, the rest literal. */
function pattern(shown: string): RegExp {
  return new RegExp(
    `^${shown
      .split("...")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );
}

const all = examples();
/** The examples that show their output (the others are listed as usage, with nothing after them). */
const shown = all.filter((e) => e.shown.length > 0 || e.status !== undefined);

test("the pages have command-line examples to run: the README's tour, and the manual's", () => {
  expect(all.filter((e) => e.page === "README.md").length).toBeGreaterThanOrEqual(4);
  expect(all.filter((e) => e.page === "docs/cli.md").length).toBeGreaterThanOrEqual(15);
  expect(shown.length).toBeGreaterThanOrEqual(10);
});

test.each(all.filter((e) => !shown.includes(e)).map((e) => [`${e.page}: ${e.command}`, e] as const))(
  "%s runs (its output is not shown)",
  async (_command, e) => {
    expect((await run(e.argv, e.stdin ?? "")).code).not.toBe(2);
  },
);

test.each(shown.map((e) => [`${e.page}: ${e.command}`, e] as const))("%s", async (_command, e) => {
  const r = await run(e.argv, e.stdin ?? "");
  const printed = (r.out + r.err).replace(/\n$/, "").split("\n");
  // The README may stop early after a "..." line ("invalid: ..."): compare as many lines as it shows.
  expect(printed.length).toBeGreaterThanOrEqual(e.shown.length);
  const mismatches = e.shown
    .map((shown, i) => [shown, printed[i]!] as const)
    .filter(([shown, got]) => !(shown === got || (shown.includes("...") && pattern(shown).test(got))));
  expect(mismatches).toEqual([]);
  if (printed.length > e.shown.length) expect(e.shown.some((l) => l.includes("..."))).toBe(true);
  if (e.status !== undefined) expect(r.code).toBe(e.status);
});

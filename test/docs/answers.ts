/**
 * Examples whose comments give their answers, as the README and the JSDoc `@example` blocks write them, run and
 * checked: every line whose comment starts with a literal (`expr; // "value"`, `// ["a", "b"]`, `// 28`,
 * `// { ... }`) or with `throws Name` must compute that value or throw that error. A `...` in an expected string
 * stands for any text (in a string anywhere in the answer), and an object ending in `, ... }` is a partial match. The answer may also stand alone on
 * the lines after the expression, and run over several comment lines.
 */
import ts from "typescript";

export type Expectation =
  | { kind: "value"; value: unknown; partial: boolean }
  | { kind: "string-pattern"; pattern: RegExp; text: string }
  | { kind: "throws"; name: string; code: string | null };

/** What a comment says an expression gives, or null when it says something else. */
export function expectationOf(comment: string): Expectation | null {
  const throws = /^throws (\w+)(?:\W+"([\w-]+)")?/.exec(comment);
  if (throws) return { kind: "throws", name: throws[1]!, code: throws[2] ?? null };
  for (let i = comment.length; i > 0; i--) {
    let candidate = comment.slice(0, i).trimEnd();
    if (!/(["'\]}\d]|\dn|true|false|null)$/.test(candidate)) continue;
    // `, ... }` ends a partial object, at the top or inside: marked for withPatterns().
    candidate = candidate.replace(/,\s*\.\.\.\s*}/g, `, ${PARTIAL}: true }`);
    let value: unknown;
    try {
      value = new Function(`return (${candidate});`)();
    } catch {
      continue;
    }
    if (typeof value === "string" && value.includes("..."))
      return { kind: "string-pattern", pattern: patternOf(value), text: value };
    const partial = typeof value === "object" && value !== null && Object.hasOwn(value, PARTIAL);
    if (partial) delete (value as Record<string, unknown>)[PARTIAL];
    return { kind: "value", value, partial };
  }
  return null;
}

/** The key that marks an object written with `, ... }`. */
const PARTIAL = "__partial__";

/** An expected string with `...` for any text. */
function patternOf(text: string): RegExp {
  return new RegExp(
    `^${text
      .split("...")
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
    "s",
  );
}

/**
 * The expected value with jest's matchers inside it: a string with `...` a pattern (stringMatching), an object
 * written with `, ... }` a partial one (objectContaining; at the top, expectAnswer uses toMatchObject).
 */
function withPatterns(value: unknown): unknown {
  if (typeof value === "string") return value.includes("...") ? expect.stringMatching(patternOf(value)) : value;
  if (Array.isArray(value)) return value.map(withPatterns);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value)
    .filter(([k]) => k !== PARTIAL)
    .map(([k, v]) => [k, withPatterns(v)] as const);
  const object = Object.fromEntries(entries);
  return Object.hasOwn(value, PARTIAL) ? expect.objectContaining(object) : object;
}

export interface Check {
  /** Line in the source document. */
  line: number;
  expectation: Expectation;
}

/**
 * The code with each checked expression wrapped: `__check(i, () => (expr))`. Handles `expr; // answer`,
 * `if (cond) expr; // answer`, an answer on the comment lines after the expression, and an expression continued on
 * lines that begin with ".". `firstLine` is the document line of the code's first line.
 */
export function instrument(code: string, firstLine: number): { code: string; checks: Check[] } {
  const lines = code.split("\n");
  // A chained call continued on the next line (`f(x)\n  .map(g);`) is one statement: joined on its last line, with
  // blank lines above so that the line numbers stay.
  for (let i = 1; i < lines.length; i++) {
    if (/^\s*\./.test(lines[i]!) && !/;\s*(\/\/.*)?$/.test(lines[i - 1]!) && !/^\s*\/\//.test(lines[i - 1]!)) {
      lines[i] = `${lines[i - 1]!.trimEnd()}${lines[i]!.trim()}`;
      lines[i - 1] = "";
    }
  }
  const checks: Check[] = [];
  const statement = /^(\s*)((?:if \(.*?\)\s*)?)([^;]+);\s*(?:\/\/\s*(.*))?$/;
  for (let i = 0; i < lines.length; i++) {
    const m = statement.exec(lines[i]!);
    if (
      !m ||
      /^\s*(const|let|import|export|for|case|default|switch|return)\b/.test(m[3]!) ||
      (m[2] === "" && /^\s*(if|for)\b/.test(m[3]!))
    )
      continue;
    let comment = m[4];
    let last = i;
    if (comment === undefined) {
      const following = /^\s*\/\/\s*(.*)$/.exec(lines[i + 1] ?? "");
      if (!following) continue;
      comment = following[1]!;
      last = i + 1;
    }
    // An answer that runs over several comment lines: joined while the lines so far are not one.
    while (expectationOf(comment) === null || /[,[{(]\s*$/.test(comment)) {
      const more = /^\s*\/\/\s*(.*)$/.exec(lines[last + 1] ?? "");
      if (!more) break;
      comment = `${comment} ${more[1]!}`;
      last++;
    }
    const expectation = expectationOf(comment);
    if (!expectation) continue;
    const index = checks.length;
    checks.push({ line: firstLine + last, expectation });
    lines[i] = `${m[1]}${m[2]}__check(${index}, () => (${m[3]}));`;
  }
  return { code: lines.join("\n"), checks };
}

export interface Answer {
  value?: unknown;
  error?: unknown;
}

/**
 * Runs instrumented code (TypeScript, transpiled to CommonJS) with `scope`'s names bound and `require` answered
 * by `modules`; the answers by check index.
 */
export function runExample(
  code: string,
  scope: Readonly<Record<string, unknown>>,
  modules: Readonly<Record<string, unknown>>,
): Map<number, Answer> {
  const js = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const answers = new Map<number, Answer>();
  const check = (i: number, f: () => unknown) => {
    try {
      answers.set(i, { value: f() });
    } catch (error) {
      answers.set(i, { error });
    }
  };
  const requireModule = (name: string) => {
    if (!Object.hasOwn(modules, name)) throw new Error(`the example imports ${name}`);
    return modules[name];
  };
  const quiet = { log: () => {}, error: () => {} };
  const names = Object.keys(scope);
  new Function(...names, "require", "exports", "__check", "console", js)(
    ...names.map((n) => scope[n]),
    requireModule,
    {},
    check,
    quiet,
  );
  return answers;
}

/** Holds an answer to its expectation (inside a jest test). */
export function expectAnswer(answer: Answer | undefined, e: Expectation): void {
  expect(answer).toBeDefined(); // the line ran
  if (e.kind === "throws") {
    expect(answer!.error).toBeInstanceOf(Error);
    expect((answer!.error as Error).name).toBe(e.name);
    if (e.code !== null) expect((answer!.error as { code?: unknown }).code).toBe(e.code);
    return;
  }
  if (answer!.error !== undefined) throw answer!.error;
  if (e.kind === "string-pattern") expect(answer!.value).toMatch(e.pattern);
  else if (e.partial) expect(answer!.value).toMatchObject(withPatterns(e.value) as object);
  else expect(answer!.value).toEqual(withPatterns(e.value));
}

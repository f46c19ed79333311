/**
 * The layers of src/ (docs/architecture.md): every import goes to a module of the same layer or a lower one, and no
 * import cycle joins modules. Read from the source with the TypeScript parser: `import` and `export ... from`,
 * type-only ones included, since a type that points up ties the layers as a value does.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const SRC = path.join(__dirname, "..", "src");

/**
 * The layers, lowest first: each entry a module or a folder of src/. docs/architecture.md shows the same list (a
 * test below holds the two to one).
 */
const LAYERS: readonly (readonly string[])[] = [
  [
    "describe-value.ts",
    "spelling.ts",
    "codes.ts",
    "strict/problems.ts",
    "messages/context.ts",
    "errors.ts",
    "limits.ts",
    "arguments.ts",
    "tree/",
  ],
  ["strict/"],
  ["dfa/"],
  ["actions/", "dialects.ts"],
  ["tree-arguments.ts", "schemes.ts", "kinds.ts", "messages/"],
  ["parse.ts"],
  ["meaning/"],
  ["translate/", "complete/", "portability/"],
  ["hints/"],
  ["validation.ts", "api.ts"],
  ["index.ts", "validate/"],
  ["cli/"],
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith(".ts") ? [p] : [];
  });
}

/** `file` relative to src/, with "/" separators. */
const rel = (file: string) => path.relative(SRC, file).split(path.sep).join("/");

function layerOf(module: string): number {
  const i = LAYERS.findIndex((l) => l.some((m) => (m.endsWith("/") ? module.startsWith(m) : module === m)));
  if (i < 0)
    throw new Error(
      `src/${module} is in no layer: add it to LAYERS (test/architecture.test.ts) and docs/architecture.md`,
    );
  return i;
}

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
  line: number;
}

/** The imports of src/ between its own modules (generated/ and JSON files are below every layer). */
function imports(): Import[] {
  const out: Import[] = [];
  for (const file of sourceFiles(SRC)) {
    const sf = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
    for (const st of sf.statements) {
      let spec: string | undefined;
      let typeOnly = false;
      if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
        spec = st.moduleSpecifier.text;
        const c = st.importClause;
        const named = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings.elements : undefined;
        typeOnly =
          !!c && (c.isTypeOnly || (!c.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
        spec = st.moduleSpecifier.text;
        const named = st.exportClause && ts.isNamedExports(st.exportClause) ? st.exportClause.elements : undefined;
        typeOnly = st.isTypeOnly || (!!named && named.length > 0 && named.every((e) => e.isTypeOnly));
      }
      if (spec === undefined || !spec.startsWith(".")) continue;
      const target = path.resolve(path.dirname(file), spec);
      const resolved = [`${target}.ts`, path.join(target, "index.ts")].find((f) => fs.existsSync(f));
      if (!resolved?.startsWith(SRC + path.sep)) continue;
      const line = sf.getLineAndCharacterOfPosition(st.getStart()).line + 1;
      out.push({ from: rel(file), to: rel(resolved), typeOnly, line });
    }
  }
  return out;
}

const all = imports();

test("the graph was read (a parse that found nothing would pass every other test)", () => {
  expect(all.length).toBeGreaterThan(300);
  expect(all.some((i) => i.from === "api.ts" && i.to === "hints/index.ts")).toBe(true);
});

test("every module of src/ is in a layer", () => {
  for (const f of sourceFiles(SRC)) expect(() => layerOf(rel(f))).not.toThrow();
});

test("no import goes up a layer (type-only imports included)", () => {
  const breaches = all
    .filter((i) => layerOf(i.to) > layerOf(i.from))
    .map((i) => `src/${i.from}:${i.line} imports src/${i.to} (layer ${layerOf(i.from) + 1} -> ${layerOf(i.to) + 1})`);
  expect(breaches).toEqual([]);
});

test("no import cycle (value imports: what runs when a module loads)", () => {
  const graph = new Map<string, string[]>();
  for (const i of all) if (!i.typeOnly) graph.set(i.from, [...(graph.get(i.from) ?? []), i.to]);
  // Tarjan's strongly connected components, iteratively.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  expect(cycles).toEqual([]);
});

test("docs/architecture.md shows the same layers, in the same order", () => {
  const doc = fs.readFileSync(path.join(__dirname, "..", "docs", "architecture.md"), "utf8");
  // The table's rows: "| N | `a`, `b` | ... |".
  const rows = [...doc.matchAll(/^\| (\d+) \| ([^|]+) \|/gm)].map((m) =>
    [...m[2]!.matchAll(/`([^`]+)`/g)].map((x) => x[1]),
  );
  expect(rows).toEqual(LAYERS.map((l) => [...l]));
});

/**
 * The modules a user loads by name: package.json's "exports" (dist/X.js is built from src/X.ts). The only modules
 * allowed to re-export.
 */
function entryPoints(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "package.json"), "utf8")) as {
    exports: Record<string, string | { require?: { default?: string } }>;
  };
  return Object.values(pkg.exports)
    .map((e) => (typeof e === "string" ? undefined : e.require?.default))
    .filter((f): f is string => f?.startsWith("./dist/") === true)
    .map((f) => f.slice("./dist/".length).replace(/\.js$/, ".ts"));
}

// TypeScript's CommonJS output first sets each exported name to undefined, then defines a re-exported one as a
// getter over that property. V8 turns an object whose data property is redefined as an accessor into a dictionary,
// so each `module_1.name` another module reads becomes a hash look-up: with parse.ts re-exporting three names,
// validate() on a valid input cost 0.89x `new URL()` where it costs 0.80x without (old and new build in one
// process, docs/performance.md). A module imports a name from the module that defines it.
test("only the package's entry points re-export a value (a re-export makes the exports object slow)", () => {
  const entries = entryPoints();
  expect(entries).toEqual(expect.arrayContaining(["index.ts", "validate/url-pipeline-v0.ts"]));
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const module = rel(file);
    if (entries.includes(module)) continue;
    const sf = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
    // The value bindings the module imports: exporting one of them is a re-export too.
    const imported = new Set<string>();
    for (const st of sf.statements) {
      const c = ts.isImportDeclaration(st) ? st.importClause : undefined;
      if (!c || c.isTypeOnly) continue;
      if (c.name) imported.add(c.name.text);
      const b = c.namedBindings;
      if (b && ts.isNamespaceImport(b)) imported.add(b.name.text);
      if (b && ts.isNamedImports(b)) for (const e of b.elements) if (!e.isTypeOnly) imported.add(e.name.text);
    }
    for (const st of sf.statements) {
      if (!ts.isExportDeclaration(st) || st.isTypeOnly) continue;
      const named = st.exportClause && ts.isNamedExports(st.exportClause) ? st.exportClause.elements : undefined;
      const values = named?.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
      const reexports = st.moduleSpecifier ? (values ?? ["*"]) : (values ?? []).filter((n) => imported.has(n));
      const line = sf.getLineAndCharacterOfPosition(st.getStart()).line + 1;
      for (const n of reexports) found.push(`src/${module}:${line} re-exports ${n}`);
    }
  }
  expect(found).toEqual([]);
});

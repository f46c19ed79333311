import type { DialectBuild } from "../generate";
import { RESULT_RULES } from "./headers";
import { SHAPES } from "./shapes";

/**
 * generated/schemes.d.ts: each dialect's scheme names as literal types, by role and by the shape of their body (scripts/grammar/shapes.ts), so that the
 * node types of src/tree/nodes.ts and the action table of src/actions take a new bodiless or path scheme from its
 * ABNF file alone. Types only: the same facts at run time are generated/DIALECT/dialect.json's `schemes`.
 */
export function emitSchemeTypes(builds: readonly DialectBuild[], header: string): string {
  const union = (names: string[]) => (names.length === 0 ? "never" : names.map((n) => JSON.stringify(n)).join(" | "));
  const dialects = builds.map((b) => {
    const groups: [string, string[]][] = [
      ["all", b.schemes.map((s) => s.scheme)],
      ["root", b.schemes.filter((s) => s.role === "root").map((s) => s.scheme)],
      ["adapter", b.schemes.filter((s) => s.role === "adapter").map((s) => s.scheme)],
      ...SHAPES.map((shape): [string, string[]] => [
        shape,
        b.schemes.filter((s) => s.shape === shape).map((s) => s.scheme),
      ]),
    ];
    return `  ${JSON.stringify(b.manifest.name)}: {\n${groups.map(([k, names]) => `    ${k}: ${union(names)};`).join("\n")}\n  };`;
  });
  return `${header}
/** Each dialect's schemes (every grammar file with "; @scheme"): all, by "@role", and by the shape of their body. */
export interface DialectSchemes {
${dialects.join("\n")}
}

type Of<K extends keyof DialectSchemes[keyof DialectSchemes]> = { [D in keyof DialectSchemes]: DialectSchemes[D][K] }[keyof DialectSchemes];

/** The schemes some dialect defines (vendor \`x.y:\` schemes are not among them). */
export type StandardScheme = Of<"all">;
/** Adapters written \`X [ ":" ]\`, in some dialect: one node type (BodilessAdapterSubUrl), one generic action. */
export type BodilessScheme = Of<"bodiless">;
/** Adapters written \`X [ ":" path ]\`, in some dialect: one node type (PathAdapterSubUrl), one generic action. */
export type PathScheme = Of<"path">;

/** The shapes of a scheme's body (scripts/grammar/shapes.ts). */
export type Shape = ${union([...SHAPES])};
/** How the kind after a sub-URL follows from it: each "@result" wording as a rule (scripts/grammar/headers.ts). */
export type ResultRule = ${union([...new Set(Object.values(RESULT_RULES))])};
`;
}

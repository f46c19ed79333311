/**
 * The header of a scheme file: "; @key value" lines in its leading comment. The url-pipeline spec gives each
 * scheme its own version, its role (root or adapter), the kind of resource it needs as a base and the kind it
 * yields; the build copies these into generated/NAME/schemes.json so that the library can report them.
 */
export interface SchemeHeader {
  scheme: string;
  version: string;
  role: "root" | "adapter";
  /** Required kind of the base resource (adapters only): "file", "directory" or "any". */
  base: string | null;
  /** The kind of resource the sub-URL yields, as the prose says it. */
  result: string;
  dialects: string[];
  file: string;
}

const REQUIRED = ["scheme", "version", "role", "result", "dialects"] as const;

/** Returns null for a file without "@scheme" (core and shared rule files). */
export function readSchemeHeader(header: string[], file: string): SchemeHeader | null {
  const fields = new Map<string, string>();
  for (const line of header) {
    const m = /^@(\w+)\s+(.+?)\s*$/.exec(line);
    if (m) fields.set(m[1]!, m[2]!);
  }
  if (!fields.has("scheme")) return null;
  for (const key of REQUIRED) {
    if (!fields.get(key)) throw new Error(`${file}: the header needs "; @${key} ..."`);
  }
  const role = fields.get("role");
  if (role !== "root" && role !== "adapter") throw new Error(`${file}: "@role" must be root or adapter, not "${role}"`);
  const base = fields.get("base") ?? null;
  if (role === "adapter" && base === null) throw new Error(`${file}: an adapter needs "; @base file|directory|any"`);
  return {
    scheme: fields.get("scheme")!,
    version: fields.get("version")!,
    role,
    base,
    result: fields.get("result")!,
    dialects: fields.get("dialects")!.split(/\s+/),
    file,
  };
}

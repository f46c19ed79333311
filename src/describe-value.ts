/**
 * A value as an error message shows it: a short string quoted, a number, bigint or boolean as written, else its
 * kind ("undefined", "null", "an array", "object", "function", "symbol"). No imports: the parser-free entries use
 * it too.
 */
export function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v);
  if (typeof v === "number" || typeof v === "bigint" || typeof v === "boolean")
    return typeof v === "bigint" ? `${v}n` : String(v);
  return typeof v;
}

/** Throws TypeError unless `options` is an object (undefined is taken as none before this is called). */
export function requireOptionsObject(options: unknown): void {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    const hint = typeof options === "string" ? ` (to choose a dialect: { dialect: ${JSON.stringify(options)} })` : "";
    throw new TypeError(`options must be an object, not ${describeValue(options)}${hint}`);
  }
}

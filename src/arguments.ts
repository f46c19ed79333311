/**
 * The checks every public function makes of its arguments, so that a wrong type is a TypeError that says what was
 * expected, never an internal error ("Cannot read properties of undefined") or a silent wrong answer.
 */
import { describeValue, requireOptionsObject } from "./describe-value";

/** `options` of function `fn` ("" to name none): undefined (none), or an object; anything else is a TypeError. */
export function optionsArgument<T extends object>(fn: string, options: unknown): Partial<T> {
  if (options === undefined) return {};
  try {
    requireOptionsObject(options);
  } catch (e) {
    throw new TypeError(`${fn ? `${fn}: ` : ""}${(e as Error).message}`);
  }
  return options as Partial<T>;
}

/** A string argument. */
export function stringArgument(fn: string, what: string, v: unknown): string {
  if (typeof v !== "string") throw new TypeError(`${fn} takes ${what} as a string, not ${describeValue(v)}`);
  return v;
}

/** A sub-URL argument: an object with a string `scheme`, `rawScheme` and `raw`. */
export function subUrlArgument(what: string, s: unknown): void {
  if (typeof s !== "object" || s === null) throw new TypeError(`${what} is not a sub-URL but ${describeValue(s)}`);
  const o = s as { scheme?: unknown; rawScheme?: unknown; raw?: unknown };
  if (typeof o.scheme !== "string" || typeof o.rawScheme !== "string" || typeof o.raw !== "string") {
    throw new TypeError(`${what} is not a sub-URL: it needs a string scheme, rawScheme and raw`);
  }
}

/**
 * Where in a pipeline an offset is: which sub-URL, and whether it is in that sub-URL's scheme. Sub-URLs are found
 * by "|": in every grammar file "|" occurs only as the pipeline separator (decision D22), so this needs no parse.
 */
export interface SubUrlContext {
  /** 0-based index of the sub-URL. */
  index: number;
  /** How many "|"-separated parts the input has. */
  count: number;
  start: number;
  end: number;
  raw: string;
  /** The text before the sub-URL's first ":" (lower-cased), or null when it has none. */
  scheme: string | null;
}

export function subUrlAt(input: string, offset: number): SubUrlContext {
  // lastIndexOf with a negative start still looks at index 0.
  const start = offset === 0 ? 0 : input.lastIndexOf("|", offset - 1) + 1;
  const bar = input.indexOf("|", offset);
  const end = bar < 0 ? input.length : bar;
  const raw = input.slice(start, end);
  const colon = raw.indexOf(":");
  let index = 0;
  for (let i = input.indexOf("|"); i >= 0 && i < start; i = input.indexOf("|", i + 1)) index++;
  let count = index + 1;
  for (let i = input.indexOf("|", end); i >= 0; i = input.indexOf("|", i + 1)) count++;
  return { index, count, start, end, raw, scheme: colon > 0 ? raw.slice(0, colon).toLowerCase() : null };
}

/** Scheme characters (RFC 3986 `scheme`, plus "." for vendor schemes and ZEP 8's ".."). */
const SCHEME_CHARS = /^[A-Za-z0-9+.-]*$/;

/** Whether `offset` is inside the scheme of its sub-URL: nothing but scheme characters, and no ":", before it. */
export function inScheme(input: string, ctx: SubUrlContext, offset: number): boolean {
  return SCHEME_CHARS.test(input.slice(ctx.start, offset));
}

/** The scheme-like word that starts at the sub-URL's start: letters, digits, "+", "-", "." up to anything else. */
export function schemeWord(ctx: SubUrlContext): string {
  return /^[A-Za-z0-9+.-]*/.exec(ctx.raw)![0];
}

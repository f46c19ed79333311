/**
 * What the page shows follows from its state, and the state lives in the address's fragment, so that a link
 * reproduces what one sees: `#dialect=zep8&input=file:///db/|ocdbt:@v1/&reference=..:other/`.
 * Values are percent-encoded as encodeURIComponent does, except the characters a pipeline is made of that a
 * fragment may hold as they are (RFC 3986 3.5: pchar, "/" and "?"), so the link stays readable; "&", "=", "+",
 * "#" and "%" stay encoded.
 */
import type { DialectName } from "../../src/tree/nodes";

export interface State {
  dialect: DialectName;
  /** The absolute pipeline typed in the main field. */
  input: string;
  /** ZEP 8 only: a relative pipeline resolved against `input`. */
  reference: string;
}

export const DIALECT_NAMES: readonly DialectName[] = ["url-pipeline-v0", "zep8"];

export const DEFAULT_STATE: Readonly<State> = {
  dialect: "url-pipeline-v0",
  input: "s3://bucket/path/to/archive.zip|zip:path/within/zip.zarr/|zarr3:",
  reference: "",
};

const READABLE = /%(2F|3A|40|7C|2C|3B|3F|24|5B|5D)/g;

/** A lone surrogate has no UTF-8 form, so no percent-encoding: it is written as U+FFFD. */
function encodeValue(value: string): string {
  const wellFormed = value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
  return encodeURIComponent(wellFormed).replace(READABLE, (triplet) =>
    String.fromCharCode(parseInt(triplet.slice(1), 16)),
  );
}

function decodeValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // a malformed escape in a hand-edited link: keep the text as written
  }
}

export function encodeState(state: State): string {
  const parts = [`dialect=${state.dialect}`, `input=${encodeValue(state.input)}`];
  if (state.reference !== "") parts.push(`reference=${encodeValue(state.reference)}`);
  return parts.join("&");
}

/** The state a fragment (with or without its "#") describes; the default state for an empty one. */
export function decodeState(fragment: string): State {
  const text = fragment.startsWith("#") ? fragment.slice(1) : fragment;
  if (text === "") return { ...DEFAULT_STATE };
  const state: State = { dialect: DEFAULT_STATE.dialect, input: "", reference: "" };
  for (const part of text.split("&")) {
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? "" : decodeValue(part.slice(eq + 1));
    if (key === "dialect") state.dialect = DIALECT_NAMES.find((d) => d === value) ?? DEFAULT_STATE.dialect;
    else if (key === "input") state.input = value;
    else if (key === "reference") state.reference = value;
  }
  return state;
}

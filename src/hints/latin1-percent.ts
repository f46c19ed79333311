/**
 * Percent-encoded bytes that are not UTF-8 but read as Latin-1 text (`latin1-percent`): `%E9` for "é" is the common
 * case, from tools that encode ISO 8859-1. Decoded text must be UTF-8 (decision D14); where every byte of a run that
 * is not UTF-8 is a printable Latin-1 character (0xA0-0xFF), the intended text is clear, and the replacement writes
 * those characters' UTF-8 bytes instead (`%C3%A9`). Other runs get no hint.
 */
import type { HintKind } from "./types";
import { percentByte, utf8PercentEncode } from "../strict/percent-encoding";
import { firstNonUtf8Byte } from "../strict/utf8";

const RUN = /(?:%[0-9A-Fa-f]{2})+/g;

export const latin1Percent: HintKind = {
  name: "latin1-percent",

  onInvalid(ctx) {
    if (ctx.result.valid || ctx.result.error.kind !== "value" || !ctx.input.includes("%")) return [];
    let changed = false;
    const text = ctx.input.replace(RUN, (run) => {
      const bytes = Uint8Array.from(run.slice(1).split("%"), (h) => parseInt(h, 16));
      if (firstNonUtf8Byte(bytes) < 0) return run;
      if (!bytes.every((b) => b < 0x80 || b >= 0xa0)) return run;
      changed = true;
      return [...bytes].map((b) => (b < 0x80 ? percentByte(b) : utf8PercentEncode(b))).join("");
    });
    if (!changed) return [];
    return [
      {
        code: "latin1-percent",
        message: "percent-encoded bytes must be UTF-8; these read as Latin-1 (ISO 8859-1) text: write its UTF-8 bytes",
        text,
      },
    ];
  },
};

/**
 * A user name or password in a root's authority (`userinfo`): `https://user:pass@host/x`. No root of either
 * dialect has userinfo (decision D19: v0's host grammar has none, and RFC 9110 4.2.4: "A sender MUST NOT generate
 * the userinfo subcomponent (and its "@" delimiter) when an "http" or "https" URI reference is generated within a
 * message"), and a pipeline in a shared link or a log would give the password away. The fix removes it; the
 * credentials go where the reader takes them (a configuration, a header).
 */
import { replacePart, type HintKind } from "./types";

/** A scheme, "://", and an authority with an "@" (the userinfo, RFC 3986 3.2.1, is what comes before its last "@"). */
const AUTHORITY = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/?#]*)@/;

export const userinfo: HintKind = {
  name: "userinfo",

  onInvalid(ctx) {
    const p = ctx.errorPart();
    const m = p && p.index === 0 && p.text.includes("@") ? AUTHORITY.exec(p.text) : null;
    if (!p || !m || ctx.result.valid || ctx.result.error.offset > p.start + m[0].length) return [];
    return [
      {
        code: "userinfo",
        message:
          'remove the credentials before "@": no root of a pipeline has a user name or password (RFC 9110 4.2.4)',
        text: replacePart(ctx.parts(), 0, m[1]! + p.text.slice(m[0].length)),
        speculative: true,
      },
    ];
  },
};

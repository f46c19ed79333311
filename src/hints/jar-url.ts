/**
 * Java `jar:` URLs where a pipeline is expected (`jar:http://host/a.jar!/entry`, java.net.JarURLConnection): the
 * translation (src/translate/jar.ts) is the fix (`jar-url`). Layered names (`jar:zip:...`) are Commons VFS's
 * (vfs-url.ts).
 */
import { quote, type HintKind } from "./types";
import { fromJar } from "../translate/jar";
import { translationHint } from "./translation";
import { isVfsUri } from "./vfs-url";

/** A jar: URL's scheme, in any case. */
const JAR_SCHEME = /^jar:/i;

export const jarUrl: HintKind = {
  name: "jar-url",

  onInvalid(ctx) {
    if (!JAR_SCHEME.test(ctx.input) || !ctx.input.includes("!/") || isVfsUri(ctx.input)) return [];
    return [translationHint(ctx, "jar-url", ctx.input, "jar", fromJar, `${quote(ctx.input)} is a Java jar: URL`)];
  },
};

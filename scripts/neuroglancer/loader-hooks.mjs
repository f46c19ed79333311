/**
 * Module loader hooks (node:module register) that let Neuroglancer's compiled lib/ load in Node without a browser
 * bundler. They change no code of Neuroglancer's; they stand in for what its bundler (esbuild/webpack) provides:
 *
 *  - `import "./x.css"`: the bundler injects the style sheet; here an empty module.
 *  - `import svg from "ikonate/icons/x.svg?raw"` and other `?raw` imports: the bundler inlines the file's text;
 *    here the empty string (ikonate, a GitHub-only dependency, is not installed; these are UI icons).
 *  - `import { buf } from "crc-32"` (and "crc-32/crc32c.js"): the bundler lets ESM name the exports of this CommonJS package, Node's
 *    CommonJS lexer cannot; here a small ES module re-exports them from the real package.
 */
const EMPTY_STRING_MODULE = `data:text/javascript,${encodeURIComponent('export default "";')}`;

export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith("ikonate/") || specifier.endsWith("?raw")) {
    return { url: EMPTY_STRING_MODULE, shortCircuit: true };
  }
  if (specifier === "crc-32" || specifier.startsWith("crc-32/")) {
    const real = await nextResolve(specifier, context);
    const source = `import m from ${JSON.stringify(real.url)}; export const { buf, bstr, str, version } = m; export default m;`;
    return { url: `data:text/javascript,${encodeURIComponent(source)}`, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (url.startsWith("file:") && url.endsWith(".css")) {
    return { format: "module", source: "export default {};", shortCircuit: true };
  }
  return nextLoad(url, context);
}

#!/usr/bin/env node
/**
 * Neuroglancer's reading of URL pipelines: for each input, what the real Neuroglancer code (npm neuroglancer@2.41.2,
 * its compiled lib/, installed by scripts/neuroglancer/install.mjs into .cache/neuroglancer) does with it.
 *
 *   node scripts/neuroglancer/read_urls.mjs [FILE...]      (no FILE: standard input)
 *   node scripts/neuroglancer/read_urls.mjs --registries   (the schemes its registries know, one JSON line)
 *
 * Input: one input per line, or, when the text starts with "[", a JSON array of strings. Output: the line
 * {"neuroglancer": VERSION}, then one JSON object per input, one per line, in order:
 *
 *   {"input", "accepts": true, "kvstore": {...}, "datasource": {...}, "components": [...], "versions"?: [...]}
 *   {"input", "accepts": false, "stage", "error", ...the same details}
 *
 * What it records, per input:
 *  - components: splitPipelineUrl (a split at every "|") and, per component, parsePipelineUrlComponent's scheme and
 *    suffix, parseUrlSuffix's authorityAndPath/query/fragment, and `known`: the registries that have its scheme
 *    ("kvstore-base", "kvstore-adapter", "datasource": kvstore-based data sources such as zarr3, "legacy-datasource":
 *    "scheme://" data sources such as precomputed://).
 *  - versions: each ocdbt:/icechunk: component given to parseOcdbtUrl/parseIcechunkUrl on their own (on a stand-in
 *    base), so their version/ref reading shows even where an earlier component is refused.
 *  - datasource: the real DataSourceRegistry (getDefaultDataSourceProvider, every frontend data source registered)
 *    asked get({url: input}), the layer-source entry point, with no network: every fetch() answers 404 and every
 *    read proxied to the worker answers "missing". `reads`: what it tried to read (fetch URLs, proxied kvstore URLs,
 *    credentials asked for); `kvStoreUrls`: the URLs its data source memoized (first: its directory URL);
 *    `layerUrl`: the URL as get() passed it on, where that differs (get() trims white space and drops trailing "|");
 *    `format`: the kvstore-based data source the final component names (zarr3, n5, neuroglancer-precomputed, ...),
 *    "SCHEME://" for a legacy data source, "auto-detect" for none. It `accepts` when it got past parsing: it read
 *    storage, or auto-detection ran and found no format; `result` is then the outcome of reading nothing (e.g. "No
 *    zarr metadata found"), else `error` is the refusal.
 *  - kvstore: the real KvStoreContext, filled by the real provider registries as SharedKvStoreContext's
 *    constructor fills it, asked getKvStore() for the layer URL without its data-source component: `canonical` is
 *    store.getUrl(path), Neuroglancer's own spelling of that kvstore; `steps` gives it after each component, with
 *    the store's class, base URL, bucket, OCDBT version or Icechunk ref. A refusal names the component (`index`)
 *    and the stage, "kvstore-base" or "kvstore-adapter". null for a legacy data source.
 *
 * `accepts` (top level) is the data-source stage's: Neuroglancer's layer source gets past parsing and would read
 * storage. A refusal's `stage`: "split" (splitPipelineUrl itself throws), the kvstore stage's when the kvstore
 * refuses, else "datasource"; `error` is the message Neuroglancer shows for the layer source.
 * Never stops on an input: a failure of the harness itself is `{"accepts": false, "stage": "harness", ...}`.
 */
import { EventEmitter } from "node:events";
import * as fs from "node:fs";
import { register } from "node:module";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");
const CACHE = process.env.NEUROGLANCER_CACHE ?? path.join(ROOT, ".cache", "neuroglancer");
const PKG = path.join(CACHE, "package");
const TIMEOUT_MS = 5000;

if (!fs.existsSync(path.join(PKG, "lib", "kvstore", "url.js"))) {
  process.stderr.write(
    `read_urls: Neuroglancer is not installed in ${PKG}; run: node scripts/neuroglancer/install.mjs\n`,
  );
  process.exit(2);
}
const VERSION = JSON.parse(fs.readFileSync(path.join(PKG, "package.json"), "utf8")).version;

// ---------------------------------------------------------------------------------------------------------------
// What a browser would provide at module load time (none of it is used by the URL code paths read here).

register("./loader-hooks.mjs", import.meta.url);
EventEmitter.defaultMaxListeners = 1000; // one AbortSignal is shared by the many reads of an auto-detection

/** A stand-in for a DOM object: any property, call or construction gives another stand-in. */
function anything() {
  // A function (not an arrow): its prototype lets `new` and `instanceof` work on the stand-in.
  // biome-ignore lint/complexity/useArrowFunction: an arrow function has no prototype and cannot be constructed.
  const target = function () {};
  return new Proxy(target, {
    get(t, k) {
      if (k === Symbol.toPrimitive) return () => 0;
      if (k === "prototype") return t.prototype;
      if (typeof k === "symbol") return undefined;
      return anything();
    },
    apply: () => anything(),
    construct: () => anything(),
    set: () => true,
  });
}
globalThis.navigator ??= {
  userAgent: "Node.js (url-pipeline neuroglancer harness)",
  hardwareConcurrency: 1,
  language: "en",
};
globalThis.location ??= {
  origin: "http://localhost",
  href: "http://localhost/",
  protocol: "http:",
  host: "localhost",
  hostname: "localhost",
  pathname: "/",
  search: "",
  hash: "",
};
// WebGL constants read at module load (numbers; their values do not matter here).
globalThis.WebGL2RenderingContext ??= new Proxy({}, { get: (_t, k) => (typeof k === "string" ? 0x8000 : undefined) });
for (const g of [
  "window",
  "document",
  "HTMLElement",
  "HTMLDivElement",
  "HTMLCanvasElement",
  "HTMLInputElement",
  "HTMLSpanElement",
  "HTMLButtonElement",
  "HTMLTextAreaElement",
  "HTMLSelectElement",
  "HTMLLabelElement",
  "HTMLAnchorElement",
  "HTMLTableElement",
  "Element",
  "Node",
  "CSS",
  "localStorage",
  "sessionStorage",
  "getComputedStyle",
  "requestAnimationFrame",
  "cancelAnimationFrame",
  "ResizeObserver",
  "MutationObserver",
  "IntersectionObserver",
  "KeyboardEvent",
  "MouseEvent",
  "WheelEvent",
  "PointerEvent",
  "FocusEvent",
  "ClipboardEvent",
  "DragEvent",
  "customElements",
  "DOMRect",
  "Worker",
]) {
  if (!(g in globalThis)) globalThis[g] = anything();
}

// The I/O of the current input: nothing leaves the machine.
let reads = [];
const normalizeUrl = (u) => u.replace(/([?&]neuroglancer=)[0-9a-f]+/g, "$1RANDOM");
globalThis.fetch = async (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  // Recorded even when it is no URL (`https://a b.s3.amazonaws.com/`): a real fetch rejects it with a TypeError,
  // which fetchOk turns into HTTP status 0 and the stores read as "missing" (util/http_request.ts:59-72, :141-146).
  const entry = { fetch: normalizeUrl(url) };
  const method =
    init?.method ?? (typeof input === "object" && !(input instanceof URL) ? input.method : undefined) ?? "GET";
  if (method !== "GET") entry.method = method;
  const range =
    init?.headers &&
    (init.headers instanceof Headers ? init.headers.get("range") : (init.headers.range ?? init.headers.Range));
  if (range) entry.range = range;
  reads.push(entry);
  return new Response(null, { status: 404, statusText: "Not Found (no network in the url-pipeline harness)" });
};

// ---------------------------------------------------------------------------------------------------------------
// The real Neuroglancer modules.

const NG = `${pathToFileURL(path.join(PKG, "lib")).href}/`;
const ng = (m) => import(NG + m);
const url = await ng("kvstore/url.js");
const { KvStoreContext } = await ng("kvstore/context.js");
const { frontendBackendIsomorphicKvStoreProviderRegistry } = await ng("kvstore/register.js");
const { frontendOnlyKvStoreProviderRegistry } = await ng("kvstore/frontend.js");
const rpcIds = await ng("kvstore/shared_common.js");
const { parseOcdbtUrl } = await ng("kvstore/ocdbt/url.js");
const { formatVersion } = await ng("kvstore/ocdbt/version_specifier.js");
const { parseIcechunkUrl, formatRefSpec } = await ng("kvstore/icechunk/url.js");
const { StringMemoize } = await ng("util/memoize.js");
const loadFailures = [];
for (const m of ["kvstore/enabled_frontend_modules.js", "datasource/enabled_frontend_modules.js"]) {
  try {
    await ng(m);
  } catch (e) {
    loadFailures.push(`${m}: ${e.message}`);
  }
}
const { getDefaultDataSourceProvider } = await ng("datasource/default_provider.js");
const { emptyValidCoordinateSpace } = await ng("coordinate_transform.js");

/** A SharedKvStoreContext without a worker: the real KvStoreContext and registries, stand-in RPC/credentials. */
const shared = {
  kvStoreContext: new KvStoreContext(),
  chunkManager: { memoize: new StringMemoize() }, // its rpc (data sources read by the worker): set below
  credentialsManager: {
    getCredentialsProvider(kind, parameters) {
      reads.push({ credentials: kind, parameters });
      return undefined; // plain fetch, which answers 404
    },
  },
  rpcId: 0,
  rpc: {
    // Reads that the frontend proxies to the worker (zip:, ocdbt:, icechunk: stores): recorded, answered "missing".
    // The worker's first step is its KvStoreContext's getKvStore(url) (src/kvstore/proxy.ts:115, :163), with the same
    // providers: run here, so that a URL it cannot parse again fails as it would there. What the worker then reads
    // is not run (its backend stores need a worker's chunk manager).
    promiseInvoke(id, args) {
      if (id.startsWith("SharedKvStoreContext.") && typeof args.url === "string") {
        try {
          kv.getKvStore(args.url);
        } catch (e) {
          return Promise.reject(e);
        }
      }
      reads.push({ worker: id.replace(/^SharedKvStoreContext\./, ""), url: args.url });
      if (id === rpcIds.LIST_RPC_ID) return Promise.resolve({ directories: [], entries: [] });
      return Promise.resolve(undefined);
    },
  },
};
// Data sources whose files the worker reads (nifti:, obj:, vtk:) ask it through the chunk manager's RPC.
shared.chunkManager.rpc = shared.rpc;
frontendBackendIsomorphicKvStoreProviderRegistry.applyToContext(shared);
frontendOnlyKvStoreProviderRegistry.applyToContext(shared);
const kv = shared.kvStoreContext;
const registry = getDefaultDataSourceProvider({ kvStoreContext: shared });

export const REGISTRIES = {
  kvstoreBase: [...kv.baseKvStoreProviders.keys()],
  kvstoreAdapter: [...kv.kvStoreAdapterProviders.keys()],
  datasource: [...registry.kvStoreBasedDataSources.keys()],
  legacyDatasource: [...registry.dataSources.keys()],
};

// ---------------------------------------------------------------------------------------------------------------

function message(e) {
  if (!(e instanceof Error)) return String(e);
  let text = e.message;
  for (let c = e.cause, n = 0; c !== undefined && n < 5; c = c.cause, n++)
    text += `: ${c instanceof Error ? c.message : String(c)}`;
  return text;
}
const orNull = (v) => (v === undefined ? null : v);

function known(scheme) {
  const k = [];
  if (kv.baseKvStoreProviders.has(scheme)) k.push("kvstore-base");
  if (kv.kvStoreAdapterProviders.has(scheme)) k.push("kvstore-adapter");
  if (registry.kvStoreBasedDataSources.has(scheme)) k.push("datasource");
  if (registry.dataSources.has(scheme)) k.push("legacy-datasource");
  return k;
}

function describeComponent(p) {
  const s = url.parseUrlSuffix(p.suffix);
  return {
    scheme: p.scheme,
    suffix: orNull(p.suffix),
    authorityAndPath: orNull(s.authorityAndPath),
    query: orNull(s.query),
    fragment: orNull(s.fragment),
    known: known(p.scheme),
  };
}

function storeInfo(store) {
  const info = { store: store.constructor?.name ?? "?" };
  for (const k of ["baseUrl", "baseUrlForDisplay", "bucket"]) if (typeof store[k] === "string") info[k] = store[k];
  if ("version" in store && store.version !== undefined)
    info.version =
      (typeof store.version === "object" && "generationNumber" in store.version) ||
      "commitTime" in (store.version ?? {})
        ? formatVersion(store.version)
        : String(store.version);
  if ("refSpec" in store && store.refSpec !== undefined) info.ref = formatRefSpec(store.refSpec);
  return info;
}

/** KvStoreContext.getKvStore(kvUrl), and the same component by component to say which one refuses. */
function kvstoreStage(kvUrl) {
  const parts = url.splitPipelineUrl(kvUrl);
  const steps = [];
  let store;
  for (let i = 0; i < parts.length; i++) {
    try {
      store =
        i === 0 ? kv.getBaseKvStoreProvider(parts[0]).getKvStore(parts[0]) : kv.applyKvStoreAdapterUrl(store, parts[i]);
      steps.push({ url: store.store.getUrl(store.path), path: store.path, ...storeInfo(store.store) });
    } catch (e) {
      return {
        url: kvUrl,
        accepts: false,
        stage: i === 0 ? "kvstore-base" : "kvstore-adapter",
        index: i,
        error: message(e),
        steps,
      };
    }
  }
  // The real entry point, once more, for the verdict itself.
  try {
    const whole = kv.getKvStore(kvUrl);
    return { url: kvUrl, accepts: true, canonical: whole.store.getUrl(whole.path), path: whole.path, steps };
  } catch (e) {
    return { url: kvUrl, accepts: false, stage: "kvstore", error: message(e), steps };
  }
}

const STAND_IN_BASE = { store: { getUrl: (p) => `BASE/${p}` }, path: "" };
function versionStage(parts) {
  const out = [];
  parts.forEach((p, index) => {
    if (p.scheme !== "ocdbt" && p.scheme !== "icechunk") return;
    try {
      if (p.scheme === "ocdbt") {
        const r = parseOcdbtUrl(p, STAND_IN_BASE);
        out.push({
          index,
          scheme: p.scheme,
          accepts: true,
          version: r.version === undefined ? null : formatVersion(r.version),
          path: r.path,
        });
      } else {
        const r = parseIcechunkUrl(p, STAND_IN_BASE);
        out.push({
          index,
          scheme: p.scheme,
          accepts: true,
          ref: r.version === undefined ? null : r.version,
          path: r.path,
        });
      }
    } catch (e) {
      out.push({ index, scheme: p.scheme, accepts: false, error: message(e) });
    }
  });
  return out;
}

/** A StringMemoize that records the keys its data sources memoize under (their canonical kvstore URLs). */
function recordingMemoize(keys) {
  const m = new StringMemoize();
  const getAsync = m.getAsync.bind(m);
  m.getAsync = (key, options, getter) => {
    if (key && typeof key === "object") {
      const u = key.kvStoreUrl ?? key.url;
      if (typeof u === "string") keys.push(u);
    }
    return getAsync(key, options, getter);
  };
  return m;
}

const originalResolvePipeline = registry.resolvePipeline;

/** DataSourceRegistry.get(input) with no network; `layerUrl`: the URL its resolvePipeline was first given. */
async function datasourceStage(input) {
  reads = [];
  const keys = [];
  const seen = [];
  shared.chunkManager.memoize = recordingMemoize(keys);
  registry.resolvePipeline = function (options) {
    seen.push(options.url);
    return originalResolvePipeline.call(this, options);
  };
  const ac = new AbortController();
  let timer;
  const timeout = new Promise((_r, reject) => {
    timer = setTimeout(() => {
      ac.abort();
      reject(new Error(`harness: no answer within ${TIMEOUT_MS} ms`));
    }, TIMEOUT_MS);
  });
  const out = {};
  try {
    const r = await Promise.race([
      // A layer gives its data source the viewer's coordinate space (local://annotations reads it): an empty one.
      registry.get({
        url: input,
        signal: ac.signal,
        progressListener: undefined,
        globalCoordinateSpace: { value: emptyValidCoordinateSpace },
      }),
      timeout,
    ]);
    out.accepts = true;
    out.result = `resolved: ${r.canonicalUrl ?? "(no canonical URL)"}`;
  } catch (e) {
    const text = message(e);
    // Past parsing: it read storage, or auto-detection ran and found nothing (a store that answers without reading).
    // Asking for credentials is not reading: ngauth and middleauth stores ask when they are parsed.
    out.accepts =
      reads.some((r) => !("credentials" in r)) ||
      /^Failed to auto-detect data source for .*: no format detected$/s.test(text);
    out[out.accepts ? "result" : "error"] = text;
  } finally {
    clearTimeout(timer);
    registry.resolvePipeline = originalResolvePipeline;
  }
  if (seen.length > 0 && seen[0] !== input) out.layerUrl = seen[0];
  out.kvStoreUrls = [...new Set(keys)];
  out.reads = reads.slice(0, 12);
  if (reads.length > 12) out.moreReads = reads.length - 12;
  reads = [];
  return out;
}

/** The data source that the URL names: a kvstore-based one (its final component), a legacy "scheme://" one. */
function formatOf(parts) {
  const last = parts[parts.length - 1];
  if (parts.length > 1 && registry.kvStoreBasedDataSources.has(last.scheme)) return last.scheme;
  if (parts.length === 1 && !kv.baseKvStoreProviders.has(last.scheme) && registry.dataSources.has(last.scheme))
    return `${last.scheme}://`;
  return null;
}

export async function readUrl(input) {
  let parts;
  try {
    // DataSourceRegistry.get trims the input before it splits it: a line terminator around it is white space.
    parts = url.splitPipelineUrl(input.trim());
  } catch (e) {
    // Its scheme pattern ends in (.*)$ without the s flag: a line terminator makes the match null.
    return { input, accepts: false, stage: "split", error: `${e.name}: ${message(e)}` };
  }
  const components = parts.map(describeComponent);
  const versions = versionStage(parts);
  const datasource = await datasourceStage(input);
  // The kvstore stage reads what the layer source reads: the URL as DataSourceRegistry.get passed it on.
  const layerUrl = datasource.layerUrl ?? input;
  const layerParts = url.splitPipelineUrl(layerUrl);
  const format = formatOf(layerParts);
  const last = layerParts[layerParts.length - 1];
  const kvUrl =
    format !== null && !format.endsWith("://") ? layerUrl.slice(0, layerUrl.length - last.url.length - 1) : layerUrl;
  const kvstore = format?.endsWith("://") ? null : kvstoreStage(kvUrl);
  datasource.format = format ?? (datasource.accepts ? "auto-detect" : null);
  const out = { input, accepts: datasource.accepts };
  if (!datasource.accepts) {
    out.stage = kvstore !== null && !kvstore.accepts ? kvstore.stage : "datasource";
    out.error = datasource.error;
  }
  Object.assign(out, { components, kvstore });
  if (versions.length > 0) out.versions = versions;
  out.datasource = datasource;
  return out;
}

function inputs(text) {
  if (text.trimStart().startsWith("[")) return JSON.parse(text);
  return text.endsWith("\n") ? text.slice(0, -1).split("\n") : text.split("\n");
}

async function main() {
  process.on("unhandledRejection", () => {}); // a stray rejection inside Neuroglancer is not the harness's answer
  if (process.argv[2] === "--registries") {
    process.stdout.write(`${JSON.stringify({ neuroglancer: VERSION, ...REGISTRIES })}\n`);
    return;
  }
  const files = process.argv.slice(2);
  const texts = files.length > 0 ? files.map((f) => fs.readFileSync(f, "utf8")) : [fs.readFileSync(0, "utf8")];
  const w = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
  w({ neuroglancer: VERSION });
  if (loadFailures.length > 0)
    process.stderr.write(`read_urls: modules that did not load: ${loadFailures.join("; ")}\n`);
  for (const text of texts) {
    for (const input of inputs(text)) {
      let result;
      try {
        result = await readUrl(String(input));
      } catch (e) {
        result = { input, accepts: false, stage: "harness", error: `harness: ${message(e)}` };
      }
      w(result);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}

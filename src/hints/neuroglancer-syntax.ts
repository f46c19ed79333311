/**
 * What people copy from Neuroglancer and other viewers, which names no URL pipeline (messages, no fix):
 *
 * - A viewer link (`viewer-link`): `https://neuroglancer-demo.appspot.com/#!gs://bucket/state.json`, whose
 *   fragment after "#!" is the viewer's state (a JSON file's URL, or the JSON itself, `#!{"layers":...}`), and
 *   vizarr's `?source=URL`. The data is named by the state's layer sources, or by `source=`: the message names it.
 *   Encoding the "#" (percent-encode.ts) would name another web page.
 * - A Neuroglancer data source with no pipeline form (`neuroglancer-data-source`): its own protocols (`graphene://`,
 *   `dvid://`, `boss://`, `render://`, `brainmaps://`, `python://`, ...), its formats that the specification has no
 *   adapter for (`nifti://`, `vtk://`, `obj://`, `deepzoom://`), and its authenticated stores (`gs+ngauth+https://`,
 *   `middleauth+https://`, `gs+xml://`), from google/neuroglancer's data source and key-value store registries.
 */
import { quote, type HintKind } from "./types";

/** Neuroglancer's data source protocols that are no URL (src/datasource/*, register_default.ts of each). */
const PROTOCOLS = new Set(["graphene", "dvid", "boss", "render", "brainmaps", "python", "nggraph", "precompmesh"]);
/** Its formats (data sources read from a key-value store) that have no adapter in the specification. */
const FORMATS = new Set(["nifti", "vtk", "obj", "deepzoom"]);
/** Its key-value stores that have no root in the specification (src/kvstore/enabled_frontend_modules.ts). */
const STORES = new Set(["gs+ngauth+http", "gs+ngauth+https", "middleauth+https", "gs+xml"]);

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

/**
 * Whether the input mentions anything below looks for: a viewer link's "#!" or "source=", or one of the names, in any
 * case. Most refused inputs mention none, and are done with one test.
 */
const MENTIONS = new RegExp(
  ["#!", "source=", ...PROTOCOLS, ...FORMATS, ...STORES].map((w) => w.replace(/[+.]/g, "\\$&")).join("|"),
  "i",
);

/** The first layer source written in a state (JSON, perhaps percent-encoded), for the message. */
function firstSource(state: string): string | null {
  let text = state;
  try {
    text = decodeURIComponent(state);
  } catch {}
  const m = /"source"\s*:\s*(?:\{\s*"url"\s*:\s*)?"([^"]+)"/.exec(text);
  return m ? m[1]! : null;
}

export const neuroglancerSyntax: HintKind = {
  name: "neuroglancer-syntax",
  messageOnly: true,

  onInvalid(ctx) {
    if (!MENTIONS.test(ctx.input)) return [];
    const input = ctx.input.trim();
    const viewer = /^https?:\/\/[^#]*#!(.*)$/is.exec(input);
    if (viewer) {
      const state = viewer[1]!;
      if (SCHEME.test(state)) {
        return [
          {
            code: "viewer-link",
            message:
              `a Neuroglancer viewer link: what follows "#!" is the URL of the viewer's state, ${quote(state)}, a ` +
              `JSON file whose layers name the data (each layer's "source"); the link itself names a web page`,
          },
        ];
      }
      const source = firstSource(state);
      return [
        {
          code: "viewer-link",
          message:
            `a Neuroglancer viewer link with its state in the link: the data is named by each layer's "source"` +
            (source === null ? "" : ` (the first: ${quote(source)})`),
        },
      ];
    }
    const vizarr = /(?:^|[?&])source=([^&#]+)/.exec(input);
    if (vizarr && (input.startsWith("?") || /^https?:\/\/[^?#]*\?/i.test(input))) {
      return [
        {
          code: "viewer-link",
          message: `a viewer link (vizarr's "?source="): the data it shows is ${quote(vizarr[1]!)}`,
        },
      ];
    }
    // Its formats as adapters (`https://host/a.nii.gz|gzip:|nifti:`), as Neuroglancer writes them.
    const format = ctx.parts().find((p) => p.index > 0 && FORMATS.has(p.text.replace(/:.*$/s, "").toLowerCase()));
    if (format) {
      return [
        {
          code: "neuroglancer-data-source",
          message: `${quote(format.text)} is a Neuroglancer format, which the URL pipeline specification has no adapter for: Neuroglancer reads the pipeline, other readers do not`,
        },
      ];
    }
    // Past the data source's format prefix (`precomputed://gs+ngauth+https://...`), to its store.
    const m = SCHEME.exec(input.replace(/^(?:precomputed|zarr[23]?|n5):\/\/(?=[A-Za-z][A-Za-z0-9+.-]*:\/\/)/i, ""));
    const name = m?.[1]?.toLowerCase();
    if (name === undefined) return [];
    if (PROTOCOLS.has(name))
      return [
        {
          code: "neuroglancer-data-source",
          message: `${quote(`${m![1]}://`)} is a Neuroglancer data source of its own protocol, with no form as a URL pipeline (no root or adapter of ${ctx.meta.name} reads it)`,
        },
      ];
    if (FORMATS.has(name))
      return [
        {
          code: "neuroglancer-data-source",
          message: `${quote(`${m![1]}://`)} is a Neuroglancer data source: a format the URL pipeline specification has no adapter for (Neuroglancer itself writes it ${quote(`URL|${name}:`)})`,
        },
      ];
    if (STORES.has(name))
      return [
        {
          code: "neuroglancer-data-source",
          message: `${quote(`${m![1]}://`)} is one of Neuroglancer's authenticated stores, which the URL pipeline specification has no root for`,
        },
      ];
    return [];
  },
};

/**
 * TensorStore's own URL pipeline schemes, which the specification does not have (`tensorstore-scheme`; TensorStore,
 * "URL" in each driver's docs):
 *
 * - `|auto` and `|auto:`, its format auto-detection ("auto" driver): a URL pipeline names the location, and a reader
 *   that detects the format reads it without the adapter; the fix drops it, which names the same data.
 * - `|cast:TYPE`, its data type conversion: a TensorStore adapter, not a location's; no fix (dropping it would read
 *   other values).
 * - `gcs_grpc://`, its Google Cloud Storage driver over gRPC: the same buckets as `gs://`.
 */
import { quote, type Candidate, type HintKind } from "./types";

/** What the forms below are written with: "gcs_grpc:" first, or an "auto" or "cast:" sub-URL after a "|". */
const TENSORSTORE_WORDS = /gcs_grpc:|\|auto|\|cast:/i;

export const tensorStoreSyntax: HintKind = {
  name: "tensorstore-syntax",

  onInvalid(ctx) {
    // Each form below is written with one of these (most refused inputs have none).
    if (!TENSORSTORE_WORDS.test(ctx.input)) return [];
    const parts = ctx.parts();
    const out: Candidate[] = [];
    const grpc = /^gcs_grpc:\/\//i.exec(parts[0]?.text ?? "");
    if (grpc) {
      const fixed = `gs://${ctx.input.slice(grpc[0].length)}`;
      out.push({
        code: "tensorstore-scheme",
        message: `${quote(grpc[0])} is TensorStore's Google Cloud Storage driver over gRPC, the same buckets as ${quote("gs://")}`,
        text: fixed,
      });
    }
    const auto = parts.filter((p) => p.index > 0 && /^auto:?$/i.test(p.text));
    if (auto.length > 0) {
      out.push({
        code: "tensorstore-scheme",
        message:
          `${quote(`|${auto[0]!.text}`)} is TensorStore's format auto-detection, no adapter of the URL pipeline ` +
          `specification: a pipeline names the location, and a reader that detects the format reads it as it is`,
        text: parts
          .filter((p) => !auto.includes(p))
          .map((p) => p.text)
          .join("|"),
      });
    }
    const cast = parts.find((p) => p.index > 0 && /^cast:/i.test(p.text));
    if (cast) {
      out.push({
        code: "tensorstore-scheme",
        message: `${quote(cast.text)} is TensorStore's data type conversion, an adapter of its own that the URL pipeline specification does not have: TensorStore reads it, other readers do not`,
      });
    }
    return out;
  },
};

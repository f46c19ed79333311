/**
 * A query on a root that has none (`storage-option`): `s3://bucket/repo?region=us-east-1` (Icechunk's and fsspec's
 * documents), `gs://bucket?project=x`, `s3://bucket?endpoint_url=localhost:9000&region=us-east-1` (PyFilesystem).
 * In a URL pipeline only http:, https: (and vendor schemes) have a query, and s3:, gs:, file: and memory: name their
 * key or path alone; such a query is the reader's options (a region, a profile, credentials), which it takes apart
 * from the location. The fix drops it, and names the same object. An `endpoint_url` (an S3-compatible server)
 * is part of the location: `s3+http://localhost:9000/bucket` (ZEP 8: "s3+http://host/bucket/path"), http where the
 * address says nothing of TLS (`localhost:9000`), as PyFilesystem and MinIO read it.
 *
 * Encoding the "?" instead (percent-encode.ts) names another key: `repo%3Fregion=us-east-1`.
 */
import { quote, type HintKind } from "./types";

/** A root whose URL has no query in a URL pipeline, then its location, then "?" and the query. */
const QUERIED = /^((?:s3|gs|file|memory):\/\/[^?#|]*)\?([^#|]*)$/is;

export const storageOption: HintKind = {
  name: "storage-option",

  onInvalid(ctx) {
    const first = ctx.parts()[0];
    if (!first || ctx.result.valid || ctx.result.error.kind !== "syntax" || !first.text.includes("?")) return [];
    const m = QUERIED.exec(first.text);
    if (!m) return [];
    const [, location, query] = m as unknown as [string, string, string];
    const rest = ctx.input.slice(first.end);
    const options = query.split("&").filter((o) => o !== "");
    const endpoint = /^s3:/i.test(location)
      ? options.map((o) => /^endpoint(?:_url)?=(.+)$/i.exec(o)?.[1]).find((e) => e !== undefined)
      : undefined;
    if (endpoint !== undefined) {
      const server = /^https?:\/\//i.test(endpoint) ? endpoint.replace(/\/+$/, "") : `http://${endpoint}`;
      const fixed = `s3+${server}/${location.slice("s3://".length)}`;
      return [
        {
          code: "storage-option",
          message:
            `s3: has no query: "endpoint_url" names an S3-compatible server, which a URL pipeline writes as the ` +
            `authority of s3+http: or s3+https:, the bucket first in its path: ${quote(fixed)}; the other options ` +
            `(${quote(options.filter((o) => !/^endpoint/i.test(o)).join("&"))}) are the reader's`,
          text: fixed + rest,
        },
      ];
    }
    const scheme = location.slice(0, location.indexOf(":")).toLowerCase();
    return [
      {
        code: "storage-option",
        message:
          `${scheme}: has no query in a URL pipeline: ${quote(`?${query}`)} reads as options for the reader ` +
          `(a region, a profile, credentials), which it takes apart from the location: ${quote(location)}`,
        text: location + rest,
      },
    ];
  },
};

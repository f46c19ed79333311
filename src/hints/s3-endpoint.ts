/**
 * An S3-compatible server written in an s3: URL's bucket (`s3-endpoint`): `s3://localhost:5000/bucket/key` (a port:
 * no bucket name has a ":"), and CloudFiles' `s3://https://s3emulator.com/bucket/`. ZEP 8 writes such a server as
 * the authority of `s3+http:` or `s3+https:`, with the bucket first in the path: `s3+http://localhost:5000/bucket/key`
 * ("s3+http://host/bucket/path"). With a port and no scheme, http (a local server: MinIO, moto); the message says
 * https is the other.
 */
import { quote, type HintKind } from "./types";

const S3_URL = /^s3:\/\//i;
const WITH_SCHEME = /^s3:\/\/(https?):\/\/(.*)$/is;
const WITH_PORT = /^s3:\/\/([^/?#|:@]+:\d+(?:\/.*)?)$/is;

export const s3Endpoint: HintKind = {
  name: "s3-endpoint",

  onInvalid(ctx) {
    const first = ctx.parts()[0];
    // Both forms begin "s3://": most refused inputs do not.
    if (!first || !S3_URL.test(first.text)) return [];
    const rest = ctx.input.slice(first.end);
    const scheme = WITH_SCHEME.exec(first.text);
    if (scheme) {
      const fixed = `s3+${scheme[1]!.toLowerCase()}://${scheme[2]}`;
      return [
        {
          code: "s3-endpoint",
          message: `${quote(`s3://${scheme[1]}://`)} names an S3-compatible server (CloudFiles' spelling): ZEP 8 writes it ${quote(fixed)}, the bucket first in the path`,
          text: fixed + rest,
        },
      ];
    }
    const port = WITH_PORT.exec(first.text);
    if (!port) return [];
    const fixed = `s3+http://${port[1]}`;
    return [
      {
        code: "s3-endpoint",
        message: `a bucket name has no ":": ${quote(port[1]!.split("/")[0]!)} is the host and port of an S3-compatible server, which ZEP 8 writes ${quote(fixed)} (or s3+https: for TLS), the bucket first in the path`,
        text: fixed + rest,
      },
    ];
  },
};

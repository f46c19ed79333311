/**
 * src/translate/digest.ts: SHA-1, SHA-256 (FIPS 180-4), base64url (RFC 4648 5) and version 5 UUIDs (RFC 4122
 * 4.3), against the standards' own vectors and against node:crypto (which the package itself cannot use: it must
 * run in browsers, decision D44).
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { base64url, fromHex, hex, sha1, sha256, uuidV5 } from "../../src/translate/digest";
import arcp from "../fixtures/arcp/draft-soilandreyes-arcp-03.json";

const ascii = (s: string) => new TextEncoder().encode(s);

test.each([
  // FIPS 180-4's examples (NIST "Cryptographic Algorithm Validation", SHA examples): "abc" and the 448-bit message.
  ["", "da39a3ee5e6b4b0d3255bfef95601890afd80709", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
  [
    "abc",
    "a9993e364706816aba3e25717850c26c9cd0d89d",
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  ],
  [
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
    "84983e441c3bd26ebaae4aa1f95129e5e54670f1",
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
  ],
])("FIPS 180-4 vector %j", (message, sha1Hex, sha256Hex) => {
  expect(hex(sha1(ascii(message)))).toBe(sha1Hex);
  expect(hex(sha256(ascii(message)))).toBe(sha256Hex);
});

test("one million 'a's (FIPS 180-4's long vector)", () => {
  const a = new Uint8Array(1_000_000).fill(0x61);
  expect(hex(sha1(a))).toBe("34aa973cd4c4daa4f61eeb2bdbad27316534016f");
  expect(hex(sha256(a))).toBe("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
});

test("the same digests and base64url as node:crypto and Buffer, over any bytes and every padding length", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      expect(hex(sha1(bytes))).toBe(createHash("sha1").update(bytes).digest("hex"));
      expect(hex(sha256(bytes))).toBe(createHash("sha256").update(bytes).digest("hex"));
      expect(base64url(bytes)).toBe(Buffer.from(bytes).toString("base64url"));
    }),
    { seed: 14, numRuns: 300 },
  );
});

test("the arcp draft's A.3 digest in base64url, and the arcp library's hash of 'Hello World!'", () => {
  expect(base64url(fromHex(arcp.hashBased.sha256Hex)!)).toBe(arcp.hashBased.base64url);
  const hello = arcp.library.hashOfHelloWorld;
  expect(hex(sha256(ascii(hello.bytes)))).toBe(hello.sha256Hex);
});

test("version 5 UUIDs: the arcp draft's A.2, and Python's documentation's example", () => {
  expect(uuidV5(arcp.locationBased.namespace, arcp.locationBased.url)).toBe(arcp.locationBased.uuid);
  // https://docs.python.org/3/library/uuid.html#example: uuid.uuid5(uuid.NAMESPACE_DNS, 'python.org')
  expect(uuidV5("6ba7b810-9dad-11d1-80b4-00c04fd430c8", "python.org")).toBe("886313e1-3b8a-5372-9b90-0c9aee199e5d");
  expect(() => uuidV5("not-a-uuid", "x")).toThrow(TypeError);
});

test("fromHex reads even-length hexadecimal only", () => {
  expect(Array.from(fromHex("00ff10")!)).toEqual([0, 255, 16]);
  expect(fromHex("abc")).toBeNull();
  expect(fromHex("zz")).toBeNull();
});

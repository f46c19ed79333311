/**
 * Hosts (decision D2): v0's simplified host grammar is "more permissive", but its rule names say what the text is.
 * A bracketed host must be an RFC 3986 IPv6address (a value error otherwise, from both engines); a dotted quad is
 * an IPv4 address only if RFC 3986's IPv4address matches it (section 3.2.2), else a name.
 */
import { validate } from "../../src/api";
import { canParse, parse } from "../../src/parse";
import type { DialectName, HttpSubUrl } from "../../src/tree/nodes";

const DIALECTS: DialectName[] = ["url-pipeline-v0", "zep8"];

describe.each(DIALECTS)("%s", (dialect) => {
  test.each([
    ["http://[:::]", 8, ":::"],
    ["http://[1:2:3:4:5:6:7:8:9]/", 8, "1:2:3:4:5:6:7:8:9"],
    ["https://[1::2::3]:443/a", 9, "1::2::3"],
    ["s3+http://[::1.2.3.256]/bucket", 11, "::1.2.3.256"],
    ["file://[12345::]/x", 8, "12345::"],
  ])("%s: a value error at %i", (input, offset, address) => {
    const r = validate(input, { dialect });
    expect(r.valid).toBe(false);
    if (r.valid) return;
    expect(r.error.kind).toBe("value");
    expect(r.error.offset).toBe(offset);
    expect(r.error.message).toContain(
      `a host in brackets must be an IPv6 address (RFC 3986 section 3.2.2), and "${address}" is not one`,
    );
    expect(canParse(input, { dialect })).toBe(false);
    expect(() => parse(input, { dialect })).toThrow(/must be an IPv6 address/);
  });

  test.each([
    ["http://[::1]/", "ipv6"],
    ["http://[::ffff:192.0.2.1]:8080/", "ipv6"],
    ["http://[2001:DB8::A]/", "ipv6"],
    ["http://192.0.2.1/", "ipv4"],
    ["http://255.255.255.255/", "ipv4"],
    ["http://0.0.0.0/", "ipv4"],
    // RFC 3986 IPv4address: dec-octets 0-255 without leading zeros; anything else is a reg-name.
    ["http://999.1.1.1/", "name"],
    ["http://256.0.0.1/", "name"],
    ["http://01.2.3.4/", "name"],
    ["http://1.2.3/", "name"],
    ["http://example.com/", "name"],
  ])("%s: host kind %s", (input, kind) => {
    expect(canParse(input, { dialect })).toBe(true);
    expect((parse(input, { dialect }).subUrls[0] as HttpSubUrl).host.kind).toBe(kind);
  });
});

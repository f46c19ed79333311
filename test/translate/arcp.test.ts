/**
 * src/translate/arcp.ts against draft-soilandreyes-arcp-03's own examples (test/fixtures/arcp/, with where each
 * value comes from), both directions, the draft's ABNF (grammar/arcp/arcp-uri.abnf, start rule arcp-URI), and
 * resolution inside an archive (Appendix A.1, "../../../outside.txt" included).
 */
import fixture from "../fixtures/arcp/draft-soilandreyes-arcp-03.json";
import { parse, resolveArcp, resolveUriReference, translate, validate } from "../../src";
import { errorOf } from "./helpers";

const A2 = fixture.locationBased;
const A3 = fixture.hashBased;

describe("the draft's ABNF (rule arcp-URI)", () => {
  test.each([
    ...A2.uris,
    A3.base,
    A3.entry,
    ...fixture.nameBased.uris,
    fixture.library.hashOfHelloWorld.uri,
    `arcp://${fixture.authorityExamples.uuid}/`,
    `arcp://${fixture.authorityExamples.ni}/`,
    ...fixture.sandboxing.resolutions.flatMap((r) => [r.base, r.target]),
    "ARCP://UUID,32A423D6-52AB-47E3-A9CD-54F418A48571/doc.html", // quoted strings are case-insensitive (RFC 5234 2.3)
    "arcp://example.com:8080/a", // the plain RFC 3986 authority, the fourth alternative
  ])("valid: %s", (uri) => {
    expect(validate(uri, { rule: "arcp-URI" }).valid).toBe(true);
    expect(validate(uri, { rule: "arcp-URI", dialect: "zep8" }).valid).toBe(true);
  });

  test.each([
    ["arcp:/uuid,x/", 6], // "//" is required (arcp-specific)
    ["arcp://uuid,x y/", 13],
    ["http://example.com/", 0],
    ["arcp://a/b c", 10],
  ])("invalid: %j stops at %d", (uri, offset) => {
    const r = validate(uri, { rule: "arcp-URI" });
    expect(r.valid ? null : r.error.offset).toBe(offset);
  });

  test("a prefix that does not fit its production falls back to the authority (section 3.1 item 4)", () => {
    // "uuid,32a423d6" is no UUID, "ni,a;b;c" no alg-val: both are still reg-names.
    expect(parse("arcp://uuid,32a423d6/x", { rule: "arcp-URI" }).raw).toBe("arcp://uuid,32a423d6/x");
    expect(validate("arcp://ni,a;b;c/x", { rule: "arcp-URI" }).valid).toBe(true);
  });
});

describe("pipeline to arcp", () => {
  test("A.2: the location-based authority is the v5 UUID of the archive's URL in the URL namespace", () => {
    expect(translate(`${A2.url}|zip:`, { to: "arcp" })).toBe(A2.uris[0]);
    expect(translate(`${A2.url}|zip:pics/`, { to: "arcp" })).toBe(A2.uris[1]);
    expect(translate(`${A2.url}|zip:pics/flower.jpeg`, { to: "arcp" })).toBe(A2.uris[2]);
    expect(translate(`${A2.url}|zip:file.txt`, { to: "arcp" })).toBe(A2.uris[3]);
  });

  test("the archive's URL is its canonical pipeline: spellings of one location give one UUID (D44)", () => {
    expect(translate("HTTP://EXAMPLE.COM/data.zip|ZIP:pics/", { to: "arcp" })).toBe(A2.uris[1]);
    expect(translate("http://example.com/data.zip|zip:/pics/", { to: "arcp" })).toBe(A2.uris[1]); // zip:/a is zip:a (D36)
  });

  test("A.3: the hash-based authority from the digest, or from the archive's bytes", () => {
    expect(translate("file:///tmp/foo-1.2.tar|zip:src/luhn.c", { to: "arcp", archiveSha256: A3.sha256Hex })).toBe(
      A3.entry,
    );
    const bytes = Uint8Array.from(A3.sha256Hex.match(/../g)!, (h) => parseInt(h, 16));
    expect(translate("file:///tmp/foo-1.2.tar|zip:", { to: "arcp", archiveSha256: bytes })).toBe(A3.base);
    const hello = fixture.library.hashOfHelloWorld;
    expect(
      translate("memory://hello.zip|zip:folder/", { to: "arcp", archiveBytes: new TextEncoder().encode(hello.bytes) }),
    ).toBe(hello.uri);
  });

  test("a nested archive: the URL of the inner archive is the pipeline that names it", () => {
    const inner = translate("s3://bucket/outer.zip|zip:inner.zip|zip:a.txt", { to: "arcp" });
    expect(inner).toMatch(
      /^arcp:\/\/uuid,[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\/a\.txt$/,
    );
    expect(inner).not.toBe(translate("s3://bucket/outer.zip|zip:a.txt", { to: "arcp" }));
  });

  test("percent-encoding is carried as written", () => {
    expect(translate(`${A2.url}|zip:my%20pics/a%7Cb`, { to: "arcp" })).toBe(`arcp://uuid,${A2.uuid}/my%20pics/a%7Cb`);
  });

  test("a pipeline that does not end in zip: is no archive entry", () => {
    expect(errorOf(() => translate(`${A2.url}|zip:a/|zarr3:`, { to: "arcp" }))).toMatchObject({
      code: "arcp/not-archive",
      offset: 35,
    });
    expect(errorOf(() => translate(A2.url, { to: "arcp" }))).toMatchObject({
      code: "arcp/not-archive",
      offset: A2.url.length,
    });
  });

  test("a dot-segment in the entry: the way back would remove it (section 7), so it is refused", () => {
    expect(errorOf(() => translate(`${A2.url}|zip:a/../b`, { to: "arcp" }))).toMatchObject({
      code: "arcp/dot-segment",
      offset: 34,
    });
  });
});

describe("arcp to pipeline", () => {
  const authorities = { [`uuid,${A2.uuid}`]: `${A2.url}|zip:` };

  test("A.2 back: with the authority mapped to the archive's pipeline", () => {
    expect(translate(A2.uris[2]!, { from: "arcp", authorities })).toBe(`${A2.url}|zip:pics/flower.jpeg`);
    expect(translate(A2.uris[0]!, { from: "arcp", authorities })).toBe(`${A2.url}|zip:`);
    // The authority is matched case-insensitively where RFC 4122 and RFC 3986 make it so.
    expect(translate(A2.uris[1]!.toUpperCase().replace("PICS", "pics"), { from: "arcp", authorities })).toBe(
      `${A2.url}|zip:pics/`,
    );
  });

  test("A.3 back, and a mapping to a directory of the archive", () => {
    expect(
      translate(A3.entry, {
        from: "arcp",
        authorities: { [`ni,sha-256;${A3.base64url}`]: "file:///tmp/foo-1.2.tar|zip:" },
      }),
    ).toBe("file:///tmp/foo-1.2.tar|zip:src/luhn.c");
    expect(
      translate("arcp://name,gallery.example.org/photos/137", {
        from: "arcp",
        authorities: { "name,gallery.example.org": "s3://bucket/gallery.zip|zip:root/" },
      }),
    ).toBe("s3://bucket/gallery.zip|zip:root/photos/137");
  });

  test("the UUID cannot be inverted: without a mapping, an error at the authority", () => {
    const e = errorOf(() => translate(A2.uris[2]!, { from: "arcp" }));
    expect(e).toMatchObject({ code: "arcp/unknown-authority", offset: 7 });
    expect(e.message).toContain("version 5");
  });

  test("section 7: dot-segments are removed before the path is converted, so none climbs out", () => {
    expect(translate(`arcp://uuid,${A2.uuid}/pics/../../../outside.txt`, { from: "arcp", authorities })).toBe(
      `${A2.url}|zip:outside.txt`,
    );
  });

  test("a query or a fragment has no place in a zip: path; an invalid URI is an error at its character", () => {
    expect(errorOf(() => translate(`${A2.uris[1]}?New`, { from: "arcp", authorities }))).toMatchObject({
      code: "arcp/query",
      offset: 54,
    });
    expect(errorOf(() => translate(`${A2.uris[1]}#x`, { from: "arcp", authorities }))).toMatchObject({
      code: "arcp/fragment",
      offset: 54,
    });
    expect(errorOf(() => translate("arcp://a/b c", { from: "arcp", authorities }))).toMatchObject({
      code: "arcp/syntax",
      offset: 10,
    });
  });

  test("a mapping that names no archive is a TypeError", () => {
    expect(() => translate(A2.uris[1]!, { from: "arcp", authorities: { [`uuid,${A2.uuid}`]: A2.url } })).toThrow(
      TypeError,
    );
    expect(() =>
      translate(A2.uris[1]!, { from: "arcp", authorities: { [`uuid,${A2.uuid}`]: "not a pipeline" } }),
    ).toThrow(TypeError);
  });
});

describe("relative references inside an archive (Appendix A.1)", () => {
  test.each(fixture.sandboxing.resolutions.map((r) => [r.reference, r.base, r.target]))(
    "%s against %s",
    (reference, base, target) => {
      expect(resolveArcp(base, reference)).toBe(target);
      expect(resolveUriReference(base, reference)).toBe(target); // plain RFC 3986 5.2 gives the same
    },
  );

  test("the arcp library's urljoin example", () => {
    const j = fixture.library.urljoin;
    expect(resolveArcp(j.base, j.reference)).toBe(j.target);
  });

  test("A.1 through the pipeline: the resolved entry, mapped back, stays inside the archive", () => {
    const base = fixture.sandboxing.resolutions[0]!.base;
    const mapped = { [`uuid,${fixture.sandboxing.uuid}`]: "file:///tmp/document.tar.zip|zip:" };
    expect(translate(resolveArcp(base, "../../../outside.txt"), { from: "arcp", authorities: mapped })).toBe(
      "file:///tmp/document.tar.zip|zip:outside.txt",
    );
  });

  test("a reference into another archive is refused (section 7, Same Origin)", () => {
    const base = fixture.sandboxing.resolutions[0]!.base;
    expect(errorOf(() => resolveArcp(base, `arcp://uuid,${A2.uuid}/x`))).toMatchObject({
      code: "arcp/other-archive",
      offset: 0,
    });
    expect(errorOf(() => resolveArcp(base, "http://example.com/"))).toMatchObject({ code: "arcp/other-archive" });
    expect(errorOf(() => resolveArcp("http://a/b", "c"))).toMatchObject({ code: "arcp/syntax", offset: 0 });
  });
});

test("round trips: pipeline to arcp and back with the mapping", () => {
  for (const p of [`${A2.url}|zip:`, `${A2.url}|zip:pics/flower.jpeg`, "s3://bucket/o.zip|zip:i.zip|zip:a%20b/c"]) {
    const uri = translate(p, { to: "arcp" });
    const authority = /^arcp:\/\/([^/]*)/.exec(uri)![1]!;
    const archive = `${p.slice(0, p.lastIndexOf("|zip:"))}|zip:`;
    expect(translate(uri, { from: "arcp", authorities: { [authority]: archive } })).toBe(p);
  }
});

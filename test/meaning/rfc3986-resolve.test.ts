/**
 * RFC 3986 section 5.2 on generic URIs (src/meaning/rfc3986-resolve.ts): every example of sections 5.4.1 and
 * 5.4.2, the two remove_dot_segments examples of 5.2.4, the component examples of section 3, and WHATWG URL (Node's
 * `URL`) as a second opinion where the two agree by design.
 */
import fc from "fast-check";
import { UrlPipelineSyntaxError } from "../../src/errors";
import {
  ResolveError,
  mergePaths,
  parseUriReference,
  recomposeUri,
  removeDotSegments,
  resolveUriReference,
  transformReference,
} from "../../src/meaning/rfc3986-resolve";
import rfc from "../fixtures/rfc3986/rfc3986-examples.json";

const { base } = rfc.resolution;

describe("RFC 3986 5.4.1 normal examples (all 23)", () => {
  test("there are 23", () => expect(rfc.resolution.normal_5_4_1).toHaveLength(23));
  test.each(rfc.resolution.normal_5_4_1)("$ref -> $expected", ({ ref, expected }) => {
    expect(resolveUriReference(base, ref)).toBe(expected);
  });
});

describe("RFC 3986 5.4.2 abnormal examples (all 19)", () => {
  test("there are 19", () => expect(rfc.resolution.abnormal_5_4_2).toHaveLength(19));
  test.each(rfc.resolution.abnormal_5_4_2)("$ref -> $expected", ({ ref, expected }) => {
    expect(resolveUriReference(base, ref)).toBe(expected);
  });
  test('"http:g" is "http:g": the strict algorithm, not the backward-compatible one', () => {
    expect(resolveUriReference(base, "http:g")).toBe("http:g");
  });
});

describe("5.2.1 pre-parse (Appendix B)", () => {
  test.each(rfc.components_3)("$uri", (c) => {
    const undef = (x: string | null) => (x === null ? undefined : x);
    expect(parseUriReference(c.uri)).toEqual({
      scheme: undef(c.scheme),
      authority: undef(c.authority),
      path: c.path,
      query: undef(c.query),
      fragment: undef(c.fragment),
    });
  });
  test("an empty delimiter defines an empty component; no delimiter leaves it undefined", () => {
    expect(parseUriReference("?#")).toEqual({
      scheme: undefined,
      authority: undefined,
      path: "",
      query: "",
      fragment: "",
    });
    expect(parseUriReference("")).toEqual({
      scheme: undefined,
      authority: undefined,
      path: "",
      query: undefined,
      fragment: undefined,
    });
    expect(parseUriReference("//")).toMatchObject({ authority: "", path: "" });
  });
  test.each(rfc.valid_uri_examples_1_1_2)("5.3 recomposition gives back %s", (uri) => {
    expect(recomposeUri(parseUriReference(uri))).toBe(uri);
  });
});

describe("5.2.3 merge", () => {
  test("a base with an authority and an empty path: '/' + the reference's path", () => {
    expect(mergePaths({ authority: "a", path: "" }, "g")).toBe("/g");
  });
  test("no authority, empty path: the reference's path", () => {
    expect(mergePaths({ authority: undefined, path: "" }, "g")).toBe("g");
  });
  test("all but the last segment of the base's path, then the reference's path", () => {
    expect(mergePaths({ authority: "a", path: "/b/c/d;p" }, "g")).toBe("/b/c/g");
    expect(mergePaths({ authority: undefined, path: "d;p" }, "g")).toBe("g");
    expect(mergePaths({ authority: undefined, path: "b/" }, "g")).toBe("b/g");
  });
});

describe("5.2.4 remove_dot_segments", () => {
  test.each(rfc.remove_dot_segments_5_2_4)("$input -> $output", ({ input, output }) => {
    expect(removeDotSegments(input)).toBe(output);
  });
  test.each([
    ["", ""],
    [".", ""],
    ["..", ""],
    ["/.", "/"],
    ["/..", "/"],
    ["/a/..", "/"],
    ["a/..", "/"], // rule C leaves "/" even for a rootless path
    ["a/../b", "/b"],
    ["../a", "a"],
    ["./a:b", "a:b"],
    ["/a/./b/../../c/", "/c/"],
    ["//a", "//a"],
    ["/..//a", "//a"],
    ["a/b/..", "a/"],
    ["a/%2E%2E/b", "a/%2E%2E/b"], // percent-encoded dots are not dot-segments here (5.2.4 works on the raw text)
  ])("%j -> %j", (input, output) => {
    expect(removeDotSegments(input)).toBe(output);
  });
  test("linear: 200,000 segments", () => {
    const path = "/a/..".repeat(100_000) + "/b/.".repeat(100_000);
    expect(removeDotSegments(path)).toBe(`${"/b".repeat(100_000)}/`);
  });
});

describe("5.2.2 transform references", () => {
  test("a reference with a scheme is taken as it is (strict), its path without dot-segments", () => {
    const b = parseUriReference(base);
    expect(transformReference(b, parseUriReference("http:/a/./b"))).toEqual({
      scheme: "http",
      authority: undefined,
      path: "/a/b",
      query: undefined,
      fragment: undefined,
    });
  });
  test("an empty path keeps the base's path and query; a query in the reference replaces the base's", () => {
    const b = parseUriReference(base);
    expect(transformReference(b, parseUriReference(""))).toMatchObject({ path: "/b/c/d;p", query: "q" });
    expect(transformReference(b, parseUriReference("?y"))).toMatchObject({ path: "/b/c/d;p", query: "y" });
    expect(transformReference(b, parseUriReference("g"))).toMatchObject({ path: "/b/c/g", query: undefined });
  });
});

describe("errors", () => {
  test("a target with no authority and a path starting with // is not a URI (section 3.3)", () => {
    let error: unknown;
    try {
      resolveUriReference("a:b", "/..//g");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ResolveError);
    expect(error).toMatchObject({ code: "invalid-result", result: "a://g", subUrls: [] });
  });
  test.each([
    ["a base without a scheme", "//a/b", "g"],
    ["a base with a fragment (5.1: a base must be an absolute-URI)", "http://a/b#f", "g"],
    ["a reference that is not a URI-reference", base, "a b"],
    ["a reference with two fragments", base, "g#s#t"],
  ])("%s is a syntax error", (_what, b, r) => {
    expect(() => resolveUriReference(b, r)).toThrow(UrlPipelineSyntaxError);
  });
  test("arguments that are not strings: TypeError", () => {
    expect(() => resolveUriReference(1 as never, "g")).toThrow(TypeError);
    expect(() => resolveUriReference(base, null as never)).toThrow(TypeError);
  });
});

describe("properties (fast-check, fixed seed)", () => {
  const refs = fc
    .array(fc.constantFrom("g", ".", "..", "/", ";", "x=1", "?", "#", "y", ":", "%2F"), { maxLength: 8 })
    .map((parts) => parts.join(""));
  test("agrees with WHATWG URL (Node's URL) on scheme-less references to an http base", () => {
    // WHATWG URL differs by design for a reference with its own scheme (a non-special scheme's opaque path keeps
    // its dot-segments) and for "//host" (it adds a "/" path), so those are left out.
    fc.assert(
      fc.property(refs, (ref) => {
        if (parseUriReference(ref).scheme !== undefined || ref.startsWith("//")) return;
        let ours: string;
        try {
          ours = resolveUriReference(base, ref);
        } catch (e) {
          expect(e).toBeInstanceOf(UrlPipelineSyntaxError); // e.g. "g#s#t"
          return;
        }
        expect(ours).toBe(new URL(ref, base).href);
      }),
      { seed: 3986, numRuns: 2000 },
    );
  });
  test("the empty reference gives back the base; resolving the target again changes nothing", () => {
    fc.assert(
      fc.property(refs, (ref) => {
        let target: string;
        try {
          target = resolveUriReference(base, ref);
        } catch {
          return;
        }
        const withoutFragment = target.split("#")[0]!;
        expect(resolveUriReference(withoutFragment, "")).toBe(withoutFragment);
        expect(resolveUriReference(base, target)).toBe(target);
      }),
      { seed: 5422, numRuns: 1000 },
    );
  });
});

/**
 * The relative-resolution examples of draft-fielding-url-syntax-01 (1996), the ancestor of RFC 3986's, through
 * resolveUriReference: each gives RFC 3986's answer, and where the 1996 draft answered otherwise the fixture keeps
 * both and cites the RFC 3986 section that changed it (test/fixtures/resolve/draft-fielding-url-syntax-01.json).
 */
import fixture from "../fixtures/resolve/draft-fielding-url-syntax-01.json";
import { resolveUriReference } from "../../src";

interface Example {
  reference: string;
  draft01: string;
  draft00?: string;
  rfc3986: string;
  section?: string;
}
const examples = fixture.examples as Example[];

test.each(examples.map((e) => [e.reference, e] as const))("%j: RFC 3986's answer", (_r, e) => {
  expect(resolveUriReference(fixture.base, e.reference)).toBe(e.rfc3986);
});

test("an RFC 3986 section is cited exactly where the 1996 draft answers otherwise", () => {
  for (const e of examples)
    expect([e.reference, e.section !== undefined]).toEqual([e.reference, e.draft01 !== e.rfc3986]);
  expect(examples.filter((e) => e.section !== undefined).map((e) => e.reference)).toEqual([
    "?y",
    "#s",
    "g?y/./x",
    "g?y/../x",
  ]);
});

test("where -00 and -01 differ, RFC 3986 sides with -01 on ;x and with -00 on ?y, #s and g?y/./x", () => {
  const changed = examples.filter((e) => e.draft00 !== undefined);
  expect(
    changed.map((e) => [e.reference, e.rfc3986 === e.draft01 ? "-01" : e.rfc3986 === e.draft00 ? "-00" : "neither"]),
  ).toEqual([
    ["?y", "-00"],
    ["#s", "-00"],
    [";x", "-01"],
    ["g?y/./x", "-00"],
  ]);
});

/**
 * scripts/conformance/utf8-repair.ts: every run of "%XX" comes out UTF-8 (decision D14), the kept byte as written,
 * whatever the bytes were; what is not percent-encoded is left alone.
 */
import fc from "fast-check";
import { repairUtf8 } from "../../../scripts/conformance/utf8-repair";

const utf8 = new TextDecoder("utf-8", { fatal: true });
const bytesOf = (text: string) =>
  Uint8Array.from([...text.matchAll(/%([0-9A-Fa-f]{2})/g)].map((m) => parseInt(m[1]!, 16)));

test("examples", () => {
  expect(repairUtf8("a%C3b", 1)).toBe("a%C3%80b");
  expect(repairUtf8("a%E0%41", 1)).toBe("a%E0%A0%80%41");
  expect(repairUtf8("%C2%00", 3)).toBe("%C2%80%00");
  expect(repairUtf8("%80", 0)).toBe("%C2%80");
  expect(repairUtf8("%80x", 99)).toBe("%61x");
  expect(repairUtf8("%C3%A9/%41", 0)).toBe("%C3%A9/%41");
  expect(repairUtf8("no percent", 0)).toBe("no percent");
});

test("any bytes: the result is UTF-8, and the kept byte is unchanged", () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 12 }), fc.nat(), (bytes, k) => {
      const text = bytes.map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
      const keep = 3 * (k % bytes.length);
      const kept = text.slice(keep, keep + 3);
      const out = repairUtf8(text, keep);
      // A byte UTF-8 never has (C0, C1, F5-FF) cannot be kept and repaired both.
      if ([0xc0, 0xc1].includes(bytes[k % bytes.length]!) || bytes[k % bytes.length]! >= 0xf5) return;
      expect(() => utf8.decode(bytesOf(out))).not.toThrow();
      expect(out).toContain(kept);
    }),
    { seed: 8, numRuns: 2000 },
  );
});

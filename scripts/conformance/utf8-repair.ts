/**
 * Makes the percent-encoded bytes of a candidate UTF-8 (decision D14: percent-decoded text must be UTF-8), keeping
 * one byte as it is: the byte whose hex digit is the transition the candidate was made for. A lead byte gets the
 * continuation bytes it needs (inserted where the run is too short), a stray continuation byte gets a lead byte, a
 * byte that is never UTF-8 becomes "%61" ("a", which every component takes). The automaton reads every hex digit of
 * a "%XX" alike in the states where a run can grow, so the candidate still takes its transition when the package
 * accepts it; the caller checks both.
 */

/** The second byte a lead byte may take (Unicode Table 3-7): E0 A0.., ED ..9F, F0 90.., F4 ..8F; else 80. */
function secondByte(lead: number): number {
  if (lead === 0xe0) return 0xa0;
  if (lead === 0xf0) return 0x90;
  return 0x80;
}

function continuations(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 1;
  if (lead >= 0xe0 && lead <= 0xef) return 2;
  if (lead >= 0xf0 && lead <= 0xf4) return 3;
  return -1;
}

const hex = (b: number) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`;

/** Whether `b` may follow `lead` as its first continuation byte. */
function fitsSecond(lead: number, b: number): boolean {
  if (lead === 0xe0) return b >= 0xa0 && b <= 0xbf;
  if (lead === 0xed) return b >= 0x80 && b <= 0x9f;
  if (lead === 0xf0) return b >= 0x90 && b <= 0xbf;
  if (lead === 0xf4) return b >= 0x80 && b <= 0x8f;
  return b >= 0x80 && b <= 0xbf;
}

/** `text` with every run of "%XX" made UTF-8, the "%XX" that holds offset `keep` kept as written. */
export function repairUtf8(text: string, keep: number): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    if (!isTriplet(text, i)) {
      out += text[i];
      i++;
      continue;
    }
    // A run of triplets: [start, end) in the text.
    const triplets: { at: number; byte: number; text: string }[] = [];
    let j = i;
    while (isTriplet(text, j)) {
      triplets.push({ at: j, byte: parseInt(text.slice(j + 1, j + 3), 16), text: text.slice(j, j + 3) });
      j += 3;
    }
    out += repairRun(triplets, keep);
    i = j;
  }
  return out;
}

function isTriplet(text: string, i: number): boolean {
  return text[i] === "%" && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3));
}

function repairRun(triplets: { at: number; byte: number; text: string }[], keep: number): string {
  let out = "";
  const kept = (t: { at: number }) => keep >= t.at && keep < t.at + 3;
  for (let k = 0; k < triplets.length; k++) {
    const t = triplets[k]!;
    if (t.byte < 0x80) {
      out += t.text;
      continue;
    }
    const need = continuations(t.byte);
    if (need < 0) {
      // A continuation byte with no lead, or a byte UTF-8 never has: kept ones get a lead, others become "a".
      if (!kept(t)) out += "%61";
      else if (t.byte <= 0xbf) out += `%C2${t.text}`;
      else out += t.text; // C0, C1, F5-FF: no repair; the package refuses it
      continue;
    }
    out += t.text;
    for (let n = 0; n < need; n++) {
      const next = triplets[k + 1];
      const ok = next && (n === 0 ? fitsSecond(t.byte, next.byte) : next.byte >= 0x80 && next.byte <= 0xbf);
      // A kept byte that does not fit stays for the next turn (a lead is put before it if it needs one).
      if (next && ok) {
        out += next.text;
        k++;
      } else out += hex(n === 0 ? secondByte(t.byte) : 0x80);
    }
  }
  return out;
}

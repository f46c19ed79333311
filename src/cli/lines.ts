/**
 * Standard input of `url-pipeline check`, split into lines as it arrives, in memory bounded by the chunk size and
 * the longest line: bytes are split on LF (0x0A) before any decoding (no byte of a multi-byte UTF-8 sequence is
 * 0x0A), so a line that is not UTF-8 is told apart and answered as such, and its neighbours are unaffected.
 *
 * - A CR before the LF belongs to the line break (CRLF); a final line without LF is a line; nothing follows a
 *   final LF.
 * - A UTF-8 byte order mark at the very start of the input is dropped (U+FEFF anywhere else is text).
 * - Lines are handed over as they are, empty ones included: the caller decides what an empty line means.
 *
 * The common case costs one fatal UTF-8 decode per chunk (all of its complete lines at once); only a chunk that
 * is not UTF-8 is decoded line by line, to find the lines at fault.
 *
 * A line longer than `maxLineBytes` is not held whole: its first `maxLineBytes` bytes are kept, the rest is counted
 * and dropped up to its LF, and the sink's `overlong` has them (memory stays flat with the length of a line: a
 * 600 MB line costs what its start does).
 */

export interface LineSink {
  /** A line of UTF-8 text, without its line break. */
  line(text: string): void;
  /** A line whose bytes are not UTF-8 (without its line break, and without the BOM of the first line). */
  notUtf8(bytes: Uint8Array): void;
  /** A line of more than `maxLineBytes` bytes: its first `maxLineBytes`, and how many it has (without its break). */
  overlong?(start: Uint8Array, bytes: number): void;
}

const LF = 0x0a;
const CR = 0x0d;
const BOM = "\ufeff";

export class LineSplitter {
  /** Fatal: throws on bytes that are not UTF-8. ignoreBOM: keep U+FEFF (only the input's first one is a BOM). */
  private readonly decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  /** The start of a line that began in an earlier chunk: copies (new Uint8Array), as the caller may reuse its buffers. */
  private pending: Uint8Array[] = [];
  /** The bytes in `pending`. */
  private pendingBytes = 0;
  /** Past maxLineBytes: the bytes of the current line dropped so far (-1: not dropping). */
  private dropped = -1;
  private atStart = true;

  constructor(
    private readonly sink: LineSink,
    private readonly maxLineBytes = Infinity,
  ) {}

  /** Reads a chunk: hands over each line it completes. */
  push(chunk: Uint8Array): void {
    let start = 0;
    if (this.dropped >= 0) {
      const lf = chunk.indexOf(LF);
      if (lf < 0) {
        this.dropped += chunk.length;
        return;
      }
      this.endOverlong(lf);
      start = lf + 1;
      chunk = chunk.subarray(start);
      start = 0;
    }
    if (this.pending.length > 0) {
      const lf = chunk.indexOf(LF);
      if (lf < 0) {
        this.hold(chunk);
        return;
      }
      if (this.pendingBytes + lf > this.maxLineBytes) {
        this.hold(chunk.subarray(0, lf));
        this.endOverlong(0);
      } else {
        this.pending.push(chunk.subarray(0, lf));
        this.bytes(concat(this.pending), true);
        this.pending = [];
        this.pendingBytes = 0;
      }
      start = lf + 1;
    }
    const last = chunk.lastIndexOf(LF);
    if (last >= start) {
      this.block(chunk.subarray(start, last));
      start = last + 1;
    }
    if (start < chunk.length) this.hold(chunk.subarray(start));
  }

  /** The end of the input: hands over the final line, if it has no LF. */
  end(): void {
    if (this.dropped >= 0) this.endOverlong(0);
    else if (this.pending.length > 0) this.bytes(concat(this.pending), false);
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** Keeps the start of a line that goes on in the next chunk (a copy), up to maxLineBytes; then counts the rest. */
  private hold(part: Uint8Array): void {
    const room = this.maxLineBytes - this.pendingBytes;
    if (this.dropped >= 0 || part.length > room) {
      if (this.dropped < 0) {
        this.pending.push(new Uint8Array(part.subarray(0, room)));
        this.pendingBytes += room;
        this.dropped = 0;
        part = part.subarray(room);
      }
      this.dropped += part.length;
      return;
    }
    this.pending.push(new Uint8Array(part));
    this.pendingBytes += part.length;
  }

  /** The end of an overlong line, `more` bytes into the chunk that ends it. */
  private endOverlong(more: number): void {
    let start = concat(this.pending);
    const bytes = start.length + this.dropped + more;
    this.pending = [];
    this.pendingBytes = 0;
    this.dropped = -1;
    if (this.atStart) {
      this.atStart = false;
      if (start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf) start = start.subarray(3);
    }
    if (this.sink.overlong) this.sink.overlong(start, bytes);
    else this.bytes(start, false);
  }

  /** Complete lines separated by LF (the last one's LF not included): one decode when they are all UTF-8. */
  private block(bytes: Uint8Array): void {
    let text: string;
    try {
      text = this.decoder.decode(bytes);
    } catch {
      // Some line is not UTF-8: each line on its own.
      let from = 0;
      for (let lf = bytes.indexOf(LF); lf >= 0; lf = bytes.indexOf(LF, from)) {
        this.bytes(bytes.subarray(from, lf), true);
        from = lf + 1;
      }
      this.bytes(bytes.subarray(from), true);
      return;
    }
    if (this.atStart) {
      this.atStart = false;
      if (text.startsWith(BOM)) text = text.slice(1);
    }
    let from = 0;
    for (let lf = text.indexOf("\n"); lf >= 0; lf = text.indexOf("\n", from)) {
      this.text(text.slice(from, lf > from && text.charCodeAt(lf - 1) === CR ? lf - 1 : lf));
      from = lf + 1;
    }
    const end = text.length;
    this.text(text.slice(from, end > from && text.charCodeAt(end - 1) === CR ? end - 1 : end));
  }

  /**
   * A line of a chunk, decoded: over maxLineBytes, as overlong, whichever chunk held it (a UTF-16 code unit is at most
   * 3 bytes of UTF-8: a line of at most a third of the bound needs no count).
   */
  private text(line: string): void {
    if (line.length * 3 <= this.maxLineBytes || !this.sink.overlong) {
      this.sink.line(line);
      return;
    }
    const bytes = Buffer.byteLength(line);
    if (bytes <= this.maxLineBytes) this.sink.line(line);
    else this.sink.overlong(Buffer.from(line).subarray(0, this.maxLineBytes), bytes);
  }

  /** One line's bytes; `broken`: it ended with LF, so a CR before it is part of the line break. */
  private bytes(line: Uint8Array, broken: boolean): void {
    if (broken && line.length > 0 && line[line.length - 1] === CR) line = line.subarray(0, line.length - 1);
    if (this.atStart) {
      this.atStart = false;
      if (line[0] === 0xef && line[1] === 0xbb && line[2] === 0xbf) line = line.subarray(3);
    }
    let text: string;
    try {
      text = this.decoder.decode(line);
    } catch {
      this.sink.notUtf8(line);
      return;
    }
    this.sink.line(text);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

#!/usr/bin/env node
/**
 * The url-pipeline command (see main.ts). Exit status 1 means "some input is invalid", so anything else that goes
 * wrong (standard input unreadable, an internal error) ends with status 2 and a message on standard error instead
 * of Node's default status 1 and stack trace. Standard output closed early (EPIPE: the reader went away, as with
 * `| head -1`) is no failure: the command stops reading and writing, and ends quietly with status 0.
 */
import { fstatSync, readSync } from "node:fs";
import { main } from "./main";

function fail(what: string, e: unknown): never {
  try {
    process.stderr.write(`url-pipeline: ${what}: ${e instanceof Error ? e.message : String(e)}\n`);
  } finally {
    process.exit(2);
  }
}

/** Set once standard output is closed; nothing more is written, and check stops reading. */
let closed = false;
/** Those waiting for standard output to drain (or close). */
let waiting: (() => void)[] = [];
function wake(): void {
  const w = waiting;
  waiting = [];
  for (const f of w) f();
}

// Write errors arrive as 'error' events; unhandled, Node would end with status 1.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (closed) return;
  if (e.code !== "EPIPE") fail("cannot write to standard output", e);
  closed = true;
  process.exitCode = 0;
  wake();
});
process.stdout.on("drain", wake);
process.stderr.on("error", () => process.exit(2));
process.on("uncaughtException", (e) => fail("internal error", e));

/**
 * Standard input, as chunks. A file (or a directory, which then fails with EISDIR) is read with fs.readSync, in
 * large chunks into one buffer (check copies what it keeps): a file is always ready, and a synchronous read saves
 * each chunk a round trip through the thread pool (about a tenth of check's time on a file of short lines);
 * process.stdin would end a directory silently, as if empty. Pipes, terminals and sockets are read through
 * process.stdin.
 */
async function* stdinChunks(): AsyncGenerator<Uint8Array> {
  const stat = fstatSync(0);
  if (!stat.isFile() && !stat.isDirectory()) {
    yield* process.stdin;
    return;
  }
  const buffer = Buffer.allocUnsafe(1 << 16);
  for (;;) {
    const bytesRead = readSync(0, buffer, 0, buffer.length, null);
    if (bytesRead === 0) return;
    yield buffer.subarray(0, bytesRead);
  }
}

main(process.argv.slice(2), {
  stdout: (s) => (closed ? true : process.stdout.write(s)),
  stderr: (s) => process.stderr.write(s),
  stdin: stdinChunks,
  drain: () =>
    new Promise<void>((resolve) => {
      if (closed || !process.stdout.writableNeedDrain) resolve();
      else waiting.push(resolve);
    }),
  closed: () => closed,
}).then(
  (code) => {
    process.exitCode = closed ? 0 : code;
  },
  (e: unknown) => fail("internal error", e),
);

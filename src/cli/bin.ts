#!/usr/bin/env node
/**
 * The url-pipeline command (see main.ts). Exit status 1 means "some input is invalid", so anything else that goes
 * wrong (standard input unreadable, standard output closed early: EPIPE, an internal error) ends with status 2 and
 * a message on standard error instead of Node's default status 1 and stack trace.
 */
import { main } from "./main";

function fail(what: string, e: unknown): never {
  try {
    process.stderr.write(`url-pipeline: ${what}: ${e instanceof Error ? e.message : String(e)}\n`);
  } finally {
    process.exit(2);
  }
}

// Write errors arrive as 'error' events; unhandled, Node would end with status 1. No point writing more: stop.
process.stdout.on("error", (e) => fail("cannot write to standard output", e));
process.stderr.on("error", () => process.exit(2));
process.on("uncaughtException", (e) => fail("internal error", e));

main(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  stdin: () => {
    try {
      return require("node:fs").readFileSync(0, "utf8") as string;
    } catch (e) {
      return fail("cannot read standard input", e);
    }
  },
}).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => fail("internal error", e),
);

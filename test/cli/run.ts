/** Runs the CLI's main() with an in-memory io, as the CLI tests do: exit status, standard output and error. */
import { main, type Io } from "../../src/cli/main";

/**
 * Standard input is `stdin`, as one chunk (a string is its UTF-8), or as the chunks given (a line may span
 * several).
 */
export async function run(
  argv: string[],
  stdin: string | Uint8Array | (string | Uint8Array)[] = "",
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const chunks = (Array.isArray(stdin) ? stdin : [stdin]).map((c) =>
    typeof c === "string" ? Buffer.from(c, "utf8") : c,
  );
  const io: Io = {
    stdout: (s) => void (out += s),
    stderr: (s) => void (err += s),
    stdin: async function* () {
      yield* chunks;
    },
  };
  const code = await main(argv, io);
  return { code, out, err };
}

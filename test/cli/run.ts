/** Runs the CLI's main() with an in-memory io, as the CLI tests do: exit status, standard output and error. */
import { main, type Io } from "../../src/cli/main";

export async function run(argv: string[], stdin = ""): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: Io = { stdout: (s) => (out += s), stderr: (s) => (err += s), stdin: () => stdin };
  const code = await main(argv, io);
  return { code, out, err };
}

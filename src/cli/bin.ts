#!/usr/bin/env node
import { main } from "./main";

main(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  stdin: () => require("node:fs").readFileSync(0, "utf8") as string,
}).then((code) => {
  process.exitCode = code;
});

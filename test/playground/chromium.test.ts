/** Finding the browser for the playground's browser test (./chromium.ts), and telling CI apart. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findChromium, underCI } from "./chromium";

test("CHROMIUM_PATH first (missing: none, not a search), then chromium or chromium-browser on the PATH", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "url-pipeline-chromium-"));
  try {
    const [empty, bin] = [path.join(dir, "empty"), path.join(dir, "bin")];
    fs.mkdirSync(empty);
    fs.mkdirSync(bin);
    const browser = path.join(bin, "chromium-browser");
    fs.writeFileSync(browser, "#!/bin/sh\n", { mode: 0o755 });
    fs.writeFileSync(path.join(empty, "chromium"), "not executable", { mode: 0o644 });
    const PATH = [empty, bin].join(path.delimiter);
    expect(findChromium({ PATH })).toBe(browser);
    expect(findChromium({ PATH: empty })).toBeNull();
    expect(findChromium({ PATH, CHROMIUM_PATH: browser })).toBe(browser);
    expect(findChromium({ PATH, CHROMIUM_PATH: path.join(dir, "nowhere") })).toBeNull();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("CI is any value of CI but empty, false and 0", () => {
  expect([{}, { CI: "" }, { CI: "false" }, { CI: "0" }].map((env) => underCI(env))).toEqual([
    false,
    false,
    false,
    false,
  ]);
  expect([{ CI: "true" }, { CI: "1" }].map((env) => underCI(env))).toEqual([true, true]);
});

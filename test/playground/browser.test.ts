// The functions run in the page use the DOM library. tsc checks this file with playground/tsconfig.json, and the
// root tsconfig.json leaves it out, so that src/ is never checked with the DOM's globals in scope.
/// <reference lib="dom" />
/**
 * The playground in a real browser: headless Chromium (Debian's chromium package, driven by playwright-core; no
 * browser is downloaded) opens the built page from disk and is driven as a person would, key by key. Screenshots
 * of the main states are written to test-artifacts/playground/. Without a Chromium (./chromium.ts) the test is
 * skipped, saying so; under CI a missing Chromium fails.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { complete, validate } from "../../src";
import { analyze } from "../../playground/src/analyze";
import { buildPlayground } from "../../scripts/playground/build";
import { findChromium, underCI } from "./chromium";

const ROOT = path.join(__dirname, "../..");
const ARTIFACTS = path.join(ROOT, "test-artifacts", "playground");
const CHROMIUM = findChromium();

if (!CHROMIUM && underCI()) {
  test("Chromium is installed, for the playground's browser test", () => {
    throw new Error(
      "no Chromium: set CHROMIUM_PATH or put chromium on the PATH (.ci/run installs Debian's chromium package)",
    );
  });
} else if (!CHROMIUM) {
  console.warn(
    "SKIPPED test/playground/browser.test.ts, the playground in headless Chromium: no Chromium found (CHROMIUM_PATH, or " +
      "chromium or chromium-browser on the PATH). Install Debian's chromium package (apt-get install chromium) to run it.",
  );
  test.skip("the playground in headless Chromium (skipped: no Chromium found)", () => {});
} else {
  // A hang guard, not a speed check: each test types into a real browser key by key and waits for the page after
  // each key; on a loaded 2-core machine one takes 3 to 5 s alone and more beside other suites, past jest's 5 s.
  jest.setTimeout(60_000);
  describe("the playground in headless Chromium", () => {
    const executablePath = CHROMIUM;
    let browser: Browser;
    let dir = "";
    let url = "";
    const problems: string[] = [];

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "url-pipeline-playground-"));
      buildPlayground(ROOT, dir);
      url = pathToFileURL(path.join(dir, "index.html")).href;
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      browser = await chromium.launch({ executablePath });
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    afterEach(() => {
      expect(problems.splice(0)).toEqual([]); // no script error, no console error or warning
    });

    async function open(fragment = "", options: BrowserContextOptions = {}): Promise<Page> {
      const page = await browser.newPage({ viewport: { width: 1000, height: 800 }, colorScheme: "light", ...options });
      page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
      page.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
      });
      await page.goto(url + fragment);
      return page;
    }

    const shot = (page: Page, name: string) =>
      page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
    const text = async (page: Page, selector: string) => (await page.locator(selector).textContent()) ?? "";
    // page.url() follows history.replaceState() only when the browser's event about it has arrived: ask the page.
    const hash = (page: Page) => page.evaluate(() => location.hash);
    const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

    /** The error's underline is drawn where the input draws character `offset`: measured with the input's own font. */
    async function expectUnderlineUnder(page: Page, offset: number): Promise<void> {
      const [markLeft, charLeft] = await page.evaluate((at) => {
        const input = document.getElementById("input") as HTMLInputElement;
        const style = getComputedStyle(input);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = style.font;
        const left =
          input.getBoundingClientRect().left +
          parseFloat(style.borderLeftWidth) +
          parseFloat(style.paddingLeft) -
          input.scrollLeft;
        return [
          document.querySelector("#mirror mark.error")!.getBoundingClientRect().left,
          left + context.measureText(input.value.slice(0, at)).width,
        ];
      }, offset);
      expect(Math.abs(markLeft - charLeft)).toBeLessThan(1);
    }

    test("a valid pipeline typed key by key: the verdict after every key, the tree, its spans on hover, the meaning", async () => {
      const page = await open("#dialect=url-pipeline-v0&input=");
      await page.focus("#input");
      const typed = "s3://bucket/path/to/archive.zip|zip:path/within/zip.zarr/|zarr3:";
      for (let i = 1; i <= typed.length; i++) {
        await page.keyboard.type(typed[i - 1]!);
        const verdict = await text(page, "#verdict");
        expect([typed.slice(0, i), verdict.split(":")[0]!.split(" ")[0]]).toEqual([
          typed.slice(0, i),
          validate(typed.slice(0, i)).valid ? "Valid" : "Invalid",
        ]);
      }
      expect(await text(page, "#verdict")).toBe("Valid url-pipeline v0 pipeline: s3 | zip | zarr3");
      expect(await page.locator("#tree > li").count()).toBe(3);
      expect(await text(page, "#normalized")).toBe(typed);
      expect(await text(page, "#kind")).toBe("array-or-array-group");
      expect(await hash(page)).toBe(`#dialect=url-pipeline-v0&input=${typed}`);

      // Each part of the tree, under the pointer, highlights its span in the input.
      await page.keyboard.press("Escape");
      for (const [label, span] of [
        ["bucket", "bucket"],
        ["path", "/path/to/archive.zip"],
        ["scheme", "zarr3"],
      ] as const) {
        const part = page
          .locator("#tree .part", { hasText: new RegExp(`^${label} ${span.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`) })
          .first();
        await part.hover();
        expect(await text(page, "#mirror mark.highlight")).toBe(span);
      }
      const [mark, field] = await Promise.all([
        page.locator("#mirror mark.highlight").boundingBox(),
        page.locator("#input").boundingBox(),
      ]);
      expect(mark!.y).toBeGreaterThanOrEqual(field!.y);
      expect(mark!.y + mark!.height).toBeLessThanOrEqual(field!.y + field!.height);
      await shot(page, "valid");
      await page.mouse.move(0, 0);
      expect(await page.locator("#mirror mark.highlight").count()).toBe(0);
    });

    test("an invalid pipeline: the error at its exact offset, under the very character, the message and the expected tokens", async () => {
      const page = await open("#dialect=url-pipeline-v0&input=");
      await page.focus("#input");
      const typed = "s3://bucket/a.zip|zipp:x";
      await page.keyboard.type(typed);
      const expected = analyze({ dialect: "url-pipeline-v0", input: typed, reference: "" }).error!;
      expect(expected.offset).toBe(22);
      expect(await text(page, "#verdict")).toBe("Invalid: a syntax error at offset 22");
      expect(await text(page, "#error-message")).toBe(`${expected.message} (${expected.code})`);
      expect(await text(page, "#expected")).toBe(expected.expected.join(", "));
      const [line, caret] = (await text(page, "#error-caret")).split("\n");
      expect([line, caret!.indexOf("^")]).toEqual([typed, 22]);
      expect(await text(page, "#mirror mark.error")).toBe(typed[22]);
      await expectUnderlineUnder(page, 22);
      expect(await page.locator("#tree > li").count()).toBe(0);
      await shot(page, "invalid");

      // An input that stops too soon: the error is after its last character.
      await page.keyboard.press("Control+A");
      await page.keyboard.type("s3://bucket/a.zip|byte-range:1-");
      expect(await text(page, "#verdict")).toBe("Invalid: a syntax error at offset 31");
      expect(await page.locator("#mirror mark.error.at-end").count()).toBe(1);
    });

    test("a hint's fix, applied with the keyboard", async () => {
      const page = await open("#dialect=url-pipeline-v0&input=s3://bucket/a.zip|zipp:x");
      await page.focus("#input");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.className)).toBe("apply");
      expect(await text(page, ":focus")).toBe("Apply: s3://bucket/a.zip|zip:x");
      await page.keyboard.press("Enter");
      expect(await page.inputValue("#input")).toBe("s3://bucket/a.zip|zip:x");
      expect(await focusedId(page)).toBe("input");
      expect(await text(page, "#verdict")).toBe("Valid url-pipeline v0 pipeline: s3 | zip");
      expect(await page.locator("#error").isHidden()).toBe(true);
      expect(await hash(page)).toBe("#dialect=url-pipeline-v0&input=s3://bucket/a.zip|zip:x");
    });

    test("one click only for a fix that keeps what is named: one that changes it is shown, not a button", async () => {
      const page = await open("#dialect=url-pipeline-v0&input=s3://my-bucket/repo?region=us-east-1");
      const items = page.locator("#hints li");
      expect(await items.count()).toBe(2);
      // storage-option keeps the key: a button; encoding the "?" names another key: text.
      expect(await items.nth(0).locator("button.apply code").textContent()).toBe("s3://my-bucket/repo");
      expect(await items.nth(1).locator("button").count()).toBe(0);
      expect(await items.nth(1).locator(".changes code").textContent()).toBe("s3://my-bucket/repo%3Fregion=us-east-1");
      expect(await page.locator("#hints button.apply").count()).toBe(1);
    });

    test("completion: a listbox under the caret, arrows to choose, Tab and Enter to accept, Escape to close", async () => {
      const page = await open("#dialect=url-pipeline-v0&input=");
      await page.focus("#input");
      const typed = "s3://bucket/a.zip|z";
      await page.keyboard.type(typed);
      const input = page.locator("#input");
      const options = page.locator("#completions [role=option]");
      expect(await page.locator("#completions").isVisible()).toBe(true);
      expect(await options.locator("code").allTextContents()).toEqual(
        complete(typed, { limit: 12 }).map((c) => c.label),
      );
      expect(await input.getAttribute("aria-expanded")).toBe("true");
      expect(await input.getAttribute("aria-activedescendant")).toBe("completion-0");
      for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowDown");
      expect(await input.getAttribute("aria-activedescendant")).toBe("completion-3");
      expect(await options.nth(3).getAttribute("aria-selected")).toBe("true");
      expect(await options.nth(3).locator("code").textContent()).toBe("zip:");
      // Under the caret: the list starts where the caret is (the end of the text), just below the input.
      const [list, caretX, box] = await Promise.all([
        page.locator("#completions").boundingBox(),
        page.evaluate(() => document.getElementById("caret-marker")!.getBoundingClientRect().left),
        input.boundingBox(),
      ]);
      expect(Math.abs(list!.x - caretX)).toBeLessThan(1);
      expect(list!.y).toBeGreaterThanOrEqual(box!.y + box!.height);
      await shot(page, "completion");

      await page.keyboard.press("Tab");
      expect(await page.inputValue("#input")).toBe("s3://bucket/a.zip|zip:");
      expect(await focusedId(page)).toBe("input");
      expect(await text(page, "#verdict")).toBe("Valid url-pipeline v0 pipeline: s3 | zip");

      await page.keyboard.type("x/|");
      expect(await options.count()).toBeGreaterThan(0);
      await page.keyboard.press("Escape");
      expect(await page.locator("#completions").isHidden()).toBe(true);
      expect(await input.getAttribute("aria-expanded")).toBe("false");
      expect(await input.getAttribute("aria-activedescendant")).toBeNull();
      await page.keyboard.type("zar");
      const first = complete("s3://bucket/a.zip|zip:x/|zar", { limit: 12 })[0]!;
      await page.keyboard.press("Enter");
      expect(await page.inputValue("#input")).toBe(first.completion);

      // Completion is for the text before the caret; what follows it stays.
      await page.keyboard.press("Control+A");
      await page.keyboard.type("s3:|zip:");
      for (let i = 0; i < "|zip:".length; i++) await page.keyboard.press("ArrowLeft");
      expect(await options.locator("code").allTextContents()).toEqual(
        complete("s3:", { limit: 12 }).map((c) => c.label),
      );
      await page.keyboard.press("Enter");
      expect(await page.inputValue("#input")).toBe("s3://|zip:");
      expect(await page.evaluate(() => (document.getElementById("input") as HTMLInputElement).selectionStart)).toBe(5);
    });

    test("switching the dialect: the verdict, the kind and ZEP 8's base + reference pair follow", async () => {
      const page = await open("#dialect=url-pipeline-v0&input=s3://bucket/a.zip|zip:x/|zarr3:");
      expect(await text(page, "#kind")).toBe("array-or-array-group");
      expect(await page.locator("#resolve-section").isHidden()).toBe(true);
      await page.focus("#dialect");
      await page.keyboard.press("ArrowDown"); // a closed select takes the next option
      expect(await page.inputValue("#dialect")).toBe("zep8");
      expect(await text(page, "#verdict")).toBe("Valid ZEP 8 pipeline: s3 | zip | zarr3");
      expect(await text(page, "#kind")).toBe("dataset");
      expect(await page.locator("#resolve-section").isVisible()).toBe(true);
      expect(await hash(page)).toBe("#dialect=zep8&input=s3://bucket/a.zip|zip:x/|zarr3:");

      await page.fill("#input", "gs://bucket/path/to/file.zip|zip:path/within/zip");
      await page.focus("#reference");
      await page.keyboard.type("..:/path/to/other.zip|zip:path/in/other/zip");
      expect(await text(page, "#reference-verdict")).toBe("Valid relative pipeline");
      expect(await text(page, "#resolved")).toBe("gs://bucket/path/to/other.zip|zip:path/in/other/zip");
      await shot(page, "zep8-resolve");

      // ZEP 8's version syntax: valid there; in url-pipeline v0 an error with a hint that rewrites it.
      await page.fill("#input", "file:///db/|ocdbt:@v1/path");
      expect(await text(page, "#verdict")).toBe("Valid ZEP 8 pipeline: file | ocdbt");
      await page.selectOption("#dialect", "url-pipeline-v0");
      expect((await text(page, "#verdict")).startsWith("Invalid")).toBe(true);
      expect(await page.locator("#hints .apply code").allTextContents()).toContain("file:///db/|ocdbt://v1/path");
      expect(await page.locator("#resolve-section").isHidden()).toBe(true);
    });

    test("a shared link shows what its sender saw", async () => {
      const sender = await open("#dialect=url-pipeline-v0&input=");
      await sender.selectOption("#dialect", "zep8");
      await sender.fill("#input", "s3://bucket/path/to/dataset.zip|zip:path/within/zip/|zarr3:");
      await sender.fill("#reference", "..:../of/another.zip|zip:other/array/|zarr3:");
      const link = await sender.evaluate(() => location.href);
      expect(await sender.getAttribute("#permalink", "href")).toBe(link);

      const receiver = await browser.newPage({ viewport: { width: 1000, height: 800 }, colorScheme: "light" });
      await receiver.goto(link);
      for (const field of ["#dialect", "#input", "#reference"])
        expect(await receiver.inputValue(field)).toBe(await sender.inputValue(field));
      for (const shown of ["#verdict", "#kind", "#normalized", "#resolved", "#tree"])
        expect(await text(receiver, shown)).toBe(await text(sender, shown));
      expect(await text(receiver, "#resolved")).toBe(
        "s3://bucket/path/to/dataset.zip|zip:path/within/of/another.zip|zip:other/array/|zarr3:",
      );
      await shot(receiver, "shared-link");

      // The copy button puts the same link on the clipboard.
      const context = await browser.newContext();
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const copier = await context.newPage();
      await copier.goto(link);
      await copier.focus("#copy-link");
      await copier.keyboard.press("Enter");
      await copier.waitForFunction(() => document.getElementById("copy-status")!.textContent !== "");
      expect(await text(copier, "#copy-status")).toBe("Link copied.");
      expect(await copier.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await context.close();

      // A link written by hand, percent-encoded; and a fragment changed in place.
      const hand = await open("#dialect=zep8&input=file%3A%2F%2F%2Fdb%2F%7Cocdbt%3A%40v1%2F");
      expect(await hand.inputValue("#input")).toBe("file:///db/|ocdbt:@v1/");
      expect(await text(hand, "#verdict")).toBe("Valid ZEP 8 pipeline: file | ocdbt");
      await hand.evaluate(() => (location.hash = "#dialect=url-pipeline-v0&input=memory:"));
      await hand.waitForFunction(() => (document.getElementById("input") as HTMLInputElement).value === "memory:");
      expect(await hand.inputValue("#dialect")).toBe("url-pipeline-v0");
      expect(await text(hand, "#verdict")).toBe("Valid url-pipeline v0 pipeline: memory");
    });

    test("examples from both specs", async () => {
      const page = await open();
      expect(await page.locator("#example option").count()).toBe(1 + 130 + 39 + 6 + 1 + 5 + 4);
      const groups = await page
        .locator("#example optgroup")
        .evaluateAll((gs) => gs.map((g) => (g as HTMLOptGroupElement).label));
      expect(groups).toEqual(
        expect.arrayContaining([
          "url-pipeline v0: README.md",
          "url-pipeline v0: schemes/ocdbt.md",
          "ZEP 8: valid",
          "ZEP 8: relative (base + reference)",
        ]),
      );
      await page.selectOption("#example", {
        label: "file:///tmp/dataset.ocdbt/|ocdbt://2025-01-01T01:23:45.678Z/path/within/database",
      });
      expect(await page.inputValue("#dialect")).toBe("url-pipeline-v0");
      expect(await text(page, "#verdict")).toBe("Valid url-pipeline v0 pipeline: file | ocdbt");
      await page.selectOption("#example", { label: "gs://bucket/path/to/  +  /file.zip|zip:path/within/zip" });
      expect([
        await page.inputValue("#dialect"),
        await page.inputValue("#input"),
        await page.inputValue("#reference"),
      ]).toEqual(["zep8", "gs://bucket/path/to/", "/file.zip|zip:path/within/zip"]);
      expect(await text(page, "#resolved")).toBe("gs://bucket/file.zip|zip:path/within/zip");
    });

    test("the keyboard alone: labels, the focus order, tree parts that highlight on focus", async () => {
      const page = await open("#dialect=zep8&input=s3://bucket/a.zip|zip:x/|zarr3:&reference=..:b.zip");
      for (const [label, id] of [
        ["Dialect", "dialect"],
        ["Example from the specs", "example"],
        ["URL pipeline", "input"],
        ["Reference", "reference"],
      ]) {
        expect(await page.getByLabel(label!, { exact: true }).getAttribute("id")).toBe(id);
      }
      expect(await page.getByRole("combobox", { name: "URL pipeline" }).getAttribute("aria-controls")).toBe(
        "completions",
      );

      const order: string[] = [];
      for (let i = 0; i < 40 && !order.includes("copy-link"); i++) {
        await page.keyboard.press("Tab");
        order.push(
          await page.evaluate(() => {
            const e = document.activeElement!;
            return e.id || (e.closest("#tree") ? `tree:${e.textContent}` : e.tagName.toLowerCase());
          }),
        );
        if (order.at(-1) === "input") await page.keyboard.press("Escape"); // close the completions, then Tab moves on
      }
      expect(order.slice(0, 5)).toEqual(["a", "dialect", "example", "input", "reference"]);
      expect(order.slice(-2)).toEqual(["permalink", "copy-link"]);
      expect(order.filter((o) => o.startsWith("tree:")).slice(0, 3)).toEqual([
        "tree:0 s3 s3://bucket/a.zip",
        "tree:scheme s3",
        "tree:bucket bucket",
      ]);

      await page.locator("#tree .part", { hasText: /^bucket/ }).focus();
      expect(await text(page, "#mirror mark.highlight")).toBe("bucket");
    });

    test.each(["light", "dark"] as const)(
      "360 px wide, %s colour scheme: nothing wider than the screen, the scheme honoured",
      async (scheme) => {
        const page = await open(
          "#dialect=url-pipeline-v0&input=s3+https://example.com/path/to/database.icechunk/|icechunk://tag.v5/path/to/node/|zarr3:|zipp",
          {
            viewport: { width: 360, height: 740 },
            colorScheme: scheme,
          },
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const [r, g, b] = background.match(/\d+/g)!.map(Number);
        const luminance = (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
        expect(scheme === "dark" ? luminance < 0.2 : luminance > 0.8).toBe(true);
        await page.focus("#input");
        await page.keyboard.press("End");
        await page.keyboard.press("Backspace");
        await shot(page, `narrow-360-${scheme}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        // A long input scrolled in its narrow field: the underline still lies under its character.
        await page.keyboard.type("p:x|");
        expect(
          await page.evaluate(() => (document.getElementById("input") as HTMLInputElement).scrollLeft),
        ).toBeGreaterThan(0);
        await expectUnderlineUnder(
          page,
          analyze({ dialect: "url-pipeline-v0", input: await page.inputValue("#input"), reference: "" }).error!.offset,
        );
      },
    );
  });
}

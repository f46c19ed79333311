/**
 * The playground page: one state (./state.ts), kept in the address's fragment, and everything the page shows
 * recomputed from it on every keystroke (./analyze.ts). The input is a combobox (WAI-ARIA 1.2, combobox with a
 * listbox popup): completions from complete() open under the caret, arrows move, Tab or Enter accepts, Escape closes.
 * Behind the input, an aria-hidden mirror of its text draws the error's underline and the span of the tree row under
 * the pointer or the focus.
 */
import { complete, type Candidate } from "../../src/index";
import type { ExampleGroup } from "../../scripts/playground/example-types";
import type { Span } from "../../src/tree/nodes";
import { analyze, type Analysis, type ErrorView, type Outcome, type TreeSubUrl } from "./analyze";
import { decodeState, encodeState, type State } from "./state";

/** The spec examples, copied from test/fixtures/spec/ by the build (scripts/playground/build.ts), as JSON text. */
// The spec examples: page content, written into index.html as JSON by scripts/playground/build.ts.
const EXAMPLES = JSON.parse(document.getElementById("examples")?.textContent || "[]") as ExampleGroup[];

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};

const input = $<HTMLInputElement>("input");
const mirror = $("mirror");
const list = $<HTMLUListElement>("completions");
const dialect = $<HTMLSelectElement>("dialect");
const example = $<HTMLSelectElement>("example");
const reference = $<HTMLInputElement>("reference");

let state: State = decodeState(location.hash);
let analysis: Analysis;
/** The span to highlight in the input: the tree row under the pointer or the focus. */
let highlight: Span | null = null;
let candidates: Candidate[] = [];
let active = 0;
/** Escape closes the list until the next edit. */
let dismissed = false;

/** What an error's kind is, in the verdict line. */
const ERROR_KINDS: Record<string, string> = {
  syntax: "a syntax error",
  value: "a value out of range",
  kind: "a base of the wrong kind",
  limit: "past a limit",
  resolve: "a reference that cannot be resolved",
};

// ---- the example list ----
EXAMPLES.forEach((group, g) => {
  const optgroup = el("optgroup", { label: group.label });
  group.examples.forEach(([input, reference], i) => {
    optgroup.append(el("option", { value: `${g}.${i}`, textContent: reference ? `${input}  +  ${reference}` : input }));
  });
  example.append(optgroup);
});
example.addEventListener("change", () => {
  const [g, i] = example.value.split(".").map(Number);
  const group = EXAMPLES[g!];
  const chosen = group?.examples[i!];
  if (!group || !chosen) return;
  setState({ dialect: group.dialect, input: chosen[0], reference: chosen[1] ?? "" });
});

// ---- state ----
function setState(next: State, keepExample = true): void {
  state = next;
  if (!keepExample) example.value = "";
  render();
}

function writeFragment(): void {
  const fragment = `#${encodeState(state)}`;
  if (location.hash === fragment) return;
  try {
    history.replaceState(null, "", fragment);
  } catch {
    location.replace(fragment);
  }
}

window.addEventListener("hashchange", () => {
  state = decodeState(location.hash);
  example.value = "";
  render();
});

dialect.addEventListener("change", () => setState({ ...state, dialect: dialect.value as State["dialect"] }, false));
input.addEventListener("input", () => {
  dismissed = false;
  setState({ ...state, input: input.value }, false);
});
reference.addEventListener("input", () => setState({ ...state, reference: reference.value }, false));

// ---- rendering ----
function render(): void {
  analysis = analyze(state);
  if (input.value !== state.input) input.value = state.input;
  if (reference.value !== state.reference) reference.value = state.reference;
  dialect.value = state.dialect;
  renderVerdict();
  renderError($("error"), $("error-message"), $("error-caret"), $("expected"), analysis.error, state.input);
  renderHints();
  renderTree();
  showOutcome($("normalized"), analysis.normalized);
  showOutcome($("kind"), analysis.kind);
  renderReference();
  renderMirror();
  updateCompletions();
  writeFragment();
  const link = $<HTMLAnchorElement>("permalink");
  link.href = location.href;
}

function renderVerdict(): void {
  const verdict = $("verdict");
  verdict.className = analysis.valid ? "valid" : "invalid";
  const e = analysis.error;
  verdict.textContent = e
    ? `Invalid: ${ERROR_KINDS[e.kind] ?? "an error"} at offset ${e.offset}`
    : `Valid ${state.dialect === "zep8" ? "ZEP 8" : "url-pipeline v0"} pipeline: ${analysis.schemes.join(" | ")}`;
}

function renderError(
  section: HTMLElement,
  message: HTMLElement,
  caret: HTMLElement,
  expected: HTMLElement,
  e: ErrorView | null,
  text: string,
): void {
  section.hidden = !e;
  if (!e) return;
  message.textContent = `${e.message} (${e.code})`;
  caret.textContent = `${text}\n${" ".repeat(e.offset)}^`;
  expected.textContent = e.expected.length > 0 ? e.expected.join(", ") : "nothing: the value is wrong, not the syntax";
}

function renderHints(): void {
  const hints = $("hints");
  $("hints-section").hidden = analysis.hints.length === 0;
  hints.replaceChildren(
    ...analysis.hints.map((h) => {
      const item = el("li", {}, el("span", { textContent: h.message }));
      const fix = h.replacement;
      // One click only for a fix that names what the input names; another (an encoded "?" or "|") is shown, to
      // copy if it is what was meant, not applied by a click.
      if (fix !== undefined && !h.keepsMeaning) {
        item.append(el("p", { className: "changes" }, "Changes what is named: ", el("code", { textContent: fix })));
      } else if (fix !== undefined) {
        const apply = el("button", { type: "button", className: "apply" }, "Apply: ", el("code", { textContent: fix }));
        apply.addEventListener("click", () => {
          setState({ ...state, input: fix }, false);
          input.focus();
          input.setSelectionRange(fix.length, fix.length);
        });
        item.append(apply);
      }
      return item;
    }),
  );
}

function spanAttributes(span: Span | undefined): Partial<HTMLElement> {
  return span ? { tabIndex: 0, title: `offsets ${span.start} to ${span.end}` } : {};
}

function renderTree(): void {
  const tree = $("tree");
  $("tree-empty").hidden = analysis.valid;
  tree.replaceChildren(
    ...analysis.tree.map((s: TreeSubUrl) => {
      const head = el(
        "span",
        { className: "node", ...spanAttributes(s.span) },
        el("span", { className: "index", textContent: `${s.index}` }),
        ` ${s.scheme} `,
        el("code", { textContent: s.raw }),
      );
      setSpan(head, s.span);
      const rows = el(
        "ul",
        {},
        ...s.rows.map((r) => {
          const label = el("span", { className: r.span ? "node part" : "part", ...spanAttributes(r.span) }, r.label);
          if (r.text !== undefined) label.append(" ", el("code", { textContent: r.text === "" ? '""' : r.text }));
          if (r.value !== undefined) label.append(" = ", el("code", { className: "value", textContent: r.value }));
          if (r.span) setSpan(label, r.span);
          const row = el("li", {}, label);
          row.style.setProperty("--depth", `${r.depth}`);
          return row;
        }),
      );
      return el("li", {}, head, rows);
    }),
  );
}

function setSpan(node: HTMLElement, span: Span): void {
  node.dataset.start = `${span.start}`;
  node.dataset.end = `${span.end}`;
}

function showOutcome(target: HTMLElement, outcome: Outcome): void {
  target.className = "value" in outcome ? "" : "unavailable";
  target.textContent = "value" in outcome ? outcome.value : outcome.error;
}

function renderReference(): void {
  $("resolve-section").hidden = state.dialect !== "zep8";
  const view = analysis.reference;
  const status = $("reference-verdict");
  status.textContent = !view
    ? "Type a relative pipeline, such as ..:other.zip|zip:"
    : view.error
      ? "Invalid relative pipeline"
      : "Valid relative pipeline";
  status.className = !view ? "" : view.error ? "invalid" : "valid";
  renderError(
    $("reference-error"),
    $("reference-error-message"),
    $("reference-error-caret"),
    $("reference-expected"),
    view?.error ?? null,
    state.reference,
  );
  showOutcome($("resolved"), view ? view.resolved : { error: "no reference" });
}

// ---- the mirror behind the input: error underline, highlighted span, caret position ----
function renderMirror(): void {
  const text = state.input;
  const e = analysis.error;
  const caret = input.selectionStart ?? text.length;
  const cuts = new Set([0, text.length, caret]);
  if (e) cuts.add(e.offset).add(Math.min(e.offset + 1, text.length));
  if (highlight) cuts.add(highlight.start).add(highlight.end);
  const points = [...cuts].filter((n) => n >= 0 && n <= text.length).sort((a, b) => a - b);
  const pieces: Node[] = [];
  for (let i = 0; i < points.length; i++) {
    const at = points[i]!;
    if (at === caret) pieces.push(el("span", { id: "caret-marker" }));
    if (i + 1 === points.length) break;
    const end = points[i + 1]!;
    const classes = [
      e && at === e.offset ? "error" : "",
      highlight && at >= highlight.start && end <= highlight.end ? "highlight" : "",
    ].filter(Boolean);
    pieces.push(
      classes.length
        ? el("mark", { className: classes.join(" ") }, text.slice(at, end))
        : document.createTextNode(text.slice(at, end)),
    );
  }
  // An error at the end of the input (it stopped too soon): the mark is a space after the last character.
  if (e && e.offset >= text.length) pieces.push(el("mark", { className: "error at-end" }, " "));
  mirror.replaceChildren(...pieces, el("span", { className: "tail" }));
  syncScroll();
}

function syncScroll(): void {
  mirror.scrollLeft = input.scrollLeft;
}

input.addEventListener("scroll", syncScroll);

/** The tree row under the pointer, or focused: its span is highlighted in the input, scrolled into view. */
function showSpan(target: EventTarget | null): void {
  const node = target instanceof Element ? target.closest<HTMLElement>("[data-start]") : null;
  const next = node ? { start: Number(node.dataset.start), end: Number(node.dataset.end) } : null;
  if (next?.start === highlight?.start && next?.end === highlight?.end) return;
  highlight = next;
  renderMirror();
  const mark = mirror.querySelector<HTMLElement>("mark.highlight");
  if (mark && (mark.offsetLeft < input.scrollLeft || mark.offsetLeft > input.scrollLeft + input.clientWidth - 16)) {
    input.scrollLeft = Math.max(0, mark.offsetLeft - 24);
    syncScroll();
  }
}
const tree = $("tree");
tree.addEventListener("mouseover", (ev) => showSpan(ev.target));
tree.addEventListener("mouseleave", () => showSpan(null));
tree.addEventListener("focusin", (ev) => showSpan(ev.target));
tree.addEventListener("focusout", () => showSpan(null));

// ---- completion ----
function updateCompletions(): void {
  const caret = input.selectionStart ?? state.input.length;
  const focused = document.activeElement === input;
  try {
    candidates =
      focused && !dismissed && input.selectionEnd === caret
        ? complete(state.input.slice(0, caret), { dialect: state.dialect, limit: 12 })
        : [];
  } catch {
    candidates = []; // past the length limits (D22): nothing to offer
  }
  active = Math.min(active, Math.max(0, candidates.length - 1));
  renderCompletions();
}

function renderCompletions(): void {
  const open = candidates.length > 0;
  list.hidden = !open;
  input.setAttribute("aria-expanded", String(open));
  list.replaceChildren(
    ...candidates.map((c, i) => {
      const option = el(
        "li",
        { id: `completion-${i}`, className: "option" },
        el("code", { textContent: c.label }),
        el("span", { className: "detail", textContent: c.detail }),
      );
      option.setAttribute("role", "option");
      option.setAttribute("aria-selected", String(i === active));
      option.addEventListener("mousedown", (ev) => ev.preventDefault()); // keep the focus in the input
      option.addEventListener("click", () => accept(i));
      return option;
    }),
  );
  if (!open) {
    input.removeAttribute("aria-activedescendant");
    return;
  }
  input.setAttribute("aria-activedescendant", `completion-${active}`);
  list.children[active]?.scrollIntoView({ block: "nearest" });
  // Under the caret: the marker's place in the mirror, less the scrolled part, kept inside the field.
  const marker = document.getElementById("caret-marker");
  const x = marker ? marker.offsetLeft - mirror.scrollLeft : 0;
  const field = $("field");
  list.style.left = `${Math.max(0, Math.min(x, field.clientWidth - list.offsetWidth))}px`;
}

function accept(i: number): void {
  const c = candidates[i];
  if (!c) return;
  const caret = input.selectionStart ?? state.input.length;
  const next = c.completion + state.input.slice(caret);
  input.value = next;
  input.setSelectionRange(c.completion.length, c.completion.length);
  active = 0;
  setState({ ...state, input: next }, false);
}

input.addEventListener("keydown", (ev) => {
  const open = candidates.length > 0;
  if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
    if (!open) {
      dismissed = false;
      updateCompletions();
    } else {
      active = (active + (ev.key === "ArrowDown" ? 1 : candidates.length - 1)) % candidates.length;
      renderCompletions();
    }
    ev.preventDefault();
  } else if ((ev.key === "Enter" || ev.key === "Tab") && open && !ev.shiftKey) {
    accept(active);
    ev.preventDefault();
  } else if (ev.key === "Escape" && open) {
    dismissed = true;
    candidates = [];
    renderCompletions();
    ev.preventDefault();
  }
});
// The caret moved without an edit (arrows, Home, End, a click): what may come there changes.
for (const type of ["keyup", "click", "focus"]) {
  input.addEventListener(type, (ev) => {
    if (ev instanceof KeyboardEvent && !["ArrowLeft", "ArrowRight", "Home", "End"].includes(ev.key)) return;
    renderMirror();
    updateCompletions();
  });
}
input.addEventListener("blur", () => {
  candidates = [];
  renderCompletions();
});

// ---- the link ----
$("copy-link").addEventListener("click", async () => {
  const status = $("copy-status");
  try {
    await navigator.clipboard.writeText(location.href);
    status.textContent = "Link copied.";
  } catch {
    status.textContent = "Could not copy: the address bar has the link.";
  }
});

render();

// An ES module to esbuild: in this "type": "commonjs" package a file that imports and exports nothing is bundled
// as CommonJS, and every module it imports is then wrapped to be initialized on first use and not tree-shaken
// (1.6 KB more after gzip).
// biome-ignore lint/complexity/noUselessEmptyExport: see above
export {};

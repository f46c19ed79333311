/**
 * The playground's state in the address's fragment (playground/src/state.ts): what a link holds is what the page
 * shows again, for any text typed.
 */
import { decodeState, DEFAULT_STATE, encodeState, type State } from "../../playground/src/state";

test("a state comes back from its fragment, whatever the text", () => {
  const texts = [
    "s3://bucket/a.zip|zip:x/|zarr3:",
    "a&b=c#d%e+f g",
    "https://example.com/a?b=1&c=%7C|zip:",
    "file:///données/ü.zip|zip:é/",
    "vendor.x://[::1]:80/p?q;r,s$t!u'v(w)x*y~z",
    "",
    "&input=evil",
  ];
  for (const input of texts) {
    for (const state of [
      { dialect: "zep8", input, reference: input },
      { dialect: "url-pipeline-v0", input, reference: "" },
    ] as State[]) {
      expect(decodeState(`#${encodeState(state)}`)).toEqual(state);
    }
  }
});

test("the fragment keeps a pipeline's own characters readable", () => {
  expect(encodeState({ dialect: "zep8", input: "file:///db/|ocdbt:@v1/a,b;c?d", reference: "..:x y" })).toBe(
    "dialect=zep8&input=file:///db/|ocdbt:@v1/a,b;c?d&reference=..:x%20y",
  );
});

test("a link written by hand: percent-encoded or not, keys in any order, unknown keys and dialects", () => {
  expect(decodeState("#input=file%3A%2F%2F%2Fdb%2F%7Cocdbt%3A%40v1%2F&dialect=zep8&theme=dark")).toEqual({
    dialect: "zep8",
    input: "file:///db/|ocdbt:@v1/",
    reference: "",
  });
  expect(decodeState("dialect=v9&input=s3://b").dialect).toBe("url-pipeline-v0");
  expect(decodeState("#input=%E0%A4%A").input).toBe("%E0%A4%A"); // a malformed escape is kept as written
  expect(decodeState("#input")).toEqual({ dialect: "url-pipeline-v0", input: "", reference: "" });
});

test("no fragment: the default state", () => {
  expect(decodeState("")).toEqual(DEFAULT_STATE);
  expect(decodeState("#")).toEqual(DEFAULT_STATE);
});

test("a lone surrogate, which has no UTF-8 form, is written as U+FFFD", () => {
  expect(
    decodeState(encodeState({ dialect: "url-pipeline-v0", input: "s3://b\uD800x\uDC00", reference: "" })).input,
  ).toBe("s3://b\uFFFDx\uFFFD");
});

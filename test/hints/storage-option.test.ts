import { fixes, hintsOf } from "./helpers";

describe("a query on a root that has none: the reader's options, dropped", () => {
  test.each([
    // Icechunk's storage guide (test/fixtures/real-strings/strings.json)
    ["s3://my-bucket/icechunk/my-repo?region=us-east-1", "s3://my-bucket/icechunk/my-repo"],
    ["gs://bucket/a?project=x|zip:b", "gs://bucket/a|zip:b"],
    ["file:///abc?query", "file:///abc"],
    ["memory://abc?x=1", "memory://abc"],
  ])("%s -> %s", (input, replacement) => {
    expect(fixes(input)[0]).toEqual(["storage-option", replacement]);
    const [h] = hintsOf(input);
    expect(h!.keepsMeaning).toBe(true);
    expect(h!.message).toMatch(/has no query.*options for the reader/);
  });

  test("encoding the ? comes after, and says that it names another key", () => {
    const hints = hintsOf("s3://my-bucket/repo?region=us-east-1");
    expect(hints.map((h) => [h.code, h.keepsMeaning])).toEqual([
      ["storage-option", true],
      ["percent-encode", false],
    ]);
    expect(hints[1]!.message).toContain('this fix changes what is named: "?region=us-east-1" becomes part of the name');
  });

  test("an endpoint_url is the server: s3+http(s)", () => {
    expect(fixes("s3://testbucket?endpoint_url=localhost:9000&region=us-east-1")[0]).toEqual([
      "storage-option",
      "s3+http://localhost:9000/testbucket",
    ]);
    expect(fixes("s3://b/k?endpoint_url=https://minio.example.com/")[0]).toEqual([
      "storage-option",
      "s3+https://minio.example.com/b/k",
    ]);
  });

  test("not http(s), which has a query", () => {
    expect(hintsOf("https://host/a?x=1").length).toBe(0);
  });
});

import { fixes, hintsOf } from "./helpers";

test("|auto, TensorStore's format auto-detection: dropped (TensorStore's auto driver docs)", () => {
  expect(fixes("file:///tmp/dataset|auto")[0]).toEqual(["tensorstore-scheme", "file:///tmp/dataset"]);
  expect(fixes("memory://|auto:")[0]).toEqual(["tensorstore-scheme", "memory://"]);
  expect(hintsOf("file:///tmp/dataset|auto")[0]!.keepsMeaning).toBe(true);
  // Not the %7C guess first: it names another file.
  expect(hintsOf("file:///tmp/dataset|auto").map((h) => h.code)).toEqual(["tensorstore-scheme", "pipe-in-path"]);
});

test("|cast:, a TensorStore adapter: a message, no fix", () => {
  const hints = hintsOf("file:///tmp/dataset.zarr|cast:int64");
  expect(hints[0]).toEqual({ code: "tensorstore-scheme", message: expect.stringContaining("data type conversion") });
});

test("gcs_grpc://: the same buckets as gs://", () => {
  expect(fixes("gcs_grpc://my-bucket/abc")[0]).toEqual(["tensorstore-scheme", "gs://my-bucket/abc"]);
});

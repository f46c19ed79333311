#!/usr/bin/env python3
"""TensorStore's reading of URL pipelines: for each input, its verdict and canonical URL.

Input (standard input, or the files named as arguments): one input per line, or, when the text starts with "[",
a JSON array of strings. Output: one JSON object per input, one per line, in order:

  {"input": ..., "accepts": true, "api": "KvStore.Spec" | "Spec", "canonical": ...}
  {"input": ..., "accepts": false, "error": "..."}

Each input is tried as `tensorstore.KvStore.Spec(url)` (a key-value store) and, if that fails, as
`tensorstore.Spec(url)` (a pipeline that ends with a format driver such as `zarr3:`); `canonical` is the spec's
`.url` (for `Spec`, its `to_json()` when it has no URL). The error is the last refusal's message, without
TensorStore's source locations. The first line of output is `{"tensorstore": VERSION}`.
"""
import json
import re
import sys

import tensorstore as ts

try:
    from importlib.metadata import version as _version

    VERSION = _version("tensorstore")
except Exception:  # pragma: no cover
    VERSION = "unknown"

_LOCATIONS = re.compile(r"\s*\[source locations='.*?'\]", re.S)


def _message(e: Exception) -> str:
    return _LOCATIONS.sub("", str(e))


def read(url: str) -> dict:
    try:
        spec = ts.KvStore.Spec(url)
        return {"input": url, "accepts": True, "api": "KvStore.Spec", "canonical": spec.url}
    except Exception as e:  # noqa: BLE001 (any refusal is an answer)
        kv_error = _message(e)
    try:
        spec = ts.Spec(url)
    except Exception as e:  # noqa: BLE001
        return {"input": url, "accepts": False, "error": _message(e), "kvstoreError": kv_error}
    try:
        canonical = spec.url
    except Exception:  # noqa: BLE001 (a spec without a URL form)
        canonical = None
    out = {"input": url, "accepts": True, "api": "Spec", "canonical": canonical}
    if canonical is None:
        out["json"] = spec.to_json()
    return out


def inputs(text: str) -> list:
    if text.lstrip().startswith("["):
        return json.loads(text)
    return text.split("\n")[:-1] if text.endswith("\n") else text.split("\n")


def main() -> None:
    texts = [open(p, encoding="utf-8", errors="surrogateescape").read() for p in sys.argv[1:]] or [
        sys.stdin.read()
    ]
    out = sys.stdout
    out.write(json.dumps({"tensorstore": VERSION}) + "\n")
    for text in texts:
        for url in inputs(text):
            try:
                result = read(url)
            except Exception as e:  # noqa: BLE001 (never stop the run on one input)
                result = {"input": url, "accepts": False, "error": "harness: " + _message(e)}
            out.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()

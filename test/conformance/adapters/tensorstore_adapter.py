#!/usr/bin/env python3
"""TensorStore as a conformance adapter (docs/conformance.md, "Adapters").

Reads one case a line on standard input and answers each on standard output:

  validate   {"id", "valid"}: whether TensorStore reads the pipeline, as tensorstore.KvStore.Spec(url) (a key-value
             store) or, failing that, tensorstore.Spec(url) (a pipeline that ends with a format driver such as
             zarr3:), as scripts/tensorstore/read_urls.py asks it. TensorStore gives no offset.
  normalize  {"id", "output"}: the spec's .url, TensorStore's canonical spelling; null when it refuses the pipeline.
  others     {"id", "unsupported": true}: TensorStore has no kind, no relative resolution and no parse of its own.

Every answer to a refusal carries "detail", TensorStore's message without its source locations, which the harness
does not compare and the report (test/conformance/tensorstore-report.mjs) groups differences by. TensorStore
reads one syntax, so the dialect of a case is not looked at.

  url-pipeline conform -- .cache/tensorstore-venv/bin/python test/conformance/adapters/tensorstore_adapter.py

(Not named tensorstore.py: Python puts the script's folder first on its path, and the script would import itself.)
"""
import json
import re
import sys

import tensorstore as ts

_LOCATIONS = re.compile(r"\s*\[source locations='.*?'\]", re.S)


def _message(e: Exception) -> str:
    return _LOCATIONS.sub("", str(e))


def read(url: str):
    """TensorStore's spec of the pipeline and its canonical URL, or None and its refusal."""
    try:
        return ts.KvStore.Spec(url).url, None
    except Exception as e:  # noqa: BLE001 (any refusal is an answer)
        kv_error = _message(e)
    try:
        spec = ts.Spec(url)
    except Exception as e:  # noqa: BLE001
        return None, _message(e) or kv_error
    try:
        return spec.url, None
    except Exception:  # noqa: BLE001 (a spec without a URL form: read, but not written back)
        return json.dumps(spec.to_json(), sort_keys=True), None


def answer(q: dict) -> dict:
    op = q.get("op")
    if op not in ("validate", "normalize"):
        return {"unsupported": True}
    try:
        url, error = read(q["input"])
    except Exception as e:  # noqa: BLE001 (never stop the run on one input)
        url, error = None, "adapter: " + _message(e)
    if op == "validate":
        return {"valid": error is None} if error is None else {"valid": False, "detail": error}
    return {"output": url} if error is None else {"output": None, "detail": error}


def main() -> None:
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        q = json.loads(line)
        out.write(json.dumps({"id": q["id"], **answer(q)}) + "\n")
    out.flush()


if __name__ == "__main__":
    main()

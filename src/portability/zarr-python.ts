/**
 * zarr-python, modelled in part: the checks of its pipeline parser (zarr-developers/zarr-python, the commit below,
 * src/zarr/storage/_url_pipeline.py; each rule cites its line). That commit is one of an open pull request (the
 * parser is not on the main branch); its branch has moved on since. A string with a "|" is a pipeline to it; the
 * parser refuses an empty sub-URL, a "#" anywhere, and an adapter scheme that is not a letter then letters, digits,
 * "+", "-", "." (RFC 3986's scheme). What the adapters then do is theirs (registered by other packages): where no
 * rule refuses, the reading is `unknown`.
 */
import type { PartialImplementation, Source } from "./partial";

const FILE = {
  repo: "zarr-developers/zarr-python",
  commit: "51850574cb7c4d239b06f1a8918f12ed6eb7189f",
  path: "src/zarr/storage/_url_pipeline.py",
};
const at = (line: number): Source => ({ ...FILE, line });

/** `_SCHEME_RE` (line 36), matched against the lower-cased text before the first ":". */
const ADAPTER_SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*$/;

/** Only a string with a "|" goes through the pipeline parser (is_url_pipeline, line 115). */
const pipeline = (parts: readonly string[]) => parts.length > 1;

export const ZARR_PYTHON: PartialImplementation = {
  implementation: "zarr-python",
  version: "zarr-developers/zarr-python 51850574 (src/zarr/storage/_url_pipeline.py)",
  rules: [
    {
      source: at(83),
      test: (parts) => (pipeline(parts) && parts.includes("") ? { refuses: "an empty sub-URL" } : null),
    },
    {
      source: at(57),
      test: (parts) =>
        pipeline(parts) && parts.some((p) => p.includes("#")) ? { refuses: 'a "#" (it reads no fragments)' } : null,
    },
    {
      source: at(98),
      test: (parts) => {
        if (!pipeline(parts)) return null;
        const bad = parts
          .slice(1)
          .map((p) => p.split("?")[0]!.split(":")[0]!.toLowerCase())
          .find((s) => !ADAPTER_SCHEME.test(s));
        return bad === undefined ? null : { refuses: `"${bad}" is not an adapter scheme it reads` };
      },
    },
  ],
};

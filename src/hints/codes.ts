/**
 * The hints' codes (`Hint.code`), stable for programs to test, with what each hint is about (docs/codes.md). A hint
 * kind can only propose a code listed here (`Candidate.code` is typed by it).
 */
export const HINT_CODES = {
  "zep8-version-syntax":
    "url-pipeline v0: ZEP 8's `ocdbt:@v1/` or `icechunk:@branch.x/`, refused there (D40); the fix is v0's `//` spelling",
  "v0-version-syntax": "zep8: url-pipeline v0's `ocdbt://v1/` or `icechunk://branch.x/`; the fix is the `@` spelling",
  "version-spelling":
    "an OCDBT version or Icechunk reference spelt otherwise than the grammar spells it (`1` or `V1` for `v1`, a commit time without its `Z`, `main` or `branch/main` for `branch.main`); the fix respells it",
  "at-sign-path": "an ocdbt: or icechunk: path that starts with `@` and is no version; the fix writes it `%40`",
  "commit-time-case": "a commit time with a lower-case `t` or `z`; the fix upper-cases them (D9)",
  "fsspec-chain": "an fsspec chain (`zip://a::s3://b/x.zip`); the fix is its translation (translate, from fsspec)",
  "gdal-path":
    "a GDAL virtual file system path (`/vsizip//vsis3/b/x.zip/a`); the fix is its translation (translate, from gdal)",
  "gdal-connection":
    'a GDAL connection string (`ZARR:"/vsicurl/https://h/x.zarr":/a`, `NETCDF:f.nc:v`); for the Zarr drivers the fix is the store\'s pipeline with `|zarr:` and the array (`https://h/x.zarr|zarr:a`), for others a message naming the file',
  "jar-url": "a Java `jar:` URL (`jar:http://h/x.jar!/a`); the fix is its translation (translate, from jar)",
  "vfs-url":
    "an Apache Commons VFS layered URI (`zip:http://h/x.zip!/a`); the fix is its translation (translate, from vfs)",
  "archive-prefix":
    "an archive or compression scheme written before its resource, as rasterio and Fiona write it (`zip+s3://b/a.zip!m`, `zip:///p/a.zip!m`, `gz://s3://b/k`); the fix writes the resource first: `s3://b/a.zip|zip:m`",
  "storage-option":
    "a query on s3:, gs:, file: or memory:, which have none (`s3://b/k?region=us-east-1`): the reader's options; the fix drops it, or, for an `endpoint_url`, writes the server as s3+http(s):",
  "s3-endpoint":
    "an S3-compatible server written as an s3: bucket (`s3://localhost:5000/b/k`, `s3://https://host/b`); the fix is `s3+http://localhost:5000/b/k`",
  "nczarr-mode":
    "netCDF's NCZarr mode fragment (`#mode=nczarr,zip`); the fix writes the mode as adapters (`|zip:|zarr:`) or drops it",
  fragment:
    "a fragment on an http:, https: or file: URL (`http://h/a.nc#x`), which URL pipelines do not have and which is no part of what the URL names (RFC 3986 3.5); the fix drops it",
  "tensorstore-scheme":
    "TensorStore's own schemes the specification does not have: `|auto` (the fix drops it), `|cast:` (message only), `gcs_grpc://` (the fix is `gs://`)",
  "foreign-scheme":
    "a storage protocol other tools read and the specification has no root for (`az://`, `abfs://`, `hdfs://`, `ftp://`, `dap4://`, Icechunk's `vcc://`); message only",
  "viewer-link":
    "a Neuroglancer viewer link (`https://host/#!gs://b/state.json`, `#!{...}`) or vizarr's `?source=`: names a web page, not data; the message names the state or the source (no fix)",
  "neuroglancer-data-source":
    "a Neuroglancer data source with no URL pipeline form: its own protocols (`graphene://`, `dvid://`), formats the specification has no adapter for (`nifti://`), its authenticated stores (`gs+ngauth+https://`); message only",
  "unfinished-scheme":
    "the start of an adapter's name at the end of the input (`...|z`), as when typing; lists the adapters it starts (no fix)",
  "local-path": "a local POSIX, Windows or UNC path where a root sub-URL goes; the fix is its file: URL (D25)",
  "relative-path": "a relative local path, which no file: URL can name (message only)",
  "file-url": "a non-standard file: URL form (RFC 8089 Appendix E); the fix is the standard one",
  "file-host":
    "`file://NAME/...` where NAME looks like a path's first segment (`home`, `data.zip`), which RFC 8089 reads as a host and ZEP 8 discourages; the fix is `file:///NAME/...` (D63); with no path, a message only",
  "scheme-slashes":
    "a root written with other than the two slashes of its authority (`s3:/b`, `s3:///b`, `https//h`), or an adapter with `//` (`zip://x`); the fix writes `NAME://` or `NAME:`",
  userinfo:
    "a user name or password in a root's authority (`https://user:pass@h/x`), which no root has (D19); the fix removes it",
  "body-syntax":
    "an adapter's body written otherwise than its grammar: `byte-range:A:B` or an HTTP range `bytes=A-B` (inclusive end) for `byte-range:START-END`, a JSON pointer without its leading `/`, text after a bodiless adapter (`tiff:0`, message only)",
  "adapter-as-root": "an adapter scheme where the pipeline starts",
  "root-as-adapter": "a root scheme after a `|`",
  "adapter-prefix":
    "an adapter written before its resource's URL (`zarr3://s3://b/x`, Neuroglancer's `precomputed://gs://b/x`); the fix writes it after: `s3://b/x|zarr3:`",
  "reversed-order": "the sub-URLs written inner first (as fsspec does); the fix reverses them",
  "misspelt-scheme": "an unknown scheme close to one valid there; the fix is that scheme",
  "scheme-alias":
    "a common alias of a scheme (`gz`, `zst`, `h5`, `jpg`, `tif`); the fix is the scheme, or, where the dialect has no such scheme (`h5` in zep8), a message that says so",
  "base-kind":
    "a directory where the adapter after it reads a file (`gs://b/image.png/|png:`, an error of kind `kind`); the fix drops the trailing `/`",
  "empty-sub-url": "an empty sub-URL (`a||b`, a trailing `|`); the fix removes it",
  "percent-encode": "a character that must be percent-encoded there; the fix encodes it",
  backslash: "a `\\` in a URL (a Windows separator); the fix writes `/`",
  "pipe-in-path": "a `|` that splits what looks like one name; the fix writes it `%7C`",
  whitespace:
    "whitespace around the input, tabs or line breaks in it, spaces around a `|`, after a scheme's `:` or in place of the `|` before an adapter; the fix removes them (or writes the `|`)",
  pasted: "quotes or angle brackets around the input, or a shell's `\\|`; the fix removes them",
  "other-dialect": "valid in the other dialect; says which",
  "relative-pipeline":
    "a ZEP 8 relative pipeline (`..:x|zip:`, `a.zip|zip:x`) under an absolute rule; says it is valid with the zep8 rule `relative-url-pipeline` (message only)",
  "latin1-percent": "percent-encoded Latin-1 bytes (`%E9`), not UTF-8; the fix is their UTF-8 spelling (D14)",
  "slashes-for-tensorstore":
    "a root `file:/p` or `memory:p`, which TensorStore refuses; the fix is the `//` spelling (`file:///p`, `memory://p`), the same location",
  "scheme-case-for-tensorstore":
    "a valid pipeline with a scheme in upper case (`S3://b`, `ZIP:`), which TensorStore refuses (it compares schemes case-sensitively); the fix writes the schemes in lower case",
  "zep8-readers-version":
    "url-pipeline v0: a valid `ocdbt://v1/` or `icechunk://branch.x/`, which ZEP 8 readers (TensorStore, Neuroglancer) do not read as a version; the message gives the zep8 `@` spelling (no replacement: it is not v0)",
} as const;

export type HintCode = keyof typeof HINT_CODES;

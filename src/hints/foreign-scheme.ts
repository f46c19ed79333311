/**
 * A storage protocol that other tools read and the URL pipeline specification has no root for (`foreign-scheme`):
 * fsspec's and object_store's Azure (`az://`, `abfs://`, `abfss://`, `adl://`), Hadoop's `hdfs://`, Alibaba's
 * `oss://`, `ftp://` and `sftp://`, OPeNDAP's `dap2://` and `dap4://`, fsspec's `github://`, `hf://` (Hugging Face),
 * and Icechunk's virtual chunk containers (`vcc://`), whose meaning lives in a repository's configuration. A message
 * naming what the scheme is, and no fix: no root of the specification names the same place. (A vendor scheme of
 * url-pipeline v0, `vendor.name:`, could: the error's message says how it is written.)
 */
import { quote, schemeNameEnd, type HintKind } from "./types";

/** What each protocol is, for the message. */
const PROTOCOLS: Readonly<Record<string, string>> = {
  az: "Azure Blob Storage (fsspec's adlfs, object_store)",
  abfs: "Azure Data Lake Storage Gen2 (fsspec's adlfs)",
  abfss: "Azure Data Lake Storage Gen2 (fsspec's adlfs)",
  adl: "Azure Data Lake Storage Gen1 (fsspec's adlfs)",
  azure: "Azure Blob Storage",
  hdfs: "Hadoop's distributed file system",
  webhdfs: "Hadoop's distributed file system over HTTP",
  oss: "Alibaba Cloud Object Storage Service",
  ftp: "an FTP server",
  sftp: "an SFTP server",
  dap2: "an OPeNDAP (DAP2) server",
  dap4: "an OPeNDAP (DAP4) server",
  github: "a GitHub repository (fsspec)",
  hf: "a Hugging Face repository (huggingface_hub)",
  vcc: "an Icechunk virtual chunk container, named in a repository's configuration",
};

export const foreignScheme: HintKind = {
  name: "foreign-scheme",
  messageOnly: true,

  onInvalid(ctx) {
    // The scheme the input starts with (RFC 3986's rule), then ":".
    const input = ctx.input.trim();
    const nameEnd = schemeNameEnd(input);
    if (nameEnd === 0 || input.charCodeAt(nameEnd) !== 0x3a) return [];
    const written = input.slice(0, nameEnd);
    const name = written.toLowerCase();
    if (!Object.hasOwn(PROTOCOLS, name) || ctx.roots.has(name)) return [];
    return [
      {
        code: "foreign-scheme",
        message: `${quote(`${written}:`)} names ${PROTOCOLS[name]}, which the URL pipeline specification has no root scheme for`,
      },
    ];
  },
};

/**
 * Bucket names: Amazon S3's and Google Cloud Storage's naming rules (decision D8), each rule quoted from the
 * provider's document it rests on.
 */
import {
  describeChar,
  isAsciiAlnum,
  isAsciiDigit,
  isAsciiLower,
  isAsciiUpper,
  problem,
  type ValueProblem,
} from "./value-problem";

/**
 * "Formatted as an IPv4 address": exactly four dot-separated parts, each made
 * only of decimal digits (e.g. 192.168.5.4). This is the same pattern the AWS
 * SDKs use (`(\d+\.){3}\d+`); it deliberately also catches look-alikes such as
 * 999.1.1.1 or 01.02.03.04, which a resolver or a human could mistake for an
 * address.
 */
const IPV4_LIKE = /^\d+(?:\.\d+){3}$/;

/**
 * Checks an Amazon S3 bucket name.
 *
 * Source: AWS, Amazon S3 User Guide, "General purpose bucket naming rules"
 * (https://docs.aws.amazon.com/AmazonS3/latest/userguide/bucketnamingrules.html),
 * including its section on the legacy naming rules that applied to buckets
 * created in us-east-1 before March 1, 2018.
 *
 * Length and character set follow the *legacy* us-east-1 rules (3 to 255
 * characters; upper- and lower-case letters, digits, '.', '-' and '_'),
 * because such buckets still exist and can still be addressed, and because
 * the url-pipeline specification itself uses a 255-character bucket name
 * (255 × 'a') and `s3://aaa` as examples. The current rules (3 to 63
 * characters, lowercase letters, digits, '.' and '-') would reject the first
 * of these.
 *
 * From the current general purpose rules we additionally keep every one that
 * no spec example conflicts with (decision D64):
 * - the name must begin and end with a letter or digit;
 * - the name must not contain two adjacent periods;
 * - the name must not be formatted as an IPv4 address (four dot-separated
 *   all-digit parts, e.g. 192.168.5.4);
 * - the reserved prefixes and suffixes ({@link S3_RESERVED}), each quoted.
 */
export function checkS3Bucket(name: string): ValueProblem | null {
  // The common case, a name with nothing to find, is answered before this runs (src/strict/prechecks.ts).
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (!((isAsciiAlnum(c) || c === 0x2e /* . */ || c === 0x2d /* - */ || c === 0x5f) /* _ */)) {
      return problem(
        i,
        `s3 bucket names may contain only letters, digits, '.', '-' and '_', but this one contains ${describeChar(name, i)}.`,
      );
    }
  }
  if (name.length < 3 || name.length > 255) {
    return problem(0, `s3 bucket names must be 3 to 255 characters long, but this one has ${name.length}.`);
  }
  if (!isAsciiAlnum(name.charCodeAt(0))) {
    return problem(
      0,
      `s3 bucket names must begin with a letter or digit, but this one begins with ${describeChar(name, 0)}.`,
    );
  }
  const lastIndex = name.length - 1;
  if (!isAsciiAlnum(name.charCodeAt(lastIndex))) {
    return problem(
      lastIndex,
      `s3 bucket names must end with a letter or digit, but this one ends with ${describeChar(name, lastIndex)}.`,
    );
  }
  const dots = name.indexOf("..");
  if (dots >= 0) {
    return problem(
      dots,
      "s3 bucket names must not contain two adjacent periods ('..'); separate parts with a single '.'.",
    );
  }
  // IPV4_LIKE begins with a digit: the test is skipped (it runs on every bucket) when the name does not.
  if (isAsciiDigit(name.charCodeAt(0)) && IPV4_LIKE.test(name)) {
    return problem(
      0,
      `s3 bucket names must not be formatted as an IPv4 address like 192.168.5.4, but this one is '${name}'.`,
    );
  }
  return s3ReservedName(name);
}

/**
 * The reserved prefixes and suffixes of Amazon S3 bucket names, from AWS, Amazon S3 User Guide, "General purpose
 * bucket naming rules" (decision D64): "Bucket names must not start with the prefix xn--." (and sthree-,
 * amzn-s3-demo-); "Bucket names must not end with the suffix -s3alias. This suffix is reserved for access point alias
 * names." (and --ol-s3, Object Lambda Access Point aliases; .mrap, Multi-Region Access Points; --x-s3, directory
 * buckets; --table-s3, S3 Tables buckets). Case-sensitive: a name with an upper case letter or "_" is a legacy name
 * (us-east-1, before March 1, 2018), made under rules that reserved none of these, as TensorStore reads them too.
 */
export const S3_RESERVED = /^(?:xn--|sthree-|amzn-s3-demo-)|(?:-s3alias|--ol-s3|\.mrap|--x-s3|--table-s3)$/;

/**
 * A directory bucket's name, which ends in --x-s3 by its own rules (Amazon S3 User Guide, "Directory bucket naming
 * rules": "bucket-base-name--zone-id--x-s3", at most 63 characters, lower case letters, digits and "-"): the one
 * name with a reserved suffix that names a bucket, and that an s3: URL can address.
 */
const DIRECTORY_BUCKET = /^[a-z\d][a-z\d-]*--[a-z\d-]+--x-s3$/;

function s3ReservedName(name: string): ValueProblem | null {
  const m = /[A-Z_]/.test(name) ? null : S3_RESERVED.exec(name); // the leftmost: a prefix before a suffix
  if (m === null) return null;
  const [affix] = m;
  if (affix === "--x-s3" && name.length <= 63 && DIRECTORY_BUCKET.test(name)) return null;
  return problem(
    m.index,
    m.index === 0
      ? `s3 bucket names must not start with the prefix "${affix}" (AWS, "General purpose bucket naming rules").`
      : `s3 bucket names must not end with the suffix "${affix}", which AWS reserves for ${affix === "--x-s3" ? "directory buckets (BASE--ZONE-ID--x-s3)" : "access points and S3 Tables"} ("General purpose bucket naming rules").`,
  );
}

/**
 * Checks a Google Cloud Storage object name: the key of a gs: URL, the path after the bucket without its leading
 * "/" (D37), as written (`raw`, percent-encoded). The empty key (`gs://bucket`, `gs://bucket/`) is the bucket,
 * which names no object. Offsets are in `raw`. The rules, decision D64: Google Cloud, "Object names"
 * (https://cloud.google.com/storage/docs/objects#naming): "Object names can contain any sequence of valid Unicode
 * characters, of length 1-1024 bytes when UTF-8 encoded. Object names cannot contain Carriage Return or Line Feed
 * characters. ... Object names cannot be named . or .. ... Object names cannot start with .well-known/acme-challenge/".
 */
export function checkGcsObjectName(raw: string): ValueProblem | null {
  // The common case: nothing encoded, not "." first, not long enough to be over 1024 bytes.
  if (raw.length <= 1024 && !/^\.|%/.test(raw)) return null;
  // Each "%XX" is one byte, each other character of the raw text (ASCII) one: the UTF-8 length, without decoding.
  const bytes = raw.length - 2 * (raw.split("%").length - 1);
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null; // ill-formed UTF-8 is the component's own problem (percent-encoding), the one error to report
  }
  const rule = /^\.\.?$/.test(value)
    ? `be "${value}"`
    : value.startsWith(ACME)
      ? `start with "${ACME}"`
      : bytes > 1024
        ? `be over 1024 bytes of UTF-8 (this one is ${bytes})`
        : null;
  const at = rule ? 0 : raw.search(/%0[ad]/i);
  return at < 0
    ? null
    : problem(
        at,
        `a gs object name must not ${rule ?? "contain a carriage return or a line feed"} (Google Cloud, "Object names").`,
      );
}

const ACME = ".well-known/acme-challenge/";

/**
 * The "google or close misspellings" rule, restricted to what Google
 * documents: the substring "google" and the variants in which one or both of
 * its 'o's are written as the digit '0' ("g0ogle", "go0gle", "g00gle").
 * Other conceivable misspellings ("googl3", "goog1e", ...) are not checked
 * because Google does not document which ones the service rejects.
 */
const GOOGLE_LIKE = /g[o0][o0]gle/;

const GCS_LENGTH_RULE =
  "gs bucket names must be 3 to 63 characters long (or up to 222 with dots, each dot-separated part at most 63)";

/**
 * Checks a Google Cloud Storage bucket name.
 *
 * Source: Google Cloud, "Bucket names"
 * (https://cloud.google.com/storage/docs/buckets#naming). Rules checked, in
 * this order (the first violated rule is reported):
 * 1. only lowercase letters, digits, '-', '_' and '.' (offset of the first
 *    other character);
 * 2. 3 to 63 characters, or, if the name contains a dot, up to 222
 *    characters (offset 0), with every dot-separated part at most 63
 *    characters (offset of the start of the first overlong part);
 * 3. starts and ends with a letter or digit;
 * 4. not an IPv4 address in dotted-decimal notation (four dot-separated
 *    all-digit parts, e.g. 192.168.5.4; offset 0);
 * 5. does not begin with the "goog" prefix (offset 0);
 * 6. does not contain "google" or the documented misspelling with '0' for
 *    'o' — exactly: the pattern `g[o0][o0]gle` (offset of the match).
 *
 * Adjacent periods and '-' next to '.' are not rejected: Google only
 * recommends avoiding them for DNS compatibility.
 */
export function checkGcsBucket(name: string): ValueProblem | null {
  const hasDot = name.includes(".");
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 0x2e || isAsciiDigit(c) || isAsciiLower(c) || c === 0x2d || c === 0x5f) continue;
    const what = isAsciiUpper(c) ? `the uppercase letter ${describeChar(name, i)}` : describeChar(name, i);
    return problem(
      i,
      `gs bucket names may contain only lowercase letters, digits, '-', '_' and '.', but this one contains ${what}.`,
    );
  }
  if (name.length < 3 || name.length > (hasDot ? 222 : 63)) {
    return problem(0, `${GCS_LENGTH_RULE}, but this one has ${name.length}.`);
  }
  if (hasDot) {
    let start = 0;
    for (;;) {
      const dot = name.indexOf(".", start);
      const end = dot < 0 ? name.length : dot;
      if (end - start > 63) {
        return problem(
          start,
          `each dot-separated part of a gs bucket name must be at most 63 characters long, but this part has ${end - start}.`,
        );
      }
      if (dot < 0) break;
      start = dot + 1;
    }
  }
  const first = name.charCodeAt(0);
  if (!(isAsciiDigit(first) || isAsciiLower(first))) {
    return problem(
      0,
      `gs bucket names must start with a letter or digit, but this one starts with ${describeChar(name, 0)}.`,
    );
  }
  const lastIndex = name.length - 1;
  const last = name.charCodeAt(lastIndex);
  if (!(isAsciiDigit(last) || isAsciiLower(last))) {
    return problem(
      lastIndex,
      `gs bucket names must end with a letter or digit, but this one ends with ${describeChar(name, lastIndex)}.`,
    );
  }
  // IPV4_LIKE begins with a digit: the test is skipped (it runs on every bucket) when the name does not.
  if (isAsciiDigit(name.charCodeAt(0)) && IPV4_LIKE.test(name)) {
    return problem(
      0,
      `gs bucket names must not be an IP address in dotted-decimal notation like 192.168.5.4, but this one is '${name}'.`,
    );
  }
  if (name.startsWith("goog")) {
    return problem(0, `gs bucket names must not begin with the reserved prefix "goog".`);
  }
  const google = GOOGLE_LIKE.exec(name);
  if (google) {
    return problem(
      google.index,
      `gs bucket names must not contain "google" or a close misspelling of it such as "g00gle", but this one contains "${google[0]}".`,
    );
  }
  return null;
}

/**
 * `url-pipeline check`: one answer per input, written as the inputs are read. Standard input is read a chunk at a
 * time (lines.ts) and each chunk's answers are written before the next chunk is read, waiting while standard
 * output is full; so memory stays bounded by the chunk size and the longest line, and an answer comes out as
 * soon as its line is in. When standard output is closed (the reader went away: `| head -1`), reading stops.
 *
 * The hot path is a valid input: validate() answers it with the DFA engine, without a tree; its schemes are read
 * from its text (pipelineSchemes) instead of from `pipeline`, whose tree costs about 20 times the check.
 * `--portability` adds, for every input, how the implementations read it (portability()): work done only then.
 */
import { getDialect, resolveRule } from "../dialects";
import { DEFAULT_MAX_LENGTH, limitError } from "../limits";
import { UrlPipelineSyntaxError } from "../errors";
import type { Hint } from "../hints";
import { validate } from "../validation";
import type { ParseOptions } from "../parse";
import { portability, type PortabilityReading } from "../portability";
import { schemesOf } from "../schemes";
import { formatInFlags } from "./answer";
import { inFlags } from "./flags";
import { LineSplitter } from "./lines";
import { firstNonUtf8Byte } from "../strict/utf8";
import { jsonHint, readableHints, readableReadings, show } from "./text";

/** What check writes to and reads from; bin.ts gives the process's streams, the tests memory. */
export interface CheckIo {
  /** Writes to standard output; false asks the writer to wait for drain() before writing more. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a writer that returns nothing (void) never asks to wait
  stdout(s: string): boolean | void;
  stderr(s: string): void;
  /** Standard input, as chunks of bytes; a chunk is read only until the next one is asked for (its buffer may be reused). */
  stdin(): AsyncIterable<Uint8Array>;
  /** Resolves when standard output can take more, or is closed. */
  drain?(): Promise<void>;
  /** Whether standard output is closed: the reader went away, nothing more can be written. */
  closed?(): boolean;
}

/** About this much output is gathered before it is written (one write a chunk of input at most). */
const WRITE_SIZE = 1 << 16;

/**
 * How check answers: `json`, one JSON object per input; `portability`, with how the implementations read it;
 * `summary`, a last line on standard error counting the answers.
 */
export interface CheckFlags {
  json?: boolean;
  portability?: boolean;
  summary?: boolean;
}

/**
 * Checks `inputs`, or without any each non-empty line of standard input, and returns the exit status: 0 all
 * valid, 1 some invalid, 2 standard input unreadable; 0 also when standard output was closed early. The status
 * is validity's alone: how other implementations read an input does not change it.
 */
export async function checkCommand(
  inputs: readonly string[],
  options: ParseOptions,
  flags: CheckFlags,
  io: CheckIo,
): Promise<number> {
  const answers = new Answers(options, flags);
  const out = new Output(io);
  const done = async (): Promise<number> => {
    if (!(await out.flush())) return 0;
    if (flags.summary) io.stderr(answers.summary());
    return answers.status;
  };
  if (inputs.length > 0) {
    for (const input of inputs) {
      out.text += answers.answer(input);
      if (out.text.length >= WRITE_SIZE && !(await out.flush())) return 0;
    }
    return done();
  }
  // Each answer says which line of standard input it is for: empty lines have none, so the Nth answer need not be line N.
  let line = 0;
  // A line over the length limit is answered from its start: at most 3 bytes of UTF-8 a UTF-16 code unit, so these
  // bytes hold more than maxLength units of any line that has them (and the 3 of a sequence cut at the end).
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  const splitter = new LineSplitter(
    {
      line: (text) => {
        line++;
        if (text !== "") out.text += answers.answer(text, line);
      },
      notUtf8: (bytes) => {
        line++;
        out.text += answers.notUtf8(bytes, line);
      },
      overlong: (start, bytes) => {
        line++;
        out.text += answers.overlong(start, bytes, line);
      },
    },
    3 * (maxLength + 1) + 3,
  );
  const chunks = io.stdin()[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await chunks.next();
    } catch (e) {
      await out.flush();
      io.stderr(`url-pipeline: cannot read standard input: ${e instanceof Error ? e.message : String(e)}\n`);
      return 2;
    }
    if (next.done) break;
    splitter.push(next.value);
    if (!(await out.flush())) {
      // The reader went away: stop reading (for a stream, this destroys it).
      await chunks.return?.();
      return 0;
    }
  }
  splitter.end();
  return done();
}

/** Standard output, written in batches, waiting for drain when the stream asks to. */
class Output {
  text = "";
  constructor(private readonly io: CheckIo) {}

  /** Writes what is gathered; false when standard output is closed. */
  async flush(): Promise<boolean> {
    if (this.io.closed?.()) return false;
    if (this.text !== "") {
      const text = this.text;
      this.text = "";
      if (this.io.stdout(text) === false && this.io.drain) await this.io.drain();
    }
    return !this.io.closed?.();
  }
}

/** The answers, readable or JSON, and the exit status so far. */
class Answers {
  status = 0;
  valid = 0;
  invalid = 0;
  /** The options for validate(): undefined when none is set, so that it takes its fastest path. */
  private readonly options: ParseOptions | undefined;
  private readonly rule: string;
  private readonly dialect: string;
  /** Whether the rule is a pipeline of sub-URLs that "|" always separates, so the schemes can be read from the text. */
  private readonly schemesFromText: boolean;

  private readonly json: boolean;
  /** With --portability: the readings of an input, for portability(). */
  private readonly readings: ((input: string) => PortabilityReading[]) | null;

  constructor(options: ParseOptions, flags: CheckFlags) {
    this.json = flags.json === true;
    const { maxLength, maxSubUrls } = options;
    this.readings = flags.portability
      ? (input) => portability(input, { dialect: options.dialect, maxLength, maxSubUrls })
      : null;
    this.options = Object.values(options).some((v) => v !== undefined) ? options : undefined;
    const dialect = getDialect(options.dialect);
    this.dialect = dialect.meta.name;
    this.rule = resolveRule(dialect, options.rule);
    this.schemesFromText = this.rule === "absolute-url-pipeline";
  }

  /** The answer for `input`; `line`: its line of standard input (1-based), when it is read from there. */
  answer(input: string, line?: number): string {
    const r = validate(input, this.options as ParseOptions);
    if (!r.valid) return this.invalidAnswer(input, r.error, r.hints, line);
    this.valid++;
    // A valid input's hints are advice: what TensorStore or Neuroglancer refuse or read otherwise, with the spelling
    // every reader reads as meant (D53). Read for every input: validate() computes them only for the few shapes a
    // cheap precheck of each kind lets through (src/hints/index.ts), so most valid lines cost nothing more.
    const hints = r.hints;
    const schemes = this.schemesFromText
      ? pipelineSchemes(input)
      : r.pipeline.type === "rule-match" && r.pipeline.subUrl === null
        ? null
        : schemesOf(r.pipeline);
    let text: string;
    if (this.json) {
      // "schemes" only when there are sub-URLs: not for rules such as URI or IPv6address.
      // A valid pipeline is printable ASCII without '"' or "\\" (RFC 3986's characters), and so are its schemes:
      // written as JSON strings as they are, with nothing to escape (another rule's match may need escapes).
      const quoted = this.schemesFromText ? `"${input}"` : JSON.stringify(input);
      const schemesJson =
        schemes === null
          ? ""
          : `"schemes":${this.schemesFromText ? `["${schemes.join('","')}"]` : JSON.stringify(schemes)},`;
      text = `{"input":${quoted},${line === undefined ? "" : `"line":${line},`}"valid":true,${schemesJson}"hints":${hints.length === 0 ? "[]" : JSON.stringify(hints.map(jsonHint))}${this.jsonReadings(input)}}\n`;
    } else {
      // A valid pipeline is printable ASCII (RFC 3986's characters): nothing to escape (another rule, such as CTL, may not be).
      text = `${linePrefix(line)}valid: ${this.schemesFromText ? input : show(input)}${schemes !== null && schemes.length > 0 ? `  [${schemes.join(" | ")}]` : ""}\n`;
      if (hints.length > 0) text += readableHints(hints);
      if (this.readings) text += readableReadings(this.readings(input));
    }
    return text;
  }

  /** `,"portability":[...]` with --portability, else nothing. */
  private jsonReadings(input: string): string {
    return this.readings ? `,"portability":${JSON.stringify(this.readings(input))}` : "";
  }

  /** A line that is not UTF-8: invalid at its first byte that is not, with no hints (they are for text). */
  notUtf8(bytes: Uint8Array, line: number): string {
    const at = firstNonUtf8Byte(bytes);
    // The input as text, with U+FFFD for what is not UTF-8; the prefix before `at` decodes the same either way.
    const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8");
    const offset = Buffer.from(bytes.buffer, bytes.byteOffset, at).toString("utf8").length;
    const byte = bytes[at]!.toString(16).toUpperCase().padStart(2, "0");
    const error = new UrlPipelineSyntaxError({
      kind: "syntax",
      code: "syntax/not-utf8",
      input,
      offset,
      expected: [],
      found: input.charAt(offset) || null,
      rule: this.rule,
      dialect: this.dialect,
      reason: `the line is not UTF-8 text: byte 0x${byte} at byte ${at} of the line does not start a well-formed UTF-8 sequence`,
    });
    return this.invalidAnswer(input, error, [], line);
  }

  /**
   * A line too long to hold (LineSplitter's overlong): answered from its start, which is past the length limit, so
   * validate() gives the limit error (it reads no further than the limit, D22). Its input is that start, a prefix of
   * the line: the readable answer shows it cut, as it shows any long input; --json adds "bytes", the line's length.
   */
  overlong(start: Uint8Array, bytes: number, line: number): string {
    // The start, decoded up to its last whole character (a sequence may be cut at the end).
    const text = new TextDecoder("utf-8").decode(start).replace(/\uFFFD+$/, "");
    const r = validate(text, this.options as ParseOptions);
    if (r.valid || r.error.code !== "limit/max-length") return this.notUtf8(start, line);
    // The length is the line's, which only its bytes say: at least a third of them are characters.
    const limit = r.error.offset;
    const error = limitError(
      text,
      {
        offset: limit,
        message: `the line is ${bytes} bytes long, over ${limit} characters; the limit is ${limit} (options.maxLength)`,
        code: "limit/max-length",
      },
      this.rule,
      this.dialect,
    );
    return this.invalidAnswer(text, error, [], line, bytes);
  }

  /** `--summary`: "url-pipeline check: 3 inputs, 2 valid, 1 invalid". */
  summary(): string {
    const n = this.valid + this.invalid;
    return `url-pipeline check: ${n} input${n === 1 ? "" : "s"}, ${this.valid} valid, ${this.invalid} invalid\n`;
  }

  private invalidAnswer(
    input: string,
    error: UrlPipelineSyntaxError,
    hints: readonly Hint[],
    line: number | undefined,
    bytes?: number,
  ): string {
    this.status = 1;
    this.invalid++;
    if (this.json) {
      const code = (error as { code?: unknown }).code;
      const shown = {
        offset: error.offset,
        message: inFlags(error.message),
        kind: error.kind,
        ...(typeof code === "string" ? { code } : {}),
      };
      const portable = this.readings ? { portability: this.readings(input) } : {};
      const whole = bytes === undefined ? {} : { bytes };
      return `${JSON.stringify({ input, ...whole, ...(line === undefined ? {} : { line }), valid: false, error: shown, hints: hints.map(jsonHint), ...portable })}\n`;
    }
    return `${linePrefix(line)}invalid: ${formatInFlags(error)}\n${readableHints(hints)}${this.readings ? readableReadings(this.readings(input)) : ""}`;
  }
}

/** `line 3: ` before an answer to a line of standard input; nothing before an answer to an argument. */
function linePrefix(line: number | undefined): string {
  return line === undefined ? "" : `line ${line}: `;
}

/**
 * The lower-cased scheme of each sub-URL of an input valid for a dialect's absolute-url-pipeline rule, read from
 * its text: `root *( "|" adapter )`, where no sub-URL's grammar admits "|", and each sub-URL is its scheme, then
 * ":" and its body or nothing (`zip`, `..`). The same as schemesOf(validate(input).pipeline), which the tests hold
 * it to over the spec examples of both dialects, without building the tree.
 */
export function pipelineSchemes(input: string): string[] {
  const schemes: string[] = [];
  let start = 0;
  // The first ":" at or after `start`, found again only once passed: linear in the input, "|" after "|" too.
  let colon = input.indexOf(":");
  for (;;) {
    const bar = input.indexOf("|", start);
    const end = bar < 0 ? input.length : bar;
    if (colon >= 0 && colon < start) colon = input.indexOf(":", start);
    schemes.push(input.slice(start, colon >= 0 && colon < end ? colon : end).toLowerCase());
    if (bar < 0) return schemes;
    start = bar + 1;
  }
}

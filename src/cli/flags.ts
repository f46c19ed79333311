/**
 * Messages as the command line says them: the library names its options (`options.aboveRoot: "clamp"`), the
 * command line its flags (`--above-root clamp`). Every message the command prints goes through {@link inFlags}.
 */

/** "(options.dialect; --dialect on the command line)": a message that names both keeps the command line's half. */
const BOTH =
  /\(options\.[A-Za-z]+(?:: "[^"]*")?(?: and options\.[A-Za-z]+: "[^"]*")?; ([^()]*?) on the command line\)/g;
/** `options.aboveRoot: "clamp"`, `options.maxLength`. */
const OPTION = /options\.([A-Za-z]+)(?::? "([^"]*)")?/g;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * `message` with the library's option names as the command line's flags.
 *
 * @example
 * inFlags('`options.aboveRoot: "clamp"` drops them'); // '`--above-root clamp` drops them'
 */
export function inFlags(message: string): string {
  if (!message.includes("options.")) return message;
  return message
    .replace(BOTH, "($1)")
    .replace(/\{ max: N \}/g, "N")
    .replace(OPTION, (_m, name: string, value?: string) => `--${kebab(name)}${value === undefined ? "" : ` ${value}`}`);
}

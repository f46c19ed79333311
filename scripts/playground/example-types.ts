/** The shape of the playground's examples, shared by the build (./examples.ts) and the page (playground/src/). */

/**
 * The input, and for ZEP 8's relative examples the relative pipeline to resolve against it. A pair, not an object:
 * the page carries about 170 of them, and the keys cost it 80 bytes after gzip.
 */
export type PlaygroundExample = [input: string, reference?: string];

export interface ExampleGroup {
  label: string;
  dialect: "url-pipeline-v0" | "zep8";
  examples: PlaygroundExample[];
}

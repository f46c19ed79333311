/** The shape of the playground's examples, shared by the build (./examples.ts) and the page (playground/src/). */

export interface PlaygroundExample {
  input: string;
  /** A ZEP 8 relative pipeline to resolve against `input` (ZEP 8's relative examples). */
  reference?: string;
}

export interface ExampleGroup {
  label: string;
  dialect: "url-pipeline-v0" | "zep8";
  examples: PlaygroundExample[];
}

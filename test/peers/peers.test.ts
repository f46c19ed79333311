/**
 * The peer suite: test inputs and stated outcomes of TensorStore, Neuroglancer and zarr-python, replayed through
 * the package (see README.md in this folder). A case without a `disagreement` must agree with the peer; a classified
 * disagreement must still be one, in the stated way, with a reason.
 */
import tensorstore from "./tensorstore.json";
import neuroglancer from "./neuroglancer.json";
import zarrPython from "./zarr-python.json";
import { replay, type PeerCase, type PeerFile, type DisagreementClass } from "./replay";

const PEERS: Array<[string, PeerFile]> = [
  ["tensorstore", tensorstore as PeerFile],
  ["neuroglancer", neuroglancer as PeerFile],
  ["zarr-python", zarrPython as PeerFile],
];
const CLASSES: DisagreementClass[] = ["peer-deviates-from-spec", "spec-silent-we-decided", "out-of-scope"];
const label = (c: PeerCase) => `${JSON.stringify(c.input)} (${c.dialect}; ${c.provenance.path}:${c.provenance.line})`;

describe.each(PEERS)("peer %s", (name, file) => {
  test("the file names its repository and commit, and has cases", () => {
    expect(file.about).toMatch(/\S/);
    expect(file.repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
    expect(file.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(file.cases.length).toBeGreaterThan(0);
  });

  test("every case has complete provenance", () => {
    for (const c of file.cases) {
      const p = c.provenance;
      expect([label(c), p.repo]).toEqual([label(c), file.repo]);
      expect(p.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(p.path).toMatch(/\S/);
      expect(Number.isInteger(p.line) && p.line > 0).toBe(true);
      expect(["url-pipeline-v0", "zep8"]).toContain(c.dialect);
      expect(typeof c.peer.accepts).toBe("boolean");
    }
  });

  const agreeing = file.cases.filter((c) => !c.disagreement);
  const classified = file.cases.filter((c) => c.disagreement);

  test.each(agreeing.map((c) => [label(c), c] as const))("agrees: %s", (_, c) => {
    expect(replay(c).differences).toEqual([]);
  });

  if (classified.length > 0) {
    test.each(classified.map((c) => [`${c.disagreement!.class}: ${label(c)}`, c] as const))(
      "disagrees as classified: %s",
      (_, c) => {
        const d = c.disagreement!;
        expect(CLASSES).toContain(d.class);
        expect(d.reason.trim().length).toBeGreaterThan(20);
        const r = replay(c);
        // Still a disagreement, and in the stated way.
        expect(r.differences).not.toEqual([]);
        for (const [key, value] of Object.entries(d.package)) {
          expect([key, (r.package as unknown as Record<string, unknown>)[key]]).toEqual([key, value]);
        }
      },
    );
  }

  afterAll(() => {
    const byClass = CLASSES.map((k) => `${k} ${classified.filter((c) => c.disagreement!.class === k).length}`).join(
      ", ",
    );
    console.log(
      `peer ${name}: ${file.cases.length} cases, ${agreeing.length} agree, ${classified.length} classified disagreements (${byClass})`,
    );
  });
});

test("pending-bugs.json is not run, but is well formed", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pending = require("./pending-bugs.json") as { cases: Array<PeerCase & { bug: string }> };
  for (const c of pending.cases) {
    expect(c.bug).toMatch(/\S/);
    expect(c.provenance.commit).toMatch(/^[0-9a-f]{40}$/);
  }
});

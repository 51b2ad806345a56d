import fs from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The files that take longest start first. Vitest orders a clean clone's files by
// project name (pglite, postgres) and then as found, so the two money properties
// (over four minutes and two on CI, in the postgres project) started last and ran alone at the end:
// 685 s for unit and integration where the work, spread over three workers, needs about 510 s. A file
// that runs long says so on a line of its own, with its usual time on a CI machine,
//   // runs-long: <seconds> s <why>
// and the longest go first; the rest keep Vitest's order. The journeys (e2e/vitest.config.ts) use it too.
const RUNS_LONG = /^\/\/ runs-long: (\d+) s\b/m;
const declaredSeconds = new Map<string, number>();
function secondsOf(file: string): number {
  let seconds = declaredSeconds.get(file);
  if (seconds === undefined) {
    seconds = Number(RUNS_LONG.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? 0);
    declaredSeconds.set(file, seconds);
  }
  return seconds;
}
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // A stable sort of Vitest's order: a project's group order still comes first (the journeys' timing
    // files run after the rest); then the project whose longest file is longest (a worker that moves
    // to another project loads the server again: interleaving the projects cost 60 s of imports);
    // then the declared seconds, longest first.
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder ?? 0;
    const longestOf = new Map<string, number>();
    for (const spec of files) {
      const name = spec.project.name;
      longestOf.set(name, Math.max(longestOf.get(name) ?? 0, secondsOf(spec.moduleId)));
    }
    const projectRank = (spec: TestSpecification) => longestOf.get(spec.project.name) ?? 0;
    return (await super.sort(files)).sort(
      (a, b) => group(a) - group(b) || projectRank(b) - projectRank(a) || secondsOf(b.moduleId) - secondsOf(a.moduleId),
    );
  }
}

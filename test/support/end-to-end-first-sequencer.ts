import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The folder of the end-to-end tests (the CLI as a child process, npm installs, real terminals): the longest files of the suite. */
const END_TO_END_FOLDER = 'test';

/**
 * Vitest's order, except on a run without recorded durations (a fresh clone
 * in CI): there vitest keeps the order the files were found in, which leaves
 * the slow end-to-end files of test/ for last, and the last of them then runs
 * alone while the other workers sit idle. Starting them first lets the many
 * short unit-test files fill the gaps at the end instead.
 */
export class EndToEndFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // With every file's duration recorded, vitest already starts the longest first.
    if (sorted.every((file) => this.hasRecordedDuration(file))) return sorted;
    const isEndToEnd = (file: TestSpecification) => this.relativePath(file).split(path.sep)[0] === END_TO_END_FOLDER;
    return [...sorted.filter(isEndToEnd), ...sorted.filter((file) => !isEndToEnd(file))];
  }

  private relativePath(file: TestSpecification): string {
    return path.relative(this.ctx.config.root, file.moduleId);
  }

  /** The key vitest's results cache uses: `<project name>:<path relative to the root>`. */
  private hasRecordedDuration(file: TestSpecification): boolean {
    return this.ctx.cache.getFileTestResults(`${file.project.name}:${this.relativePath(file)}`) !== undefined;
  }
}

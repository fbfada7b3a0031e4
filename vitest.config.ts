import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { EndToEndFirstSequencer } from './test/support/end-to-end-first-sequencer.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    // The fixtures' own tests belong to the fixture projects (bench/localization runs them in a copy), not to this suite.
    exclude: [...configDefaults.exclude, 'test/fixtures/**'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // One worker per core: the end-to-end files spend most of their time waiting on the CLI they start, so
    // vitest's default of cores - 1 leaves a 2-core CI machine running one file at a time, one core idle.
    maxWorkers: os.availableParallelism(),
    sequence: { sequencer: EndToEndFirstSequencer },
    globalSetup: ['test/support/build-once.ts'],
  },
});

import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    // The fixtures' own tests belong to the fixture projects (bench/localization runs them in a copy), not to this suite.
    exclude: [...configDefaults.exclude, 'test/fixtures/**'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    globalSetup: ['test/support/build-once.ts'],
  },
});

import { defineConfig } from 'vitest/config';

// Without its own config, vitest would walk up and use the parent project's.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
  },
});

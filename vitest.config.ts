import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'lib/**/*.test.ts', 'local/**/*.test.ts', 'jobs/**/*.test.ts', 'functions/**/*.test.ts', 'infra/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});

import { defineConfig } from 'vitest/config';

// Test tiers live in the file suffix: *.unit.spec.ts (pure, fast), *.int.spec.ts (real PostgreSQL,
// real HTTP), *.browser.spec.ts (the web app in a real browser, or the real `npm start` process: one
// file at a time). One embedded PostgreSQL serves the run; every test file gets databases of its own.
export default defineConfig({
  test: {
    globalSetup: ['./services/api/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['**/src/**/*.unit.spec.ts'], exclude: ['**/node_modules/**'] } },
      {
        extends: true,
        test: { name: 'int', include: ['**/src/**/*.int.spec.ts', '**/test/**/*.int.spec.ts'], exclude: ['**/node_modules/**'] },
      },
      {
        extends: true,
        test: { name: 'browser', include: ['**/test/**/*.browser.spec.ts'], exclude: ['**/node_modules/**'], fileParallelism: false },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

// Test tiers live in the file suffix: *.unit.spec.ts (pure, fast), *.int.spec.ts (real PostgreSQL,
// real HTTP), *.browser.spec.ts (the web app in a real browser, or the real `npm start` process: one
// file at a time). One embedded PostgreSQL serves the run; every test file gets databases of its own.
export default defineConfig({
  test: {
    globalSetup: ['./services/api/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll's own default is 1 s: on a busy 2-core CI machine a lazily loaded screen can take longer
    // to set its title or show its first answer, and a poll that gives up first fails a working screen.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      { extends: true, test: { name: 'unit', include: ['**/src/**/*.unit.spec.ts'], exclude: ['**/node_modules/**'] } },
      {
        extends: true,
        test: { name: 'int', include: ['**/src/**/*.int.spec.ts', '**/test/**/*.int.spec.ts'], exclude: ['**/node_modules/**'] },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['**/test/**/*.browser.spec.ts'],
          exclude: ['**/node_modules/**'],
          fileParallelism: false,
          // A failed test prints what the browser showed (toasts, alerts, API answers) and keeps a screenshot.
          setupFiles: ['./services/api/test/support/failure-evidence.ts'],
        },
      },
    ],
  },
});

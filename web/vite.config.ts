import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget, packageOf } from './scripts/bundle-budget.ts';
import { serviceWorker } from './scripts/service-worker.ts';

// Libraries every screen needs, in chunks of their own: they change less often than the app, so a
// deploy leaves them cached. Everything else (recharts above all) stays with the routes that use it.
const vendorChunks: Record<string, readonly string[]> = {
  react: ['react', 'react-dom', 'scheduler'],
  redux: ['@reduxjs/toolkit', 'redux', 'react-redux', 'redux-thunk', 'reselect', 'immer', 'redux-persist', 'use-sync-external-store'],
  router: ['react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'],
  // In a chunk of its own, so it is cached across deploys and never mixed into a chunk of app code.
  zod: ['zod'],
};

// The API process serves web/dist in production; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [
    react(),
    bundleBudget({
      budgetGzip: 150_000,
      // Each first screen fails the build above the budget. The signed-in one (/dashboard) came down from
      // 192 kB to it (docs/ARCHITECTURE.md, "Web: code-splitting and bundle budget"): zod and the
      // contracts' schemas are off it (the stored session is checked by lib/persist/stored-checks.ts,
      // the constants it reads come from contracts/src/values.ts), and the routes use the declarative
      // router. Anything new on it loads lazily with its screen or section, or after the first screen.
      firstScreens: {
        '/login': { modules: ['src/features/auth/routes/login.tsx'], failAboveGzip: 150_000 },
        // The public page a stranger lands on: what the product is and the account form.
        '/': { modules: ['src/features/auth/routes/welcome.tsx'], failAboveGzip: 150_000 },
        // Signed in, the stored session is checked (lib/persist) before anything renders.
        '/dashboard': {
          modules: [
            'src/lib/persist/persisted-auth.ts',
            'src/lib/persist/persisted-goals.ts',
            'src/components/layouts/app-layout.tsx',
            // Quick add's button and the shortcuts' key listener (the dialogs load when opened).
            'src/app/commands/command-bar.tsx',
            'src/features/dashboard/routes/dashboard.tsx',
            // Today's rows are their own chunk, fetched beside the list's data as the screen renders: part of the first screen.
            'src/features/dashboard/components/today-list.tsx',
          ],
          failAboveGzip: 150_000,
        },
      },
      reportFile: '.vite/bundle-report.json',
    }),
    // /sw.js: the shell and the hashed files offline, one cache per build (docs/ARCHITECTURE.md, "Web: offline").
    serviceWorker({ source: fileURLToPath(new URL('src/service-worker/service-worker.js', import.meta.url)) }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budget plugin prints gzip sizes; Vite's own pass would compress everything a second time.
    reportCompressedSize: false,
    rolldownOptions: {
      // The contracts are schemas and constants: importing a constant must not bring the schemas beside it.
      treeshake: { moduleSideEffects: [{ test: /[\\/]contracts[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: Object.entries(vendorChunks).map(([name, packages], index) => ({
            name,
            test: (id: string) => packages.includes(packageOf(id) ?? ''),
            // react first: the other groups would otherwise pull it in as their dependency.
            priority: 10 - index,
          })),
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API process serves web/dist in production; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import type { AppState } from './app-state.ts';

const revalidated = new Set(['sw.js', 'manifest.webmanifest']);

/** Serves the built web app; any non-API path without a file gets index.html (client-side routes). */
export const staticApp =
  (distDir: string): Middleware<AppState> =>
  async (ctx, next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api' || !['GET', 'HEAD'].includes(ctx.method)) {
      await next();
      return;
    }
    if (!existsSync(path.join(distDir, 'index.html'))) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet: run `npm run build`.';
      return;
    }
    const file = path.join(distDir, ctx.path);
    const isAsset = ctx.path !== '/' && file.startsWith(distDir + path.sep) && existsSync(file);
    if (isAsset) {
      await send(ctx, ctx.path, {
        root: distDir,
        maxage: ctx.path.startsWith('/assets/') ? 365 * 24 * 3600 * 1000 : 0,
        immutable: ctx.path.startsWith('/assets/'),
        setHeaders: (res, filePath) => {
          // The service worker and the manifest are checked for a new build on every visit.
          if (revalidated.has(path.basename(filePath))) res.setHeader('Cache-Control', 'no-cache');
        },
      });
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root: distDir });
  };

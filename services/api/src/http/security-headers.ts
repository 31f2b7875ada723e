import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
import type { AppState } from './app-state.ts';

/** Helmet's defaults with a tight CSP for the app's HTML; API answers are never cached unless their route says how (the calendar feed). */
export const securityHeaders = (): Middleware<AppState>[] => [
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The web app's manifest and its service worker (/manifest.webmanifest, /sw.js), named rather than left to the fallbacks.
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  }),
  async (ctx, next) => {
    await next();
    if (ctx.path.startsWith('/api/') && !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
  },
];

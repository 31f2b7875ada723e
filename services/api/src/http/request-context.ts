import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AppState } from './app-state.ts';

const SAFE_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** A request id (the caller's X-Request-Id if sane, else new), a child logger, and one log line per request. */
export const requestContext =
  (log: Logger, clock: () => Date): Middleware<AppState> =>
  async (ctx, next) => {
    ctx.state.now = clock();
    const incoming = ctx.get('x-request-id');
    const requestId = SAFE_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = log.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      if (ctx.path.startsWith('/api/')) {
        ctx.state.log.info(
          { method: ctx.method, path: ctx.state.loggedPath ?? ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) },
          'request',
        );
      }
    }
  };

import cors from '@koa/cors';
import Koa from 'koa';
import type { Logger } from 'pino';
import { messages } from '@tracker/contracts/messages';
import type { EventStore } from '@tracker/eventstore/port';
import type { ReadModelDb } from '@tracker/projections/db';
import type { ProjectionProgress } from '@tracker/projections/progress';
import { createAccounts } from './auth/accounts.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import type { TokenService } from './auth/jwt.ts';
import type { PasswordHasher } from './auth/passwords.ts';
import { createRateLimiter } from './auth/rate-limiter.ts';
import { requireAuth } from './auth/require-auth.ts';
import { createCommandHandler } from './commands/command-handler.ts';
import type { Config } from './config/config.ts';
import { createApiRouter } from './http/api-router.ts';
import type { AppState } from './http/app-state.ts';
import { errorMiddleware } from './http/error-middleware.ts';
import { jsonBody } from './http/json-body.ts';
import { HttpError } from './http/problem.ts';
import { requestContext } from './http/request-context.ts';
import { securityHeaders } from './http/security-headers.ts';
import { staticApp } from './http/static-app.ts';
import type { Mailer } from './mail/mailer.ts';
import { registerGoalRoutes } from './goals/goals.routes.ts';
import { createWorkItemCommands } from './goals/work-item-commands.ts';
import { registerSystemRoutes } from './system/system.routes.ts';

export interface AppDeps {
  config: Pick<Config, 'appUrl' | 'corsOrigins' | 'trustProxy' | 'rateLimits' | 'readYourWritesTimeoutMs'>;
  log: Logger;
  store: EventStore;
  db: ReadModelDb;
  progress: ProjectionProgress;
  tokens: TokenService;
  passwords: PasswordHasher;
  mailer: Mailer;
  webDistDir: string;
  clock?: () => Date;
}

/** The Koa app: error middleware first, then request context, security, CORS, body, /api routes, the web app. */
export const createApp = (deps: AppDeps): Koa<AppState> => {
  const app = new Koa<AppState>({ proxy: deps.config.trustProxy });
  const commands = createCommandHandler({
    store: deps.store,
    progress: deps.progress,
    readYourWritesTimeoutMs: deps.config.readYourWritesTimeoutMs,
  });
  const accounts = createAccounts({
    store: deps.store,
    commands,
    passwords: deps.passwords,
    mailer: deps.mailer,
    appUrl: deps.config.appUrl,
    log: deps.log,
  });
  const router = createApiRouter(requireAuth(deps.tokens, deps.db));
  registerSystemRoutes(router, { store: deps.store, db: deps.db, progress: deps.progress });
  registerAuthRoutes(router, {
    accounts,
    tokens: deps.tokens,
    commands,
    db: deps.db,
    rateLimiter: createRateLimiter(deps.db),
    limits: deps.config.rateLimits,
  });
  registerGoalRoutes(router, { db: deps.db, commands, items: createWorkItemCommands({ commands, db: deps.db }) });

  const allowed = new Set(deps.config.corsOrigins);
  app.use(requestContext(deps.log, deps.clock ?? (() => new Date())));
  app.use(errorMiddleware());
  for (const middleware of securityHeaders()) app.use(middleware);
  app.use(
    cors({
      origin: (ctx) => (allowed.has(ctx.get('origin')) ? ctx.get('origin') : ''),
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
      exposeHeaders: ['X-Request-Id', 'Retry-After'],
      maxAge: 600,
    }),
  );
  app.use(jsonBody());
  app.use(router.middleware());
  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) throw new HttpError(404, messages.routeNotFound, 'route_not_found');
    await next();
  });
  app.use(staticApp(deps.webDistDir));
  return app;
};

import cors from '@koa/cors';
import Koa from 'koa';
import { messages } from '@tracker/contracts/messages';
import { createApiTokenAuthenticator } from './api-tokens/api-token-authenticator.ts';
import { createRateLimiter } from './auth/rate-limiter.ts';
import { requireAuth } from './auth/require-auth.ts';
import type { AppServices } from './feature.ts';
import { apiFeatures } from './features.ts';
import { createApiRouter, READ_MODELS_BEHIND, type AnyRoute } from './http/api-router.ts';
import type { AppState } from './http/app-state.ts';
import { createAnswerCache } from './http/answer-cache.ts';
import { errorMiddleware } from './http/error-middleware.ts';
import { createHeavyReadGate, defaultHeavyReadLimits, heavyReadLimiter, type HeavyReadLimits } from './http/heavy-reads.ts';
import { jsonBody } from './http/json-body.ts';
import { HttpError } from './http/problem.ts';
import { requestContext } from './http/request-context.ts';
import { securityHeaders } from './http/security-headers.ts';
import { staticApp } from './http/static-app.ts';
import { createSessionFactsReader, readModelSessionFacts } from './auth/session-facts.ts';
import compress from 'koa-compress';
import { readVersionsOf } from '@tracker/projections/read-versions';
import { readInRounds } from './http/read-rounds.ts';
import type { ReadModelDb } from '@tracker/projections/db';
import zlib from 'node:zlib';

export interface AppOptions {
  corsOrigins: readonly string[];
  trustProxy: boolean;
  webDistDir: string;
  clock?: (() => Date) | undefined;
  /** Tests: every answer is checked against its route's declared response schema. */
  checkResponses?: boolean;
  /** How many heavy reads run and wait at once (defaultHeavyReadLimits when absent). */
  heavyReads?: HeavyReadLimits | undefined;
}

/** A user's read version for the answer cache, read in rounds shared by the requests that arrive together. */
const readVersionsInRounds = (db: ReadModelDb): ((userId: string) => Promise<string>) => {
  const read = readInRounds((userIds) => readVersionsOf(db, userIds));
  return async (userId) => {
    const version = await read(userId);
    if (version === undefined) throw new Error(`No read version came back for ${userId}`);
    return version;
  };
};

/** The Koa app: error middleware first, then request context, security, CORS, body, /api routes, the web app. */
export const createApp = (services: Omit<AppServices, 'routes' | 'tags'>, options: AppOptions): Koa<AppState> => {
  const app = new Koa<AppState>({ proxy: options.trustProxy });
  const router = createApiRouter({
    requireAuth: requireAuth(
      services.tokens,
      createSessionFactsReader(readModelSessionFacts(services.db), services.progress),
      createApiTokenAuthenticator({ ops: services.ops, rateLimiter: createRateLimiter(services.ops), rule: services.config.apiTokens.rateLimit }),
    ),
    heavyReads: heavyReadLimiter(createHeavyReadGate(options.heavyReads ?? defaultHeavyReadLimits())),
    settle: (position, projectors, userId) =>
      position === undefined ? Promise.resolve(true) : services.progress.waitFor(position, projectors, services.config.readYourWritesTimeoutMs, userId),
    checkResponses: options.checkResponses ?? false,
    answers: services.config.answerCacheMb > 0 ? createAnswerCache(readVersionsInRounds(services.db), services.config.answerCacheMb * 1024 * 1024) : undefined,
  });
  const tags = Object.fromEntries(apiFeatures.flatMap((feature) => Object.entries(feature.tags)));
  const shared: AppServices = { ...services, routes: (): readonly AnyRoute[] => router.routes(), tags: () => tags };
  for (const feature of apiFeatures) router.mount(feature.routes, feature.services(shared));

  const allowed = new Set(options.corsOrigins);
  app.use(requestContext(services.log, options.clock ?? (() => new Date())));
  // Text answers over 1 kB (the app's bundles, lists, exports, problem documents alike) in brotli or
  // gzip, whichever the client prefers; brotli at quality 4, where it beats gzip's size at gzip's speed.
  app.use(compress({ threshold: 1024, br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }, gzip: {}, deflate: false }));
  app.use(errorMiddleware());
  for (const middleware of securityHeaders()) app.use(middleware);
  app.use(
    cors({
      origin: (ctx) => (allowed.has(ctx.get('origin')) ? ctx.get('origin') : ''),
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
      exposeHeaders: ['X-Request-Id', 'Retry-After', READ_MODELS_BEHIND],
      maxAge: 600,
    }),
  );
  app.use(jsonBody());
  app.use(router.middleware());
  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) throw new HttpError(404, messages.routeNotFound, 'route_not_found');
    await next();
  });
  app.use(staticApp(options.webDistDir));
  return app;
};

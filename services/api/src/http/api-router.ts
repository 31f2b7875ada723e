import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { AppState } from './app-state.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What a route declares: enough to wire it and to describe it in /api/openapi.json. */
export interface RouteSpec {
  method: Method;
  /** Koa-style path under /api, e.g. `/goals/goals/:id`. */
  path: string;
  summary: string;
  tag: string;
  auth: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
  status?: number;
}

export type ApiContext = Context & { state: AppState; params: Record<string, string> };
export type RouteHandler = (ctx: ApiContext) => Promise<void>;

export interface ApiRouter {
  /** `before` runs ahead of the handler (after authentication), e.g. a larger body limit. */
  route(spec: RouteSpec, handler: RouteHandler, before?: Middleware<AppState>[]): void;
  specs(): RouteSpec[];
  middleware(): Middleware<AppState>;
}

export const createApiRouter = (requireAuth: Middleware<AppState>): ApiRouter => {
  const router = new Router<AppState>({ prefix: '/api' });
  const specs: RouteSpec[] = [];
  return {
    route(spec, handler, before = []) {
      specs.push(spec);
      const chain = [...(spec.auth ? [requireAuth] : []), ...before, handler] as Middleware<AppState>[];
      router[spec.method](spec.path, ...(chain as [Middleware<AppState>]));
    },
    specs: () => specs,
    middleware: () => router.routes() as unknown as Middleware<AppState>,
  };
};

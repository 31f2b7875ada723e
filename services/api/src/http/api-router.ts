import { Stream } from 'node:stream';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import type { Position } from '@tracker/eventstore/port';
import { apiTokenMessages } from '@tracker/contracts/api-tokens/http';
import type { AnswerCache } from './answer-cache.ts';
import type { AppState } from './app-state.ts';
import { HttpError } from './problem.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Answer header: the read models this answer should have come from had not caught up (projector names). */
export const READ_MODELS_BEHIND = 'X-Read-Models-Behind';

export type ApiContext = Context & { state: AppState; params: Record<string, string> };

const none = z.object({}).passthrough();
type None = z.infer<typeof none>;

/** What a handler receives: input parsed by the route's own schemas, and the feature's services. */
export interface RouteInput<Params, Query, Body, Services> {
  params: Params;
  query: Query;
  body: Body;
  ctx: ApiContext;
  services: Services;
  /**
   * Read-your-writes: resolves once the projectors this route declared in `settles` reached
   * `position` (bounded wait) in the partition of the request's user (the signed-in one, or the
   * `userId` given: a route without a session that knows whom its command was for; every partition
   * when there is neither); false when the bound ran out first — the answer then carries
   * `X-Read-Models-Behind` and the handler builds it from the command's own state, never a 404. A plain function: handlers destructure it.
   */
  settle: (position: Position | undefined, userId?: string) => Promise<boolean>;
}

/** A client error a handler may answer (a problem document), beyond those its declaration implies. */
export type ClientErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

/** A route: its declaration (wiring, validation, read-your-writes, /api/openapi.json) and its handler. */
export interface Route<Services = unknown, Params = None, Query = None, Body = None, Response = unknown> {
  /**
   * What the operation is called: its operationId in /api/openapi.json and its name in generated
   * clients. camelCase, unique among all routes (checked when mounted); never renamed once served.
   */
  name: string;
  method: Method;
  /** Koa-style path under /api, e.g. `/goals/goals/:id`. */
  path: string;
  summary: string;
  tag: ApiTag;
  auth: boolean;
  /**
   * Only a signed-in session may call it, never a personal API token (403): managing tokens, and the
   * account itself (profile, e-mail, password). Any other `auth` route takes a token; one without
   * the write scope gets 403 on every method but GET.
   */
  sessionOnly?: boolean;
  /**
   * The client errors the handler answers that the declaration does not imply (openapi.ts derives
   * 400 from input or a write, 401 from auth, 404 from an `:id`, 409/413/415 from a write, 429 from
   * `heavy`): e.g. 401 for a failed login, 404 for a parent named in the body, 422, a rate limit's 429.
   */
  errors?: readonly ClientErrorStatus[];
  /**
   * Path parameters /api/openapi.json lists value by value, one path each, because the template
   * would be ambiguous with another route's (`/goals/tasks/status/{status}` beside
   * `/goals/tasks/{id}/subtasks`): every value the parameter's schema accepts.
   */
  pathValues?: Readonly<Record<string, readonly string[]>>;
  params?: z.ZodType<Params>;
  query?: z.ZodType<Query>;
  body?: z.ZodType<Body>;
  response?: z.ZodType<Response>;
  /** The success status (200 unless told). */
  status?: number;
  /** The success body's media type when it is not JSON (the handler sets ctx.type; /api/openapi.json lists it). */
  mediaType?: string;
  /** A GET whose answer carries an ETag and that answers 304 to an If-None-Match naming it (the handler decides). */
  conditional?: boolean;
  /**
   * The projectors whose read models this route's answer and the caller's next likely read come
   * from: a command waits for these, and only these, before answering.
   */
  settles?: readonly string[];
  /**
   * A read whose work grows with the user's history (the points audit): it goes through the heavy
   * reads' limiter (http/heavy-reads.ts), a few at a time per user and in all, after authentication.
   */
  heavy?: boolean;
  /**
   * A signed-in GET whose answer depends on nothing but the user's own read models, the user's today
   * and zone, and the URL (not the leaderboard: other users' points): its answers are kept and given
   * again until the user's read version moves (http/answer-cache.ts), unless the request says
   * `Cache-Control: no-cache`. The handler sets no header.
   */
  cachedPerUser?: boolean;
  /** Runs ahead of the handler (after authentication), e.g. a larger body limit. */
  before?: Middleware<AppState>[];
  /** The answer's body (undefined for none); may also set headers on ctx. A handler with nothing to await may answer at once. */
  handle(input: RouteInput<Params, Query, Body, Services>): Response | undefined | Promise<Response | undefined>;
}

/** A route as a feature declares it under its own tag (`routesFor(tag)`): `tag` names another group. */
export type TaggedRoute<Services, Params, Query, Body, Response> = Omit<Route<Services, Params, Query, Body, Response>, 'tag'> & { tag?: ApiTag };

type Declare<Services, Declared extends 'tag' | 'no tag'> = <Params = None, Query = None, Body = None, Response = unknown>(
  route: Declared extends 'tag' ? TaggedRoute<Services, Params, Query, Body, Response> : Route<Services, Params, Query, Body, Response>,
) => Route<Services, Params, Query, Body, Response>;

/**
 * Declares the routes of one feature's services, with params, query and body types inferred from the
 * schemas. Given the feature's tag, each route is in that group unless it names another.
 */
export function routesFor<Services>(): Declare<Services, 'no tag'>;
export function routesFor<Services>(tag: ApiTag): Declare<Services, 'tag'>;
export function routesFor<Services>(tag?: ApiTag) {
  return <Params, Query, Body, Response>(route: TaggedRoute<Services, Params, Query, Body, Response>): Route<Services, Params, Query, Body, Response> => ({
    ...route,
    // Without a feature's tag the route's own is required (the first overload).
    tag: route.tag ?? tag!,
  });
}

// A route list mixes input types; each route was checked against its own schemas where it was declared.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute<Services = any> = Route<Services, any, any, any, any>;

/** A group of operations in the API description: declared, with what it is, by the feature whose routes use it (ApiFeature.tags). */
export type ApiTag = string;

const OPERATION_NAME = /^[a-z][A-Za-z0-9]*$/;

/** After authentication: what a personal API token may not do (a session may do all). */
const tokenScope =
  (route: AnyRoute): Middleware<AppState> =>
  async (ctx, next) => {
    const { credential } = ctx.state;
    if (credential?.kind === 'apiToken') {
      if (route.sessionOnly) throw new HttpError(403, apiTokenMessages.sessionOnly, 'token_not_allowed');
      if (route.method !== 'get' && !credential.scopes.includes('write')) throw new HttpError(403, apiTokenMessages.readOnly, 'token_read_only');
    }
    await next();
  };

export interface MountOptions {
  requireAuth: Middleware<AppState>;
  /** Ahead of every `heavy` route's handler: the heavy reads' limiter. */
  heavyReads: Middleware<AppState>;
  settle(position: Position | undefined, projectors: readonly string[], userId: string | undefined): Promise<boolean>;
  /** Tests: every answer is parsed against the route's response schema; a mismatch is a 500 naming it. */
  checkResponses: boolean;
  /** Where `cachedPerUser` routes keep their answers; without it they build every answer. */
  answers?: AnswerCache | undefined;
}

export class ResponseMismatch extends Error {
  constructor(route: string, error: z.ZodError) {
    super(`Answer of ${route} does not match its declared response schema: ${z.prettifyError(error)}`);
    this.name = 'ResponseMismatch';
  }
}

export interface ApiRouter {
  mount<Services>(routes: readonly AnyRoute<Services>[], services: Services): void;
  routes(): readonly AnyRoute[];
  middleware(): Middleware<AppState>;
}

export const createApiRouter = (options: MountOptions): ApiRouter => {
  const router = new Router<AppState>({ prefix: '/api' });
  const mounted: AnyRoute[] = [];

  const handlerOf =
    <Services>(route: AnyRoute<Services>, services: Services): Middleware<AppState> =>
    async (koaCtx) => {
      const ctx = koaCtx as ApiContext;
      const input: RouteInput<unknown, unknown, unknown, Services> = {
        params: (route.params ?? none).parse(ctx.params),
        query: (route.query ?? none).parse(ctx.query),
        body: route.body ? route.body.parse(ctx.state.body ?? {}) : {},
        ctx,
        services,
        settle: async (position: Position | undefined, userId?: string) => {
          // requireAuth sets userId; a route without auth has none (AppState types it as always set).
          const settled = await options.settle(position, route.settles ?? [], userId ?? ctx.state.userId);
          // The events are stored; the answer comes from the command's own state and says so.
          if (!settled) ctx.set(READ_MODELS_BEHIND, (route.settles ?? []).join(', '));
          return settled;
        },
      };
      // Set first, so a handler may still choose another (e.g. 503 from /ready).
      ctx.status = route.status ?? 200;
      const cache = route.cachedPerUser ? options.answers : undefined;
      const { userId, clock, timezone } = ctx.state;
      const stamp = cache && clock ? await cache.stampOf(userId, clock.localDate, timezone) : undefined;
      // A client may ask for an answer built afresh (HTTP's request directive): it replaces the kept one.
      if (cache && stamp !== undefined && !/\bno-cache\b/i.test(ctx.get('Cache-Control'))) {
        const kept = cache.get(userId, ctx.url, stamp);
        if (kept !== undefined) {
          ctx.type = 'json';
          ctx.body = kept;
          return;
        }
      }
      const answer: unknown = await route.handle(input);
      if (options.checkResponses && route.response && answer !== undefined) {
        const checked = route.response.safeParse(answer);
        if (!checked.success) throw new ResponseMismatch(`${route.method.toUpperCase()} ${route.path}`, checked.error);
      }
      if (answer === undefined) return;
      if (typeof answer !== 'object' || answer === null || Buffer.isBuffer(answer) || answer instanceof Stream) {
        ctx.body = answer;
        return;
      }
      // JSON serialised here, once: with an object body, koa-compress measured it (JSON.stringify for
      // its length) and koa's respond serialised it again — twice per answer, a list of 50 goals included.
      if (!ctx.response.get('Content-Type')) ctx.type = 'json';
      const body = JSON.stringify(answer);
      if (cache && stamp !== undefined && ctx.status === 200) {
        // Kept as the bytes sent: a kept answer is neither measured nor encoded again.
        const bytes = Buffer.from(body);
        cache.set(userId, ctx.url, stamp, bytes);
        ctx.body = bytes;
      } else ctx.body = body;
    };

  return {
    mount(routes, services) {
      for (const route of routes) {
        // The name is the operation's identity for clients: a duplicate would make generated code ambiguous.
        if (!OPERATION_NAME.test(route.name)) throw new Error(`Route ${route.method.toUpperCase()} ${route.path}: name "${route.name}" must be camelCase`);
        const twin = mounted.find((other) => other.name === route.name);
        if (twin)
          throw new Error(`Two routes named "${route.name}": ${twin.method.toUpperCase()} ${twin.path} and ${route.method.toUpperCase()} ${route.path}`);
        mounted.push(route);
        const chain = [
          ...(route.auth ? [options.requireAuth, tokenScope(route)] : []),
          ...(route.heavy ? [options.heavyReads] : []),
          ...(route.before ?? []),
          handlerOf(route, services),
        ];
        router[route.method](route.path, ...(chain as [Middleware<AppState>]));
      }
    },
    routes: () => mounted,
    // @koa/router's types name its own context; the chain is the same Koa middleware.
    middleware: () => router.routes() as Middleware<AppState>,
  };
};

import { sql } from 'kysely';
import { z } from 'zod';
import type { EventStore } from '@tracker/eventstore/port';
import type { ReadModelDb } from '@tracker/projections/db';
import type { ProjectionProgress } from '@tracker/projections/progress';
import type { ApiRouter } from '../http/api-router.ts';
import { buildOpenApi } from '../http/openapi.ts';

const readiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  eventStore: z.string(),
  readModels: z.string(),
  projections: z.record(z.string(), z.object({ checkpoint: z.string(), caughtUp: z.boolean() })),
});

/** Liveness, readiness (store, read models, projection lag) and the OpenAPI document. */
export const registerSystemRoutes = (router: ApiRouter, deps: { store: EventStore; db: ReadModelDb; progress: ProjectionProgress }): void => {
  router.route({ method: 'get', path: '/health', summary: 'Liveness', tag: 'system', auth: false, response: z.object({ status: z.literal('ok') }) }, async (ctx) => {
    ctx.body = { status: 'ok' };
  });

  router.route({ method: 'get', path: '/ready', summary: 'Readiness', tag: 'system', auth: false, response: readiness }, async (ctx) => {
    const [head, readModels, checkpoints] = await Promise.all([
      deps.store.headPosition().then((p) => ({ ok: true, head: p })).catch(() => ({ ok: false, head: 'start' as const })),
      sql`SELECT 1`.execute(deps.db).then(() => true).catch(() => false),
      deps.progress.checkpoints().catch(() => ({}) as Record<string, string>),
    ]);
    const projections = Object.fromEntries(
      Object.entries(checkpoints).map(([name, checkpoint]) => [
        name,
        { checkpoint, caughtUp: deps.store.comparePositions(checkpoint, head.head) >= 0 },
      ]),
    );
    const ready = head.ok && readModels;
    ctx.status = ready ? 200 : 503;
    ctx.body = {
      status: ready ? 'ready' : 'not_ready',
      eventStore: head.ok ? `${deps.store.kind}: ok` : `${deps.store.kind}: unreachable`,
      readModels: readModels ? 'ok' : 'unreachable',
      projections,
    };
  });

  router.route({ method: 'get', path: '/openapi.json', summary: 'This API, described', tag: 'system', auth: false }, async (ctx) => {
    ctx.body = buildOpenApi(router.specs());
  });
};

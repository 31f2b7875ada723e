import { sql } from 'kysely';
import { z } from 'zod';
import { routesFor } from '../http/api-router.ts';
import { buildOpenApi } from '../http/openapi.ts';
import type { AppServices } from '../feature.ts';

const readiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  eventStore: z.string(),
  readModels: z.string(),
  projections: z.record(z.string(), z.object({ checkpoint: z.string(), caughtUp: z.boolean() })),
  failing: z.array(z.object({ projector: z.string(), position: z.string(), type: z.string(), error: z.string() })),
});

const route = routesFor<AppServices>();

/** Liveness, readiness (store, read models, projection lag and failures) and the OpenAPI document. */
export const systemRoutes = [
  route({
    name: 'getHealth',
    method: 'get',
    path: '/health',
    summary: 'Liveness',
    tag: 'system',
    auth: false,
    response: z.object({ status: z.literal('ok') }),
    handle: () => ({ status: 'ok' as const }),
  }),
  route({
    name: 'getReadiness',
    method: 'get',
    path: '/ready',
    summary: 'Readiness',
    tag: 'system',
    auth: false,
    response: readiness,
    handle: async ({ ctx, services }) => {
      const { store, db, progress } = services;
      const names = services.projectorNames;
      const [head, readModels, checkpoints] = await Promise.all([
        store
          .headPosition()
          .then((p) => ({ ok: true, head: p }))
          .catch(() => ({ ok: false, head: 'start' as const })),
        sql`SELECT 1`
          .execute(db)
          .then(() => true)
          .catch(() => false),
        progress.checkpoints(names).catch(() => ({})),
      ]);
      const projections = Object.fromEntries(
        Object.entries(checkpoints).map(([name, checkpoint]) => [name, { checkpoint, caughtUp: store.comparePositions(checkpoint, head.head) >= 0 }]),
      );
      const failing = services.projectionFailures().map(({ projector, position, type, error }) => ({ projector, position, type, error }));
      const ready = head.ok && readModels && failing.length === 0;
      ctx.status = ready ? 200 : 503;
      return {
        status: ready ? ('ready' as const) : ('not_ready' as const),
        eventStore: head.ok ? `${store.kind}: ok` : `${store.kind}: unreachable`,
        readModels: readModels ? 'ok' : 'unreachable',
        projections,
        failing,
      };
    },
  }),
  route({
    name: 'getOpenApi',
    method: 'get',
    path: '/openapi.json',
    summary: 'This API, described',
    tag: 'system',
    auth: false,
    handle: ({ services }) => buildOpenApi(services.routes()),
  }),
];

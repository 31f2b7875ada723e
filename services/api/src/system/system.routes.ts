import { sql } from 'kysely';
import { z } from 'zod';
import { routesFor } from '../http/api-router.ts';
import { buildOpenApi } from '../http/openapi.ts';
import type { SystemServices } from './system.feature.ts';

const readiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  eventStore: z.string(),
  readModels: z.string(),
  /** behindMs: how long the projector has been short of a head the probes saw (0 when caught up). */
  projections: z.record(z.string(), z.object({ checkpoint: z.string(), caughtUp: z.boolean(), behindMs: z.number().int().min(0) })),
  /** Projectors behind the log for longer than READY_MAX_LAG_MS. */
  lagging: z.array(z.string()),
  failing: z.array(z.object({ projector: z.string(), position: z.string(), type: z.string(), error: z.string() })),
});

const route = routesFor<SystemServices>('system');

/**
 * Liveness, readiness (store, read models, projection lag and failures) and the OpenAPI document.
 * /health asks nothing of the database on purpose: a process that answers it is worth keeping (a
 * restart would not bring the database back); /ready says whether to send it traffic.
 */
export const systemRoutes = [
  route({
    name: 'getHealth',
    method: 'get',
    path: '/health',
    summary: 'Liveness: the process runs and answers HTTP; says nothing of the database (see /ready)',
    auth: false,
    response: z.object({ status: z.literal('ok') }),
    handle: () => ({ status: 'ok' as const }),
  }),
  route({
    name: 'getReadiness',
    method: 'get',
    path: '/ready',
    summary: 'Readiness: the event store and read models answer, and no projector is failing or behind for long (503 otherwise)',
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
        Object.entries(checkpoints).map(([name, checkpoint]) => [
          name,
          {
            checkpoint,
            caughtUp: store.comparePositions(checkpoint, head.head) >= 0,
            behindMs: head.ok ? services.projectionLag.observe(name, checkpoint, head.head) : 0,
          },
        ]),
      );
      const lagging = Object.entries(projections)
        .filter(([, projection]) => projection.behindMs > services.config.readyMaxLagMs)
        .map(([name]) => name);
      const failing = services.projectionFailures().map(({ projector, position, type, error }) => ({ projector, position, type, error }));
      const ready = head.ok && readModels && failing.length === 0 && lagging.length === 0;
      ctx.status = ready ? 200 : 503;
      return {
        status: ready ? ('ready' as const) : ('not_ready' as const),
        eventStore: head.ok ? `${store.kind}: ok` : `${store.kind}: unreachable`,
        readModels: readModels ? 'ok' : 'unreachable',
        projections,
        lagging,
        failing,
      };
    },
  }),
  route({
    name: 'getOpenApi',
    method: 'get',
    path: '/openapi.json',
    summary: 'This API, described',
    auth: false,
    handle: ({ services }) => buildOpenApi(services.routes(), services.tags()),
  }),
];

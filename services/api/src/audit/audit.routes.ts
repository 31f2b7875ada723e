import { pointsAuditQuery, pointsAuditResponse } from '@tracker/contracts/points/audit';
import { routesFor, type AnyRoute } from '../http/api-router.ts';
import type { AppServices } from '../feature.ts';
import { auditUser } from './audit.readers.ts';

const route = routesFor<AppServices>();

/** The caller's points replayed from the log and checked against the rules and the ledger. */
export const auditRoutes: AnyRoute<AppServices>[] = [
  route({
    method: 'get',
    path: '/points/audit',
    summary:
      "The caller's points replayed from the event log through the rules each award recorded, compared with the PointsAwarded/PointsRevoked events and the ledger: three totals, every entry and every mismatch (asOf: an ISO instant where the replay stops)",
    tag: 'points',
    auth: true,
    query: pointsAuditQuery,
    response: pointsAuditResponse,
    handle: async ({ ctx, query, services: { db, store } }) => ({ audit: await auditUser({ db, store }, ctx.state.userId, query.asOf) }),
  }),
];

import { z } from 'zod';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, encodeAuditCursor, pointsAuditQuery, pointsAuditResponse } from '@tracker/contracts/points/audit';
import type { Position } from '@tracker/eventstore/port';
import { routesFor, type AnyRoute } from '../http/api-router.ts';
import type { AuditServices } from './audit.feature.ts';

const route = routesFor<AuditServices>('audit');

/** A cursor that decodes but is no position of this store is refused like a malformed one. */
const badCursor = (input: string): z.ZodError =>
  new z.ZodError([{ code: 'custom', path: ['cursor'], message: 'must be the nextCursor of an earlier page', input }]);

/** The caller's points replayed from the log and checked against the rules and the ledger. */
export const auditRoutes: AnyRoute<AuditServices>[] = [
  route({
    name: 'auditPoints',
    method: 'get',
    path: '/points/audit',
    summary: `The caller's points replayed from the event log through the rules each award recorded, compared with the PointsAwarded/PointsRevoked events and the ledger: three totals, the entries a page at a time in log order (limit, default ${AUDIT_PAGE_DEFAULT}, at most ${AUDIT_PAGE_MAX}; nextCursor, null on the last page, sent back as cursor) and every mismatch (asOf: an ISO instant where the replay stops). A heavy read: one at a time per user, a few in all, 429 with Retry-After when too many wait`,
    auth: true,
    heavy: true,
    query: pointsAuditQuery,
    response: pointsAuditResponse,
    handle: async ({ ctx, query, services: { auditor, store } }) => {
      const after = query.cursor as Position | undefined;
      if (after !== undefined) {
        try {
          store.comparePositions(after, after);
        } catch {
          throw badCursor(after);
        }
      }
      const { audit } = await auditor.audit(ctx.state.userId, query.asOf);
      // Entries are in log order: the page is those after the cursor's position.
      const from = after === undefined ? 0 : firstAfter(audit.entries, (position) => store.comparePositions(position as Position, after) > 0);
      const limit = query.limit ?? AUDIT_PAGE_DEFAULT;
      const entries = audit.entries.slice(from, from + limit);
      const more = from + limit < audit.entries.length;
      return {
        audit: { ...audit, entries },
        entryCount: audit.entries.length,
        nextCursor: more && entries.length > 0 ? encodeAuditCursor(entries.at(-1)!.position) : null,
      };
    },
  }),
];

/** The index of the first entry past a position (entries sorted by position): a binary search. */
const firstAfter = (entries: ReadonlyArray<{ position: string }>, isAfter: (position: string) => boolean): number => {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isAfter(entries[middle]!.position)) high = middle;
    else low = middle + 1;
  }
  return low;
};

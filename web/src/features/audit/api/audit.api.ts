import { AUDIT_PAGE_MAX, type PointsAudit, type PointsAuditQuery, type PointsAuditResponse } from '@tracker/contracts/points/audit';
import { api } from '../../../lib/api/api.ts';

/** In the manner of spec.md §8's fallback texts (it names none for the audit). */
export const auditFailure = 'Failed to fetch points audit';

/**
 * GET /points/audit: the caller's points replayed from the event log, read whole — the server
 * answers the entries a page at a time (the largest pages it gives), each page with the whole
 * audit's totals and verdict; the last page's are kept, as they count every entry the pages
 * answered (a page asked after the log moved goes on where the one before ended). Whatever moves
 * points moves the audit: 'Points' (the dashboard's completions), the actionable and habit lists
 * and goal progress (every completion and reopening on those screens invalidates them).
 */
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPointsAudit: build.query<PointsAudit, PointsAuditQuery>({
      queryFn: async ({ asOf }, _api, _extraOptions, baseQuery) => {
        const entries: PointsAudit['entries'] = [];
        const asked = new Set<string>();
        let cursor: string | undefined;
        for (;;) {
          const params: Record<string, string | number> = { limit: AUDIT_PAGE_MAX, ...(asOf === undefined ? {} : { asOf }), ...(cursor ? { cursor } : {}) };
          const answer = await baseQuery({ url: '/points/audit', params });
          if (answer.error) return { error: answer.error };
          const page = answer.data as PointsAuditResponse;
          entries.push(...page.audit.entries);
          // A cursor answered twice ends the read rather than looping.
          if (!page.nextCursor || asked.has(page.nextCursor)) return { data: { ...page.audit, entries } };
          asked.add((cursor = page.nextCursor));
        }
      },
      providesTags: ['Points', { type: 'Actionable', id: 'LIST' }, { type: 'Habit', id: 'LIST' }, 'GoalProgress'],
    }),
  }),
});

export const { useGetPointsAuditQuery } = auditApi;

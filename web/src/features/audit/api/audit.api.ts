import type { PointsAudit, PointsAuditQuery, PointsAuditResponse } from '@tracker/contracts/points/audit';
import { api } from '../../../lib/api/api.ts';

/** In the manner of spec.md §8's fallback texts (it names none for the audit). */
export const auditFailure = 'Failed to fetch points audit';

/**
 * GET /points/audit: the caller's points replayed from the event log. Whatever moves points moves
 * the audit: 'Points' (the dashboard's completions), the actionable and habit lists and goal
 * progress (every completion and reopening on those screens invalidates them).
 */
export const auditApi = api.enhanceEndpoints({ addTagTypes: ['Points', 'Actionable', 'Habit'] }).injectEndpoints({
  endpoints: (build) => ({
    getPointsAudit: build.query<PointsAudit, PointsAuditQuery>({
      query: ({ asOf }) => ({ url: '/points/audit', params: asOf === undefined ? undefined : { asOf } }),
      transformResponse: (response: PointsAuditResponse) => response.audit,
      providesTags: ['Points', { type: 'Actionable', id: 'LIST' }, { type: 'Habit', id: 'LIST' }, 'GoalProgress'],
    }),
  }),
});

export const { useGetPointsAuditQuery } = auditApi;

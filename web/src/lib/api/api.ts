import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query.ts';

/** Every kind of server data the app reads; changes sent from the offline queue refresh them all. */
export const TAG_TYPES = ['Me', 'Goal', 'Task', 'Subtask', 'GoalProgress', 'GoalStats', 'Actionable', 'Habit', 'Points', 'Dashboard', 'Settings'] as const;

/**
 * The one RTK Query api of the app. Features add their endpoints with `api.injectEndpoints`;
 * every tag type is declared here, once, so one feature's mutation can invalidate another's reads
 * (a completion refreshes the dashboard, the audit and the leaderboard).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // Back online (the browser's event, or lib/offline's probe), every read on screen asks again.
  refetchOnReconnect: true,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

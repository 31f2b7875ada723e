import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query.ts';

/**
 * The one RTK Query api of the app. Features add their endpoints with `api.injectEndpoints`;
 * every tag type is declared here, once, so one feature's mutation can invalidate another's reads
 * (a completion refreshes the dashboard, the audit and the leaderboard).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Me', 'Goal', 'Task', 'Subtask', 'GoalProgress', 'GoalStats', 'Actionable', 'Habit', 'Points', 'Dashboard', 'Settings'],
  endpoints: () => ({}),
});

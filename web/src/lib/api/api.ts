import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query.ts';

/**
 * The one RTK Query api of the app. Features add their endpoints with `api.injectEndpoints`;
 * tag types are declared here so invalidation works across them.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Me', 'Goal', 'Task', 'Subtask', 'GoalProgress', 'GoalStats'],
  endpoints: () => ({}),
});

import type { habitResponse } from '@tracker/contracts/actionables/http';
import type { goalResponse } from '@tracker/contracts/goals/http';
import type { z } from 'zod';
import { api } from '../../../lib/api/api.ts';
import { IDEMPOTENCY_HEADER } from '../../../lib/api/idempotency-key.ts';

/** A first item: its title and the Idempotency-Key of the user's action (kept across a retry, so nothing is created twice). */
export interface FirstItem {
  title: string;
  key: string;
}

/** spec.md §8's texts for the two creates. */
export const startFailures = { habit: 'Failed to create habit', goal: 'Failed to create goal' } as const;

// The start's own two creates (no imports across features): the same routes the Habits and Goals
// screens call, and the tags their lists and the dashboard read.
export const startApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /actionables/habits: a daily habit (the route's default recurrence). */
    createFirstHabit: build.mutation<z.infer<typeof habitResponse>, FirstItem>({
      query: ({ title, key }) => ({ url: '/actionables/habits', method: 'POST', body: { title }, headers: { [IDEMPOTENCY_HEADER]: key } }),
      invalidatesTags: [{ type: 'Habit', id: 'LIST' }, { type: 'Actionable', id: 'LIST' }, 'Dashboard'],
    }),
    /** POST /goals/goals. */
    createFirstGoal: build.mutation<z.infer<typeof goalResponse>, FirstItem>({
      query: ({ title, key }) => ({ url: '/goals/goals', method: 'POST', body: { title }, headers: { [IDEMPOTENCY_HEADER]: key } }),
      invalidatesTags: [{ type: 'Goal', id: 'LIST' }, 'GoalProgress', 'GoalStats', 'Dashboard'],
    }),
  }),
});

export const { useCreateFirstHabitMutation, useCreateFirstGoalMutation } = startApi;

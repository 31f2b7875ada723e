import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../../lib/api/api.ts';
import { everyPage, joinedList, type AppBaseQuery } from '../../../lib/api/every-page.ts';
import { IDEMPOTENCY_HEADER } from '../../../lib/api/idempotency-key.ts';
import { queueable, unlessQueued } from '../../../lib/offline/queued-change.ts';
import type { GoalChoice } from '../model/quick-add-parser.ts';

/** What quick add made, enough to show it and to take it back. */
export interface QuickAdded {
  id: string;
  title: string;
  habit: boolean;
  goalId: string | null;
}

export interface QuickAddRequest {
  habit: boolean;
  body: Record<string, unknown>;
  /** The Idempotency-Key of the user's action: kept across a retry of the same line, so nothing is created twice. */
  key: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const addedOf = (answer: unknown, key: 'actionable' | 'habit'): QuickAdded | undefined => {
  const item = isRecord(answer) && isRecord(answer[key]) ? answer[key] : answer;
  if (!isRecord(item) || typeof item.id !== 'string') return undefined;
  return {
    id: item.id,
    title: typeof item.title === 'string' ? item.title : '',
    habit: key === 'habit',
    goalId: typeof item.goalId === 'string' ? item.goalId : null,
  };
};

const invalidAnswer = (message: string): FetchBaseQueryError => ({ status: 'CUSTOM_ERROR', error: message, data: { message } });

const listTag = { type: 'Actionable' as const, id: 'LIST' };
const habitsTag = { type: 'Habit' as const, id: 'LIST' };
const linkedTags = (goalId: string | null) => (goalId ? [{ type: 'Goal' as const, id: goalId }, 'GoalStats' as const] : []);

// Quick add's own endpoints (no imports across features): the routes the Actionables, Habits and
// Goals screens call, and the tags their lists and the dashboard read.
export const quickAddApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every goal's id and title (GET /goals/goals, every page), for `#name`. */
    getQuickAddGoals: build.query<GoalChoice[], void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const read = await everyPage(baseQuery as AppBaseQuery<unknown>, (cursor) => ({ url: '/goals/goals', params: cursor ? { cursor } : {} }));
        if ('error' in read) return { error: read.error };
        const goals = joinedList(read.pages, 'goals').flatMap((goal) =>
          isRecord(goal) && typeof goal.id === 'string' && typeof goal.title === 'string' ? [{ id: goal.id, title: goal.title }] : [],
        );
        return { data: goals };
      },
      providesTags: [{ type: 'Goal', id: 'LIST' }],
    }),
    /** POST /actionables (a to-do) or POST /actionables/habits (a daily habit), with the action's Idempotency-Key. */
    quickAdd: build.mutation<QuickAdded, QuickAddRequest>({
      queryFn: async ({ habit, body, key }, _api, _extra, baseQuery) => {
        // Offline, the line waits on the device like any create, with the same key (lib/offline).
        const title = typeof body.title === 'string' ? body.title : '';
        const answer = await baseQuery(
          queueable(
            { url: habit ? '/actionables/habits' : '/actionables', method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: key } },
            { label: `Create ${habit ? 'habit' : 'to-do'} “${title}”` },
          ),
        );
        if (answer.error) return { error: answer.error };
        const added = addedOf(answer.data, habit ? 'habit' : 'actionable');
        return added ? { data: added } : { error: invalidAnswer('Invalid response format from server') };
      },
      invalidatesTags: unlessQueued((added: QuickAdded | undefined, _error: unknown, { habit }: QuickAddRequest) =>
        added ? [listTag, ...(habit ? [habitsTag] : []), 'Dashboard' as const, ...linkedTags(added.goalId)] : [],
      ),
    }),
    /** DELETE /actionables/{id}: quick add's Undo. */
    undoQuickAdd: build.mutation<void, QuickAdded>({
      query: ({ id }) => ({ url: `/actionables/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, added) => [listTag, ...(added.habit ? [habitsTag] : []), 'Dashboard', ...linkedTags(added.goalId)],
    }),
  }),
});

export const { useGetQuickAddGoalsQuery, useQuickAddMutation, useUndoQuickAddMutation } = quickAddApi;
